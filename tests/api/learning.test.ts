// Course materials for enrolled students (docs/product.md#dashboard-routes; 'Enrolment and
// payment' in docs/product.md#endpoints): the course page with signed, expiring material
// links; the files behind them (whole, one byte range, HEAD); everything a link refuses (expired,
// altered, another student's, a retired material, no longer enrolled, a path that tries to leave the
// folder); a video's poster behind the same signature; ticking materials and the progress My courses shows.
import { mkdir, mkdtemp, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CourseMaterialsSchema } from '#features/learning/material-schemas.ts';
import { MyCoursesSchema, type Material } from '#features/learning/schemas.ts';
import { pathInside } from '#server/http/send-file.ts';
import { enrolments, serverSecrets } from '#server/db/schema.ts';
import { createUrlSigner } from '#server/files/signed-urls.ts';
import { seedCatalogue, testCatalogue } from './support/catalogue.ts';
import { enrolStudent, signUpStudent } from './support/factories.ts';
import { authHeader, buildTestApp, get, readData, readJson, send, useTestApp } from './support/test-app.ts';

// The test catalogue's files, written where MATERIALS_DIR points; a secret beside the folder that no
// link may ever reach.
const root = await mkdtemp(join(tmpdir(), 'afa-materials-'));
const materialsDir = join(root, 'materials');
const VIDEO = Uint8Array.from({ length: 100 }, (_, i) => i);
const PDF = new TextEncoder().encode('%PDF-1.4\n% Lesson 2 of course 2\n%%EOF\n');
const POSTER = Uint8Array.from({ length: 30 }, (_, i) => 255 - i);
const SECRET = 'top secret: not a material';
for (const course of ['course-02', 'course-03']) {
  await mkdir(join(materialsDir, course), { recursive: true });
  await writeFile(join(materialsDir, course, 'm1.mp4'), VIDEO);
  await writeFile(join(materialsDir, course, 'm1.poster.webp'), POSTER);
  await writeFile(join(materialsDir, course, 'm2.pdf'), PDF);
  await writeFile(join(materialsDir, course, 'm3.mp4'), VIDEO.slice(0, 50));
  await writeFile(join(materialsDir, course, 'm4.pdf'), PDF);
}
await writeFile(join(root, 'secret.txt'), SECRET);
await writeFile(join(materialsDir, 'secret.txt'), SECRET);

const START = new Date('2026-11-22T09:00:00.000Z');
const t = useTestApp({ env: { MATERIALS_DIR: materialsDir }, startAt: START });

const BAD_LINK = 'This link has expired or is not valid.';
const TWO_HOURS = 2 * 60 * 60_000;

type MaterialItem = Material;

const as = (token: string) => ({ headers: authHeader(token) });
const coursePage = (token: string, course = 'course-02') => get(t.app, `user/student/courses/${course}`, { token });
const tick = (token: string, material: string, completed: unknown, course = 'course-02') =>
  send(t.app, `user/student/courses/${course}/materials/${material}`, { completed }, { method: 'PUT', ...as(token) });
const myCourses = async (token: string) => readData(await get(t.app, 'user/student/courses', { token }), MyCoursesSchema);

/** A link as the browser opens it: no bearer token, only the signed query. */
const open = (url: string, init: RequestInit = {}) => t.app.request(url, init, { incoming: { socket: { remoteAddress: '192.0.2.10' } } });

const enrol = (token: string, course = 'course-02') => enrolStudent(t, token, course);

async function enrolledStudent(course = 'course-02') {
  const student = await signUpStudent(t);
  await enrol(student.token, course);
  return student;
}

async function materialsOf(token: string, course = 'course-02'): Promise<MaterialItem[]> {
  return (await readData(await coursePage(token, course), CourseMaterialsSchema)).materials;
}

const withParam = (url: string, name: string, value: string) => {
  const parsed = new URL(url, 'http://localhost');
  parsed.searchParams.set(name, value);
  return `${parsed.pathname}${parsed.search}`;
};

async function expectRefused(answer: Response) {
  expect(answer.status).toBe(403);
  expect(await readJson(answer)).toEqual({ message: BAD_LINK });
  expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
}

