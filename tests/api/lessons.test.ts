// A course's lessons from the staff console: tus uploads (resumed after an interruption, staff
// only), lessons made from them with the file checked (a text file named .mp4 is refused with the
// reason), listed, renamed, moved and retired, each change in the audit log.
import { mkdtempSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { serve } from '@hono/node-server';
import { afterAll, describe, expect, it } from 'vitest';
import { createSiteHandler } from '#server/site-server.ts';
import { loadStaticSite } from '#server/static-site.ts';
import { LessonSchema, LessonsSchema } from '#features/lessons/schemas.ts';
import { FILE_REFUSALS } from '#features/lessons/server/file-check.ts';
import { pruneLessonUploads } from '#features/lessons/server/upload-store.ts';
import { auditLog, courses, lessonJobs } from '#server/db/schema.ts';
import { seedCatalogue } from './support/catalogue.ts';
import { signUpStudent } from './support/factories.ts';
import { sendBytes, startUpload, testVideo, TINY_PDF, uploadFile, uploadPath } from './support/lessons.ts';
import { get, readData, send, useTestApp } from './support/test-app.ts';
import { seedStaff } from '../support/staff.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'afa-lessons-'));
const t = useTestApp({ startAt: '2026-11-27T09:00:00Z', env: { DATA_DIR: dataDir } });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const TUS = { 'tus-resumable': '1.0.0' };

describe('lesson uploads (tus)', () => {
  it('answers OPTIONS with the tus version and extensions, without a session', async () => {
    const answer = await send(t.app, 'staff/uploads', undefined, { method: 'OPTIONS', contentType: null });
    expect(answer.status).toBe(204);
    expect(answer.headers.get('tus-version')).toContain('1.0.0');
    expect(answer.headers.get('tus-extension')).toMatch(/creation/);
    expect(answer.headers.get('tus-extension')).toMatch(/termination/);
    expect(answer.headers.get('tus-max-size')).toBe(String(4 * 1024 ** 3));
    // Other sites get no CORS grant (the API's CORS_ORIGINS, empty here, not tus's default of any origin).
    const elsewhere = await send(t.app, 'staff/uploads', undefined, {
      method: 'OPTIONS',
      contentType: null,
      headers: { origin: 'https://evil.example' },
    });
    expect(elsewhere.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('resumes an upload interrupted halfway: HEAD gives the offset, PATCH continues from it', async () => {
    const { token } = await seedStaff(t);
    const bytes = new Uint8Array(100_000).map((_, i) => i % 251);
    const location = await startUpload(t.app, token, bytes.length, 'lesson.mp4', 'video/mp4');
    expect(location).toMatch(/^http:\/\/localhost\/api\/v1\/staff\/uploads\/[0-9a-f]{32}$/);
    expect((await sendBytes(t.app, token, location, 0, bytes.subarray(0, 50_000))).headers.get('upload-offset')).toBe('50000');
    // The connection dropped: the client asks where to go on from.
    const head = await send(t.app, uploadPath(location), undefined, { method: 'HEAD', token, contentType: null, headers: TUS });
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe('50000');
    expect(head.headers.get('upload-length')).toBe('100000');
    // A PATCH from the wrong offset is refused; from the right one it finishes.
    expect((await sendBytes(t.app, token, location, 0, bytes.subarray(0, 10))).status).toBe(409);
    const rest = await sendBytes(t.app, token, location, 50_000, bytes.subarray(50_000));
    expect(rest.status).toBe(204);
    expect(rest.headers.get('upload-offset')).toBe('100000');
  });

  it('refuses a caller without a staff session (a student token too): 401', async () => {
    const student = await signUpStudent(t);
    const { token } = await seedStaff(t);
    const location = await startUpload(t.app, token, 10, 'a.pdf', 'application/pdf');
    for (const auth of [{ token: student.token }, {}]) {
      const headers = { ...TUS, 'upload-length': '10' };
      expect((await send(t.app, 'staff/uploads', undefined, { ...auth, contentType: null, headers })).status).toBe(401);
      expect(
        (await send(t.app, uploadPath(location), undefined, { ...auth, method: 'HEAD', contentType: null, headers: TUS })).status,
      ).toBe(401);
      const patch = await send(t.app, uploadPath(location), new Uint8Array(10), {
        ...auth,
        method: 'PATCH',
        contentType: 'application/offset+octet-stream',
        headers: { ...TUS, 'upload-offset': '0' },
      });
      expect(patch.status).toBe(401);
    }
  });

  it('resumes over a real HTTP server too: the bytes stream through node-server to the file store', async () => {
    const { token } = await seedStaff(t);
    const dist = mkdtempSync(join(tmpdir(), 'afa-lessons-dist-'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>Home</title>');
    await writeFile(join(dist, '404.html'), '<!doctype html><title>Page not found</title>');
    const server = serve({ fetch: createSiteHandler(t.app, await loadStaticSite(dist)), port: 0, hostname: '127.0.0.1' }) as Server;
    await once(server, 'listening');
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const auth = { ...TUS, authorization: `Bearer ${token}` };
      const bytes = new Uint8Array(300_000).map((_, i) => (i * 7) % 256);
      const created = await fetch(`${origin}/api/v1/staff/uploads`, {
        method: 'POST',
        headers: { ...auth, 'upload-length': String(bytes.length) },
      });
      expect(created.status).toBe(201);
      const location = created.headers.get('location')!;
      expect(location.startsWith(`${origin}/api/v1/staff/uploads/`)).toBe(true);
      const patch = (offset: number, part: Uint8Array<ArrayBuffer>) =>
        fetch(location, {
          method: 'PATCH',
          headers: { ...auth, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
          body: part,
        });
      expect((await patch(0, bytes.subarray(0, 120_000))).headers.get('upload-offset')).toBe('120000');
      const head = await fetch(location, { method: 'HEAD', headers: auth });
      expect(head.headers.get('upload-offset')).toBe('120000');
      expect((await patch(120_000, bytes.subarray(120_000))).headers.get('upload-offset')).toBe('300000');
      const stored = await readFile(join(dataDir, 'lesson-uploads', location.split('/').at(-1)!));
      expect(Buffer.compare(stored, Buffer.from(bytes))).toBe(0);
    } finally {
      server.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('gives up an upload not made into a lesson within 7 days, finished or not; a younger one stays', async () => {
    const { token } = await seedStaff(t);
    const idOf = (location: string) => location.split('/').at(-1)!;
    const old = await startUpload(t.app, token, 100, 'old.mp4', 'video/mp4');
    const young = await startUpload(t.app, token, 100, 'young.mp4', 'video/mp4');
    const finished = await uploadFile(t.app, token, TINY_PDF, 'notes.pdf', 'application/pdf');
    // Back-date the old upload's record (and the finished one's) by 8 days, as if time had passed.
    for (const location of [old, finished]) {
      const record = join(dataDir, 'lesson-uploads', `${idOf(location)}.json`);
      const info = JSON.parse(await readFile(record, 'utf8')) as { creation_date: string };
      await writeFile(record, JSON.stringify({ ...info, creation_date: new Date(Date.now() - 8 * 24 * 60 * 60_000).toISOString() }));
    }
    expect(await pruneLessonUploads(t.env)).toBe(2);
    const left = await readdir(join(dataDir, 'lesson-uploads'));
    expect(left).not.toContain(idOf(old));
    expect(left).not.toContain(idOf(finished));
    expect(left).toContain(idOf(young));
  });

  it('refuses an upload larger than 4 GiB at creation', async () => {
    const { token } = await seedStaff(t);
    const headers = { ...TUS, 'upload-length': String(4 * 1024 ** 3 + 1) };
    expect((await send(t.app, 'staff/uploads', undefined, { token, contentType: null, headers })).status).toBe(413);
  });
});

describe('lessons', () => {
  it('makes a PDF lesson ready at once, lists, renames, moves and retires it, each change audited', async () => {
    await seedCatalogue(t.db);
    const { token, staff } = await seedStaff(t);
    const upload = await uploadFile(t.app, token, TINY_PDF, 'notes.pdf', 'application/pdf');
    const created = await readData(
      await send(t.app, 'staff/courses/course-02/lessons', { title: 'Seam allowances', kind: 'pdf', upload }, { token }),
      LessonSchema,
      201,
    );
    expect(created).toMatchObject({ title: 'Seam allowances', kind: 'pdf', position: 1, status: 'ready', renditions: [] });
    // The upload became the lesson: it cannot make a second one.
    const again = await send(t.app, 'staff/courses/course-02/lessons', { title: 'Again', kind: 'pdf', upload }, { token });
    expect(again.status).toBe(400);

    const path = `staff/courses/course-02/lessons/${created.id}`;
    expect(
      await readData(await send(t.app, path, { title: 'Seam allowances, again', position: 4 }, { token, method: 'PATCH' }), LessonSchema),
    ).toMatchObject({
      title: 'Seam allowances, again',
      position: 4,
    });
    expect(
      (await readData(await get(t.app, 'staff/courses/course-02/lessons', { token }), LessonsSchema)).lessons.map((l) => l.id),
    ).toEqual([created.id]);
    expect((await send(t.app, `${path}/retire`, undefined, { token })).status).toBe(200);
    expect((await readData(await get(t.app, 'staff/courses/course-02/lessons', { token }), LessonsSchema)).lessons).toEqual([]);
    expect((await send(t.app, `${path}/retire`, undefined, { token })).status).toBe(404);

    const entries = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `lesson:${created.id}`));
    expect(entries.map((entry) => [entry.action, entry.actorId])).toEqual([
      ['lesson.create', staff.id],
      ['lesson.update', staff.id],
      ['lesson.retire', staff.id],
    ]);
  });

  it('refuses a file that is not what it claims, with the reason, and keeps nothing of it', async () => {
    await seedCatalogue(t.db);
    const { token } = await seedStaff(t);
    const folders = async () => readdir(join(dataDir, 'lessons')).catch(() => []);
    const before = await folders();
    const text = new TextEncoder().encode('This is a text file, not a video.\n'.repeat(20));
    for (const [kind, reason] of [
      ['video', FILE_REFUSALS.notVideo],
      ['pdf', FILE_REFUSALS.notPdf],
    ] as const) {
      const upload = await uploadFile(
        t.app,
        token,
        text,
        kind === 'video' ? 'lesson.mp4' : 'notes.pdf',
        kind === 'video' ? 'video/mp4' : 'application/pdf',
      );
      const refused = await send(t.app, 'staff/courses/course-02/lessons', { title: 'Fake', kind, upload }, { token });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { message: string }).message).toBe(reason);
    }
    // Captions that are not WebVTT refuse the lesson too.
    const pdf = await uploadFile(t.app, token, TINY_PDF, 'notes.pdf', 'application/pdf');
    const captions_upload = await uploadFile(t.app, token, text, 'lesson.vtt', 'text/vtt');
    const badCaptions = await send(
      t.app,
      'staff/courses/course-02/lessons',
      { title: 'Fake', kind: 'pdf', upload: pdf, captions_upload },
      { token },
    );
    expect(((await badCaptions.json()) as { message: string }).message).toBe(FILE_REFUSALS.notCaptions);
    expect((await readData(await get(t.app, 'staff/courses/course-02/lessons', { token }), LessonsSchema)).lessons).toEqual([]);
    expect(await folders()).toEqual(before);
  });

  it('takes a real video as processing, with its transcoding job queued', async () => {
    await seedCatalogue(t.db);
    const { token } = await seedStaff(t);
    const upload = await uploadFile(t.app, token, await testVideo(dataDir, 2, 144), 'lesson.mp4', 'video/mp4');
    const lesson = await readData(
      await send(t.app, 'staff/courses/course-02/lessons', { title: 'Pinning', kind: 'video', upload }, { token }),
      LessonSchema,
      201,
    );
    expect(lesson.status).toBe('processing');
    expect(await t.db.select({ status: lessonJobs.status }).from(lessonJobs).where(eq(lessonJobs.lessonId, lesson.id))).toEqual([
      { status: 'queued' },
    ]);
  });

  it('refuses an unfinished upload, an unknown course and a student token', async () => {
    await seedCatalogue(t.db);
    const { token } = await seedStaff(t);
    const student = await signUpStudent(t);
    const half = await startUpload(t.app, token, TINY_PDF.length, 'notes.pdf', 'application/pdf');
    await sendBytes(t.app, token, half, 0, TINY_PDF.subarray(0, 10));
    const unfinished = await send(t.app, 'staff/courses/course-02/lessons', { title: 'Half', kind: 'pdf', upload: half }, { token });
    expect(unfinished.status).toBe(400);
    expect((await send(t.app, 'staff/courses/no-such-course/lessons', { title: 'X', kind: 'pdf', upload: half }, { token })).status).toBe(
      404,
    );
    expect(
      (await send(t.app, 'staff/courses/course-02/lessons', { title: 'X', kind: 'pdf', upload: half }, { token: student.token })).status,
    ).toBe(401);
    expect((await get(t.app, 'staff/courses/course-02/lessons', { token: student.token })).status).toBe(401);
  });
});

describe("an upload is its creator's; a lesson's course and place", () => {
  const positions = async (token: string) =>
    (await readData(await get(t.app, 'staff/courses/course-02/lessons', { token }), LessonsSchema)).lessons.map((l) => [
      l.title,
      l.position,
    ]);
  const addPdf = async (token: string, title: string, position?: number) => {
    const upload = await uploadFile(t.app, token, TINY_PDF, 'notes.pdf', 'application/pdf');
    const body = { title, kind: 'pdf', upload, ...(position === undefined ? {} : { position }) };
    return readData(await send(t.app, 'staff/courses/course-02/lessons', body, { token }), LessonSchema, 201);
  };

  it("answers another member's HEAD, PATCH, DELETE and lesson of an upload as if there were none; its creator goes on", async () => {
    await seedCatalogue(t.db);
    const owner = await seedStaff(t);
    const other = await seedStaff(t);
    const location = await startUpload(t.app, owner.token, TINY_PDF.length, 'notes.pdf', 'application/pdf');
    const head = await send(t.app, uploadPath(location), undefined, {
      method: 'HEAD',
      token: other.token,
      contentType: null,
      headers: TUS,
    });
    expect(head.status).toBe(404);
    expect((await sendBytes(t.app, other.token, location, 0, TINY_PDF)).status).toBe(404);
    const ended = await send(t.app, uploadPath(location), undefined, {
      method: 'DELETE',
      token: other.token,
      contentType: null,
      headers: TUS,
    });
    expect(ended.status).toBe(404);
    // The owner's upload is untouched: it finishes, and another member cannot make it a lesson.
    expect((await sendBytes(t.app, owner.token, location, 0, TINY_PDF)).headers.get('upload-offset')).toBe(String(TINY_PDF.length));
    const taken = await send(
      t.app,
      'staff/courses/course-02/lessons',
      { title: 'Theirs', kind: 'pdf', upload: location },
      { token: other.token },
    );
    expect(taken.status).toBe(400);
    expect(((await taken.json()) as { message: string }).message).toBe('No finished upload at that address (it may already be a lesson).');
    const mine = await send(
      t.app,
      'staff/courses/course-02/lessons',
      { title: 'Mine', kind: 'pdf', upload: location },
      { token: owner.token },
    );
    expect(mine.status).toBe(201);
  });

  it('refuses a lesson for a retired course (409) and an unknown one (404), and keeps the upload', async () => {
    await seedCatalogue(t.db);
    const { token } = await seedStaff(t);
    await t.db.update(courses).set({ retiredAt: t.clock.now() }).where(eq(courses.id, 'course-03'));
    const upload = await uploadFile(t.app, token, TINY_PDF, 'notes.pdf', 'application/pdf');
    const retired = await send(t.app, 'staff/courses/course-03/lessons', { title: 'Late', kind: 'pdf', upload }, { token });
    expect(retired.status).toBe(409);
    expect(((await retired.json()) as { message: string }).message).toBe('This course is retired: it takes no new lessons.');
    expect((await send(t.app, 'staff/courses/no-such-course/lessons', { title: 'Lost', kind: 'pdf', upload }, { token })).status).toBe(404);
    // The refused upload is still there, for a course that takes it.
    expect((await send(t.app, 'staff/courses/course-02/lessons', { title: 'Found', kind: 'pdf', upload }, { token })).status).toBe(201);
  });

  it('keeps positions distinct: adding or moving to a taken place moves the others along', async () => {
    await seedCatalogue(t.db);
    const { token } = await seedStaff(t);
    await addPdf(token, 'A');
    await addPdf(token, 'B');
    const c = await addPdf(token, 'C');
    await addPdf(token, 'D', 2);
    expect(await positions(token)).toEqual([
      ['A', 1],
      ['D', 2],
      ['B', 3],
      ['C', 4],
    ]);
    // C to the front, then A to the end.
    await send(t.app, `staff/courses/course-02/lessons/${c.id}`, { position: 1 }, { token, method: 'PATCH' });
    expect(await positions(token)).toEqual([
      ['C', 1],
      ['A', 2],
      ['D', 3],
      ['B', 4],
    ]);
    const a = (await readData(await get(t.app, 'staff/courses/course-02/lessons', { token }), LessonsSchema)).lessons[1]!;
    await send(t.app, `staff/courses/course-02/lessons/${a.id}`, { position: 4 }, { token, method: 'PATCH' });
    expect(await positions(token)).toEqual([
      ['C', 1],
      ['D', 2],
      ['B', 3],
      ['A', 4],
    ]);
  });

  it('gives two lessons added at once distinct places (holds on PostgreSQL)', async () => {
    await seedCatalogue(t.db);
    const { token } = await seedStaff(t);
    const uploads = await Promise.all(['X', 'Y', 'Z'].map(() => uploadFile(t.app, token, TINY_PDF, 'notes.pdf', 'application/pdf')));
    const added = await Promise.all(
      uploads.map((upload, i) => send(t.app, 'staff/courses/course-02/lessons', { title: `At once ${i}`, kind: 'pdf', upload }, { token })),
    );
    expect(added.map((answer) => answer.status)).toEqual([201, 201, 201]);
    expect((await positions(token)).map(([, position]) => position)).toEqual([1, 2, 3]);
    // Two moved to the same place at once end apart too.
    const [first, second] = (await readData(await get(t.app, 'staff/courses/course-02/lessons', { token }), LessonsSchema)).lessons;
    await Promise.all(
      [first!, second!].map((lesson) =>
        send(t.app, `staff/courses/course-02/lessons/${lesson.id}`, { position: 3 }, { token, method: 'PATCH' }),
      ),
    );
    expect(new Set((await positions(token)).map(([, position]) => position)).size).toBe(3);
  });
});
