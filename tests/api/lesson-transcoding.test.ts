// The transcoding of a video lesson: the worker turns the upload into H.264/AAC MP4 renditions up to
// the source's height, a WebP poster and the duration (checked with ffprobe), and a job whose process
// died mid-way is taken again once its lease runs out: a restart resumes the queue.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { CourseMaterialsSchema } from '#features/learning/material-schemas.ts';
import { LessonSchema, LessonsSchema } from '#features/lessons/schemas.ts';
import { FILE_REFUSALS } from '#features/lessons/server/file-check.ts';
import { createTranscodeWorker, takeJob } from '#features/lessons/server/transcode-worker.ts';
import { lessonJobs } from '#server/db/schema.ts';
import { seedCatalogue } from './support/catalogue.ts';
import { enrolStudent, signUpStudent } from './support/factories.ts';
import { testVideo, uploadFile } from './support/lessons.ts';
import { get, readData, send, useTestApp } from './support/test-app.ts';
import { seedStaff } from '../support/staff.ts';

const run = promisify(execFile);
const dataDir = mkdtempSync(join(tmpdir(), 'afa-transcode-'));
const t = useTestApp({ startAt: '2026-11-27T09:00:00Z', env: { DATA_DIR: dataDir } });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const worker = () => createTranscodeWorker({ db: t.db, env: t.env, clock: t.clock.now, log: t.log }, { preset: 'ultrafast' });

async function probe(path: string) {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'stream=codec_name,codec_type,height:format=duration',
    '-of',
    'json',
    path,
  ]);
  return JSON.parse(stdout) as { streams: { codec_name: string; codec_type: string; height?: number }[]; format: { duration: string } };
}

/** A video lesson of a 3-second, 360-line test video, as staff add it: its id. */
async function addVideoLesson(token: string): Promise<string> {
  const upload = await uploadFile(t.app, token, await testVideo(dataDir, 3, 360), 'lesson.mp4', 'video/mp4');
  const answer = await send(t.app, 'staff/courses/course-02/lessons', { title: 'Pinning a dart', kind: 'video', upload }, { token });
  return (await readData(answer, LessonSchema, 201)).id;
}

