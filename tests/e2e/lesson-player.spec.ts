// A video lesson added from the console, as an enrolled student plays it on the course page
// (docs/product.md#offline-study, docs/decisions/020-lessons-video.md): the player opens with the
// rendition the connection carries (240p with Save-Data or the page's Data saver), the student
// chooses another and it goes on from where it was, captions show, each rendition's size is on the
// page before anything is saved, and saving for offline keeps one rendition, which plays offline.
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { formatBytes } from '#lib/format.ts';
import { enrol, expect, expectNoAxeViolations, signIn, test, waitForIslands, type Api, type Student } from './fixtures.ts';
import {
  CAPTION_TEXT,
  connectionScript,
  courseMaterials,
  lessonForStudent,
  readyVideoLesson,
  type LessonMaterial,
} from './lesson-support.ts';
import { expectNoHorizontalOverflow } from './staff-support.ts';

const COURSE = 'aso-oke-weaving';
// Its own title in each run's worker: a worker started again after a failure makes another lesson.
const TITLE = `Laying the warp on the narrow loom ${Math.random().toString(36).slice(2, 6)}`;
const SHOTS = '/tmp/lessons-player-shots';
const main = (page: Page) => page.getByRole('main');
const card = (page: Page, title: string) =>
  main(page)
    .getByRole('list', { name: 'Course materials' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });
const player = (page: Page) => main(page).getByRole('listitem').locator('video');

// One lesson for the file's tests, made by the first (transcoding takes a while on a busy machine).
let made: Promise<string> | undefined;
const lesson = (api: Api, request: APIRequestContext, testInfo: TestInfo) =>
  (made ??= readyVideoLesson(api, request, testInfo.outputPath(), COURSE, TITLE));

/** An enrolled student on the course page, with the connection the browser reports (null: no Network Information API). */
async function openCourseAs(
  page: Page,
  request: APIRequestContext,
  student: Student,
  id: string,
  connection: Parameters<typeof connectionScript>[0],
): Promise<LessonMaterial> {
  await enrol(request, student, COURSE);
  const material = await lessonForStudent(request, student.token, COURSE, id);
  await page.addInitScript(connectionScript(connection));
  await signIn(page, student);
  await page.goto(`/dashboard/courses/${COURSE}`);
  await waitForIslands(page);
  await expect(card(page, TITLE)).toBeVisible();
  return material;
}

