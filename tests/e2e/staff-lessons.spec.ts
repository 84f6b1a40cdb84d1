// The console's lessons page (issue 35): an admin adds a PDF and a video to a course (the video is
// transcoded by the server's worker and turns ready), renames, reorders by keyboard and retires; a
// text file named .mp4 is refused with the reason and nothing typed is lost; an upload cut off
// halfway (offline) goes on from where the server stopped, and so after Pause and Resume and after a
// reload. The page passes axe and fits 390 px.
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import type { Page, Request, TestInfo } from '@playwright/test';
import { expect, expectNoAxeViolations, test, waitForIslands } from './fixtures.ts';
import { expectNoHorizontalOverflow, invitedMember, signInStaff } from './staff-support.ts';

/**
 * Courses no other end-to-end test reads, three for each test here (its first attempt, a retry, a
 * repeat): the lessons one attempt adds are never another's, nor in a student test's materials.
 */
const COURSES = [
  ['advanced-garment-construction', 'Advanced Garment Construction and Finishing'],
  ['cad-digital-pattern-making', 'CAD and Digital Pattern Making'],
  ['diploma-in-fashion-design', 'Diploma in Fashion Design and Garment Making'],
  ['embroidery-and-beadwork'],
  ['fashion-business-and-pricing'],
  ['fashion-photography-for-sellers'],
  ['garment-construction-for-beginners'],
  ['menswear-tailoring'],
  ['millinery-hats-fascinators-and-gele'],
  ['selling-fashion-online'],
  ['styling-and-wardrobe-consulting'],
  ['sustainable-fashion-and-upcycling'],
] as const;
/** The course of test number `test` on this attempt: its id and (for the first three) its title. */
const courseFor = (test: number, info: TestInfo) => COURSES[test * 3 + Math.min(info.retry + info.repeatEachIndex, 2)]!;
const UPLOADS = '**/api/v1/staff/uploads/**';
const CHUNK = 8 * 1024 * 1024;
const PDF_START =
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';

/** A PDF of `bytes` (a small one, then a comment as long as asked): written to the test's folder. */
async function pdfFile(path: string, bytes = PDF_START.length) {
  const body = Buffer.alloc(bytes, 0x25);
  body.write(PDF_START, 0, 'latin1');
  await writeFile(path, body);
  return path;
}

/** A 2-second 320x240 video with a tone, made by ffmpeg into the test's folder. */
async function videoFile(path: string) {
  await promisify(execFile)('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=2:size=320x240:rate=15', '-f', 'lavfi', '-i', 'sine=duration=2'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', path],
  ]);
  return path;
}

/** Each test its own course: their lessons do not meet. */
async function openLessons(page: Page, course: string) {
  await page.goto(`/staff/courses/lessons?id=${course}`);
  await waitForIslands(page);
  await expect(page.getByRole('main').getByText('Loading…')).toHaveCount(0);
}

const addForm = (page: Page) => page.getByRole('form', { name: 'Add a lesson' });
const lessonItem = (page: Page, title: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });

/** The Upload-Offset of each PATCH the page sends, in order. */
function patchOffsets(page: Page): string[] {
  const offsets: string[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'PATCH' && request.url().includes('/staff/uploads/')) offsets.push(request.headers()['upload-offset'] ?? '');
  });
  return offsets;
}