describe('transcoding a video lesson', () => {
  it('makes 240p and 360p H.264/AAC renditions (none above the source), a poster and the duration', async () => {
    await seedCatalogue(t.db);
    const { token } = await seedStaff(t);
    const id = await addVideoLesson(token);
    expect(await worker().runOnce()).toBe(true);

    const [lesson] = (await readData(await get(t.app, 'staff/courses/course-02/lessons', { token }), LessonsSchema)).lessons;
    expect(lesson).toMatchObject({ id, status: 'ready', duration: 3 });
    expect(lesson!.renditions.map((r) => r.height)).toEqual([240, 360]);
    for (const rendition of lesson!.renditions) {
      const found = await probe(join(dataDir, 'lessons', id, `${rendition.height}p.mp4`));
      expect(found.streams.map((s) => [s.codec_type, s.codec_name])).toEqual([
        ['video', 'h264'],
        ['audio', 'aac'],
      ]);
      expect(found.streams[0]!.height).toBe(rendition.height);
      expect(Number(found.format.duration)).toBeCloseTo(3, 0);
      expect(rendition.size).toBeGreaterThan(1000);
    }
    const poster = await probe(join(dataDir, 'lessons', id, 'poster.webp'));
    expect(poster.streams[0]).toMatchObject({ codec_type: 'video', codec_name: 'webp', height: 360 });
    // Nothing is left to do.
    expect(await worker().runOnce()).toBe(false);
  });

  it("takes again a job left running by a process that died, once that process's lease has run out", async () => {
    await seedCatalogue(t.db);
    const { token } = await seedStaff(t);
    const id = await addVideoLesson(token);
    // A process takes the job, then dies before finishing it (no renewal, no answer).
    expect(await takeJob(t.db, t.clock.now())).toMatchObject({ lessonId: id, attempts: 1 });
    // The restarted server's worker leaves it while the lease may still be a live worker's...
    t.clock.advance(60_000);
    expect(await worker().runOnce()).toBe(false);
    // ...and takes it once the lease has run out.
    t.clock.advance(61_000);
    expect(await worker().runOnce()).toBe(true);
    expect((await readData(await get(t.app, 'staff/courses/course-02/lessons', { token }), LessonsSchema)).lessons[0]).toMatchObject({
      id,
      status: 'ready',
    });
    expect(
      await t.db.select({ status: lessonJobs.status, attempts: lessonJobs.attempts }).from(lessonJobs).where(eq(lessonJobs.lessonId, id)),
    ).toEqual([{ status: 'done', attempts: 2 }]);
  });

  it('gives a job to one worker only when two ask at once (FOR UPDATE SKIP LOCKED; holds on PostgreSQL)', async () => {
    await seedCatalogue(t.db);
    const { token } = await seedStaff(t);
    const id = await addVideoLesson(token);
    const taken = await Promise.all([takeJob(t.db, t.clock.now()), takeJob(t.db, t.clock.now()), takeJob(t.db, t.clock.now())]);
    expect(taken.filter(Boolean)).toEqual([expect.objectContaining({ lessonId: id, attempts: 1 })]);
  });

  it('puts the job in hand back in the queue when the server stops, and the next start finishes it', async () => {
    await seedCatalogue(t.db);
    const { token } = await seedStaff(t);
    const id = await addVideoLesson(token);
    const first = worker();
    const running = first.runOnce();
    // ffmpeg is under way (writing the renditions): the server stops.
    await expect.poll(() => existsSync(join(dataDir, 'lessons', id, '240p.mp4.part')), { timeout: 10_000, interval: 20 }).toBe(true);
    await first.stop();
    expect(await running).toBe(true);
    expect(await t.db.select({ status: lessonJobs.status }).from(lessonJobs).where(eq(lessonJobs.lessonId, id))).toEqual([
      { status: 'queued' },
    ]);
    expect((await readData(await get(t.app, 'staff/courses/course-02/lessons', { token }), LessonsSchema)).lessons[0]!.status).toBe(
      'processing',
    );
    expect(await worker().runOnce()).toBe(true);
    expect((await readData(await get(t.app, 'staff/courses/course-02/lessons', { token }), LessonsSchema)).lessons[0]!.status).toBe(
      'ready',
    );
  });

  it('fails a lesson whose source ffprobe cannot read when its turn comes, with the reason, at once; students never see it, nothing half-made stays', async () => {
    await seedCatalogue(t.db);
    const { token } = await seedStaff(t);
    const student = await signUpStudent(t);
    await enrolStudent(t, student.token);
    const id = await addVideoLesson(token);
    // The file was a video when it was checked; by the time the worker takes it, it is not (a damaged disk, say).
    await writeFile(join(dataDir, 'lessons', id, 'source'), 'This is not a video any more.\n'.repeat(40));
    expect(await worker().runOnce()).toBe(true);

    const [lesson] = (await readData(await get(t.app, 'staff/courses/course-02/lessons', { token }), LessonsSchema)).lessons;
    expect(lesson).toMatchObject({ id, status: 'failed', reason: FILE_REFUSALS.notVideo, renditions: [] });
    expect(
      await t.db.select({ status: lessonJobs.status, attempts: lessonJobs.attempts }).from(lessonJobs).where(eq(lessonJobs.lessonId, id)),
    ).toEqual([{ status: 'failed', attempts: 1 }]);
    expect(await readdir(join(dataDir, 'lessons', id))).toEqual(['source']);
    const page = await readData(await get(t.app, 'user/student/courses/course-02', { token: student.token }), CourseMaterialsSchema);
    expect(page.materials.some((material) => material.id === id)).toBe(false);
  });
});
