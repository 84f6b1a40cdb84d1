// A lesson's files while one replaces another (./replace-file.ts takes the new upload, the worker
// transcodes it): a replacement is a lesson_jobs row of a ready video lesson, and its files sit beside
// the ones students are served, named after the job (`<job id>-source`, `<job id>-240p.mp4`, ...).
// Only when the new video is whole does one transaction point the lesson at them; the files the
// lesson no longer names go after. A replacement that fails leaves the lesson as it was, and its
// reason on the job, which the console shows. No new column: the job's id names its files.
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { lessonJobs, lessons } from '#server/db/schema.ts';
import type { Lesson } from '../schemas.ts';
import type { LessonRow } from './lessons.ts';
import type { Transcoded } from './transcode.ts';
import { madeFiles } from './transcode.ts';
import { lessonFileExists, removeNamedLessonFiles, type StoreEnv } from './upload-store.ts';

/** Put before each of a replacement's files. */
export const replacementPrefix = (jobId: string) => `${jobId}-`;
export const REPLACEMENT_SOURCE = 'source';
export const REPLACEMENT_CAPTIONS = 'captions.vtt';

/** What a job transcodes: a ready lesson's replacement (under its prefix), else the lesson's first upload. */
export function jobPlan(lesson: Pick<LessonRow, 'status' | 'source'>, jobId: string): { source: string; prefix: string } {
  if (lesson.status !== 'ready') return { source: lesson.source, prefix: '' };
  const prefix = replacementPrefix(jobId);
  return { source: `${prefix}${REPLACEMENT_SOURCE}`, prefix };
}

type LessonFiles = Pick<LessonRow, 'source' | 'poster' | 'captions' | 'renditions'>;
const filesOf = (row: LessonFiles) =>
  [row.source, row.poster, row.captions, ...row.renditions.map((r) => r.file)].filter((file): file is string => Boolean(file));

/** Removes the files `before` named that `after` does not (after the change is committed: students were served them until then). */
export async function removeDropped(env: StoreEnv, lessonId: string, before: LessonFiles, after: LessonFiles) {
  const kept = new Set(filesOf(after));
  await removeNamedLessonFiles(
    env,
    lessonId,
    filesOf(before).filter((file) => !kept.has(file)),
  );
}

/** The new video is whole: the lesson serves it from now on (with its captions, when they came with it). */
export async function swapInReplacement(
  services: { db: Database; env: StoreEnv },
  job: { id: string; lessonId: string },
  made: Transcoded,
  at: Date,
) {
  const { db, env } = services;
  const prefix = replacementPrefix(job.id);
  const captions = `${prefix}${REPLACEMENT_CAPTIONS}`;
  const withCaptions = await lessonFileExists(env, job.lessonId, captions);
  const [before, after] = await db.transaction(async (tx) => {
    const [old] = await tx.select().from(lessons).where(eq(lessons.id, job.lessonId)).for('update');
    const [row] = await tx
      .update(lessons)
      .set({ source: `${prefix}${REPLACEMENT_SOURCE}`, ...made, ...(withCaptions ? { captions } : {}), reason: null, updatedAt: at })
      .where(eq(lessons.id, job.lessonId))
      .returning();
    await tx.update(lessonJobs).set({ status: 'done', finishedAt: at, leaseUntil: null, error: null }).where(eq(lessonJobs.id, job.id));
    return [old!, row!];
  });
  await removeDropped(env, job.lessonId, before, after);
}

/** The new video could not be made: the lesson stays as it was; the job keeps the reason staff read. */
export async function failReplacement(
  services: { db: Database; env: StoreEnv },
  job: { id: string; lessonId: string },
  reason: string,
  at: Date,
) {
  const { db, env } = services;
  await db.update(lessonJobs).set({ status: 'failed', finishedAt: at, leaseUntil: null, error: reason }).where(eq(lessonJobs.id, job.id));
  const prefix = replacementPrefix(job.id);
  await removeNamedLessonFiles(env, job.lessonId, [
    `${prefix}${REPLACEMENT_SOURCE}`,
    `${prefix}${REPLACEMENT_CAPTIONS}`,
    ...madeFiles(prefix),
  ]);
}

/** A job of this lesson still to run or running: a second replacement waits for it. */
export async function pendingJob(db: Pick<Database, 'select'>, lessonId: string): Promise<boolean> {
  const [job] = await db
    .select({ id: lessonJobs.id })
    .from(lessonJobs)
    .where(and(eq(lessonJobs.lessonId, lessonId), inArray(lessonJobs.status, ['queued', 'running'])))
    .limit(1);
  return Boolean(job);
}

/**
 * The answers with each ready video's replacement, when one is being processed or the last one
 * failed (its latest job says which; a ready lesson's first job is always done).
 */
export async function withReplacements(db: Database, list: Lesson[]): Promise<Lesson[]> {
  const ready = list.filter((lesson) => lesson.kind === 'video' && lesson.status === 'ready').map((lesson) => lesson.id);
  if (!ready.length) return list;
  const jobs = await db
    .select({ lessonId: lessonJobs.lessonId, status: lessonJobs.status, error: lessonJobs.error })
    .from(lessonJobs)
    .where(inArray(lessonJobs.lessonId, ready))
    .orderBy(desc(lessonJobs.createdAt), desc(lessonJobs.finishedAt));
  return list.map((lesson) => {
    const own = jobs.filter((job) => job.lessonId === lesson.id);
    if (own.some((job) => job.status === 'queued' || job.status === 'running'))
      return { ...lesson, replacement: { status: 'processing' as const } };
    const latest = own[0];
    if (latest?.status === 'failed') return { ...lesson, replacement: { status: 'failed' as const, reason: latest.error ?? '' } };
    return lesson;
  });
}
