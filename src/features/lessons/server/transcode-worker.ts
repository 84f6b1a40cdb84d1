// The transcoding worker: runs in the server process, takes one job at a time from lesson_jobs
// (src/server/db/schema/lessons.ts) and turns the lesson's upload into its renditions (./transcode.ts).
// A job is taken with FOR UPDATE SKIP LOCKED, so two processes never take the same one, and held by a
// lease the worker renews while ffmpeg runs. A process that dies mid-job stops renewing: once its lease
// has run out, the job is taken again (by this process after a restart, or by another), from the
// start. A job that fails MAX_ATTEMPTS times, or whose video ffmpeg cannot read, fails its lesson with
// the reason; nothing half-made is ever shown (the lesson stays 'processing' until it is whole).
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { lessonJobs, lessons } from '#server/db/schema.ts';
import type { ApiServices } from '#server/deps.ts';
import { lessonBucketOf, lessonKey } from '#server/files/lesson-bucket.ts';
import { failReplacement, jobPlan, swapInReplacement } from './replacement-files.ts';
import { removePartFiles, transcodeVideo, UnreadableVideoError, type TranscodeOptions, type Transcoded } from './transcode.ts';
import { lessonDir } from './upload-store.ts';

/** How long a taken job is held without a renewal; renewed every third of it. */
const LEASE_MS = 2 * 60_000;
const MAX_ATTEMPTS = 3;
const POLL_MS = 10_000;
const TRANSCODE_FAILED = 'The video could not be transcoded.';

interface TakenJob {
  id: string;
  lessonId: string;
  attempts: number;
}

/** The oldest job waiting, or running with its lease run out: now this worker's, until `now + LEASE_MS`. */
export async function takeJob(db: Database, now: Date): Promise<TakenJob | null> {
  const until = new Date(now.getTime() + LEASE_MS);
  const [row] = await db
    .update(lessonJobs)
    .set({ status: 'running', attempts: sql`${lessonJobs.attempts} + 1`, leaseUntil: until })
    .where(
      sql`${lessonJobs.id} = (
        select id from ${lessonJobs}
        where status = 'queued' or (status = 'running' and lease_until < ${now.toISOString()}::timestamptz)
        order by created_at limit 1 for update skip locked)`,
    )
    .returning({ id: lessonJobs.id, lessonId: lessonJobs.lessonId, attempts: lessonJobs.attempts });
  return row ?? null;
}

export interface TranscodeWorker {
  /** Takes and runs one job: false when none was waiting. */
  runOnce: () => Promise<boolean>;
  /** Polls until stopped. */
  start: () => void;
  /** Kills a job in hand and puts it back in the queue. */
  stop: () => Promise<void>;
}

