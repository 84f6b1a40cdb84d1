// The dashboard overview and a course's materials (docs/product.md#dashboard-routes): a student
// enrolled through the API sees the course at 0%, ticks a material, the progress changes at once
// and stays after a reload, and the overview then shows the new percentage and 'Continue where you
// left off' pointing at the next material; the video link answers byte ranges; another student is
// told they are not enrolled; anything else under /dashboard is the 404 page; axe at 320 and 1280 px.
import type { Page } from '@playwright/test';
import {
  codeIn,
  enrol,
  expect,
  expectNoAxeViolations,
  signIn,
  STUDENT_PASSWORD,
  test,
  waitForIslands,
  type Api,
  type Outbox,
  type Student,
  type StudentSession,
} from './fixtures.ts';

const COURSE = 'pattern-drafting-foundations';
const TITLE = 'Pattern Drafting Foundations';
const main = (page: Page) => page.getByRole('main');

/** Signs a student up through the API, as the `student` fixture does. */
async function signUp(api: Api, outbox: Outbox, email: string): Promise<Student> {
  const signup = await api.post('user/auth/student/signup', { first_name: 'Bola', last_name: 'Ade', email, password: STUDENT_PASSWORD });
  expect(signup.status, JSON.stringify(signup.body)).toBe(201);
  const otp = codeIn(await outbox.newestTo(email));
  const verified = await api.post<StudentSession>('user/auth/student/verify-account', { email, otp });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  return { ...verified.body.data!, email, password: STUDENT_PASSWORD };
}

const it = test.extend<{ enrolled: Student; other: Student }>({
  enrolled: async ({ student, request }, use) => {
    await enrol(request, student);
    await use(student);
  },
  other: async ({ api, outbox }, use, testInfo) => {
    const email = `other-${testInfo.testId}-${testInfo.repeatEachIndex}-${testInfo.retry}@example.com`.toLowerCase();
    await use(await signUp(api, outbox, email));
  },
});

async function openCourse(page: Page, hash = '') {
  await page.goto(`/dashboard/courses/${COURSE}${hash}`);
  await waitForIslands(page);
  await expect(main(page).getByRole('list', { name: 'Course materials' })).toBeVisible();
}

it('enrolled: 0% -> tick the first material -> the progress at once, kept after reload, and on the overview', async ({
  page,
  enrolled,
}) => {
  await signIn(page, enrolled);
  await page.goto('/dashboard');
  await waitForIslands(page);
  const card = main(page).getByRole('list', { name: 'My courses' }).getByRole('listitem').filter({ hasText: TITLE });
  await expect(card.getByText('0%', { exact: true })).toBeVisible();
  await expect(main(page).getByRole('heading', { name: 'Continue where you left off' })).toBeVisible();

  await card.getByRole('link', { name: TITLE }).click();
  await page.waitForURL(`**/dashboard/courses/${COURSE}`);
  await waitForIslands(page);
  const nav = main(page).getByRole('navigation', { name: 'Breadcrumb' });
  await expect(nav.getByRole('link', { name: 'My Courses' })).toHaveAttribute('href', '/dashboard');
  await expect(nav.getByText(TITLE)).toHaveAttribute('aria-current', 'page');

  const checkboxes = main(page).getByRole('checkbox');
  await expect(main(page).getByRole('list', { name: 'Course materials' })).toBeVisible();
  const count = await checkboxes.count();
  expect(count).toBeGreaterThan(1);
  const figure = main(page).locator('.course-progress-figure');
  await expect(figure).toHaveText('0% complete');
  await expect(main(page).locator('.course-progress')).toHaveAttribute('aria-live', 'polite');
  // Kind and length: mm:ss for videos, pages for PDFs.
  const items = main(page).getByRole('list', { name: 'Course materials' }).getByRole('listitem');
  await expect(items.filter({ hasText: 'Video' }).first().locator('.material-length')).toHaveText(/^\d{2,}:\d{2}$/);
  await expect(items.filter({ hasText: 'PDF' }).first().locator('.material-length')).toHaveText(/^\d+ pages?$/);

  const expected = `${Math.floor(100 / count)}% complete`;
  const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/materials/'));
  await checkboxes.first().check();
  await expect(figure).toHaveText(expected);
  expect((await saved).status()).toBe(200);

  await page.reload();
  await waitForIslands(page);
  await expect(checkboxes.first()).toBeChecked();
  await expect(checkboxes.nth(1)).not.toBeChecked();
  await expect(figure).toHaveText(expected);
  const secondId = ((await items.nth(1).getAttribute('id')) ?? '').replace(/^material-/, '');
  expect(secondId).not.toBe('');

  await page.goto('/dashboard');
  await waitForIslands(page);
  await expect(card.getByText(`${Math.floor(100 / count)}%`, { exact: true })).toBeVisible();
  const continueCard = main(page).getByRole('region', { name: 'Continue where you left off' });
  await expect(continueCard.locator('.continue-course')).toHaveText(TITLE);
  await expect(continueCard.getByRole('link', { name: /Continue/ })).toHaveAttribute(
    'href',
    `/dashboard/courses/${COURSE}#material-${secondId}`,
  );

  // The link selects that material and scrolls to it.
  await continueCard.getByRole('link', { name: /Continue/ }).click();
  await page.waitForURL(`**/dashboard/courses/${COURSE}#material-${secondId}`);
  await waitForIslands(page);
  await expect(main(page).locator(`#material-${secondId}`)).toHaveAttribute('aria-current', 'true');
  await expect(main(page).locator(`#material-${secondId}`)).toBeInViewport();
});

