// A course's lessons in the database: created from a finished upload (checked first), listed,
// renamed or moved, retired. Every change writes its audit entry in the same transaction.
import { randomUUID } from 'node:crypto';
import { and, asc, between, eq, gte, isNull, max, ne, sql } from 'drizzle-orm';
import type { DataStore } from '@tus/server';
import type { Database } from '#server/db/client.ts';
import { courses, lessonJobs, lessons } from '#server/db/schema.ts';
import type { ApiServices } from '#server/deps.ts';
import { ApiError } from '#server/http/api-error.ts';
import { isUuid } from '#server/http/ids.ts';
import { isCourseForSale } from '#server/catalogue/for-sale.ts';
import type * as v from 'valibot';
import type { Lesson, LessonCreateSchema, LessonUpdateSchema } from '../schemas.ts';
import { checkCaptionsFile, checkLessonFile } from './file-check.ts';
import type { ChangeActor, StaffAccess } from './staff-access.ts';
import { lessonFileOf, removeLessonFiles, takeUpload, uploadIdOf, uploadOwnerOf } from './upload-store.ts';

export const LESSON_MESSAGES = {
  created: 'The lesson is added.',
  updated: 'The lesson is updated.',
  retired: 'The lesson is retired.',
  list: 'Lessons',
  courseNotFound: 'Course not found',
  courseRetired: 'This course is retired: it takes no new lessons.',
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

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Holds the course's row until the transaction ends: adds and moves of one course's lessons take
 * their turns, so two at once never read the same free place (on PostgreSQL; PGlite has one
 * connection anyway). A course that left the catalogue takes no new lesson.
 */
async function lockCourse(tx: Tx, courseId: string, forAdding: boolean) {
  const [course] = await tx.select({ retiredAt: courses.retiredAt }).from(courses).where(eq(courses.id, courseId)).for('update');
  if (!course) throw new ApiError(404, LESSON_MESSAGES.courseNotFound);
  if (forAdding && course.retiredAt) throw new ApiError(409, LESSON_MESSAGES.courseRetired);
}

/** The next place after the course's live lessons. */
async function nextPosition(db: Pick<Database, 'select'>, courseId: string): Promise<number> {
  const [row] = await db
    .select({ last: max(lessons.position) })
    .from(lessons)
    .where(and(eq(lessons.courseId, courseId), isNull(lessons.retiredAt)));
  return (row?.last ?? 0) + 1;
}

const liveOf = (courseId: string) => and(eq(lessons.courseId, courseId), isNull(lessons.retiredAt));

/** Makes room at `position` for a new lesson: the live lessons from there on move one place down. */
async function makeRoomAt(tx: Tx, courseId: string, position: number) {
  await tx
    .update(lessons)
    .set({ position: sql`${lessons.position} + 1` })
    .where(and(liveOf(courseId), gte(lessons.position, position)));
}

/** Moves a lesson from `from` to `to`: the lessons between close up behind it or make room before it. */
async function shiftForMove(tx: Tx, courseId: string, lessonId: string, from: number, to: number) {
  if (from === to) return;
  const [low, high, step] = to < from ? [to, from, 1] : [from, to, -1];
  await tx
    .update(lessons)
    .set({ position: sql`${lessons.position} + ${step}` })
    .where(and(liveOf(courseId), ne(lessons.id, lessonId), between(lessons.position, low, high)));
}

const EXTENSIONS = { video: 'source', pdf: 'lesson.pdf' } as const;

/**
 * A lesson from a finished upload. The file is moved into the lesson's folder (or its keys in the
 * bucket) and checked: a file that is not what `kind` says is refused (400, the reason) and removed. A PDF is ready at once; a
 * video is 'processing' with a transcoding job queued (./transcode-worker.ts).
 */
export async function createLesson(
  services: Pick<ApiServices, 'db' | 'env'>,
  store: DataStore,
  courseId: string,
  body: v.InferOutput<typeof LessonCreateSchema>,
  actor: Actor,
): Promise<Lesson> {
  const { db, env } = services;
  // Checked first (a retired course refuses before any file is moved), and again under the lock below.
  await db.transaction((tx) => lockCourse(tx, courseId, true));
  const uploadId = uploadIdOf(body.upload);
  const captionsId = body.captions_upload ? uploadIdOf(body.captions_upload) : null;
  // One upload cannot be both files: taking it as the captions would leave no lesson file.
  if (!uploadId || (body.captions_upload && !captionsId) || captionsId === uploadId) throw new ApiError(400, LESSON_MESSAGES.noUpload);
  const id = randomUUID();
  const owner = uploadOwnerOf(actor);
  const refuse = async (message: string) => {
    await removeLessonFiles(env, id, ['captions.vtt', EXTENSIONS[body.kind]]);
    return new ApiError(400, message);
  };
  const refusal = (taken: { refused: 'missing' | 'incomplete' }) =>
    refuse(taken.refused === 'missing' ? LESSON_MESSAGES.noUpload : LESSON_MESSAGES.incomplete);

  // The captions first: refused, they cost a small file sent again, never the lesson file (up to 4 GiB),
  // which stays an upload until everything else has been found right.
  let captions: string | null = null;
  if (captionsId) {
    const takenCaptions = await takeUpload(services, store, { id: captionsId, owner }, id, 'captions.vtt');
    if ('refused' in takenCaptions) throw await refusal(takenCaptions);
    const notVtt = await checkCaptionsFile(lessonFileOf(env, id, 'captions.vtt'));
    if (notVtt) throw await refuse(notVtt);
    captions = 'captions.vtt';
  }
  const taken = await takeUpload(services, store, { id: uploadId, owner }, id, EXTENSIONS[body.kind]);
  if ('refused' in taken) throw await refusal(taken);
  const wrong = await checkLessonFile(lessonFileOf(env, id, EXTENSIONS[body.kind]), body.kind);
  if (wrong) throw await refuse(wrong);

  const now = actor.at;
  return db.transaction(async (tx) => {
    await lockCourse(tx, courseId, true);
    if (body.position !== undefined) await makeRoomAt(tx, courseId, body.position);
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

/** The course's live lessons in order, and whether it is for sale (#server/catalogue/for-sale.ts). */
export async function listLessons(db: Database, courseId: string): Promise<{ lessons: Lesson[]; for_sale: boolean }> {
  await requireCourse(db, courseId);
  const rows = await db
    .select()
    .from(lessons)
    .where(and(eq(lessons.courseId, courseId), isNull(lessons.retiredAt)))
    .orderBy(asc(lessons.position), asc(lessons.createdAt));
  return { lessons: rows.map(lessonAnswer), for_sale: await isCourseForSale(db, courseId) };
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
    await lockCourse(tx, courseId, false);
    if (change.position !== undefined) {
      const [current] = await tx.select({ position: lessons.position }).from(lessons).where(liveLesson(courseId, lessonId));
      if (!current) throw new ApiError(404, LESSON_MESSAGES.lessonNotFound);
      await shiftForMove(tx, courseId, lessonId, current.position, change.position);
    }
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
