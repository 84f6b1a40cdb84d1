// A student's courses, materials and progress (docs/product.md#dashboard-routes; 'Enrolment and
// payment' in docs/product.md#endpoints):
//   GET user/student/courses                                   my courses with progress, newest enrolment first
//   GET user/student/courses/{id}                              the course and its live materials, in order
//   PUT user/student/courses/{id}/materials/{material_id}      tick or untick a material, as of its time
//                                                              (the latest wins), once per Idempotency-Key
// A material's file is reached only through the signed link the course answer gives; the file
// routes that honour those links are ./material-file-routes.ts.
import { stat } from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { requireStudent, type StudentEnv } from '#server/auth/require-student.ts';
import { courses, enrolments } from '#server/db/schema.ts';
import type { ApiServices } from '#server/deps.ts';
import { ApiError } from '#server/http/api-error.ts';
import type { ApiEnv } from '#server/http/context.ts';
import { answerOnce, IdempotencyHeaderSchema, KEY_REUSED, readIdempotencyKey } from '#server/http/idempotency.ts';
import { readJsonBody } from '#server/http/json-body.ts';
import { describeJsonRoute } from '#server/http/openapi.ts';
import { studentRateLimit } from '#server/auth/student-rate-limit.ts';
import type { RateLimitPolicy } from '#server/http/rate-limit.ts';
import { absoluteUrl, apiOrigin, siteOrigin } from '#server/http/public-url.ts';
import { pathInside } from '#server/http/send-file.ts';
import { lessonBucketOf, lessonKey } from '#server/files/lesson-bucket.ts';
import { lessonFilesRoot } from '#server/files/lesson-files.ts';
import { CourseMaterialsSchema } from '../material-schemas.ts';
import { MaterialProgressSchema, MyCoursesSchema, type Material } from '../schemas.ts';
import { MaterialProgressInputSchema, tickInstant } from './input-schemas.ts';
import { posterFileOf } from '../poster-file.ts';
import { lessonMainFile } from './lesson-files.ts';
import { materialLinks } from './material-file-routes.ts';
import { courseProgress, liveMaterials, myCourses, saveTick } from './progress.ts';
import { EXAMPLE_COURSE_ID } from '#server/http/openapi-examples.ts';

const MESSAGES = {
  mine: 'Your courses',
  materials: 'Course materials',
  progress: 'Progress saved.',
  courseNotFound: 'Course not found',
  materialNotFound: 'Material not found',
  notEnrolled: 'You are not enrolled in this course.',
};

/**
 * Ticks, per student: a real student ticks a few materials a session, and a phone back online replays
 * its queue (tens) at once; a script sending thousands would fill idempotency_keys (a row per key,
 * kept 7 days). The day's cap bounds those rows to about 14,000 a student.
 */
const TICK_BURST_LIMIT: RateLimitPolicy = { limit: 300, windowMs: 10 * 60_000 };
const TICK_DAY_LIMIT: RateLimitPolicy = { limit: 2000, windowMs: 24 * 60 * 60_000 };

