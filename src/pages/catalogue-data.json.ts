// The catalogue for the API server, written at build time from content/ (courses, tutors and
// materials, checked by the content schemas, with the URLs of their built images). The build moves
// it to dist/.server/catalogue.json (scripts/build/hide-server-data.ts), which the static server never
// serves; the API server reads it at start and brings the database in line with it.
import type { APIRoute } from 'astro';
import { getCollection } from 'astro:content';
import { coursesInOrder, tutorsById, tutorsOf, urlOf } from '#features/courses/content-catalogue.ts';
import { nairaToKobo } from '#lib/money.ts';

/** A biography's Markdown as plain paragraphs. */
const plainText = (markdown: string | undefined) =>
  (markdown ?? '')
    .replace(/\r\n/g, '\n')
    .replace(/[*_`#>]/g, '')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .trim();

export const GET: APIRoute = async () => {
  const tutors = (await getCollection('tutors')).map((tutor) => ({
    id: tutor.id,
    full_name: tutor.data.full_name,
    position: tutor.data.position,
    biography: plainText(tutor.body),
    image_url: urlOf(tutor.data.portrait),
  }));
  const byId = await tutorsById();
  const courses = (await coursesInOrder()).map((course) => ({
    id: course.id,
    title: course.data.title,
    description: course.data.description,
    summary: course.data.summary,
    duration: course.data.duration,
    study_mode: course.data.study_mode,
    price_kobo: nairaToKobo(course.data.price_naira),
    image_url: urlOf(course.data.image),
    position: course.data.order,
    // Checked here: a tutor named by a course but missing from content/tutors/ stops the build.
    tutors: tutorsOf(course, byId).map((tutor) => tutor.id),
    materials: course.data.materials,
  }));
  return new Response(JSON.stringify({ courses, tutors }), { headers: { 'content-type': 'application/json' } });
};