export function createTranscodeWorker(
  services: Pick<ApiServices, 'db' | 'env' | 'clock' | 'log'>,
  options: { preset?: string } = {},
): TranscodeWorker {
  const { db, env, clock, log } = services;
  const abort = new AbortController();
  const bucket = lessonBucketOf(env);

  /**
   * Transcodes a lesson's source in its folder; with a bucket, in a work folder under DATA_DIR: the
   * source is streamed down to a file, the renditions and poster streamed up once all are made (a
   * lesson is ready only then), and the folder removed whatever happens.
   */
  async function transcodeLesson(lessonId: string, source: string, transcoding: TranscodeOptions): Promise<Transcoded> {
    if (!bucket) {
      await removePartFiles(lessonDir(env, lessonId), transcoding.prefix);
      return transcodeVideo(lessonDir(env, lessonId), source, transcoding);
    }
    const dir = join(env.DATA_DIR, 'lesson-work', lessonId);
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    try {
      await bucket.download(lessonKey(lessonId, source), join(dir, source), transcoding.signal);
      const made = await transcodeVideo(dir, source, transcoding);
      for (const rendition of made.renditions)
        await bucket.upload(lessonKey(lessonId, rendition.file), join(dir, rendition.file), 'video/mp4', transcoding.signal);
      await bucket.upload(lessonKey(lessonId, made.poster), join(dir, made.poster), 'image/webp', transcoding.signal);
      return made;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  let running: Promise<boolean> | null = null;
  let timer: NodeJS.Timeout | undefined;

  async function finish(job: TakenJob, lesson: Partial<typeof lessons.$inferInsert>, jobStatus: 'done' | 'failed', error?: string) {
    const now = clock();
    await db.transaction(async (tx) => {
      await tx
        .update(lessons)
        .set({ ...lesson, updatedAt: now })
        .where(eq(lessons.id, job.lessonId));
      await tx
        .update(lessonJobs)
        .set({ status: jobStatus, finishedAt: now, leaseUntil: null, error: error ?? null })
        .where(eq(lessonJobs.id, job.id));
    });
  }

  async function work(): Promise<boolean> {
    const job = await takeJob(db, clock());
    if (!job) return false;
    const [lesson] = await db.select({ source: lessons.source, status: lessons.status }).from(lessons).where(eq(lessons.id, job.lessonId));
    const dir = lessonDir(env, job.lessonId);
    // A ready lesson's job is a replacement: its own files, swapped in when whole (./replacement-files.ts).
    const { source, prefix } = jobPlan(lesson!, job.id);
    const renew = setInterval(() => {
      const until = new Date(clock().getTime() + LEASE_MS);
      db.update(lessonJobs)
        .set({ leaseUntil: until })
        .where(and(eq(lessonJobs.id, job.id), eq(lessonJobs.status, 'running')))
        .catch((error: unknown) => log.error('[lessons] renewing a transcoding lease failed', error));
    }, LEASE_MS / 3);
    try {
      const made = await transcodeLesson(job.lessonId, source, { preset: options.preset ?? 'veryfast', signal: abort.signal, prefix });
      if (prefix) await swapInReplacement({ db, env }, job, made, clock());
      else await finish(job, { status: 'ready', reason: null, ...made }, 'done');
      log.info(`[lessons] lesson ${job.lessonId} transcoded: ${made.renditions.map((r) => `${r.height}p`).join(', ')}`);
    } catch (error) {
      // Stopping: the job goes back to the queue, for the next start (or another process) to take from the start.
      if (abort.signal.aborted) {
        await removePartFiles(dir, prefix);
        await db.update(lessonJobs).set({ status: 'queued', leaseUntil: null }).where(eq(lessonJobs.id, job.id));
        return true;
      }
      log.error(`[lessons] transcoding lesson ${job.lessonId} failed (attempt ${job.attempts})`, error);
      await removePartFiles(dir, prefix);
      const unreadable = error instanceof UnreadableVideoError ? error.message : null;
      // A failed replacement leaves the lesson as it was (students keep the current video).
      if ((unreadable || job.attempts >= MAX_ATTEMPTS) && prefix)
        await failReplacement({ db, env }, job, unreadable ?? TRANSCODE_FAILED, clock());
      else if (unreadable || job.attempts >= MAX_ATTEMPTS)
        await finish(job, { status: 'failed', reason: unreadable ?? TRANSCODE_FAILED }, 'failed', String(error));
      else
        await db
          .update(lessonJobs)
          .set({ status: 'queued', leaseUntil: null, error: String(error) })
          .where(eq(lessonJobs.id, job.id));
    } finally {
      clearInterval(renew);
    }
    return true;
  }

  const runOnce = () => (running ??= work().finally(() => (running = null)));

  function poll() {
    void runOnce()
      .catch((error: unknown) => {
        log.error('[lessons] the transcoding worker failed', error);
        return false;
      })
      .then((didOne) => {
        // Straight on to the next job; else look again later.
        if (!abort.signal.aborted) timer = setTimeout(poll, didOne ? 0 : POLL_MS);
      });
  }

  return {
    runOnce,
    start: () => poll(),
    stop: async () => {
      clearTimeout(timer);
      abort.abort();
      await running?.catch(() => {});
    },
  };
}
