// Replacing a lesson's file when lessons are kept in an S3 bucket (s3rver, started here): the same
// promises as on the local store (./lesson-replace.test.ts), checked on the bucket's objects and on
// the bytes students are served from it. While a new video is transcoded students get the current
// one; once it is whole they get the new one and the old objects are gone; a replacement that fails
// (refused at once, or unreadable when the worker runs) leaves the current video and none of its own
// objects; a new PDF is served at once and the old object removed.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CourseMaterialsSchema } from '#features/learning/material-schemas.ts';
import { LessonSchema, LessonsSchema } from '#features/lessons/schemas.ts';
import { FILE_REFUSALS } from '#features/lessons/server/file-check.ts';
import { createTranscodeWorker } from '#features/lessons/server/transcode-worker.ts';
import { lessonJobs } from '#server/db/schema.ts';
import { lessonBucketOf, lessonKey } from '#server/files/lesson-bucket.ts';
import { seedCatalogue } from './support/catalogue.ts';
import { enrolStudent, signUpStudent } from './support/factories.ts';
import { useLessonBucket } from './support/lesson-bucket.ts';
import { testVideo, TINY_PDF, uploadFile } from './support/lessons.ts';
import { get, readData, send, useTestApp } from './support/test-app.ts';
import { seedStaff } from '../support/staff.ts';

const BUCKET = 'adire-lesson-replace';
const LESSONS = 'staff/courses/course-02/lessons';
const CAPTIONS = 'WEBVTT\n\n00:00.000 --> 00:01.000\nThe new cut.\n';
const TEXT = new TextEncoder().encode('This is a text file, not a video.\n'.repeat(20));
/** A replacement's files are named after its job: `<job id>-240p.mp4`, ... */
const JOB_PREFIX = /^[0-9a-f-]{36}-/;

const { dataDir, env, bucket } = useLessonBucket(BUCKET);
const t = useTestApp({ startAt: '2026-11-27T09:00:00Z', env });

const worker = () => createTranscodeWorker({ db: t.db, env: t.env, clock: t.clock.now, log: t.log }, { preset: 'ultrafast' });
const mp4 = (token: string, bytes: Uint8Array) => uploadFile(t.app, token, bytes, 'lesson.mp4', 'video/mp4');
const patch = (token: string, id: string, body: unknown) => send(t.app, `${LESSONS}/${id}`, body, { token, method: 'PATCH' });
const listed = async (token: string, id: string) =>
  (await readData(await get(t.app, LESSONS, { token }), LessonsSchema)).lessons.find((lesson) => lesson.id === id)!;

/** The names of the lesson's objects in the bucket. */
const objectsOf = async (id: string) =>
  (await bucket().objects()).filter((key) => key.startsWith(`lessons/${id}/`)).map((key) => key.slice(`lessons/${id}/`.length));

