// The catalogue's courses, in its order, as the console's course pages name them (read at build time;
// the underscore keeps this file from being a route).
import { coursesInOrder } from '#features/courses/content-catalogue.ts';
import type { CourseOption } from '#features/staff/links.ts';

export const courseOptions = async (): Promise<CourseOption[]> =>
  (await coursesInOrder()).map((course) => ({ id: course.id, title: course.data.title }));