test('an admin adds a PDF and a video, sees the video turn ready, renames, reorders and retires; a fake video is refused', async ({
  page,
  api,
}, testInfo) => {
  test.setTimeout(180_000);
  const admin = await invitedMember(api, `lessons-${testInfo.testId}@adireacademy.test`.toLowerCase(), 'admin');
  await signInStaff(page, admin);
  const pdf = await pdfFile(testInfo.outputPath('seam-allowances.pdf'));
  const video = await videoFile(testInfo.outputPath('pinning.mp4'));
  const fake = testInfo.outputPath('not-a-video.mp4');
  await writeFile(fake, 'This is a text file, not a video.\n'.repeat(50));

  // The course is reached from the console's navigation.
  const [course, title] = courseFor(0, testInfo);
  await page.goto('/staff');
  await page.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Courses' }).click();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`/staff/courses/lessons\\?id=${course}$`));
  await waitForIslands(page);
  await expect(page.getByText('No lessons yet.')).toBeVisible();

  const form = addForm(page);
  // Nothing chosen: each field says why, and nothing is sent.
  await form.getByRole('button', { name: 'Add lesson' }).click();
  await expect(form.getByText('Title is required')).toBeVisible();
  await expect(form.getByText('Choose the lesson file')).toBeVisible();
  await expect(form.getByLabel('Title')).toBeFocused();

  await form.getByLabel('Title').fill('Seam allowances');
  await form.getByLabel('PDF').check();
  await form.getByLabel('File', { exact: true }).setInputFiles(pdf);
  await form.getByRole('button', { name: 'Add lesson' }).click();
  await expect(lessonItem(page, '1. Seam allowances').getByText('ready', { exact: true })).toBeVisible();

  // The video's bytes are held a moment on the way, so its progress shows.
  await page.route(UPLOADS, async (route) => {
    if (route.request().method() === 'PATCH') await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await form.getByLabel('Title').fill('Pinning a dart');
  await form.getByLabel('Video').check();
  await form.getByLabel('File', { exact: true }).setInputFiles(video);
  await form.getByRole('button', { name: 'Add lesson' }).click();
  await expect(form.getByRole('progressbar', { name: 'Uploading pinning.mp4' })).toBeVisible();
  await expect(form.getByText(/^\d+% · [\d.]+ MB of [\d.]+ MB$/)).toBeVisible();
  await expectNoAxeViolations(page);
  const item = lessonItem(page, '2. Pinning a dart');
  await expect(item.getByText('processing', { exact: true })).toBeVisible();
  await page.unroute(UPLOADS);
  // The server's worker transcodes it; the page looks again by itself.
  await expect(item.getByText('ready', { exact: true })).toBeVisible({ timeout: 120_000 });
  await expect(item.getByText(/^240p \d+ KB/)).toBeVisible();
  await expect(item.getByText('0:02')).toBeVisible();

  // Renamed.
  await item.getByRole('button', { name: 'Rename Pinning a dart' }).click();
  await page.getByLabel('New title').fill('Pinning a dart, step by step');
  await page.getByRole('button', { name: 'Save title' }).click();
  const renamed = lessonItem(page, '2. Pinning a dart, step by step');
  await expect(renamed).toBeVisible();

  // Moved up by keyboard: it is first, and the focus stays on its buttons.
  await renamed.getByRole('button', { name: 'Move up Pinning a dart, step by step' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('list', { name: 'Lessons' }).getByRole('heading').first()).toHaveText('1. Pinning a dart, step by step');
  await expect(page.getByRole('button', { name: 'Move down Pinning a dart, step by step' })).toBeFocused();

  // A text file named .mp4 is refused with the reason; the title typed stays.
  await form.getByLabel('Title').fill('Not really a video');
  await form.getByLabel('Video').check();
  await form.getByLabel('File', { exact: true }).setInputFiles(fake);
  await form.getByRole('button', { name: 'Add lesson' }).click();
  await expect(form.getByRole('alert')).toHaveText('This file is not a video ffprobe can read.');
  await expect(form.getByLabel('Title')).toHaveValue('Not really a video');
  await expect(page.getByRole('list', { name: 'Lessons' }).getByRole('listitem')).toHaveCount(2);

  // Retired, after saying what it does.
  await lessonItem(page, 'Seam allowances').getByRole('button', { name: 'Retire Seam allowances' }).click();
  const dialog = page.getByRole('dialog', { name: 'Retire Seam allowances' });
  await expect(dialog.getByText('Students keep the progress they made on it.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Retire lesson' }).click();
  await expect(page.getByRole('list', { name: 'Lessons' }).getByRole('listitem')).toHaveCount(1);

  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalOverflow(page);
  await expectNoAxeViolations(page);
});

test("says a course is not for sale until it has a lesson, as the server answers for a course made in the editor; a seeded course's page does not", async ({
  page,
  api,
}, testInfo) => {
  const admin = await invitedMember(api, `for-sale-${testInfo.testId}@adireacademy.test`.toLowerCase(), 'admin');
  await signInStaff(page, admin);
  // Only read here: a seeded course (materials in the repository) is for sale.
  const [course] = COURSES[0];
  const notice = page.getByText('Not for sale until it has a lesson');
  const asked = page.waitForResponse(`**/api/v1/staff/courses/${course}/lessons`);
  await openLessons(page, course);
  expect(((await (await asked).json()) as { data: { for_sale: boolean } }).data.for_sale).toBe(true);
  await expect(notice).toHaveCount(0);
  // A course with no ready lesson yet, as the server answers for one (none is in the seeded catalogue).
  await page.route(`**/api/v1/staff/courses/${course}/lessons`, async (route) => {
    const answer = (await (await route.fetch()).json()) as { message: string; data: { for_sale: boolean } };
    await route.fulfill({ json: { ...answer, data: { ...answer.data, for_sale: false } } });
  });
  await openLessons(page, course);
  await expect(notice).toHaveText('Not for sale until it has a lesson: its page shows ‘Coming soon’ until the first lesson is ready.');
  await expectNoAxeViolations(page);
});

test("a lesson's file is replaced: a new PDF is served at once; a wrong file is refused with the reason, the lesson kept", async ({
  page,
  api,
}, testInfo) => {
  test.setTimeout(90_000);
  const admin = await invitedMember(api, `lessons-replace-${testInfo.testId}@adireacademy.test`.toLowerCase(), 'admin');
  await signInStaff(page, admin);
  const first = await pdfFile(testInfo.outputPath('darts.pdf'));
  const second = await pdfFile(testInfo.outputPath('darts-revised.pdf'), 4_000);
  const notPdf = testInfo.outputPath('darts-notes.pdf');
  await writeFile(notPdf, 'Plain notes, not a PDF.\n'.repeat(20));
  await openLessons(page, courseFor(1, testInfo)[0]);
  const form = addForm(page);
  await form.getByLabel('Title').fill('Darts and tucks');
  await form.getByLabel('PDF').check();
  await form.getByLabel('File', { exact: true }).setInputFiles(first);
  await form.getByRole('button', { name: 'Add lesson' }).click();
  const item = lessonItem(page, 'Darts and tucks');
  await expect(item.getByText('ready', { exact: true })).toBeVisible();

  await item.getByRole('button', { name: 'Replace file Darts and tucks' }).click();
  const replace = item.getByRole('form', { name: 'Replace the file of Darts and tucks' });
  await expect(item.getByText('Students get the new PDF as soon as it is sent.')).toBeVisible();
  await replace.getByRole('button', { name: 'Send the new file' }).click();
  await expect(replace.getByText('Choose a new file or new captions')).toBeVisible();
  await replace.getByLabel('New file').setInputFiles(notPdf);
  await replace.getByRole('button', { name: 'Send the new file' }).click();
  await expect(replace.getByRole('alert')).toHaveText('This file is not a PDF (it does not start as a PDF does).');
  await expect(item.getByText('ready', { exact: true })).toBeVisible();
  await replace.getByLabel('New file').setInputFiles(second);
  await replace.getByRole('button', { name: 'Send the new file' }).click();
  await expect(replace).toHaveCount(0);
  await expect(page.getByText('The lesson is updated.')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('an upload cut off halfway goes on from where the server stopped: offline and back, then Pause and Resume', async ({
  page,
  api,
  context,
}, testInfo) => {
  test.setTimeout(120_000);
  const admin = await invitedMember(api, `lessons-resume-${testInfo.testId}@adireacademy.test`.toLowerCase(), 'admin');
  await signInStaff(page, admin);
  // 20 MB: three requests of 8 MB at most.
  const big = await pdfFile(testInfo.outputPath('pattern-book.pdf'), 20 * 1024 * 1024);
  const offsets = patchOffsets(page);
  let patches = 0;
  let releaseThird: () => void = () => undefined;
  const thirdHeld = new Promise<void>((resolve) => (releaseThird = resolve));
  await page.route(UPLOADS, async (route) => {
    if (route.request().method() !== 'PATCH') return route.continue();
    patches += 1;
    // The second request: the network drops under it.
    if (patches === 2) {
      await context.setOffline(true);
      return route.abort('internetdisconnected');
    }
    // The fourth (the first after the drop but one): held until staff press Pause.
    if (patches === 4) await thirdHeld;
    return route.continue().catch(() => undefined);
  });
  await openLessons(page, courseFor(2, testInfo)[0]);
  const form = addForm(page);
  await form.getByLabel('Title').fill('The pattern book');
  await form.getByLabel('PDF').check();
  await form.getByLabel('File', { exact: true }).setInputFiles(big);
  await form.getByRole('button', { name: 'Add lesson' }).click();

  // 8 MB through the browser's interception takes a while on a busy machine.
  await expect(form.getByRole('status')).toHaveText(/The connection dropped/, { timeout: 30_000 });
  await expect(form.getByRole('button', { name: 'Resume' })).toBeVisible();
  await expect(form.getByText(/^\d+% · [\d.]+ MB of 21\.0 MB/)).toBeVisible();
  // Back online: it goes on by itself, from the bytes the server kept.
  await context.setOffline(false);
  await expect.poll(() => patches, { timeout: 30_000 }).toBe(4);
  // Paused while the next bytes are on their way, then resumed.
  await form.getByRole('button', { name: 'Pause' }).click();
  await expect(form.getByRole('status')).toHaveText(/Paused\./);
  releaseThird();
  await form.getByRole('button', { name: 'Resume' }).click();
  await expect(lessonItem(page, '1. The pattern book').getByText('ready', { exact: true })).toBeVisible({ timeout: 60_000 });
  expect(offsets[0]).toBe('0');
  // The first request after the drop starts where the server stopped, not at 0; so does the one after Resume.
  expect(offsets[2]).toBe(String(CHUNK));
  expect(Number(offsets.at(-1))).toBeGreaterThanOrEqual(CHUNK);
  expect(offsets.slice(2).every((offset) => Number(offset) >= CHUNK)).toBe(true);
});

test('an upload left by a reload goes on when the same file is chosen again', async ({ page, api }, testInfo) => {
  test.setTimeout(90_000);
  const admin = await invitedMember(api, `lessons-reload-${testInfo.testId}@adireacademy.test`.toLowerCase(), 'admin');
  await signInStaff(page, admin);
  const big = await pdfFile(testInfo.outputPath('lookbook.pdf'), 12 * 1024 * 1024);
  let patches = 0;
  let reloaded: () => void = () => undefined;
  const afterReload = new Promise<void>((resolve) => (reloaded = resolve));
  // The second request hangs until the page is reloaded under it; then it is dropped, none of its bytes sent.
  await page.route(UPLOADS, async (route) => {
    if (route.request().method() === 'PATCH' && ++patches === 2) {
      await afterReload;
      return route.abort().catch(() => undefined);
    }
    return route.continue().catch(() => undefined);
  });
  await openLessons(page, courseFor(3, testInfo)[0]);
  await addForm(page).getByLabel('Title').fill('Lookbook');
  await addForm(page).getByLabel('PDF').check();
  await addForm(page).getByLabel('File', { exact: true }).setInputFiles(big);
  await addForm(page).getByRole('button', { name: 'Add lesson' }).click();
  await expect.poll(() => patches, { timeout: 30_000 }).toBe(2);

  const offsets = patchOffsets(page);
  await openLessons(page, courseFor(3, testInfo)[0]);
  reloaded();
  const form = addForm(page);
  await form.getByLabel('Title').fill('Lookbook');
  await form.getByLabel('PDF').check();
  await form.getByLabel('File', { exact: true }).setInputFiles(big);
  await form.getByRole('button', { name: 'Add lesson' }).click();
  await expect(lessonItem(page, '1. Lookbook').getByText('ready', { exact: true })).toBeVisible({ timeout: 60_000 });
  // The reloaded page found the upload by the file's fingerprint and sent only the rest, from the 8 MB the server kept.
  expect(offsets).toEqual([String(CHUNK)]);
});

test('a long upload keeps the idle sign-out waiting; once it is over, 15 minutes without a touch sign out', async ({
  page,
  api,
}, testInfo) => {
  test.setTimeout(90_000);
  const admin = await invitedMember(api, `lessons-idle-${testInfo.testId}@adireacademy.test`.toLowerCase(), 'admin');
  await page.clock.install();
  await signInStaff(page, admin);
  const big = await pdfFile(testInfo.outputPath('archive.pdf'), 12 * 1024 * 1024);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let patches = 0;
  // The second request takes as long as the test says: an upload of hours, with no one at the keyboard.
  await page.route(UPLOADS, async (route) => {
    if (route.request().method() === 'PATCH' && ++patches === 2) await held;
    return route.continue().catch(() => undefined);
  });
  await openLessons(page, courseFor(3, testInfo)[0]);
  const form = addForm(page);
  await form.getByLabel('Title').fill('Archive');
  await form.getByLabel('PDF').check();
  await form.getByLabel('File', { exact: true }).setInputFiles(big);
  await form.getByRole('button', { name: 'Add lesson' }).click();
  await expect.poll(() => patches, { timeout: 30_000 }).toBe(2);
  await page.clock.fastForward('16:00');
  await expect(page).toHaveURL(/\/staff\/courses\/lessons/);
  release();
  await expect(lessonItem(page, 'Archive').getByText('ready', { exact: true })).toBeVisible({ timeout: 60_000 });
  await page.clock.fastForward('15:05');
  await expect(page).toHaveURL(/\/staff\/login\?why=idle/);
});