/** The whole object `name` of the lesson, as the bucket keeps it. */
async function objectBytes(id: string, name: string): Promise<Buffer> {
  const store = lessonBucketOf(t.env)!;
  const { size } = (await store.head(lessonKey(id, name)))!;
  const chunks: Buffer[] = [];
  for await (const chunk of await store.read(lessonKey(id, name), 0, size - 1)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** What a signed link serves a student. */
async function served(url: string): Promise<Buffer> {
  const answer = await t.app.request(url, {}, { incoming: { socket: { remoteAddress: '192.0.2.10' } } });
  expect(answer.status).toBe(200);
  return Buffer.from(await answer.arrayBuffer());
}

/** Staff and an enrolled student of course-02. */
async function staffAndStudent() {
  await seedCatalogue(t.db);
  const { token } = await seedStaff(t);
  const student = await signUpStudent(t);
  await enrolStudent(t, student.token);
  const material = async (id: string) =>
    (await readData(await get(t.app, 'user/student/courses/course-02', { token: student.token }), CourseMaterialsSchema)).materials.find(
      (m) => m.id === id,
    )!;
  return { token, material };
}

type Material = Awaited<ReturnType<typeof staffAndStudent>>['material'];

/** A ready video lesson of a 3-second, 360-line video, as staff add it. */
async function readyVideo(token: string) {
  const upload = await mp4(token, await testVideo(dataDir, 3, 360));
  const lesson = await readData(
    await send(t.app, LESSONS, { title: 'Pinning a dart', kind: 'video', upload }, { token }),
    LessonSchema,
    201,
  );
  expect(await worker().runOnce()).toBe(true);
  expect(await objectsOf(lesson.id)).toEqual(['240p.mp4', '360p.mp4', 'poster.webp', 'source']);
  return lesson.id;
}

/** The student is served the lesson's first renditions (240 and 360 lines), byte for byte from the bucket. */
async function expectFirstVideoServed(material: Material, id: string) {
  const { renditions } = await material(id);
  expect(renditions!.map((r) => r.height)).toEqual([240, 360]);
  for (const rendition of renditions!) expect(await served(rendition.url)).toEqual(await objectBytes(id, `${rendition.height}p.mp4`));
}

describe('replacing a lesson video on S3 (s3rver)', () => {
  it('serves the current video from the bucket while the new one is processed, then the new one; the old objects go', async () => {
    const { token, material } = await staffAndStudent();
    const id = await readyVideo(token);

    t.clock.advance(60_000);
    const upload = await mp4(token, await testVideo(dataDir, 2, 240));
    const captions_upload = await uploadFile(t.app, token, new TextEncoder().encode(CAPTIONS), 'new.vtt', 'text/vtt');
    const answer = await readData(await patch(token, id, { upload, captions_upload }), LessonSchema);
    expect(answer).toMatchObject({ status: 'ready', duration: 3, replacement: { status: 'processing' } });
    // The replacement's upload is in the lesson's objects, beside the ones students are served.
    const [job] = await t.db.select({ id: lessonJobs.id }).from(lessonJobs).where(eq(lessonJobs.status, 'queued'));
    expect(await objectsOf(id)).toEqual(
      [`${job!.id}-captions.vtt`, `${job!.id}-source`, '240p.mp4', '360p.mp4', 'poster.webp', 'source'].sort(),
    );
    await expectFirstVideoServed(material, id);
    expect((await material(id)).captions_url).toBeUndefined();

    expect(await worker().runOnce()).toBe(true);
    expect(await listed(token, id)).toMatchObject({ status: 'ready', duration: 2 });
    const after = await material(id);
    expect(after).toMatchObject({ length: 2 });
    expect(after.renditions!.map((r) => r.height)).toEqual([240]);
    expect(await served(after.renditions![0]!.url)).toEqual(await objectBytes(id, `${job!.id}-240p.mp4`));
    expect((await served(after.captions_url!)).toString()).toBe(CAPTIONS);
    // Only the new objects are left: the old renditions, poster and source are gone from the bucket.
    expect(await objectsOf(id)).toEqual(['240p.mp4', 'captions.vtt', 'poster.webp', 'source'].map((file) => `${job!.id}-${file}`));
    // Nor is anything of the uploads left in the bucket.
    expect((await bucket().objects()).filter((key) => !key.startsWith('lessons/'))).toEqual([]);
  });

  it('refuses a new file that is not a video: the current video stays served and the refused object is removed', async () => {
    const { token, material } = await staffAndStudent();
    const id = await readyVideo(token);
    const refused = await patch(token, id, { upload: await mp4(token, TEXT) });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe(FILE_REFUSALS.notVideo);
    expect((await listed(token, id)).replacement).toBeUndefined();
    expect(await objectsOf(id)).toEqual(['240p.mp4', '360p.mp4', 'poster.webp', 'source']);
    await expectFirstVideoServed(material, id);
  });

  it('keeps the current video when ffprobe cannot read the new one once the worker runs; its objects are removed', async () => {
    const { token, material } = await staffAndStudent();
    const id = await readyVideo(token);
    t.clock.advance(60_000);
    const captions_upload = await uploadFile(t.app, token, new TextEncoder().encode(CAPTIONS), 'new.vtt', 'text/vtt');
    await patch(token, id, { upload: await mp4(token, await testVideo(dataDir, 2, 240)), captions_upload });
    // The new source is damaged in the bucket before the worker gets to it.
    const [job] = await t.db.select({ id: lessonJobs.id }).from(lessonJobs).where(eq(lessonJobs.status, 'queued'));
    const damaged = join(dataDir, 'damaged');
    await writeFile(damaged, TEXT);
    await lessonBucketOf(t.env)!.upload(lessonKey(id, `${job!.id}-source`), damaged, 'video/mp4');
    t.clock.advance(60_000);
    expect(await worker().runOnce()).toBe(true);

    expect(await listed(token, id)).toMatchObject({
      status: 'ready',
      duration: 3,
      replacement: { status: 'failed', reason: FILE_REFUSALS.notVideo },
    });
    expect(await objectsOf(id)).toEqual(['240p.mp4', '360p.mp4', 'poster.webp', 'source']);
    await expectFirstVideoServed(material, id);
    expect((await material(id)).captions_url).toBeUndefined();
  });
});

describe('replacing a PDF lesson on S3 (s3rver)', () => {
  it('serves the new PDF from the bucket at once and removes the old object', async () => {
    const { token, material } = await staffAndStudent();
    const upload = await uploadFile(t.app, token, TINY_PDF, 'notes.pdf', 'application/pdf');
    const pdf = await readData(await send(t.app, LESSONS, { title: 'Seam allowances', kind: 'pdf', upload }, { token }), LessonSchema, 201);
    expect(await objectsOf(pdf.id)).toEqual(['lesson.pdf']);
    expect(await served((await material(pdf.id)).url)).toEqual(TINY_PDF);

    const newer = Buffer.concat([TINY_PDF, Buffer.from('% revised\n')]);
    const answer = await readData(
      await patch(token, pdf.id, { upload: await uploadFile(t.app, token, newer, 'v2.pdf', 'application/pdf') }),
      LessonSchema,
    );
    expect(answer).toMatchObject({ status: 'ready', title: 'Seam allowances' });
    expect(await served((await material(pdf.id)).url)).toEqual(newer);
    const objects = await objectsOf(pdf.id);
    expect(objects).toHaveLength(1);
    expect(objects[0]).toMatch(JOB_PREFIX);
    expect(objects[0]).toMatch(/-lesson\.pdf$/);
  });
});