describe('the course page of an enrolled student', () => {
  it('lists the live materials in order, each with a link to its file, and is never stored by a cache', async () => {
    await seedCatalogue(t.db);
    const student = await enrolledStudent();
    const answer = await coursePage(student.token);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const { course, materials } = await readData(answer, CourseMaterialsSchema);
    expect(course).toEqual({ id: 'course-02', title: 'Course number 2', image_url: 'http://localhost/_astro/course-2.svg' });
    expect(materials.map(({ url: _url, poster_url: _poster, ...rest }) => rest)).toEqual([
      { id: 'm1', title: 'Lesson 1', kind: 'video', length: 10, size: VIDEO.length, poster_size: POSTER.length, completed: false },
      { id: 'm2', title: 'Lesson 2', kind: 'pdf', length: 10, size: PDF.length, poster_size: null, completed: false },
      // m3 has no poster on disk.
      { id: 'm3', title: 'Lesson 3', kind: 'video', length: 10, size: 50, poster_size: null, completed: false },
      { id: 'm4', title: 'Lesson 4', kind: 'pdf', length: 10, size: PDF.length, poster_size: null, completed: false },
    ]);
    const expires = Math.floor((START.getTime() + TWO_HOURS) / 1000);
    expect(materials[0]!.url).toMatch(
      new RegExp(
        `^http://localhost/api/v1/user/materials/course-02/m1\\?expires=${expires}&student=${student.id}&session=[0-9a-f-]{36}&sig=[0-9a-f]{64}$`,
      ),
    );
    // A video's poster is signed as the video is; a PDF has none.
    expect(materials[0]!.poster_url).toBe(materials[0]!.url.replace('/m1?', '/m1/poster?'));
    expect(materials.map((material) => material.poster_url === null)).toEqual([false, true, false, true]);
  });

  it("gives each file's size as the disk has it, and null for a file that is missing", async () => {
    const catalogue = testCatalogue();
    const course = catalogue.courses.find((entry) => entry.id === 'course-03')!;
    course.materials = [
      ...course.materials,
      { id: 'm5', title: 'Lesson 5', kind: 'pdf', file: 'missing.pdf', length: 3 },
      { id: 'm6', title: 'Lesson 6', kind: 'video', file: 'missing.mp4', length: 3 },
    ];
    await seedCatalogue(t.db, catalogue);
    const big = new Uint8Array(70_001).fill(7);
    await writeFile(join(materialsDir, 'course-03', 'm3.mp4'), big);
    try {
      const student = await enrolledStudent('course-03');
      const sizes = (await materialsOf(student.token, 'course-03')).map(({ id, size, poster_size }) => [id, size, poster_size]);
      const bytes = async (file: string) => (await stat(join(materialsDir, 'course-03', file))).size;
      expect(sizes).toEqual([
        ['m1', await bytes('m1.mp4'), await bytes('m1.poster.webp')],
        ['m2', await bytes('m2.pdf'), null],
        ['m3', 70_001, null],
        ['m4', await bytes('m4.pdf'), null],
        ['m5', null, null],
        ['m6', null, null],
      ]);
    } finally {
      await writeFile(join(materialsDir, 'course-03', 'm3.mp4'), VIDEO.slice(0, 50));
    }
  });

  it("serves a video's poster through its signed link, refused as the video is, and none for a PDF", async () => {
    await seedCatalogue(t.db);
    const student = await enrolledStudent();
    const [video, pdf, unposted] = await materialsOf(student.token);
    const poster = await open(video!.poster_url!);
    expect(poster.status).toBe(200);
    expect(poster.headers.get('content-type')).toBe('image/webp');
    expect(poster.headers.get('cache-control')).toBe('private, max-age=3600');
    expect(new Uint8Array(await poster.arrayBuffer())).toEqual(POSTER);

    const sig = new URL(video!.poster_url!, 'http://localhost').searchParams.get('sig')!;
    await expectRefused(
      await open(
        withParam(
          video!.poster_url!,
          'sig',
          sig.replace(/^./, (c) => (c === '0' ? '1' : '0')),
        ),
      ),
    );
    await expectRefused(await open(video!.poster_url!.replace('/m1/', '/m3/')));
    const stranger = await enrolledStudent();
    await expectRefused(await open(withParam(video!.poster_url!, 'student', stranger.id)));

    // A PDF's own signed link has no poster; a video whose poster file is missing says so.
    const none = await open(pdf!.url.replace('?', '/poster?'));
    expect(none.status).toBe(404);
    expect(await readJson(none)).toEqual({ message: 'This material is not available right now.' });
    expect((await open(unposted!.poster_url!)).status).toBe(404);
  });

  it('lets pages of the CORS_ORIGINS show the files; else only pages of its own origin', async () => {
    await seedCatalogue(t.db);
    const student = await enrolledStudent();
    const [video] = await materialsOf(student.token);
    const policy = 'cross-origin-resource-policy';
    expect((await open(video!.url)).headers.get(policy)).toBe('same-origin');
    const { app } = buildTestApp(t.db, {
      env: { MATERIALS_DIR: materialsDir, CORS_ORIGINS: 'https://adireacademy.ng' },
      clock: t.clock.now,
    });
    const elsewhere = async (url: string) => app.request(url, {}, { incoming: { socket: { remoteAddress: '192.0.2.10' } } });
    expect((await elsewhere(video!.url)).headers.get(policy)).toBe('cross-origin');
    expect((await elsewhere(video!.poster_url!)).headers.get(policy)).toBe('cross-origin');
  });

  it('serves the files: whole, one byte range (206), past the end (416) and HEAD, without a bearer token', async () => {
    await seedCatalogue(t.db);
    const student = await enrolledStudent();
    const [video, pdf] = await materialsOf(student.token);

    const whole = await open(video!.url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(whole.headers.get('content-disposition')).toBe('inline');
    expect(whole.headers.get('x-content-type-options')).toBe('nosniff');
    expect(whole.headers.get('cache-control')).toBe('private, max-age=3600');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('content-length')).toBe('100');
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(VIDEO);

    const part = await open(video!.url, { headers: { range: 'bytes=10-19' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 10-19/100');
    expect(part.headers.get('content-length')).toBe('10');
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(VIDEO.slice(10, 20));

    // What Safari asks first, and an open-ended range.
    const probe = await open(video!.url, { headers: { range: 'bytes=0-1' } });
    expect(probe.status).toBe(206);
    expect(new Uint8Array(await probe.arrayBuffer())).toEqual(VIDEO.slice(0, 2));
    const tail = await open(video!.url, { headers: { range: 'bytes=95-' } });
    expect(tail.headers.get('content-range')).toBe('bytes 95-99/100');
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(VIDEO.slice(95));

    const past = await open(video!.url, { headers: { range: 'bytes=100-200' } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe('bytes */100');

    const head = await open(video!.url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('100');
    expect(head.headers.get('content-type')).toBe('video/mp4');
    expect((await head.arrayBuffer()).byteLength).toBe(0);

    const document = await open(pdf!.url);
    expect(document.status).toBe(200);
    expect(document.headers.get('content-type')).toBe('application/pdf');
    expect(new Uint8Array(await document.arrayBuffer())).toEqual(PDF);
  });

  it('answers 404 for an unknown course and 401 without a session', async () => {
    await seedCatalogue(t.db);
    const student = await enrolledStudent();
    const unknown = await coursePage(student.token, 'no-such-course');
    expect(unknown.status).toBe(404);
    expect(await readJson(unknown)).toEqual({ message: 'Course not found' });
    expect((await send(t.app, 'user/student/courses/course-02', undefined, { method: 'GET' })).status).toBe(401);
    expect((await send(t.app, 'user/student/courses/course-02/materials/m1', { completed: true }, { method: 'PUT' })).status).toBe(401);
  });
});

describe('what a link refuses', () => {
  it("keeps a second student out of the first one's course, links and progress", async () => {
    await seedCatalogue(t.db);
    const first = await enrolledStudent();
    const second = await signUpStudent(t);
    const [m1] = await materialsOf(first.token);

    const page = await coursePage(second.token);
    expect(page.status).toBe(403);
    expect(await readJson(page)).toEqual({ message: 'You are not enrolled in this course.' });
    expect(JSON.stringify(await readJson(await coursePage(second.token)))).not.toContain('materials');
    await expectRefused(await open(withParam(m1!.url, 'student', second.id)));
    const ticked = await tick(second.token, 'm1', true);
    expect(ticked.status).toBe(403);
    expect(await readJson(ticked)).toEqual({ message: 'You are not enrolled in this course.' });

    // Enrolled in another course, the second student's own links do not open the first course.
    await enrol(second.token, 'course-03');
    const [own] = await materialsOf(second.token, 'course-03');
    expect((await open(own!.url)).status).toBe(200);
    await expectRefused(await open(own!.url.replace('/course-03/', '/course-02/')));
    expect((await coursePage(second.token)).status).toBe(403);
  });

  it('ends with the session that asked for it: at logout, and after 30 idle minutes', async () => {
    await seedCatalogue(t.db);
    const student = await enrolledStudent();
    const [m1] = await materialsOf(student.token);
    expect((await open(m1!.url)).status).toBe(200);
    expect((await send(t.app, 'user/auth/student/logout', undefined, { token: student.token })).status).toBe(200);
    await expectRefused(await open(m1!.url));

    const login = await send(t.app, 'user/auth/student/login', { email: student.email, password: student.password });
    const { token } = (await readJson(login)).data as { token: string };
    const [again] = await materialsOf(token);
    t.clock.advance(30 * 60_000 + 1000);
    await expectRefused(await open(again!.url));
  });

  it('expires after 2 hours', async () => {
    await seedCatalogue(t.db);
    const student = await enrolledStudent();
    const [m1] = await materialsOf(student.token);
    // The student keeps using the site (so the session lives), and the link still ends at 2 hours.
    for (let spent = 0; spent < TWO_HOURS - 20 * 60_000; spent += 20 * 60_000) {
      t.clock.advance(20 * 60_000);
      expect((await get(t.app, 'user/student/profile', { token: student.token })).status).toBe(200);
    }
    t.clock.advance(20 * 60_000 - 1000);
    expect((await open(m1!.url)).status).toBe(200);
    t.clock.advance(1000);
    await expectRefused(await open(m1!.url));
    // A fresh course page gives fresh links.
    const [fresh] = await materialsOf(student.token);
    expect((await open(fresh!.url)).status).toBe(200);
  });

  it('refuses an altered signature, expiry, material or student, and a link without its query', async () => {
    await seedCatalogue(t.db);
    const student = await enrolledStudent();
    const [m1] = await materialsOf(student.token);
    const sig = new URL(m1!.url, 'http://localhost').searchParams.get('sig')!;
    const flipped = sig.slice(0, -1) + (sig.endsWith('0') ? '1' : '0');
    await expectRefused(await open(withParam(m1!.url, 'sig', flipped)));
    await expectRefused(await open(withParam(m1!.url, 'sig', sig.toUpperCase() + 'ab')));
    await expectRefused(await open(withParam(m1!.url, 'sig', '')));
    await expectRefused(await open(withParam(m1!.url, 'expires', String(Math.floor(START.getTime() / 1000) + 10 * TWO_HOURS))));
    await expectRefused(await open(withParam(m1!.url, 'expires', 'soon')));
    await expectRefused(await open(withParam(m1!.url, 'student', 'not-a-student')));
    await expectRefused(await open(m1!.url.replace('/m1?', '/m3?')));
    await expectRefused(await open(m1!.url.split('?')[0]!));
  });

  it('never leaves the materials folder, even with a validly signed ../ or %2f in the material id', async () => {
    await seedCatalogue(t.db);
    const student = await enrolledStudent();
    const [m1] = await materialsOf(student.token);
    const query = new URL(m1!.url, 'http://localhost').search;
    const signer = createUrlSigner(t.db);
    const forged = async (courseId: string, materialId: string) => {
      const { expires, sig } = await signer.sign('course-material', [courseId, materialId, student.id], t.clock.now(), TWO_HOURS);
      return `?expires=${expires}&student=${student.id}&sig=${sig}`;
    };

    const attempts = [
      `/api/v1/user/materials/course-02/..%2fsecret.txt${await forged('course-02', '../secret.txt')}`,
      `/api/v1/user/materials/course-02/..%2F..%2Fsecret.txt${await forged('course-02', '../../secret.txt')}`,
      `/api/v1/user/materials/course-02/%2e%2e%2fsecret.txt${await forged('course-02', '../secret.txt')}`,
      `/api/v1/user/materials/..%2fcourse-02/m1${await forged('../course-02', 'm1')}`,
      `/api/v1/user/materials/course-02/m1.mp4${await forged('course-02', 'm1.mp4')}`,
      `/api/v1/user/materials/course-02/../secret.txt${query}`,
      `/api/v1/user/materials/course-02/..%2fsecret.txt${query}`,
      `/api/v1/user/materials/course-02/%2e%2e/%2e%2e/secret.txt${query}`,
    ];
    for (const url of attempts) {
      const answer = await open(url);
      expect([403, 404], url).toContain(answer.status);
      expect(answer.headers.get('content-type'), url).toMatch(/^application\/json/);
      expect(await answer.text(), url).not.toContain('secret');
    }

    // The path is made from the database's names, and refuses any that is not a plain file name.
    expect(pathInside(materialsDir, 'course-02', 'm1.mp4')).toBe(join(materialsDir, 'course-02', 'm1.mp4'));
    for (const [course, file] of [
      ['course-02', '../secret.txt'],
      ['..', 'secret.txt'],
      ['course-02', '/etc/passwd'],
      ['course-02', '.hidden'],
      ['course-02', 'a\\..\\b'],
      ['', 'm1.mp4'],
    ] as const)
      expect(pathInside(materialsDir, course, file), `${course}/${file}`).toBeNull();
  });

  it('refuses a link once the student is no longer enrolled', async () => {
    await seedCatalogue(t.db);
    const student = await enrolledStudent();
    const [m1] = await materialsOf(student.token);
    expect((await open(m1!.url)).status).toBe(200);
    // No route takes an enrolment back (staff would); the link must follow the database.
    await t.db.delete(enrolments).where(eq(enrolments.studentId, student.id));
    await expectRefused(await open(m1!.url));
    expect((await coursePage(student.token)).status).toBe(403);
  });
});

describe('progress', () => {
  it('ticks and unticks materials; the course page and My courses show it after a reload', async () => {
    await seedCatalogue(t.db);
    const student = await enrolledStudent();
    expect(await myCourses(student.token)).toMatchObject([
      { course_id: 'course-02', progress: 0, next_material_id: 'm1', last_activity_at: null },
    ]);

    const first = await tick(student.token, 'm1', true);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect((await readJson(first)).data).toEqual({ completed: true, progress: 25, changed_at: START.toISOString() });
    t.clock.advance(60_000);
    const minuteLater = new Date(START.getTime() + 60_000).toISOString();
    expect((await readJson(await tick(student.token, 'm2', true))).data).toEqual({
      completed: true,
      progress: 50,
      changed_at: minuteLater,
    });
    // Ticking again changes nothing.
    expect((await readJson(await tick(student.token, 'm2', true))).data).toEqual({
      completed: true,
      progress: 50,
      changed_at: minuteLater,
    });

    const reloaded = await materialsOf(student.token);
    expect(reloaded.map((material) => [material.id, material.completed])).toEqual([
      ['m1', true],
      ['m2', true],
      ['m3', false],
      ['m4', false],
    ]);
    expect(await myCourses(student.token)).toEqual([
      expect.objectContaining({
        course_id: 'course-02',
        progress: 50,
        next_material_id: 'm3',
        last_activity_at: new Date(START.getTime() + 60_000).toISOString(),
      }),
    ]);

    const unticked = { completed: false, progress: 25, changed_at: minuteLater };
    expect((await readJson(await tick(student.token, 'm1', false))).data).toEqual(unticked);
    expect((await readJson(await tick(student.token, 'm1', false))).data).toEqual(unticked);
    expect((await materialsOf(student.token)).map((material) => material.completed)).toEqual([false, true, false, false]);
    expect(await myCourses(student.token)).toMatchObject([{ progress: 25, next_material_id: 'm1' }]);

    for (const id of ['m1', 'm3', 'm4']) await tick(student.token, id, true);
    expect(await myCourses(student.token)).toMatchObject([{ progress: 100, next_material_id: null }]);
  });

  it('rounds down, so 100 means every material is done', async () => {
    await seedCatalogue(t.db);
    const catalogue = testCatalogue();
    const course = catalogue.courses.find((entry) => entry.id === 'course-02')!;
    course.materials = [
      ...course.materials,
      { id: 'm5', title: 'Lesson 5', kind: 'pdf', file: 'm4.pdf', length: 3 },
      { ...course.materials[0]!, id: 'm6' },
    ];
    await seedCatalogue(t.db, catalogue);
    const student = await enrolledStudent();
    expect((await readJson(await tick(student.token, 'm1', true))).data).toMatchObject({ completed: true, progress: 16 });
    for (const id of ['m2', 'm3', 'm4', 'm5']) await tick(student.token, id, true);
    expect(await myCourses(student.token)).toMatchObject([{ progress: 83, next_material_id: 'm6' }]);
  });

  it('refuses an unenrolled student, an unknown course or material, and a body that is not {completed: boolean}', async () => {
    await seedCatalogue(t.db);
    const outsider = await signUpStudent(t);
    const refused = await tick(outsider.token, 'm1', true);
    expect(refused.status).toBe(403);
    expect(await readJson(refused)).toEqual({ message: 'You are not enrolled in this course.' });

    const student = await enrolledStudent();
    expect((await tick(student.token, 'm1', true, 'no-such-course')).status).toBe(404);
    const unknown = await tick(student.token, 'm9', true);
    expect(unknown.status).toBe(404);
    expect(await readJson(unknown)).toEqual({ message: 'Material not found' });
    expect((await tick(student.token, 'm1', 'yes')).status).toBe(400);
    const extra = await send(
      t.app,
      'user/student/courses/course-02/materials/m1',
      { completed: true, at: 'now' },
      { method: 'PUT', ...as(student.token) },
    );
    expect(extra.status).toBe(400);
    expect((await send(t.app, 'user/student/courses/course-02/materials/m1', {}, { method: 'PUT', ...as(student.token) })).status).toBe(
      400,
    );
    expect(await myCourses(student.token)).toMatchObject([{ progress: 0 }]);
  });

  it('leaves a retired material out of the list, the progress total and its link', async () => {
    await seedCatalogue(t.db);
    const student = await enrolledStudent();
    const before = await materialsOf(student.token);
    await tick(student.token, 'm1', true);
    await tick(student.token, 'm4', true);
    expect(await myCourses(student.token)).toMatchObject([{ progress: 50 }]);

    const catalogue = testCatalogue();
    const course = catalogue.courses.find((entry) => entry.id === 'course-02')!;
    course.materials = course.materials.filter((material) => material.id !== 'm4');
    await seedCatalogue(t.db, catalogue);

    const after = await materialsOf(student.token);
    expect(after.map((material) => [material.id, material.completed])).toEqual([
      ['m1', true],
      ['m2', false],
      ['m3', false],
    ]);
    expect(await myCourses(student.token)).toMatchObject([{ progress: 33, next_material_id: 'm2' }]);
    await expectRefused(await open(before[3]!.url));
    expect((await tick(student.token, 'm4', false)).status).toBe(404);
  });
});

describe('the signing key', () => {
  it('is one random 32-byte key in the database, so every server sharing it accepts the same links', async () => {
    await seedCatalogue(t.db);
    const student = await enrolledStudent();
    const [m1] = await materialsOf(student.token);
    const keys = await t.db.select().from(serverSecrets);
    expect(keys).toHaveLength(1);
    expect(keys[0]!.value).toMatch(/^[0-9a-f]{64}$/);

    // A second server on the same database: same key, so the first one's link works there too.
    const other = buildTestApp(t.db, { env: { MATERIALS_DIR: materialsDir }, clock: t.clock.now });
    const answer = await other.app.request(m1!.url);
    expect(answer.status).toBe(200);
    expect(new Uint8Array(await answer.arrayBuffer())).toEqual(VIDEO);
    expect(await t.db.select().from(serverSecrets)).toEqual(keys);
  });
});
