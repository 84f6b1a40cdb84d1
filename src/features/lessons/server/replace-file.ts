// PATCH staff/courses/{id}/lessons/{lesson_id}: rename, move, and replace the file or the captions
// (docs/product.md#lessons). Students never lose a lesson to a replacement: a new PDF or captions
// file is checked and swapped in at once; a new video of a ready lesson is checked, queued, and served
// only once transcoded (./replacement-files.ts); a lesson that failed takes the new video as its
// first and is processing again. A file that is not what the lesson is is refused (400, the reason)
// and removed; the lesson is untouched.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DataStore } from '@tus/server';
import type * as v from 'valibot';
import { lessonJobs, lessons } from '#server/db/schema.ts';
import type { ApiServices } from '#server/deps.ts';
import { ApiError } from '#server/http/api-error.ts';
import { isUuid } from '#server/http/ids.ts';
import type { Lesson, LessonUpdateSchema } from '../schemas.ts';
import { checkCaptionsFile, checkLessonFile } from './file-check.ts';
import { actorOnly, LESSON_MESSAGES, lessonAnswer, liveLesson, updateLesson, type Actor, type LessonRow } from './lessons.ts';
import {
  pendingJob,
  removeDropped,
  REPLACEMENT_CAPTIONS,
  REPLACEMENT_SOURCE,
  replacementPrefix,
  withReplacements,
} from './replacement-files.ts';
import { lessonFileOf, removeNamedLessonFiles, type LessonFile, takeUpload, uploadIdOf, uploadOwnerOf } from './upload-store.ts';

export const REPLACE_MESSAGES = {
  busy: "This lesson's video is still being processed: replace it once it is ready or has failed.",
  pdfCaptions: 'A PDF lesson has no captions.',
} as const;

type Change = v.InferOutput<typeof LessonUpdateSchema>;
type Services = Pick<ApiServices, 'db' | 'env'>;

/** The lesson's new file and captions, taken from their uploads and checked: their names in its folder. */
async function takeNewFiles(services: Services, store: DataStore, current: LessonRow, change: Change, prefix: string, actor: Actor) {
  const { env } = services;
  const uploadId = change.upload ? uploadIdOf(change.upload) : null;
  const captionsId = change.captions_upload ? uploadIdOf(change.captions_upload) : null;
  if ((change.upload && !uploadId) || (change.captions_upload && !captionsId) || (uploadId && uploadId === captionsId))
    throw new ApiError(400, LESSON_MESSAGES.noUpload);
  if (captionsId && current.kind === 'pdf') throw new ApiError(400, REPLACE_MESSAGES.pdfCaptions);
  if (uploadId && current.kind === 'video' && (current.status === 'processing' || (await pendingJob(services.db, current.id))))
    throw new ApiError(409, REPLACE_MESSAGES.busy);

  const taken: string[] = [];
  const owner = uploadOwnerOf(actor);
  const refuse = async (message: string) => {
    await removeNamedLessonFiles(env, current.id, taken);
    return new ApiError(400, message);
  };
  const take = async (id: string, name: string, check: (file: LessonFile) => Promise<string | null>) => {
    const got = await takeUpload(services, store, { id, owner }, current.id, name);
    if ('refused' in got) throw await refuse(got.refused === 'missing' ? LESSON_MESSAGES.noUpload : LESSON_MESSAGES.incomplete);
    taken.push(name);
    const wrong = await check(lessonFileOf(env, current.id, name));
    if (wrong) throw await refuse(wrong);
    return name;
  };
  // The captions first, as when a lesson is made: refused, they cost a small file sent again.
  const captions = captionsId ? await take(captionsId, `${prefix}${REPLACEMENT_CAPTIONS}`, checkCaptionsFile) : null;
  const source = uploadId
    ? await take(uploadId, `${prefix}${current.kind === 'pdf' ? 'lesson.pdf' : REPLACEMENT_SOURCE}`, (file) =>
        checkLessonFile(file, current.kind),
      )
    : null;
  return { captions, source, taken };
}

/** What the lesson row becomes now; a ready video's new file waits for its job instead. */
function changeNow(row: LessonRow, source: string | null, captions: string | null): Partial<LessonRow> {
  if (row.kind === 'video' && row.status === 'ready' && source) return {};
  const file =
    source === null
      ? {}
      : row.kind === 'pdf'
        ? { source, status: 'ready' as const, reason: null }
        : { source, status: 'processing' as const, reason: null, renditions: [], poster: null, duration: null };
  return { ...file, ...(captions === null ? {} : { captions }) };
}

async function replaceFiles(services: Services, store: DataStore, courseId: string, lessonId: string, change: Change, actor: Actor) {
  const { db, env } = services;
  const [current] = await db.select().from(lessons).where(liveLesson(courseId, lessonId));
  if (!current) throw new ApiError(404, LESSON_MESSAGES.lessonNotFound);
  const jobId = randomUUID();
  const { captions, source, taken } = await takeNewFiles(services, store, current, change, replacementPrefix(jobId), actor);
  try {
    const [before, after] = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(lessons).where(liveLesson(courseId, lessonId)).for('update');
      if (!row) throw new ApiError(404, LESSON_MESSAGES.lessonNotFound);
      // Held by the row's lock: two replacements at once queue one job, and the other is told to wait.
      if (source && row.kind === 'video' && (row.status === 'processing' || (await pendingJob(tx, lessonId))))
        throw new ApiError(409, REPLACE_MESSAGES.busy);
      const [changed] = await tx
        .update(lessons)
        .set({ ...changeNow(row, source, captions), updatedAt: actor.at })
        .where(eq(lessons.id, lessonId))
        .returning();
      if (source && row.kind === 'video') await tx.insert(lessonJobs).values({ id: jobId, lessonId, createdAt: actor.at });
      await actor.record(tx, {
        ...actorOnly(actor),
        action: 'lesson.replace',
        target: `lesson:${lessonId}`,
        details: { course: courseId, file: Boolean(source), captions: Boolean(captions) },
      });
      return [row, changed!];
    });
    await removeDropped(env, lessonId, before, after);
  } catch (error) {
    await removeNamedLessonFiles(env, lessonId, taken);
    throw error;
  }
}

/** A lesson renamed, moved, given a new file or captions, in that order of checks: the answer after. */
export async function changeLesson(
  services: Services,
  store: DataStore,
  courseId: string,
  lessonId: string,
  change: Change,
  actor: Actor,
): Promise<Lesson> {
  const { db } = services;
  if (!isUuid(lessonId)) throw new ApiError(404, LESSON_MESSAGES.lessonNotFound);
  const { upload, captions_upload, ...rest } = change;
  if (upload !== undefined || captions_upload !== undefined)
    await replaceFiles(services, store, courseId, lessonId, { upload, captions_upload }, actor);
  let lesson: Lesson;
  if (rest.title !== undefined || rest.position !== undefined) lesson = await updateLesson(db, courseId, lessonId, rest, actor);
  else {
    const [row] = await db.select().from(lessons).where(liveLesson(courseId, lessonId));
    if (!row) throw new ApiError(404, LESSON_MESSAGES.lessonNotFound);
    lesson = lessonAnswer(row);
  }
  return (await withReplacements(db, [lesson]))[0]!;
}