it('a tick that meets an ended session: login says why, with the address filled in, and the tick is saved once back in', async ({
  page,
  enrolled,
}) => {
  await signIn(page, enrolled);
  await openCourse(page);
  // The session ends on the server (a logout in another browser, or it expired).
  const ended = await page.request.post('/api/v1/user/auth/student/logout', { headers: { authorization: `Bearer ${enrolled.token}` } });
  expect(ended.status()).toBe(200);
  await main(page).getByRole('checkbox').first().click();
  await page.waitForURL(`**/auth/login?next=${encodeURIComponent(`/dashboard/courses/${COURSE}`)}`);
  await waitForIslands(page);
  await expect(main(page).getByRole('status').filter({ hasText: 'Your session has ended.' })).toHaveText(
    'Your session has ended. Log in again to carry on. What you were saving will be saved once you are back in.',
  );
  await expect(main(page).getByLabel('Email address')).toHaveValue(enrolled.email);
  await expect(main(page).getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type(enrolled.password);
  await page.keyboard.press('Enter');
  await page.waitForURL(`**/dashboard/courses/${COURSE}`);
  await waitForIslands(page);
  await expect(main(page).getByRole('checkbox').first()).toBeChecked();
  // Said once: the next visit to the login page is a plain one.
  await page.goto('/auth/logout');
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto('/auth/login');
  await waitForIslands(page);
  await expect(main(page).getByText('Your session has ended.')).toHaveCount(0);
});

it('the selected video plays from a link that answers byte ranges; PDFs open in a new tab', async ({ page, enrolled }) => {
  await signIn(page, enrolled);
  await openCourse(page);
  const video = main(page).getByRole('listitem').filter({ hasText: 'Video' }).first();
  await video.getByRole('button', { name: /Watch video/ }).click();
  const player = video.locator('video');
  await expect(player).toBeVisible();
  await expect(player).toHaveAttribute('controls', '');
  await expect(player).toHaveAttribute('preload', 'metadata');
  const src = await player.getAttribute('src');
  expect(src).toBeTruthy();
  const range = await page.request.get(src!, { headers: { range: 'bytes=0-99' } });
  expect(range.status()).toBe(206);
  expect(range.headers()['content-range']).toMatch(/^bytes 0-99\/\d+$/);
  expect((await range.body()).length).toBe(100);

  const pdf = main(page)
    .getByRole('link', { name: /Open PDF/ })
    .first();
  await expect(pdf).toHaveAttribute('target', '_blank');
  await expect(pdf).toHaveAttribute('rel', 'noopener');
});

it('Watch video starts the video at once, and before it plays it shows a poster (a frame of it), not a black box', async ({
  page,
  enrolled,
}) => {
  await signIn(page, enrolled);
  // Held back: the player shows its poster while the video is still on its way.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/v1\/user\/materials\/[^/]+\/[^/]+\?/, async (route) => {
    await held;
    await route.continue();
  });
  await openCourse(page);
  const item = main(page).getByRole('listitem').filter({ hasText: 'Video' }).first();
  await item.getByRole('button', { name: /Watch video/ }).click();
  const player = item.locator('video');
  await expect(player).toBeVisible();
  const poster = (await player.getAttribute('poster'))!;
  expect(poster).toMatch(/^https?:\/\/.+\/poster\?/);
  const image = await page.request.get(poster);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/webp');
  // The poster is drawn where the video will be: the player is not one colour all over.
  const shot = await player.screenshot();
  const { default: sharp } = await import('sharp');
  const stats = await sharp(shot).stats();
  expect(Math.max(...stats.channels.map((channel) => channel.stdev))).toBeGreaterThan(20);

  release();
  // The click was the gesture: it plays without a second click on the player.
  await expect
    .poll(() => player.evaluate((video: HTMLVideoElement) => !video.paused && video.currentTime > 0), { timeout: 15_000 })
    .toBe(true);
});

