// The live catalogue in memory: read from the database once (after the start's sync), then every
// catalogue answer is made from it without a query. The catalogue changes only when a new build
// starts, so a server never serves a stale one.
import { asc, isNull } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { courses, courseTutors, tutors } from '#server/db/schema.ts';
import { absoluteUrl } from '#server/http/public-url.ts';
import { koboToDecimal } from '#lib/money.ts';
import { relatedTo } from '../related.ts';
import type { CourseCard, CourseDetails } from '../schemas.ts';

/**
 * A live course as the catalogue answers serve it: its card and details made once, and what search
 * and related courses read. (The course as the build's file gives it is catalogue-file.ts's
 * CatalogueCourse.)
 */
export interface CatalogueEntry {
  id: string;
  card: CourseCard;
  details: CourseDetails;
  tutorIds: string[];
  /** Lower-case title, description and outline, for search. */
  haystack: string;
  priceKobo: number;
}

export interface CatalogueView {
  /** Live courses in catalogue order. */
  courses: CatalogueEntry[];
  byId: Map<string, CatalogueEntry>;
}

export async function readCatalogueView(db: Database): Promise<CatalogueView> {
  const courseRows = await db.select().from(courses).where(isNull(courses.retiredAt)).orderBy(asc(courses.position), asc(courses.id));
  const tutorRows = await db.select().from(tutors);
  const links = await db.select().from(courseTutors).orderBy(asc(courseTutors.position));
  const tutorsById = new Map(tutorRows.map((tutor) => [tutor.id, tutor]));

  const entries = courseRows.map((course): CatalogueEntry => {
    const own = links
      .filter((link) => link.courseId === course.id)
      .map((link) => tutorsById.get(link.tutorId))
      .filter((tutor) => tutor !== undefined);
    const price = koboToDecimal(course.priceKobo);
    return {
      id: course.id,
      priceKobo: course.priceKobo,
      tutorIds: own.map((tutor) => tutor.id),
      haystack: [course.title, course.description, ...course.summary].join('\n').toLowerCase(),
      card: {
        course_id: course.id,
        course_image: course.imageUrl,
        title: course.title,
        description: course.description,
        duration: course.duration,
        price,
        tutors: own.map((tutor) => ({ name: tutor.fullName, image: tutor.imageUrl })),
      },
      details: {
        courseDetails: {
          id: course.id,
          image_url: course.imageUrl,
          title: course.title,
          description: course.description,
          summary: course.summary,
          duration: course.duration,
          study_mode: course.studyMode,
          price,
        },
        courseTutors: own.map((tutor) => ({
          id: tutor.id,
          full_name: tutor.fullName,
          tutor_biography: tutor.biography,
          tutor_position_held: tutor.position,
          image_url: tutor.imageUrl,
        })),
      },
    };
  });
  return { courses: entries, byId: new Map(entries.map((entry) => [entry.id, entry])) };
}

/** Courses whose title, description or outline holds every word searched for. */
export function searchCourses(view: CatalogueView, search: string): CatalogueEntry[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return view.courses;
  return view.courses.filter((entry) => words.every((word) => entry.haystack.includes(word)));
}

/** Every other course, those sharing a tutor with this one first, then in catalogue order (../related.ts). */
export const relatedCourses = (view: CatalogueView, course: CatalogueEntry) =>
  relatedTo(
    course,
    view.courses,
    (entry) => entry.id,
    (entry) => entry.tutorIds,
  );

/** A card as an answer hands it out: its pictures' URLs absolute on `origin`. */
export const cardOn = (card: CourseCard, origin: string): CourseCard => ({
  ...card,
  course_image: absoluteUrl(origin, card.course_image),
  tutors: card.tutors.map((tutor) => ({ ...tutor, image: absoluteUrl(origin, tutor.image) })),
});

/** A course's details as an answer hands them out: its pictures' URLs absolute on `origin`. */
export const detailsOn = ({ courseDetails, courseTutors }: CourseDetails, origin: string): CourseDetails => ({
  courseDetails: { ...courseDetails, image_url: absoluteUrl(origin, courseDetails.image_url) },
  courseTutors: courseTutors.map((tutor) => ({ ...tutor, image_url: absoluteUrl(origin, tutor.image_url) })),
});
