// The public catalogue (docs/product.md#endpoints): the list with search and paging, a
// course's details, its related courses. Answers come from the in-memory catalogue view, made and
// serialised once per view and key with their header records (answer-cache.ts), carry an ETag and a
// short public Cache-Control, and a matching If-None-Match gets 304 with no body. A GET's answer is
// also kept to be sent again before the router (src/server/http/front-answers.ts).
import { Hono, type Context } from 'hono';
import { CourseScholarshipSchema } from '#lib/schemas/scholarships.ts';
import { ApiError } from '#server/http/api-error.ts';
import { completeAnswer, prepareHeaders } from '#server/http/complete-answer.ts';
import { holdsTag, type KeptAnswer } from '#server/http/front-answers.ts';
import type { ApiEnv } from '#server/http/context.ts';
import { describeJsonRoute } from '#server/http/openapi.ts';
import { siteOrigin } from '#server/http/public-url.ts';
import { validateInput } from '#server/http/validate.ts';
import type { ApiServices } from '#server/deps.ts';
import { isCourseForSale } from '#server/catalogue/for-sale.ts';
import { openScholarshipFor } from '#server/scholarships/scholarship-answers.ts';
import { CataloguePageSchema, CatalogueQuerySchema, CourseDetailsSchema, PagingQuerySchema, RelatedCoursesPageSchema } from '../schemas.ts';
import { pageOf } from '../related.ts';
import { createAnswerCache, type CachedAnswer } from './answer-cache.ts';
import { cardOn, detailsOn, readCatalogueView, relatedCourses, searchCourses, type CatalogueView } from './catalogue-view.ts';
import { EXAMPLE_CATALOGUE_PAGE, EXAMPLE_COURSE_CARD, EXAMPLE_COURSE_ID } from '#server/http/openapi-examples.ts';

const COURSE_NOT_FOUND = 'Course not found';
const CATALOGUE_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';
/**
 * Without PUBLIC_SITE_URL (a server on loopback: src/server/env.ts) the links in these answers come
 * from the request's Host header, so no cache shared between clients may keep them: one keyed
 * without the Host would hand one client's links to everyone.
 */
const LOCAL_CACHE_CONTROL = 'private, max-age=60, stale-while-revalidate=300';

const MESSAGES = { catalogue: 'Courses', details: 'Course details', related: 'Related courses', scholarship: 'Scholarship' };

/** A catalogue answer as it is kept: its text and tag, and the header records of its 200 and of its 304. */
type CatalogueAnswer = KeptAnswer;

const withHeaders =
  (shared: boolean) =>
  (answer: CachedAnswer): CatalogueAnswer => {
    const headers = { etag: answer.etag, 'cache-control': shared ? CATALOGUE_CACHE_CONTROL : LOCAL_CACHE_CONTROL, vary: 'Accept-Encoding' };
    return {
      ...answer,
      ok: prepareHeaders({ ...headers, 'content-type': 'application/json; charset=UTF-8' }),
      notModified: prepareHeaders(headers),
    };
  };

/** Sends a catalogue answer, or 304 when the client already holds this exact answer. */
function cacheable(c: Context<ApiEnv>, answer: CatalogueAnswer) {
  if (holdsTag(c.req.header('if-none-match'), answer.etag)) return completeAnswer(c, null, 304, answer.notModified);
  return completeAnswer(c, answer.text, 200, answer.ok);
}

/** The catalogue view and the answers made from it, which live and go together, and the release they are of. */
interface LiveCatalogue {
  view: CatalogueView;
  answerFor: (key: string, make: () => unknown) => CatalogueAnswer;
  build: string;
}