/** Presses 'Watch video' and waits until the video has played past `seconds`. */
async function watch(page: Page, seconds = 1) {
  await card(page, TITLE)
    .getByRole('button', { name: `Watch video: ${TITLE}` })
    .click();
  await expect(player(page)).toBeVisible();
  await expect.poll(() => player(page).evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(seconds);
}

const renditionRequests = (page: Page) => {
  const seen: string[] = [];
  page.on('request', (request) => {
    const height = /\/renditions\/(\d+)/.exec(request.url())?.[1];
    if (height) seen.push(height);
  });
  return seen;
};

test.describe.configure({ mode: 'default' });

test('an enrolled student plays a lesson at the rendition the connection carries, switches quality keeping the time, with captions', async ({
  page,
  api,
  request,
  student,
}, testInfo) => {
  test.setTimeout(300_000);
  const id = await lesson(api, request, testInfo);
  // 1.6 Mbit/s, as the slow-phone profile: 360p.
  const requested = renditionRequests(page);
  await page.setViewportSize({ width: 1366, height: 900 });
  const material = await openCourseAs(page, request, student, id, { effectiveType: '4g', downlink: 1.6 });
  expect(material.renditions.map((r) => r.height)).toEqual([240, 360, 720]);

  // Each rendition's size, before anything is played or saved; nothing of the video loaded yet.
  const sizes = card(page, TITLE).getByText(/Sizes:/);
  for (const r of material.renditions) await expect(sizes).toContainText(`${r.height}p ${formatBytes(r.size)}`);
  expect(requested).toEqual([]);

  await watch(page);
  const video = player(page);
  await expect(video).toHaveAttribute('src', /\/renditions\/360\?/);
  await expect(video).toHaveAccessibleName(`Video: ${TITLE}`);
  // The captions' track, loaded and shown.
  expect(material.captions_url).toContain(`/${id}/captions?`);
  await expect(video.locator('track[kind="captions"]')).toHaveAttribute('src', new RegExp(`/${id}/captions\\?`));
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => [v.textTracks[0]?.mode, (v.textTracks[0]?.cues?.[0] as VTTCue | undefined)?.text]))
    .toEqual(['showing', CAPTION_TEXT]);

  // Another quality: the new rendition goes on from where the first one was, playing.
  const quality = card(page, TITLE).getByRole('combobox', { name: 'Quality' });
  await expect(quality.getByRole('option')).toHaveText(material.renditions.map((r) => `${r.height}p (${formatBytes(r.size)})`));
  const before = await video.evaluate((v: HTMLVideoElement) => {
    const w = window as unknown as { lowestAfterSwitch: number };
    w.lowestAfterSwitch = Infinity;
    v.addEventListener('timeupdate', () => {
      if (v.currentSrc.includes('/renditions/720')) w.lowestAfterSwitch = Math.min(w.lowestAfterSwitch, v.currentTime);
    });
    return v.currentTime;
  });
  await quality.selectOption('720');
  await expect(video).toHaveAttribute('src', /\/renditions\/720\?/);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(before + 0.5);
  expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
  // Never back at the start: the lowest time the new rendition played from is where the old one was.
  expect(await page.evaluate(() => (window as unknown as { lowestAfterSwitch: number }).lowestAfterSwitch)).toBeGreaterThanOrEqual(
    before - 0.1,
  );
  expect(requested.filter((height) => height === '240')).toEqual([]);

  await expectNoAxeViolations(page);
  await card(page, TITLE).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/course-1366.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalOverflow(page);
  await expectNoAxeViolations(page);
  await card(page, TITLE).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/course-390.png`, fullPage: true });
  await card(page, TITLE).screenshot({ path: `${SHOTS}/lesson-390.png` });
});

test('with Save-Data the lesson starts at 240p and loads nothing before play; the page’s own Data saver does the same', async ({
  page,
  api,
  request,
  student,
}, testInfo) => {
  test.setTimeout(300_000);
  const id = await lesson(api, request, testInfo);
  const requested = renditionRequests(page);
  await openCourseAs(page, request, student, id, { saveData: true, effectiveType: '4g', downlink: 10 });
  await expect(main(page).getByText('Data saver is on: videos load only when you press play.')).toBeVisible();
  // Saving for offline keeps 240p too.
  await expect(main(page).getByRole('combobox', { name: 'Quality for offline saving' })).toHaveValue('240');
  await expect(card(page, TITLE)).toContainText('Saving for offline keeps 240p.');
  await card(page, TITLE)
    .getByRole('button', { name: `Watch video: ${TITLE}` })
    .click();
  await expect(player(page)).toHaveAttribute('src', /\/renditions\/240\?/);
  await expect(player(page)).toHaveAttribute('preload', 'none');
  await expect.poll(() => player(page).evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.5);
  expect(new Set(requested)).toEqual(new Set(['240']));

  // No Save-Data, a fast connection: 720p, unless the student turns the page's Data saver on.
  await page.addInitScript(connectionScript({ effectiveType: '4g', downlink: 10 }));
  await page.reload();
  await waitForIslands(page);
  await card(page, TITLE)
    .getByRole('button', { name: `Watch video: ${TITLE}` })
    .click();
  await expect(player(page)).toHaveAttribute('src', /\/renditions\/720\?/);
  await main(page).getByRole('checkbox', { name: 'Data saver' }).check();
  await page.reload();
  await waitForIslands(page);
  await expect(main(page).getByRole('checkbox', { name: 'Data saver' })).toBeChecked();
  await expect(main(page).getByText('Data saver is on: videos load only when you press play.')).toBeVisible();
  await card(page, TITLE)
    .getByRole('button', { name: `Watch video: ${TITLE}` })
    .click();
  await expect(player(page)).toHaveAttribute('src', /\/renditions\/240\?/);
});

test.describe('saved for offline', () => {
  test.use({ serviceWorkers: 'allow' });

  test('saving a lesson keeps one rendition (360p by default), its size shown first, and it plays offline', async ({
    page,
    context,
    api,
    request,
    student,
  }, testInfo) => {
    test.setTimeout(300_000);
    const id = await lesson(api, request, testInfo);
    const requested = renditionRequests(page);
    await enrol(request, student, COURSE);
    const material = await lessonForStudent(request, student.token, COURSE, id);
    await page.addInitScript(connectionScript(null));
    await signIn(page, student);
    // The dashboard registers the service worker; the course page then opens under it.
    await page.goto('/dashboard');
    await waitForIslands(page);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    await page.goto(`/dashboard/courses/${COURSE}`);
    await waitForIslands(page);

    // The setting, with what each quality takes, before saving.
    const setting = main(page).getByRole('combobox', { name: 'Quality for offline saving' });
    await expect(setting).toHaveValue('360');
    // Over the course's video lessons (other tests' too), each at that quality.
    const lessons = (await courseMaterials(request, student.token, COURSE)).filter((m) => m.renditions?.length);
    const at = (height: number) => lessons.reduce((sum, m) => sum + m.renditions.find((r) => r.height === height)!.size, 0);
    await expect(setting.getByRole('option')).toHaveText([240, 360, 720].map((height) => `${height}p (${formatBytes(at(height))})`));
    const r360 = material.renditions.find((r) => r.height === 360)!;
    await expect(card(page, TITLE)).toContainText('Saving for offline keeps 360p.');
    await expect(card(page, TITLE)).toContainText(`Video · 00:12 · ${formatBytes(r360.size + (material.poster_size ?? 0))}`);

    await card(page, TITLE)
      .getByRole('button', { name: `Save for offline: ${TITLE}` })
      .click();
    await expect(card(page, TITLE).getByText('Saved on this phone')).toBeVisible({ timeout: 30_000 });
    expect(new Set(requested)).toEqual(new Set(['360']));
    // In Cache Storage: the lesson's one file (the 360p rendition, whole) and its poster, nothing else.
    const kept = await page.evaluate(async (lessonId) => {
      const cache = await caches.open('saved-materials');
      const found = [];
      for (const request of await cache.keys()) {
        if (!request.url.includes(lessonId)) continue;
        const answer = (await cache.match(request))!;
        found.push({
          path: new URL(request.url).pathname,
          bytes: (await answer.blob()).size,
        });
      }
      return found;
    }, id);
    expect(kept.map((file) => file.path.split('/').slice(3))).toEqual([
      [COURSE, id],
      [COURSE, id, 'poster'],
    ]);
    expect(kept[0]!.bytes).toBe(r360.size);

    // Offline: the page opens from the phone and the saved copy plays.
    await context.setOffline(true);
    await page.reload();
    await waitForIslands(page);
    await expect(main(page).getByText(/^Offline, last synced/)).toBeVisible();
    await card(page, TITLE)
      .getByRole('button', { name: `Watch video: ${TITLE}` })
      .click();
    await expect(player(page)).toHaveAttribute('src', /^\/saved-files\//);
    await expect(card(page, TITLE).getByText('Playing the 360p copy saved on this phone.')).toBeVisible();
    await player(page).evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      void v.play();
    });
    await expect.poll(() => player(page).evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(1);
    await context.setOffline(false);
  });
});
