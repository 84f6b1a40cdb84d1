// The catalogue as the pages build it from content/ (at build time only): course cards in the
// API's shape and order, so a page's first grid is in the HTML and matches what the islands later
// fetch: the order is the API's, and the related-courses and paging rules are the API's own (./related.ts).
import type { ImageMetadata } from 'astro';
import { getCollection, type CollectionEntry } from 'astro:content';
import { koboToDecimal, nairaToKobo } from '#lib/money.ts';
import { relatedTo } from './related.ts';
import type { CourseCard } from './schemas.ts';

export type CourseContent = CollectionEntry<'courses'>;
export type TutorContent = CollectionEntry<'tutors'>;

/** An image from content/: an SVG arrives as a component that carries its metadata. */
export const urlOf = (image: ImageMetadata) => image.src;

/** Live courses in catalogue order (order, then id), as the API lists them. */
export async function coursesInOrder(): Promise<CourseContent[]> {
  return (await getCollection('courses')).sort((a, b) => a.data.order - b.data.order || a.id.localeCompare(b.id));
}

export async function tutorsById(): Promise<Map<string, TutorContent>> {
  return new Map((await getCollection('tutors')).map((tutor) => [tutor.id, tutor]));
}

/** The tutors of a course, lead tutor first; a name that is not in content/tutors/ stops the build. */
export function tutorsOf(course: CourseContent, tutors: Map<string, TutorContent>): TutorContent[] {
  return course.data.tutors.map((id) => {
    const tutor = tutors.get(id);
    if (!tutor) throw new Error(`content/courses/${course.id}.md names tutor "${id}", which is not in content/tutors/`);
    return tutor;
  });
}

export function cardOf(course: CourseContent, tutors: Map<string, TutorContent>): CourseCard {
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

/** Every other course, those sharing a tutor with this one first, then in catalogue order (./related.ts). */
export const relatedContent = (course: CourseContent, ordered: CourseContent[]) =>
  relatedTo(
    course,
    ordered,
    (entry) => entry.id,
    (entry) => entry.data.tutors,
  );
