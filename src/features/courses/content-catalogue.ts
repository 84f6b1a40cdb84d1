// The catalogue as the pages build it from content/ (at build time only): course cards in the
// API's shape and order, so a page's first grid is in the HTML and matches what the islands later
// fetch. The order and the related-courses rule mirror server/catalogue-view.ts.
import type { ImageMetadata } from 'astro';
import { getCollection, type CollectionEntry } from 'astro:content';
import { koboToDecimal, nairaToKobo } from '#lib/money.ts';
import type { CourseCard } from './schemas.ts';

export type CourseEntry = CollectionEntry<'courses'>;
export type TutorEntry = CollectionEntry<'tutors'>;

/** An image from content/: an SVG arrives as a component that carries its metadata. */
export const urlOf = (image: ImageMetadata) => image.src;

/** Live courses in catalogue order (order, then id), as the API lists them. */
export async function coursesInOrder(): Promise<CourseEntry[]> {
  return (await getCollection('courses')).sort((a, b) => a.data.order - b.data.order || a.id.localeCompare(b.id));
}

export async function tutorsById(): Promise<Map<string, TutorEntry>> {
  return new Map((await getCollection('tutors')).map((tutor) => [tutor.id, tutor]));
}

/** The tutors of a course, lead tutor first; a name that is not in content/tutors/ stops the build. */
export function tutorsOf(course: CourseEntry, tutors: Map<string, TutorEntry>): TutorEntry[] {
  return course.data.tutors.map((id) => {
    const tutor = tutors.get(id);
    if (!tutor) throw new Error(`content/courses/${course.id}.md names tutor "${id}", which is not in content/tutors/`);
    return tutor;
  });
}

export function cardOf(course: CourseEntry, tutors: Map<string, TutorEntry>): CourseCard {
  return {
    course_id: course.id,
    course_image: urlOf(course.data.image),
    title: course.data.title,
    description: course.data.description,
    duration: course.data.duration,
    price: koboToDecimal(nairaToKobo(course.data.price_naira)),
    tutors: tutorsOf(course, tutors).map((tutor) => ({ name: tutor.data.full_name, image: urlOf(tutor.data.portrait) })),
  };
}

/** Every other course, those sharing a tutor with this one first, then in catalogue order. */
export function relatedTo(course: CourseEntry, ordered: CourseEntry[]): CourseEntry[] {
  const others = ordered.filter((entry) => entry.id !== course.id);
  const shares = (entry: CourseEntry) => entry.data.tutors.some((id) => course.data.tutors.includes(id));
  return [...others.filter(shares), ...others.filter((entry) => !shares(entry))];
}

/** The first page of a list, with the totals the API gives beside it. */
export function firstPage<T>(items: readonly T[], perPage: number) {
  return { items: items.slice(0, perPage), total_pages: Math.ceil(items.length / perPage), total_count: items.length };
}
