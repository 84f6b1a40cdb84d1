// A video lesson uploaded over a connection that drops halfway, on both stores: the local folder
// (DATA_DIR) and an S3 bucket (s3rver, started here). The client creates the upload, sends half,
// stops; HEAD gives the offset, the rest follows from it; the lesson is made from the upload,
// transcoded, and an enrolled student's signed links serve renditions ffprobe reads. On S3 the
// upload is a multipart upload: the half sent first is more than S3's 5 MiB smallest part, and the
// resumed part is the last (which may be smaller); nothing of it stays under DATA_DIR.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { CourseMaterialsSchema } from '#features/learning/material-schemas.ts';
import { LessonSchema, LessonsSchema } from '#features/lessons/schemas.ts';
import { createTranscodeWorker } from '#features/lessons/server/transcode-worker.ts';
import { lessonJobs } from '#server/db/schema.ts';
import { lessonBucketOf } from '#server/files/lesson-bucket.ts';
import { seedCatalogue } from './support/catalogue.ts';
import { enrolStudent, signUpStudent } from './support/factories.ts';
import { useLessonBucket } from './support/lesson-bucket.ts';
import { sendBytes, startUpload, testVideo, uploadFile, uploadPath } from './support/lessons.ts';
import { get, readData, send, useTestApp, type TestAppFixture } from './support/test-app.ts';
import { seedStaff } from '../support/staff.ts';

const run = promisify(execFile);
const MiB = 1024 ** 2;
const BUCKET = 'adire-lessons';

/**
 * A real 3-second video made 12 MiB long by a top-level 'free' box after it (MP4 readers skip it):
 * large enough that its first half is one whole S3 part.
 */
async function paddedVideo(dir: string): Promise<Buffer> {
  const video = await testVideo(dir, 3, 360);
  const padding = Buffer.alloc(12 * MiB - video.length);
  padding.writeUInt32BE(padding.length, 0);
  padding.write('free', 4, 'latin1');
  return Buffer.concat([video, padding]);
}

