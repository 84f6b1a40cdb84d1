// Replacing a lesson's file from the console (PATCH staff/courses/{id}/lessons/{lesson_id} with
// `upload`, `captions_upload`): a new video is transcoded while enrolled students keep the current
// one, and served once whole; a replacement that fails leaves the current video and says why; a PDF
// or captions file is swapped at once; a file that is not what the lesson is, refused with the reason.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { CourseMaterialsSchema } from '#features/learning/material-schemas.ts';
import { LessonSchema, LessonsSchema } from '#features/lessons/schemas.ts';
import { FILE_REFUSALS } from '#features/lessons/server/file-check.ts';
import { REPLACE_MESSAGES } from '#features/lessons/server/replace-file.ts';
import { createTranscodeWorker } from '#features/lessons/server/transcode-worker.ts';
import { auditLog, lessonJobs } from '#server/db/schema.ts';
import { seedCatalogue } from './support/catalogue.ts';
import { enrolStudent, signUpStudent } from './support/factories.ts';
import { testVideo, TINY_PDF, uploadFile } from './support/lessons.ts';
import { get, readData, send, useTestApp } from './support/test-app.ts';
import { seedStaff } from '../support/staff.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'afa-lesson-replace-'));
const t = useTestApp({ startAt: '2026-11-27T09:00:00Z', env: { DATA_DIR: dataDir } });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const worker = () => createTranscodeWorker({ db: t.db, env: t.env, clock: t.clock.now, log: t.log }, { preset: 'ultrafast' });
const LESSONS = 'staff/courses/course-02/lessons';
const CAPTIONS = 'WEBVTT\n\n00:00.000 --> 00:01.000\nThe new cut.\n';
const TEXT = new TextEncoder().encode('This is a text file, not a video.\n'.repeat(20));

const video = (seconds: number, height: number) => testVideo(dataDir, seconds, height);
const mp4 = (token: string, bytes: Uint8Array) => uploadFile(t.app, token, bytes, 'lesson.mp4', 'video/mp4');
const patch = (token: string, id: string, body: unknown) => send(t.app, `${LESSONS}/${id}`, body, { token, method: 'PATCH' });
const listed = async (token: string, id: string) =>
  (await readData(await get(t.app, LESSONS, { token }), LessonsSchema)).lessons.find((lesson) => lesson.id === id)!;
const lessonFiles = async (id: string) => (await readdir(join(dataDir, 'lessons', id))).sort();

/** A ready video lesson of a 3-second, 360-line video, as staff add it. */
async function readyVideo(token: string) {
  const upload = await mp4(token, await video(3, 360));
  const lesson = await readData(
    await send(t.app, LESSONS, { title: 'Pinning a dart', kind: 'video', upload }, { token }),
    LessonSchema,
    201,
  );
  expect(await worker().runOnce()).toBe(true);
  return lesson.id;
}