export function createCourseRoutes(services: ApiServices) {
  const routes = new Hono<ApiEnv>();
  // Links on the configured site, the same for every request: a shared cache may keep the answers.
  const shared = services.env.SITE_ORIGIN !== undefined;
  let live: Promise<LiveCatalogue> | undefined;
  // A publish puts a new release live: its catalogue is read afresh, and the old answers go with it.
  let liveBuild = services.servedBuild();
  const catalogue = () => {
    if (services.servedBuild() !== liveBuild) {
      liveBuild = services.servedBuild();
      live = undefined;
    }
    const build = liveBuild;
    return (live ??= readCatalogueView(services.db).then(
      (view) => ({ view, answerFor: createAnswerCache({ prepare: withHeaders(shared) }), build }),
      (error: unknown) => {
        live = undefined;
        throw error;
      },
    ));
  };

  /** Sends the answer, and keeps a GET's to be sent again before the router (front-answers.ts). */
  const send = (c: Context<ApiEnv>, { build }: LiveCatalogue, answer: CatalogueAnswer) => {
    if (c.req.method === 'GET') services.frontAnswers.keep(c.req.url, build, c.req.routePath, answer);
    return cacheable(c, answer);
  };

  const courseOr404 = (view: CatalogueView, id: string) => {
    const entry = view.byId.get(id);
    if (!entry) throw new ApiError(404, COURSE_NOT_FOUND);
    return entry;
  };

  routes.get(
    '/courses',
    describeJsonRoute({
      tag: 'Courses',
      summary: 'The catalogue: search and paging',
      examples: { data: EXAMPLE_CATALOGUE_PAGE },
      query: CatalogueQuerySchema,
      cacheable: true,
      success: { message: MESSAGES.catalogue, data: CataloguePageSchema },
    }),
    async (c) => {
      const query = validateInput(CatalogueQuerySchema, c.req.query());
      const live = await catalogue();
      const { view, answerFor } = live;
      const origin = siteOrigin(services.env, c);
      // The search comes last: the one part of a key that can hold any character.
      const key = ['list', query.page, query.per_page, origin, query.search].join('\n');
      return send(
        c,
        live,
        answerFor(key, () => {
          const { items, ...totals } = pageOf(searchCourses(view, query.search), query.page, query.per_page);
          return { message: MESSAGES.catalogue, data: { courses: items.map((entry) => cardOn(entry.card, origin)), ...totals } };
        }),
      );
    },
  );

  routes.get(
    '/courses/:id',
    describeJsonRoute({
      tag: 'Courses',
      summary: "A course's details and tutors",
      examples: {
        data: {
          courseDetails: {
            id: EXAMPLE_COURSE_ID,
            image_url: 'https://adireacademy.ng/_astro/pattern-drafting-foundations.DRyCXiN4.svg',
            title: 'Pattern Drafting Foundations',
            description: 'Draft bodice, skirt and sleeve blocks from your own measurements.',
            summary: ['Take and record body measurements', 'Draft a bodice block', 'Turn blocks into patterns'],
            duration: '8 weeks',
            study_mode: 'Weekend classes in Yaba, or online',
            price: '85000.00',
          },
          courseTutors: [
            {
              id: 'amaka-eze',
              full_name: 'Amaka Eze',
              tutor_biography: 'Pattern cutter for ready-to-wear brands in Lagos for twelve years.',
              tutor_position_held: 'Head of Pattern Cutting',
              image_url: 'https://adireacademy.ng/_astro/amaka-eze.RQndmHp8.svg',
            },
          ],
        },
      },
      success: { message: MESSAGES.details, data: CourseDetailsSchema },
      cacheable: true,
      errors: { 404: COURSE_NOT_FOUND },
    }),
    async (c, next) => {
      const id = c.req.param('id');
      // user/courses/request-tutor is the contact feature's POST: a GET there is a wrong method, not a course.
      if (id === 'request-tutor') return next();
      const live = await catalogue();
      const course = courseOr404(live.view, id);
      const origin = siteOrigin(services.env, c);
      return send(
        c,
        live,
        live.answerFor(['details', id, origin].join('\n'), () => ({ message: MESSAGES.details, data: detailsOn(course.details, origin) })),
      );
    },
  );

  // Not in the course's answer: that one is made once and kept by shared caches, while seats and
  // dates change by the minute. A small call of its own, never cached, keeps the catalogue's path as fast.
  routes.get(
    '/courses/:id/scholarship',
    describeJsonRoute({
      tag: 'Courses',
      summary: 'The open scholarship with seats left on this course, if any (the course page says so), and whether the course is for sale',
      description:
        "`for_sale` is false while the course has no material and no ready lesson: quote and checkout refuse it, and the course page's Enrol Now says Coming soon.",
      examples: {
        data: {
          scholarship: { name: 'LSETF Fashion Skills 2027', partner: 'lsetf', partner_name: 'Lagos State Employment Trust Fund' },
          for_sale: true,
        },
      },
      success: { message: MESSAGES.scholarship, data: CourseScholarshipSchema },
      errors: { 404: COURSE_NOT_FOUND },
    }),
    async (c) => {
      const { view } = await catalogue();
      const course = courseOr404(view, c.req.param('id'));
      c.header('cache-control', 'no-store');
      const [scholarship, forSale] = await Promise.all([
        openScholarshipFor(services.db, course.id, services.clock()),
        isCourseForSale(services.db, course.id),
      ]);
      return c.json({ message: MESSAGES.scholarship, data: { scholarship, for_sale: forSale } }, 200);
    },
  );

  routes.get(
    '/courses/:id/related-courses',
    describeJsonRoute({
      tag: 'Courses',
      summary: 'The other courses, those sharing a tutor first',
      examples: { data: { relatedCourses: [EXAMPLE_COURSE_CARD], total_pages: 1, total_count: 1 } },
      query: PagingQuerySchema,
      cacheable: true,
      success: { message: MESSAGES.related, data: RelatedCoursesPageSchema },
      errors: { 404: COURSE_NOT_FOUND },
    }),
    async (c) => {
      const query = validateInput(PagingQuerySchema, c.req.query());
      const live = await catalogue();
      const course = courseOr404(live.view, c.req.param('id'));
      const origin = siteOrigin(services.env, c);
      const key = ['related', course.id, query.page, query.per_page, origin].join('\n');
      return send(
        c,
        live,
        live.answerFor(key, () => {
          const { items, ...totals } = pageOf(relatedCourses(live.view, course), query.page, query.per_page);
          return { message: MESSAGES.related, data: { relatedCourses: items.map((entry) => cardOn(entry.card, origin)), ...totals } };
        }),
      );
    },
  );

  return routes;
}
