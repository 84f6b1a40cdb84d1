// What the scholarship form offers, read at build time (the underscore keeps this file from being a
// route): the partners are the project pages, named by partner and programme; the courses are the
// catalogue's, in its order.
import { getCollection } from 'astro:content';
import { coursesInOrder } from '#features/courses/content-catalogue.ts';

export async function scholarshipChoices() {
  const courses = (await coursesInOrder()).map((course) => ({ id: course.id, title: course.data.title }));
  const partners = (await getCollection('projects'))
    .map((project) => ({ id: project.id, title: `${project.data.partner}: ${project.data.name}` }))
    .sort((a, b) => a.title.localeCompare(b.title));
  return { courses, partners };
}
