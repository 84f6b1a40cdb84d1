// A course is offered for sale only once it has something to study (docs/product.md, 'Courses and
// payments as built'): a new course with no material from the repository and no ready lesson is
// refused at quote and checkout with the reason, and the staff console's lesson list says it is not
// for sale; its first ready lesson opens it. A seeded course (materials in the repository) stays on sale.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LessonSchema, LessonsSchema } from '#features/lessons/schemas.ts';
import { CourseScholarshipSchema } from '#lib/schemas/scholarships.ts';
import { readCatalogueFile } from '#server/catalogue/catalogue-file.ts';
import { createTranscodeWorker } from '#features/lessons/server/transcode-worker.ts';
import { seedCatalogue, testCatalogue } from './support/catalogue.ts';
import { signUpStudent } from './support/factories.ts';
import { testVideo, TINY_PDF, uploadFile } from './support/lessons.ts';
import { get, readData, send, useTestApp } from './support/test-app.ts';
import { seedStaff } from '../support/staff.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'afa-for-sale-'));
const t = useTestApp({ startAt: '2026-11-27T09:00:00Z', env: { DATA_DIR: dataDir } });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const COMING_SOON = 'This course is coming soon: enrolment opens once its first lesson is ready.';

/**
 * The catalogue with course-02 new, made in the editor: its file lists no materials, so the build's
 * catalogue file has an empty list for it (content.config.ts), read as the server reads it at start.
 */
async function seedWithNewCourse() {
  const catalogue = testCatalogue();
  catalogue.courses[1] = { ...catalogue.courses[1]!, materials: [] };
  const dist = join(dataDir, 'dist');
  mkdirSync(join(dist, '.server'), { recursive: true });
  writeFileSync(join(dist, '.server', 'catalogue.json'), JSON.stringify(catalogue));
  const built = await readCatalogueFile(dist);
  expect(built.catalogue.courses[1]!.materials).toEqual([]);
  await seedCatalogue(t.db, built.catalogue);
}

describe('a course is for sale once it has a lesson', () => {
  it('refuses quote and checkout for a course with nothing to study, with the reason; the first ready lesson opens it', async () => {
    await seedWithNewCourse();
    const staff = await seedStaff(t);
    const student = await signUpStudent(t);
    const list = async () => readData(await get(t.app, 'staff/courses/course-02/lessons', { token: staff.token }), LessonsSchema);
    const refusedWith = async (answer: Response) => {
      expect(answer.status).toBe(409);
      expect(((await answer.json()) as { message: string }).message).toBe(COMING_SOON);
    };
    const quote = () => get(t.app, 'user/courses/course-02/quote', { token: student.token });
    const checkout = () => send(t.app, 'user/courses/course-02/checkout', undefined, { token: student.token });

    const page = async () => readData(await get(t.app, 'user/courses/course-02/scholarship'), CourseScholarshipSchema);
    expect((await list()).for_sale).toBe(false);
    // The course page asks too (its Enrol Now says 'Coming soon').
    expect(await page()).toEqual({ scholarship: null, for_sale: false });
    await refusedWith(await quote());
    await refusedWith(await checkout());

    // A video still processing is not a lesson students can study yet.
    const video = await uploadFile(t.app, staff.token, await testVideo(dataDir, 2, 240), 'lesson.mp4', 'video/mp4');
    const added = await send(
      t.app,
      'staff/courses/course-02/lessons',
      { title: 'Pinning', kind: 'video', upload: video },
      { token: staff.token },
    );
    expect((await readData(added, LessonSchema, 201)).status).toBe('processing');
    expect((await list()).for_sale).toBe(false);
    await refusedWith(await checkout());

    // Transcoded, it is ready: the course is for sale.
    await createTranscodeWorker({ db: t.db, env: t.env, clock: t.clock.now, log: t.log }, { preset: 'ultrafast' }).runOnce();
    expect((await list()).for_sale).toBe(true);
    expect((await page()).for_sale).toBe(true);
    expect((await quote()).status).toBe(200);
    expect((await checkout()).status).toBe(201);
  });

  it('keeps a course with materials in the repository for sale, and takes a new course off sale again when its only lesson retires', async () => {
    await seedWithNewCourse();
    const staff = await seedStaff(t);
    const student = await signUpStudent(t);
    // A seeded course: materials in the repository, no lesson from the console.
    expect((await readData(await get(t.app, 'staff/courses/course-03/lessons', { token: staff.token }), LessonsSchema)).for_sale).toBe(
      true,
    );
    expect((await get(t.app, 'user/courses/course-03/quote', { token: student.token })).status).toBe(200);

    const upload = await uploadFile(t.app, staff.token, TINY_PDF, 'notes.pdf', 'application/pdf');
    const pdf = await readData(
      await send(t.app, 'staff/courses/course-02/lessons', { title: 'Notes', kind: 'pdf', upload }, { token: staff.token }),
      LessonSchema,
      201,
    );
    expect((await get(t.app, 'user/courses/course-02/quote', { token: student.token })).status).toBe(200);
    await send(t.app, `staff/courses/course-02/lessons/${pdf.id}/retire`, undefined, { token: staff.token });
    expect((await get(t.app, 'user/courses/course-02/quote', { token: student.token })).status).toBe(409);
  });
});
