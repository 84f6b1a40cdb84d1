// A video lesson on the slow phone (issue 35; the profile: 1.6 Mbit/s, 150 ms, CPU 4x, in
// ./slow-phone-support.ts): from the press on 'Watch video' to the first frame shown, for each
// rendition the player can start at (240p with Save-Data, 360p at 1.6 Mbit/s, 720p on a fast
// connection). The goal holds for 240p, what a phone on slow data starts at: under 2 s, measured
// first, so the player's own script loads on that press too (the course page does not carry it);
// 240p is timed again at the end with that script cached.
import type { Page } from '@playwright/test';
import { enrol, expect, signIn, test, waitForIslands } from './fixtures.ts';
import { connectionScript, lessonForStudent, readyVideoLesson } from './lesson-support.ts';
import { slowDown, writeReport } from './slow-phone-support.ts';

const COURSE = 'aso-oke-weaving';
const TITLE = 'Winding the warp, on a slow phone';
const FIRST_FRAME_GOAL_MS = 2000;

/** Times from the press to the first 'playing' and to the first frame presented (requestVideoFrameCallback), in ms. */
async function timeToFirstFrame(page: Page, title: string) {
  await page.evaluate(() => {
    const w = window as unknown as { pressedAt?: number; playingAt?: number; frameAt?: number };
    document.addEventListener('pointerdown', () => (w.pressedAt ??= performance.now()), { capture: true });
    document.addEventListener('playing', () => (w.playingAt ??= performance.now()), { capture: true });
    // A frame callback asked for at 'loadstart' alone was sometimes never called (this host's Chromium
    // 156, while the video played on): asked for again at 'loadeddata' and 'playing', the first call
    // wins. One asked for later can only make the time longer, never shorter.
    for (const type of ['loadstart', 'loadeddata', 'playing'])
      document.addEventListener(
        type,
        (event) => {
          const video = event.target as HTMLVideoElement;
          video.requestVideoFrameCallback(() => (w.frameAt ??= performance.now()));
        },
        { capture: true },
      );
  });
  await page.getByRole('button', { name: `Watch video: ${title}` }).click();
  await page.waitForFunction(() => (window as unknown as { frameAt?: number }).frameAt !== undefined, undefined, { timeout: 30_000 });
  return page.evaluate(() => {
    const w = window as unknown as { pressedAt: number; playingAt?: number; frameAt: number };
    return { firstFrameMs: Math.round(w.frameAt - w.pressedAt), playingMs: w.playingAt && Math.round(w.playingAt - w.pressedAt) };
  });
}

test('a video lesson starts on the slow phone: 240p shows its first frame within 2 s of the press; every rendition timed', async ({
  page,
  api,
  request,
  student,
}, testInfo) => {
  test.setTimeout(420_000);
  // A retry adds a lesson of its own beside the first attempt's: a title of its own too.
  const title = testInfo.retry ? `${TITLE} (retry ${testInfo.retry})` : TITLE;
  const id = await readyVideoLesson(api, request, testInfo.outputPath(), COURSE, title);
  await enrol(request, student, COURSE);
  const material = await lessonForStudent(request, student.token, COURSE, id);
  await signIn(page, student);
  const cpu = await slowDown(page);

  const connections = [
    { height: 240, connection: { saveData: true, effectiveType: '4g', downlink: 1.6 } },
    { height: 360, connection: { effectiveType: '4g', downlink: 1.6 } },
    { height: 720, connection: { effectiveType: '4g', downlink: 10 } },
    // Again, with the player's script in the browser's cache: what the first press paid for it.
    { height: 240, connection: { saveData: true, effectiveType: '4g', downlink: 1.6 } },
  ];
  const times: { height: number; bytes: number; playerCached: boolean; firstFrameMs: number; playingMs: number | undefined }[] = [];
  for (const { height, connection } of connections) {
    // The last init script's connection is the one the page sees.
    await page.addInitScript(connectionScript(connection));
    await page.goto(`/dashboard/courses/${COURSE}`);
    await waitForIslands(page);
    const timed = await timeToFirstFrame(page, title);
    await expect(page.getByRole('main').locator('video')).toHaveAttribute('src', new RegExp(`/renditions/${height}\\?`));
    const bytes = material.renditions.find((r) => r.height === height)!.size;
    const playerCached = times.length > 0;
    times.push({ height, bytes, playerCached, ...timed });
    console.log(
      `time to first frame, ${height}p (${bytes} bytes${playerCached ? ', player script cached' : ''}): ${timed.firstFrameMs} ms ('playing' at ${timed.playingMs} ms)`,
    );
  }
  await writeReport(testInfo, 'slow-phone-lesson.json', { cpuSlowdown: Number(cpu.rate.toFixed(2)), goalMs: FIRST_FRAME_GOAL_MS, times });
  expect(times[0]!.firstFrameMs).toBeLessThan(FIRST_FRAME_GOAL_MS);
});