it('control names read "Completed: …", "Watch video: …", "Open PDF: …", with no space before the colon', async ({ page, enrolled }) => {
  await signIn(page, enrolled);
  await openCourse(page);
  const items = main(page).getByRole('list', { name: 'Course materials' }).getByRole('listitem');
  const video = items.filter({ hasText: 'Video' }).first();
  const pdf = items.filter({ hasText: 'PDF' }).first();
  const videoTitle = (await video.locator('.material-title').textContent())!;
  const pdfTitle = (await pdf.locator('.material-title').textContent())!;
  await expect(video.getByRole('checkbox', { name: `Completed: ${videoTitle}`, exact: true })).toHaveCount(1);
  await expect(video.getByRole('button', { name: `Watch video: ${videoTitle}`, exact: true })).toHaveCount(1);
  await expect(video.getByRole('button', { name: `Save for offline: ${videoTitle}`, exact: true })).toHaveCount(1);
  await expect(pdf.getByRole('link', { name: `Open PDF: ${pdfTitle} (opens in a new tab)`, exact: true })).toHaveCount(1);
  expect(await main(page).ariaSnapshot()).not.toContain(' :');
});

for (const motion of ['no-preference', 'reduce'] as const) {
  it(`on a phone, Watch video on a lower card brings the player into view (${motion} motion)`, async ({ page, enrolled }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ reducedMotion: motion });
    await signIn(page, enrolled);
    await openCourse(page);
    const item = main(page).getByRole('listitem').filter({ hasText: 'Video' }).last();
    const watch = item.getByRole('button', { name: /Watch video/ });
    // The button at the bottom edge of the screen, as a student scrolling down reaches it.
    await watch.evaluate((button) => window.scrollBy(0, button.getBoundingClientRect().bottom - innerHeight + 4));
    await expect(watch).toBeInViewport({ ratio: 1 });
    await watch.click();
    await expect(item.locator('video')).toBeInViewport({ ratio: 1 });
    await expect(watch).toBeInViewport();
    await page.screenshot({ path: test.info().outputPath(`watch-lower-card-${motion}.png`) });
  });
}

it('a failed save puts the tick back', async ({ page, enrolled }) => {
  await signIn(page, enrolled);
  await openCourse(page);
  await page.route('**/api/v1/user/student/courses/*/materials/*', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'Something went wrong, please try again!' }),
    }),
  );
  const box = main(page).getByRole('checkbox').first();
  await box.click();
  await expect(box).not.toBeChecked();
  await expect(main(page).locator('.course-progress-figure')).toHaveText('0% complete');
  await expect(page.getByRole('alert').filter({ hasText: 'Something went wrong, Please try again!' })).toBeVisible();
});

// The fresh link is often the very same text as the refused one (signed in the same second): the
// player must still try it again.
it('a video whose link fails (expired) reloads the list once, then plays from the fresh link', async ({ page, enrolled }) => {
  await signIn(page, enrolled);
  let lists = 0;
  page.on('request', (request) => {
    if (request.method() === 'GET' && request.url().endsWith(`/api/v1/user/student/courses/${COURSE}`)) lists += 1;
  });
  let refused = 0;
  // The video's own link, not its poster's (…/poster?…).
  await page.route(/\/api\/v1\/user\/materials\/[^/]+\/[^/]+\?/, async (route) => {
    if (refused++ === 0) return route.fulfill({ status: 403, contentType: 'application/json', body: '{"message":"expired"}' });
    return route.continue();
  });
  await openCourse(page);
  expect(lists).toBe(1);
  await main(page)
    .getByRole('button', { name: /Watch video/ })
    .first()
    .click();
  // The player's code loads when Watch video is pressed, then the refused link, then the list: on a
  // busy machine that is more than the default 5 s.
  await expect.poll(() => lists, { timeout: 15_000 }).toBe(2);
  await expect
    .poll(() => page.locator('video').evaluate((video: HTMLVideoElement) => video.readyState), { timeout: 15_000 })
    .toBeGreaterThan(0);
  expect(lists).toBe(2);
});

