// A course's lessons in the database: created from a finished upload (checked first), listed,
// renamed or moved, retired. Every change writes its audit entry in the same transaction.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull, max } from 'drizzle-orm';
import type { FileStore } from '@tus/file-store';
import type { Database } from '#server/db/client.ts';
import { courses, lessonJobs, lessons } from '#server/db/schema.ts';
import type { ApiServices } from '#server/deps.ts';
import { ApiError } from '#server/http/api-error.ts';
import { isUuid } from '#server/http/ids.ts';
import type * as v from 'valibot';
import type { Lesson, LessonCreateSchema, LessonUpdateSchema } from '../schemas.ts';
import { checkCaptionsFile, checkLessonFile } from './file-check.ts';
import type { ChangeActor, StaffAccess } from './staff-access.ts';
import { lessonDir, takeUpload, uploadIdOf } from './upload-store.ts';
import { rm } from 'node:fs/promises';

export const LESSON_MESSAGES = {
  created: 'The lesson is added.',
  updated: 'The lesson is updated.',
  retired: 'The lesson is retired.',
  list: 'Lessons',
  courseNotFound: 'Course not found',
  lessonNotFound: 'Lesson not found',
  noUpload: 'No finished upload at that address (it may already be a lesson).',
  incomplete: 'The upload is not finished: resume it, then add the lesson.',
} as const;

/** Who acts, and how their change is recorded. */
export type Actor = ChangeActor & { record: StaffAccess['record'] };
export type LessonRow = typeof lessons.$inferSelect;

export const actorOnly = ({ actor, ip, at }: Actor): ChangeActor => ({ actor, ip, at });

export function lessonAnswer(row: LessonRow): Lesson {
  return {
    id: row.id,
    title: row.title,
    kind: row.kind,
    position: row.position,
    status: row.status,
    ...(row.reason ? { reason: row.reason } : {}),
    ...(row.duration !== null ? { duration: row.duration } : {}),
    renditions: row.renditions.map(({ height, size }) => ({ height, size })),
    created_at: row.createdAt.toISOString(),
  };
}

async function requireCourse(db: Database, courseId: string) {
  const [course] = await db.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId));
  if (!course) throw new ApiError(404, LESSON_MESSAGES.courseNotFound);
}

/** The next place after the course's live lessons. */
async function nextPosition(db: Pick<Database, 'select'>, courseId: string): Promise<number> {
  const [row] = await db
    .select({ last: max(lessons.position) })
    .from(lessons)
    .where(and(eq(lessons.courseId, courseId), isNull(lessons.retiredAt)));
  return (row?.last ?? 0) + 1;
}

const EXTENSIONS = { video: 'source', pdf: 'lesson.pdf' } as const;

/**
 * A lesson from a finished upload. The file is moved into the lesson's folder and checked: a file
 * that is not what `kind` says is refused (400, the reason) and removed. A PDF is ready at once; a
 * video is 'processing' with a transcoding job queued (./transcode-worker.ts).
 */
export async function createLesson(
  services: Pick<ApiServices, 'db' | 'env'>,
  store: FileStore,
  courseId: string,
  body: v.InferOutput<typeof LessonCreateSchema>,
  actor: Actor,
): Promise<Lesson> {
  const { db, env } = services;
  await requireCourse(db, courseId);
  const uploadId = uploadIdOf(body.upload);
  const captionsId = body.captions_upload ? uploadIdOf(body.captions_upload) : null;
  // One upload cannot be both files: taking it as the captions would leave no lesson file.
  if (!uploadId || (body.captions_upload && !captionsId) || captionsId === uploadId) throw new ApiError(400, LESSON_MESSAGES.noUpload);
  const id = randomUUID();
  const refuse = async (message: string) => {
    await rm(lessonDir(env, id), { recursive: true, force: true });
    return new ApiError(400, message);
  };
  const refusal = (taken: { refused: 'missing' | 'incomplete' }) =>
    refuse(taken.refused === 'missing' ? LESSON_MESSAGES.noUpload : LESSON_MESSAGES.incomplete);

  // The captions first: refused, they cost a small file sent again, never the lesson file (up to 4 GiB),
  // which stays an upload until everything else has been found right.
  let captions: string | null = null;
  if (captionsId) {
    const takenCaptions = await takeUpload(env, store, captionsId, id, 'captions.vtt');
    if ('refused' in takenCaptions) throw await refusal(takenCaptions);
    const notVtt = await checkCaptionsFile(takenCaptions.path);
    if (notVtt) throw await refuse(notVtt);
    captions = 'captions.vtt';
  }
  const taken = await takeUpload(env, store, uploadId, id, EXTENSIONS[body.kind]);
  if ('refused' in taken) throw await refusal(taken);
  const wrong = await checkLessonFile(taken.path, body.kind);
  if (wrong) throw await refuse(wrong);

  const now = actor.at;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(lessons)
      .values({
        id,
        courseId,
        title: body.title,
        kind: body.kind,
        position: body.position ?? (await nextPosition(tx, courseId)),
        status: body.kind === 'pdf' ? 'ready' : 'processing',
        source: EXTENSIONS[body.kind],
        captions,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (body.kind === 'video') await tx.insert(lessonJobs).values({ lessonId: id, createdAt: now });
    await actor.record(tx, {
      ...actorOnly(actor),
      action: 'lesson.create',
      target: `lesson:${id}`,
      details: { course: courseId, title: body.title, kind: body.kind },
    });
    return lessonAnswer(row!);
  });
}

export async function listLessons(db: Database, courseId: string): Promise<Lesson[]> {
  await requireCourse(db, courseId);
  const rows = await db
    .select()
    .from(lessons)
    .where(and(eq(lessons.courseId, courseId), isNull(lessons.retiredAt)))
    .orderBy(asc(lessons.position), asc(lessons.createdAt));
  return rows.map(lessonAnswer);
}

export const liveLesson = (courseId: string, lessonId: string) =>
  and(eq(lessons.courseId, courseId), eq(lessons.id, lessonId), isNull(lessons.retiredAt));

export async function updateLesson(
  db: Database,
  courseId: string,
  lessonId: string,
  change: v.InferOutput<typeof LessonUpdateSchema>,
  actor: Actor,
): Promise<Lesson> {
  if (!isUuid(lessonId)) throw new ApiError(404, LESSON_MESSAGES.lessonNotFound);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(lessons)
      .set({ ...change, updatedAt: actor.at })
      .where(liveLesson(courseId, lessonId))
      .returning();
    if (!row) throw new ApiError(404, LESSON_MESSAGES.lessonNotFound);
    await actor.record(tx, { ...actorOnly(actor), action: 'lesson.update', target: `lesson:${lessonId}`, details: { ...change } });
    return lessonAnswer(row);
  });
}

/** The lesson leaves the students' lists; their ticks on it stay (material_progress is never touched). */
export async function retireLesson(db: Database, courseId: string, lessonId: string, actor: Actor): Promise<Lesson> {
  if (!isUuid(lessonId)) throw new ApiError(404, LESSON_MESSAGES.lessonNotFound);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(lessons)
      .set({ retiredAt: actor.at, updatedAt: actor.at })
      .where(liveLesson(courseId, lessonId))
      .returning();
    if (!row) throw new ApiError(404, LESSON_MESSAGES.lessonNotFound);
    await actor.record(tx, { ...actorOnly(actor), action: 'lesson.retire', target: `lesson:${lessonId}` });
    return lessonAnswer(row);
  });
}
