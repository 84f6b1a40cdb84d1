// Lessons staff add from the console, as an enrolled student meets them: a ready lesson joins the
// course's materials (a video with its renditions, each through a signed link), one still processing
// does not, and a retired one leaves the list while the student's tick on it stays.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { CourseMaterialsSchema } from '#features/learning/material-schemas.ts';
import { LessonSchema } from '#features/lessons/schemas.ts';
import { createTranscodeWorker } from '#features/lessons/server/transcode-worker.ts';
import { materialProgress } from '#server/db/schema.ts';
import { seedCatalogue } from './support/catalogue.ts';
import { enrolStudent, signUpStudent } from './support/factories.ts';
import { testVideo, TINY_PDF, uploadFile } from './support/lessons.ts';
import { get, readData, send, useTestApp } from './support/test-app.ts';
import { seedStaff } from '../support/staff.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'afa-lesson-students-'));
const t = useTestApp({ startAt: '2026-11-27T09:00:00Z', env: { DATA_DIR: dataDir } });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const open = (url: string) => t.app.request(url, {}, { incoming: { socket: { remoteAddress: '192.0.2.10' } } });

const CAPTIONS = 'WEBVTT\n\n00:00.000 --> 00:01.500\nPin the dart from the point.\n';

async function addLesson(token: string, kind: 'video' | 'pdf', title: string, bytes: Uint8Array, captions?: string) {
  const [name, type] = kind === 'pdf' ? ['notes.pdf', 'application/pdf'] : ['lesson.mp4', 'video/mp4'];
  const upload = await uploadFile(t.app, token, bytes, name, type);
  const captions_upload = captions
    ? await uploadFile(t.app, token, new TextEncoder().encode(captions), 'lesson.vtt', 'text/vtt')
    : undefined;
  const body = { title, kind, upload, position: 50, ...(captions_upload ? { captions_upload } : {}) };
  return readData(await send(t.app, 'staff/courses/course-02/lessons', body, { token }), LessonSchema, 201);
}

describe('lessons for enrolled students', () => {
  it('lists ready lessons among the materials with signed links to each rendition; a retired one leaves, its tick stays', async () => {
    await seedCatalogue(t.db);
    const staff = await seedStaff(t);
    const student = await signUpStudent(t);
    await enrolStudent(t, student.token);
    const pdf = await addLesson(staff.token, 'pdf', 'Seam allowances', TINY_PDF);
    const video = await addLesson(staff.token, 'video', 'Pinning a dart', await testVideo(dataDir, 2, 360), CAPTIONS);
    const page = async () => readData(await get(t.app, 'user/student/courses/course-02', { token: student.token }), CourseMaterialsSchema);

    // The video is still processing: only the PDF is there, after the course's own materials.
    const before = (await page()).materials;
    expect(before.at(-1)).toMatchObject({ id: pdf.id, kind: 'pdf', size: TINY_PDF.length, completed: false });
    expect(before.some((m) => m.id === video.id)).toBe(false);
    expect((await open(before.at(-1)!.url)).status).toBe(200);

    await createTranscodeWorker({ db: t.db, env: t.env, clock: t.clock.now, log: t.log }, { preset: 'ultrafast' }).runOnce();
    const shown = (await page()).materials.find((m) => m.id === video.id)!;
    expect(shown).toMatchObject({ kind: 'video', length: 2, completed: false });
    expect(shown.renditions!.map((r) => r.height)).toEqual([240, 360]);
    for (const rendition of shown.renditions!) {
      const file = await open(rendition.url);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('video/mp4');
      expect(Number(file.headers.get('content-length'))).toBe(rendition.size);
    }
    expect((await open(shown.url)).headers.get('content-length')).toBe(String(shown.renditions![1]!.size));
    expect((await open(shown.poster_url!)).headers.get('content-type')).toBe('image/webp');
    const captions = await open(shown.captions_url!);
    expect(captions.headers.get('content-type')).toBe('text/vtt');
    expect(await captions.text()).toBe(CAPTIONS);
    // Another student's session cannot use the link.
    expect((await open(shown.renditions![0]!.url.replace(/student=[^&]+/, `student=${staff.staff.id}`))).status).toBe(403);

    // The student ticks the video; staff retire it: it leaves the list and its link, the tick stays.
    const ticked = await send(
      t.app,
      `user/student/courses/course-02/materials/${video.id}`,
      { completed: true },
      { token: student.token, method: 'PUT' },
    );
    expect(ticked.status).toBe(200);
    expect((await send(t.app, `staff/courses/course-02/lessons/${video.id}/retire`, undefined, { token: staff.token })).status).toBe(200);
    expect((await page()).materials.some((m) => m.id === video.id)).toBe(false);
    expect((await open(shown.renditions![0]!.url)).status).toBe(403);
    const kept = await t.db
      .select({ completedAt: materialProgress.completedAt })
      .from(materialProgress)
      .where(and(eq(materialProgress.studentId, student.id), eq(materialProgress.materialId, video.id)));
    expect(kept).toHaveLength(1);
    expect(kept[0]!.completedAt).not.toBeNull();
  });
});