/** Mounted at /user. */
export function createLearningRoutes(services: ApiServices) {
  const { db, clock } = services;
  const materialLink = materialLinks(services);
  const routes = new Hono<ApiEnv>();
  const signedIn = new Hono<StudentEnv>();
  const guard = requireStudent(services);

  /** The course, when it exists (404) and the student is enrolled in it (403). */
  async function enrolledCourse(studentId: string, courseId: string) {
    const [course] = await db
      .select({ id: courses.id, title: courses.title, imageUrl: courses.imageUrl, enrolmentId: enrolments.id })
      .from(courses)
      .leftJoin(enrolments, and(eq(enrolments.courseId, courses.id), eq(enrolments.studentId, studentId)))
      .where(eq(courses.id, courseId));
    if (!course) throw new ApiError(404, MESSAGES.courseNotFound);
    if (!course.enrolmentId) throw new ApiError(403, MESSAGES.notEnrolled);
    return course;
  }

  /** Bytes of a file below `root`/`dir` (by the database's names only); null when it is not there. */
  async function fileSize(root: string, dir: string, file: string | null): Promise<number | null> {
    const path = file === null ? null : pathInside(root, dir, file);
    const found = path ? await stat(path).catch(() => null) : null;
    return found?.isFile() ? found.size : null;
  }

  signedIn.get(
    '/student/courses',
    describeJsonRoute({
      tag: 'Courses',
      summary: "The signed-in student's courses with progress, newest enrolment first",
      examples: {
        data: [
          {
            course_id: EXAMPLE_COURSE_ID,
            title: 'Pattern Drafting Foundations',
            image_url: 'https://adireacademy.ng/_astro/pattern-drafting-foundations.DRyCXiN4.svg',
            progress: 40,
            enrolled_at: '2026-11-20T08:15:00.000Z',
            next_material_id: 'c3d4e5f6-a7b8-4c9d-8e0f-1a2b3c4d5e6f',
            last_activity_at: '2026-11-24T19:40:00.000Z',
            scholarship: { name: 'LSETF Fashion Skills 2027', partner: 'lsetf', partner_name: 'Lagos State Employment Trust Fund' },
          },
        ],
      },
      success: { message: MESSAGES.mine, data: MyCoursesSchema },
      auth: true,
    }),
    guard,
    async (c) => {
      const origin = siteOrigin(services.env, c);
      const mine = await myCourses(db, c.var.student.id);
      return c.json(
        { message: MESSAGES.mine, data: mine.map((course) => ({ ...course, image_url: absoluteUrl(origin, course.image_url) })) },
        200,
      );
    },
  );

  signedIn.get(
    '/student/courses/:id',
    describeJsonRoute({
      tag: 'Learning',
      summary: "An enrolled student's course: its live materials in order, each with a signed link valid 2 hours and its size",
      description:
        "The course and its live materials in order. Each material's `url` (and a video's `poster_url`) is signed for this student and works 2 hours; `size` and `poster_size` are the files' bytes on the server (null when a file is missing), so the page can say what saving the course for offline costs.",
      examples: {
        data: {
          course: {
            id: EXAMPLE_COURSE_ID,
            title: 'Pattern Drafting Foundations',
            image_url: 'https://adireacademy.ng/_astro/pattern-drafting-foundations.DRyCXiN4.svg',
          },
          materials: [
            {
              id: 'c3d4e5f6-a7b8-4c9d-8e0f-1a2b3c4d5e6f',
              title: 'Taking measurements',
              kind: 'video',
              length: 412,
              url: `https://adireacademy.ng/api/v1/user/materials/${EXAMPLE_COURSE_ID}/c3d4e5f6-a7b8-4c9d-8e0f-1a2b3c4d5e6f?expires=1764070000&student=0b5f3c1e&session=1a2b3c4d&sig=9f3e2a`,
              poster_url: `https://adireacademy.ng/api/v1/user/materials/${EXAMPLE_COURSE_ID}/c3d4e5f6-a7b8-4c9d-8e0f-1a2b3c4d5e6f/poster?expires=1764070000&student=0b5f3c1e&session=1a2b3c4d&sig=9f3e2a`,
              size: 5_242_880,
              poster_size: 18_432,
              completed: false,
            },
          ],
        },
      },
      success: { message: MESSAGES.materials, data: CourseMaterialsSchema },
      auth: true,
      errors: { 403: MESSAGES.notEnrolled, 404: MESSAGES.courseNotFound },
    }),
    guard,
    async (c) => {
      const student = c.var.student.id;
      const course = await enrolledCourse(student, c.req.param('id'));
      const rows = await liveMaterials(db, student, [course.id]);
      // The files are the API's own; the course's picture is the build's.
      const origin = apiOrigin(services.env, c);
      const materials: Material[] = await Promise.all(
        rows.map(async (row) => {
          const lesson = row.lesson;
          // A material of content/ lives in the materials folder; a lesson added from the console in its own.
          // With S3_BUCKET, a lesson's files are objects in the bucket.
          const bucket = lesson ? lessonBucketOf(services.env) : null;
          const sizeOf = (file: string | null) =>
            bucket
              ? file === null
                ? null
                : bucket.head(lessonKey(row.id, file)).then((found) => found?.size ?? null)
              : lesson
                ? fileSize(lessonFilesRoot(services.env), row.id, file)
                : fileSize(services.env.MATERIALS_DIR, course.id, file);
          const mainFile = lesson ? lessonMainFile(row.kind, row.file, lesson) : row.file;
          const posterFile = row.kind !== 'video' ? null : lesson ? lesson.poster : posterFileOf(row.file);
          const [link, size, posterSize] = await Promise.all([
            materialLink(course.id, row.id, student, c.var.sessionId),
            sizeOf(mainFile),
            posterFile === null ? null : sizeOf(posterFile),
          ]);
          // The poster's, a rendition's and the captions' signatures are the file's: the same permission.
          const beside = (part: string) => absoluteUrl(origin, link.replace('?', `/${part}?`));
          return {
            id: row.id,
            title: row.title,
            kind: row.kind,
            length: row.length,
            url: absoluteUrl(origin, link),
            poster_url: row.kind === 'video' ? beside('poster') : null,
            size,
            poster_size: posterSize,
            completed: row.completedAt !== null,
            ...(lesson && row.kind === 'video'
              ? { renditions: lesson.renditions.map((r) => ({ height: r.height, url: beside(`renditions/${r.height}`), size: r.size })) }
              : {}),
            ...(lesson?.captions ? { captions_url: beside('captions') } : {}),
          };
        }),
      );
      const data = {
        course: { id: course.id, title: course.title, image_url: absoluteUrl(siteOrigin(services.env, c), course.imageUrl) },
        materials,
      };
      return c.json({ message: MESSAGES.materials, data }, 200);
    },
  );

  signedIn.put(
    '/student/courses/:id/materials/:material_id',
    describeJsonRoute({
      tag: 'Learning',
      summary: 'Tick (completed: true) or untick a material; answers the state that stands and the course progress now',
      description: [
        'A tick carries its time: `at`, when the student ticked or unticked (a phone that was offline sends its queued ticks late), else the time the server receives it.',
        "A time ahead of the server's clock counts as the server's now: device clocks drift.",
        'Per material the latest time wins, whatever order ticks arrive in: a change made before the one saved does not change the state, and the answer gives the state that stands (`completed`, `changed_at`), which may differ from the body.',
        'With an `Idempotency-Key` header the request is done once: sent again by the same student (in sequence or in parallel) it changes nothing and gets the first answer back, the same status and body, for 7 days.',
        'A request refused (400, 403, 404) leaves its key unused.',
        `Per student (whatever the address or device): at most ${TICK_BURST_LIMIT.limit} ticks in 10 minutes and ${TICK_DAY_LIMIT.limit} in 24 hours, repeats included, then 429 with Retry-After; a phone back online sends its whole queue at once, well within that, and keeps a tick refused with 429 queued.`,
      ].join(' '),
      examples: {
        body: { completed: true, at: '2026-11-24T19:40:00.000Z' },
        data: { completed: true, progress: 60, changed_at: '2026-11-24T19:40:00.000Z' },
      },
      body: MaterialProgressInputSchema,
      headers: IdempotencyHeaderSchema,
      success: { message: MESSAGES.progress, data: MaterialProgressSchema },
      auth: true,
      rateLimited: true,
      errors: {
        403: MESSAGES.notEnrolled,
        404: `${MESSAGES.courseNotFound}, or ${MESSAGES.materialNotFound}`,
        422: `${KEY_REUSED} (the same Idempotency-Key with another course, material or body; nothing changed)`,
      },
    }),
    guard,
    studentRateLimit(services, 'tick', TICK_BURST_LIMIT),
    studentRateLimit(services, 'tick_day', TICK_DAY_LIMIT),
    async (c) => {
      const student = c.var.student.id;
      const key = readIdempotencyKey(c);
      const course = await enrolledCourse(student, c.req.param('id'));
      const materialId = c.req.param('material_id');
      const body = await readJsonBody(c, MaterialProgressInputSchema);
      // A live material of content/, or a ready lesson added from the console.
      const material = (await liveMaterials(db, student, [course.id])).find((row) => row.id === materialId);
      if (!material) throw new ApiError(404, MESSAGES.materialNotFound);

      const now = clock();
      const told = body.at === undefined ? null : tickInstant(body.at);
      // A device's clock may run ahead: a time after the server's now counts as now.
      const at = told && told < now ? told : now;
      const request = ['tick', course.id, material.id, body.completed, told?.toISOString() ?? null];
      const answer = await answerOnce(db, { studentId: student, key, request, now }, async (writer) => {
        const state = await saveTick(writer, { studentId: student, courseId: course.id, materialId: material.id }, body.completed, at);
        const progress = await courseProgress(writer, student, course.id);
        const data = { completed: state.completed, progress, changed_at: state.changedAt.toISOString() };
        return { status: 200, body: { message: MESSAGES.progress, data } };
      });
      return c.json(answer.body, answer.status);
    },
  );

  routes.route('/', signedIn);
  return routes;
}