it("the course page loads neither valibot, saving's code nor 'Remove' with the page: each comes when a student needs it", async ({
  page,
  enrolled,
}) => {
  // What stays off the course page's load (docs/architecture.md, Budgets): the answers it reads are
  // taken as the server wrote them (lib/http.ts, `trusted`), saving for offline fetches its code with
  // the first press, and 'Remove' comes only for what is saved on this phone.
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const fetched = (name: string) => scripts.some((path) => new RegExp(`^/_astro/${name}\\.[\\w-]+\\.js$`).test(path));
  await signIn(page, enrolled);
  await openCourse(page);
  await expect(main(page).getByRole('button', { name: /^Save course for offline \(\d+ KB\)$/ })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(
    scripts.some((path) => path.startsWith('/_astro/CourseMaterials.')),
    'the island itself',
  ).toBe(true);
  expect({ valibot: fetched('valibot'), saving: fetched('save-course'), remove: fetched('ConfirmRemove') }).toEqual({
    valibot: false,
    saving: false,
    remove: false,
  });

  const pdf = main(page).getByRole('list', { name: 'Course materials' }).getByRole('listitem').filter({ hasText: 'PDF' }).first();
  await pdf.getByRole('button', { name: /^Save for offline: / }).click();
  await expect(pdf.getByText('Saved on this phone')).toBeVisible();
  await expect(pdf.getByRole('button', { name: /^Remove from phone: / })).toBeVisible();
  expect({ saving: fetched('save-course'), remove: fetched('ConfirmRemove') }).toEqual({ saving: true, remove: true });
  // Still as it was after a reload: the saved PDF says so, with its 'Remove', which asks first.
  await page.reload();
  await waitForIslands(page);
  await pdf.getByRole('button', { name: /^Remove from phone: / }).click();
  await expect(pdf.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await pdf.getByRole('button', { name: 'Yes, remove' }).click();
  await expect(pdf.getByText('Saved on this phone')).toHaveCount(0);
  await expect(pdf.getByRole('button', { name: /^Save for offline: / })).toBeVisible();
  expect(fetched('valibot'), 'valibot, at any point').toBe(false);
});

it('another student is told they are not enrolled, with the way to the checkout', async ({ page, enrolled, other }) => {
  expect(enrolled.email).not.toBe(other.email);
  await signIn(page, other);
  await page.goto(`/dashboard/courses/${COURSE}`);
  await waitForIslands(page);
  await expect(main(page).getByText('You are not enrolled in this course.')).toBeVisible();
  await expect(main(page).getByRole('link', { name: 'Enrol in this course' })).toHaveAttribute('href', `/courses/${COURSE}/checkout`);
  await expect(main(page).getByRole('checkbox')).toHaveCount(0);
  await expect(main(page).locator('video')).toHaveCount(0);
});

it('anything else under /dashboard, and an unknown course, is the 404 page', async ({ page, student }) => {
  await signIn(page, student);
  for (const path of ['/dashboard/no-such-page', '/dashboard/courses/no-such-course']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  }
});

it('the empty overview points to the catalogue', async ({ page, student }) => {
  await signIn(page, student);
  await page.goto('/dashboard');
  await waitForIslands(page);
  await expect(main(page).getByText('You have not enrolled in a course yet.')).toBeVisible();
  await expect(main(page).getByRole('link', { name: 'Explore courses' })).toHaveAttribute('href', '/courses');
});

for (const width of [320, 1280]) {
  it(`axe at ${width} px: the overview and the course page`, async ({ page, enrolled }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, enrolled);
    await page.goto('/dashboard');
    await waitForIslands(page);
    await expect(main(page).getByRole('list', { name: 'My courses' })).toBeVisible();
    await expectNoAxeViolations(page);
    await openCourse(page);
    await main(page)
      .getByRole('button', { name: /Watch video/ })
      .first()
      .click();
    await expect(main(page).locator('video')).toBeVisible();
    await expectNoAxeViolations(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
