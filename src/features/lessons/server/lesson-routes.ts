// A course's lessons in the staff console (docs/decisions/020-lessons-video.md):
//   POST  staff/courses/{id}/lessons                           a lesson from a finished upload
//   GET   staff/courses/{id}/lessons                           the live lessons, in order
//   PATCH staff/courses/{id}/lessons/{lesson_id}               rename, move, replace the file or captions
//   POST  staff/courses/{id}/lessons/{lesson_id}/retire        leaves the students' lists
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { ApiServices } from '#server/deps.ts';
import type { ApiEnv } from '#server/http/context.ts';
import { readJsonBody } from '#server/http/json-body.ts';
import { describeJsonRoute } from '#server/http/openapi.ts';
import { LessonCreateSchema, LessonSchema, LessonsSchema, LessonUpdateSchema, type Lesson } from '../schemas.ts';
import { FILE_REFUSALS } from './file-check.ts';
import { createLesson, LESSON_MESSAGES, listLessons, retireLesson } from './lessons.ts';
import { changeLesson, REPLACE_MESSAGES } from './replace-file.ts';
import { withReplacements } from './replacement-files.ts';
import type { StaffAccess } from './staff-access.ts';
import { lazyUploadStore } from './upload-store.ts';

const EXAMPLE_LESSON: Lesson = {
  id: '5b1f2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  title: 'Cutting the bodice block',
  kind: 'video',
  position: 3,
  status: 'ready',
  duration: 612,
  renditions: [
    { height: 240, size: 19_000_000 },
    { height: 360, size: 38_000_000 },
  ],
  created_at: '2026-11-27T09:00:00.000Z',
};

/** Mounted at /staff. */
export function createLessonRoutes(services: ApiServices, access: StaffAccess) {
  const { db } = services;
  const staff = access.guard;
  const actor = (c: Context) => ({ ...access.actorOf(c), record: access.record });
  const store = lazyUploadStore(services.env);
  const notFound = { 404: `${LESSON_MESSAGES.courseNotFound}; or ${LESSON_MESSAGES.lessonNotFound}` };

  return new Hono<ApiEnv>()
    .post(
      '/courses/:id/lessons',
      describeJsonRoute({
        tag: 'Staff',
        staff: 'staff',
        summary: 'Add a lesson from a finished upload: a PDF is ready at once, a video is transcoded in the background',
        description: `400 with the reason when the file is not what \`kind\` says (${Object.values(FILE_REFUSALS).join(' ')}), or the upload is unknown or unfinished.`,
        examples: {
          body: {
            title: EXAMPLE_LESSON.title,
            kind: 'video',
            upload: 'https://adireacademy.ng/api/v1/staff/uploads/0123456789abcdef0123456789abcdef',
          },
          data: { ...EXAMPLE_LESSON, status: 'processing', renditions: [] },
        },
        body: LessonCreateSchema,
        success: { status: 201, message: LESSON_MESSAGES.created, data: LessonSchema },
        errors: { 404: LESSON_MESSAGES.courseNotFound, 409: LESSON_MESSAGES.courseRetired },
      }),
      staff,
      async (c) => {
        const body = await readJsonBody(c, LessonCreateSchema);
        const data = await createLesson(services, store(), c.req.param('id'), body, actor(c));
        return c.json({ message: LESSON_MESSAGES.created, data }, 201);
      },
    )
    .get(
      '/courses/:id/lessons',
      describeJsonRoute({
        tag: 'Staff',
        staff: 'staff',
        summary: "A course's live lessons in order, with their status and renditions, and whether the course is for sale",
        description:
          '`for_sale`: false while the course has no ready lesson and no material from the repository; quote and checkout refuse it (409) until then.',
        examples: { data: { lessons: [EXAMPLE_LESSON], for_sale: true } },
        success: { message: LESSON_MESSAGES.list, data: LessonsSchema },
        errors: { 404: LESSON_MESSAGES.courseNotFound },
      }),
      staff,
      async (c) => {
        const { lessons, for_sale } = await listLessons(db, c.req.param('id'));
        return c.json({ message: LESSON_MESSAGES.list, data: { lessons: await withReplacements(db, lessons), for_sale } }, 200);
      },
    )
    .patch(
      '/courses/:id/lessons/:lessonId',
      describeJsonRoute({
        tag: 'Staff',
        staff: 'staff',
        summary: 'Rename or move a lesson, or replace its file (`upload`) or captions (`captions_upload`)',
        description: [
          'A new PDF or captions file is checked and served at once. A new video for a ready lesson is checked, then transcoded while students keep the current one:',
          'the answer carries `replacement: {status: "processing"}` until it is served, or `{status: "failed", reason}` if it could not be made (the current video stays).',
          `400 with the reason when the file is not what the lesson is (${Object.values(FILE_REFUSALS).join(' ')}) or the upload is unknown or unfinished; 409 \`${REPLACE_MESSAGES.busy}\``,
        ].join(' '),
        examples: { body: { title: 'Cutting the bodice block (revised)' }, data: EXAMPLE_LESSON },
        body: LessonUpdateSchema,
        success: { message: LESSON_MESSAGES.updated, data: LessonSchema },
        errors: { ...notFound, 409: REPLACE_MESSAGES.busy },
      }),
      staff,
      async (c) => {
        const change = await readJsonBody(c, LessonUpdateSchema);
        const data = await changeLesson(services, store(), c.req.param('id'), c.req.param('lessonId'), change, actor(c));
        return c.json({ message: LESSON_MESSAGES.updated, data }, 200);
      },
    )
    .post(
      '/courses/:id/lessons/:lessonId/retire',
      describeJsonRoute({
        tag: 'Staff',
        staff: 'staff',
        summary: "Retire a lesson: it leaves the students' lists; their progress stays",
        examples: { data: EXAMPLE_LESSON },
        success: { message: LESSON_MESSAGES.retired, data: LessonSchema },
        errors: notFound,
      }),
      staff,
      async (c) => {
        const data = await retireLesson(db, c.req.param('id'), c.req.param('lessonId'), actor(c));
        return c.json({ message: LESSON_MESSAGES.retired, data }, 200);
      },
    );
}