/** The whole journey, on the store `t`'s settings choose; `fetchBytes` saves an answer's bytes to a file for ffprobe. */
async function uploadDropResumeAndWatch(t: TestAppFixture, dataDir: string) {
  await seedCatalogue(t.db);
  const { token } = await seedStaff(t);
  const bytes = await paddedVideo(dataDir);
  const half = bytes.length / 2;
  const TUS = { 'tus-resumable': '1.0.0' };

  const location = await startUpload(t.app, token, bytes.length, 'lesson.mp4', 'video/mp4');
  const first = await sendBytes(t.app, token, location, 0, bytes.subarray(0, half));
  expect(first.status).toBe(204);
  expect(first.headers.get('upload-offset')).toBe(String(half));
  // The connection drops here. Back online, the client asks where to go on from.
  const head = await send(t.app, uploadPath(location), undefined, { method: 'HEAD', token, contentType: null, headers: TUS });
  expect(head.status).toBe(200);
  expect(head.headers.get('upload-offset')).toBe(String(half));
  expect(head.headers.get('upload-length')).toBe(String(bytes.length));
  // An unfinished upload makes no lesson yet.
  const early = await send(t.app, 'staff/courses/course-02/lessons', { title: 'Early', kind: 'video', upload: location }, { token });
  expect(early.status).toBe(400);
  const rest = await sendBytes(t.app, token, location, half, bytes.subarray(half));
  expect(rest.status).toBe(204);
  expect(rest.headers.get('upload-offset')).toBe(String(bytes.length));

  const created = await send(
    t.app,
    'staff/courses/course-02/lessons',
    { title: 'Pinning a dart', kind: 'video', upload: location },
    { token },
  );
  const lesson = await readData(created, LessonSchema, 201);
  expect(lesson.status).toBe('processing');
  expect(await createTranscodeWorker({ db: t.db, env: t.env, clock: t.clock.now, log: t.log }, { preset: 'ultrafast' }).runOnce()).toBe(
    true,
  );
  const [ready] = (await readData(await get(t.app, 'staff/courses/course-02/lessons', { token }), LessonsSchema)).lessons;
  expect(ready).toMatchObject({ id: lesson.id, status: 'ready', duration: 3 });

  // An enrolled student gets each rendition through its signed link, whole or by range.
  const student = await signUpStudent(t);
  await enrolStudent(t, student.token);
  const page = await readData(await get(t.app, 'user/student/courses/course-02', { token: student.token }), CourseMaterialsSchema);
  const shown = page.materials.find((m) => m.id === lesson.id)!;
  expect(shown.renditions!.map((r) => r.height)).toEqual([240, 360]);
  const open = (url: string, headers: Record<string, string> = {}) =>
    t.app.request(url, { headers }, { incoming: { socket: { remoteAddress: '192.0.2.10' } } });
  for (const rendition of shown.renditions!) {
    const answer = await open(rendition.url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('video/mp4');
    const file = join(dataDir, `served-${lesson.id}-${rendition.height}.mp4`);
    await writeFile(file, Buffer.from(await answer.arrayBuffer()));
    const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name,height', '-of', 'json', file]);
    const streams = (JSON.parse(stdout) as { streams: { codec_name: string; height?: number }[] }).streams;
    expect(streams.map((s) => s.codec_name)).toEqual(['h264', 'aac']);
    expect(streams[0]!.height).toBe(rendition.height);
    const ranged = await open(rendition.url, { range: 'bytes=0-99' });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes 0-99/${rendition.size}`);
    expect((await ranged.arrayBuffer()).byteLength).toBe(100);
  }
  expect((await open(shown.poster_url!)).headers.get('content-type')).toBe('image/webp');
  return lesson.id;
}

describe('a lesson upload interrupted halfway and resumed, on the local store', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'afa-resume-local-'));
  const t = useTestApp({ startAt: '2026-11-27T09:00:00Z', env: { DATA_DIR: dataDir } });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('resumes from the offset HEAD gives; the lesson is made, transcoded and served from DATA_DIR', async () => {
    const id = await uploadDropResumeAndWatch(t, dataDir);
    expect((await readdir(join(dataDir, 'lessons', id))).sort()).toEqual(['240p.mp4', '360p.mp4', 'poster.webp', 'source']);
  });
});

describe('a lesson upload interrupted halfway and resumed, on S3 (s3rver)', () => {
  const { dataDir, env, bucket } = useLessonBucket(BUCKET);
  const t = useTestApp({ startAt: '2026-11-27T09:00:00Z', env });

  it('resumes from the offset HEAD gives; the lesson is made, transcoded and served from the bucket', async () => {
    const id = await uploadDropResumeAndWatch(t, dataDir);
    // The upload became the lesson's source object; the renditions and poster are objects beside it.
    expect(await bucket().objects()).toEqual(['240p.mp4', '360p.mp4', 'poster.webp', 'source'].map((file) => `lessons/${id}/${file}`));
    // Nothing of the lesson, nor of the upload, was kept on the server's disk (the worker's folder is empty again).
    const kept = await readdir(dataDir, { recursive: true });
    expect(kept.filter((name) => !name.startsWith('test-') && !name.startsWith('served-'))).toEqual(['lesson-work']);
  });

  it('retries a job whose source the bucket cannot give (an S3 error is not an unreadable video): the lesson stays processing', async () => {
    await seedCatalogue(t.db);
    const { token } = await seedStaff(t);
    const upload = await uploadFile(t.app, token, await testVideo(dataDir, 2, 240), 'lesson.mp4', 'video/mp4');
    const created = await send(t.app, 'staff/courses/course-02/lessons', { title: 'Gone', kind: 'video', upload }, { token });
    const lesson = await readData(created, LessonSchema, 201);
    await lessonBucketOf(t.env)!.remove([`lessons/${lesson.id}/source`]);
    expect(await createTranscodeWorker({ db: t.db, env: t.env, clock: t.clock.now, log: t.log }, { preset: 'ultrafast' }).runOnce()).toBe(
      true,
    );
    const [after] = (await readData(await get(t.app, 'staff/courses/course-02/lessons', { token }), LessonsSchema)).lessons;
    expect(after).toMatchObject({ id: lesson.id, status: 'processing' });
    expect(after!.reason).toBeUndefined();
    const [job] = await t.db.select({ status: lessonJobs.status, attempts: lessonJobs.attempts }).from(lessonJobs);
    expect(job).toEqual({ status: 'queued', attempts: 1 });
  });
});