describe('replacing a lesson video', () => {
  it('keeps the current video for students while the new one is processed, then serves the new one', async () => {
    await seedCatalogue(t.db);
    const { token, staff } = await seedStaff(t);
    const student = await signUpStudent(t);
    await enrolStudent(t, student.token);
    const id = await readyVideo(token);
    const studentView = async () =>
      (await readData(await get(t.app, 'user/student/courses/course-02', { token: student.token }), CourseMaterialsSchema)).materials.find(
        (m) => m.id === id,
      );
    const oldFiles = await lessonFiles(id);
    expect(oldFiles).toEqual(['240p.mp4', '360p.mp4', 'poster.webp', 'source']);

    t.clock.advance(60_000);
    const upload = await mp4(token, await video(2, 240));
    const captions_upload = await uploadFile(t.app, token, new TextEncoder().encode(CAPTIONS), 'new.vtt', 'text/vtt');
    const answer = await readData(await patch(token, id, { upload, captions_upload, title: 'Pinning a dart (new cut)' }), LessonSchema);
    // Still the current video: ready, 3 s, two renditions; the new one is being processed.
    expect(answer).toMatchObject({
      title: 'Pinning a dart (new cut)',
      status: 'ready',
      duration: 3,
      replacement: { status: 'processing' },
    });
    expect(answer.renditions.map((r) => r.height)).toEqual([240, 360]);
    const during = await studentView();
    expect(during).toMatchObject({ length: 3 });
    expect(during!.renditions!.map((r) => r.height)).toEqual([240, 360]);
    expect(during!.captions_url).toBeUndefined();
    // A second replacement waits for this one.
    const second = await patch(token, id, { upload: await mp4(token, await video(2, 240)) });
    expect(second.status).toBe(409);
    expect(((await second.json()) as { message: string }).message).toBe(REPLACE_MESSAGES.busy);

    expect(await worker().runOnce()).toBe(true);
    const after = await listed(token, id);
    expect(after).toMatchObject({ status: 'ready', duration: 2 });
    expect(after.replacement).toBeUndefined();
    expect(after.renditions.map((r) => r.height)).toEqual([240]);
    const served = await studentView();
    expect(served).toMatchObject({ length: 2 });
    expect(served!.renditions!.map((r) => r.height)).toEqual([240]);
    expect(served!.captions_url).toBeTruthy();
    // The old files are gone; only the new ones are left.
    const files = await lessonFiles(id);
    expect(files.filter((file) => oldFiles.includes(file))).toEqual([]);
    expect(files.map((file) => file.replace(/^[0-9a-f-]{36}-/, '*-'))).toEqual([
      '*-240p.mp4',
      '*-captions.vtt',
      '*-poster.webp',
      '*-source',
    ]);
    const actions = await t.db
      .select({ action: auditLog.action, actor: auditLog.actorId })
      .from(auditLog)
      .where(eq(auditLog.target, `lesson:${id}`));
    expect(actions).toEqual(
      expect.arrayContaining([
        { action: 'lesson.replace', actor: staff.id },
        { action: 'lesson.update', actor: staff.id },
      ]),
    );
  });

  it('leaves the current video when the new one cannot be transcoded, and says why', async () => {
    await seedCatalogue(t.db);
    const { token } = await seedStaff(t);
    const id = await readyVideo(token);
    const oldFiles = await lessonFiles(id);
    t.clock.advance(60_000);
    const answer = await readData(await patch(token, id, { upload: await mp4(token, await video(2, 240)) }), LessonSchema);
    expect(answer.replacement).toEqual({ status: 'processing' });
    // The new source is damaged on the disk before the worker gets to it: ffmpeg cannot read it.
    const [job] = await t.db.select({ id: lessonJobs.id }).from(lessonJobs).where(eq(lessonJobs.status, 'queued'));
    await writeFile(join(dataDir, 'lessons', id, `${job!.id}-source`), TEXT);
    t.clock.advance(60_000);
    expect(await worker().runOnce()).toBe(true);

    const after = await listed(token, id);
    expect(after).toMatchObject({ status: 'ready', duration: 3, replacement: { status: 'failed', reason: FILE_REFUSALS.notVideo } });
    expect(after.renditions.map((r) => r.height)).toEqual([240, 360]);
    // The current files are all there; nothing of the failed one is left.
    expect(await lessonFiles(id)).toEqual(oldFiles);
    // A later replacement that works clears the failure.
    t.clock.advance(60_000);
    await patch(token, id, { upload: await mp4(token, await video(2, 240)) });
    expect(await worker().runOnce()).toBe(true);
    const fixed = await listed(token, id);
    expect(fixed).toMatchObject({ status: 'ready', duration: 2 });
    expect(fixed.replacement).toBeUndefined();
  });

  it('queues one replacement when two are sent at once; the other is told to wait (holds on PostgreSQL)', async () => {
    await seedCatalogue(t.db);
    const { token } = await seedStaff(t);
    const id = await readyVideo(token);
    const bytes = await video(2, 240);
    const uploads = await Promise.all([mp4(token, bytes), mp4(token, bytes)]);
    const answers = await Promise.all(uploads.map((upload) => patch(token, id, { upload })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await t.db.select({ status: lessonJobs.status }).from(lessonJobs).where(eq(lessonJobs.lessonId, id))).toEqual(
      expect.arrayContaining([{ status: 'queued' }]),
    );
    const queued = await t.db.select({ id: lessonJobs.id }).from(lessonJobs).where(eq(lessonJobs.status, 'queued'));
    expect(queued).toHaveLength(1);
    // The refused one's file is not left behind: only the current files and the queued one's source.
    const prefix = `${queued[0]!.id}-`;
    expect((await lessonFiles(id)).filter((file) => file.includes('-source'))).toEqual([`${prefix}source`]);
    expect(await worker().runOnce()).toBe(true);
  });

  it('refuses a new file that is not a video, with the reason, and keeps the lesson as it was', async () => {
    await seedCatalogue(t.db);
    const { token } = await seedStaff(t);
    const id = await readyVideo(token);
    const oldFiles = await lessonFiles(id);
    const refused = await patch(token, id, { upload: await mp4(token, TEXT), title: 'Never applied' });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe(FILE_REFUSALS.notVideo);
    const badCaptions = await patch(token, id, { captions_upload: await uploadFile(t.app, token, TEXT, 'a.vtt', 'text/vtt') });
    expect(((await badCaptions.json()) as { message: string }).message).toBe(FILE_REFUSALS.notCaptions);
    const lesson = await listed(token, id);
    expect(lesson).toMatchObject({ title: 'Pinning a dart', status: 'ready', duration: 3 });
    expect(lesson.replacement).toBeUndefined();
    expect(await lessonFiles(id)).toEqual(oldFiles);
  });
});

describe('replacing a PDF, and a failed video', () => {
  it('swaps a PDF at once and removes the old one; refuses captions for a PDF', async () => {
    await seedCatalogue(t.db);
    const { token } = await seedStaff(t);
    const upload = await uploadFile(t.app, token, TINY_PDF, 'notes.pdf', 'application/pdf');
    const pdf = await readData(await send(t.app, LESSONS, { title: 'Seam allowances', kind: 'pdf', upload }, { token }), LessonSchema, 201);
    const newer = Buffer.concat([TINY_PDF, Buffer.from('% revised\n')]);
    const answer = await readData(
      await patch(token, pdf.id, { upload: await uploadFile(t.app, token, newer, 'v2.pdf', 'application/pdf') }),
      LessonSchema,
    );
    expect(answer).toMatchObject({ status: 'ready', title: 'Seam allowances' });
    const files = await lessonFiles(pdf.id);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/-lesson\.pdf$/);
    const captions = await patch(token, pdf.id, {
      captions_upload: await uploadFile(t.app, token, new TextEncoder().encode(CAPTIONS), 'a.vtt', 'text/vtt'),
    });
    expect(captions.status).toBe(400);
    expect(((await captions.json()) as { message: string }).message).toBe(REPLACE_MESSAGES.pdfCaptions);
  });

  it('takes a new video for a lesson whose video failed as its first: processing, then ready', async () => {
    await seedCatalogue(t.db);
    const { token } = await seedStaff(t);
    const upload = await mp4(token, await video(2, 240));
    const lesson = await readData(await send(t.app, LESSONS, { title: 'Hems', kind: 'video', upload }, { token }), LessonSchema, 201);
    // Its file is damaged before transcoding: the lesson fails with the reason.
    await writeFile(join(dataDir, 'lessons', lesson.id, 'source'), TEXT);
    expect(await worker().runOnce()).toBe(true);
    expect(await listed(token, lesson.id)).toMatchObject({ status: 'failed', reason: FILE_REFUSALS.notVideo });
    // A replacement while it is processing would have waited; now that it failed, it starts again.
    const again = await readData(await patch(token, lesson.id, { upload: await mp4(token, await video(2, 240)) }), LessonSchema);
    expect(again).toMatchObject({ status: 'processing' });
    expect(again.reason).toBeUndefined();
    expect(existsSync(join(dataDir, 'lessons', lesson.id, 'source'))).toBe(false);
    expect(await worker().runOnce()).toBe(true);
    expect(await listed(token, lesson.id)).toMatchObject({ status: 'ready', duration: 2 });
  });
});
