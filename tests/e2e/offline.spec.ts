// Offline study (docs/product.md#offline-study) with the real service worker: a student saves a
// course on the phone, loses the connection, and the dashboard and the course page still open (as
// last synced); the saved video plays and seeks from the phone, the saved PDF opens, an unsaved one
// says it needs a connection; two ticks made offline show at once and reach the server once the
// connection is back. Saved materials belong to their student: logout asks, another student sees
// none. A new build's service worker is offered and takes over on reload.
import { serve } from '@hono/node-server';
import { once } from 'node:events';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { createSiteHandler } from '#server/site-server.ts';
import { loadStaticSite } from '#server/static-site.ts';
import { enrol, expect, signIn, test, verifiedStudent, waitForIslands, type Student, type StudentSession } from './fixtures.ts';

test.use({ serviceWorkers: 'allow' });

const COURSE = 'pattern-drafting-foundations';
/** The run's own server (playwright.config.ts). */
const RUN = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4399)}`;
const main = (page: Page) => page.getByRole('main');
/** A material's entry on the course page. */
const item = (page: Page, material: { title: string }) =>
  main(page)
    .getByRole('list', { name: 'Course materials' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: material.title, exact: true }) });

interface MaterialRow {
  id: string;
  title: string;
  kind: 'video' | 'pdf';
  completed: boolean;
  size: number | null;
  poster_size: number | null;
}

async function materialsOnServer(request: APIRequestContext, student: StudentSession) {
  const answer = await request.get(`/api/v1/user/student/courses/${COURSE}`, { headers: { authorization: `Bearer ${student.token}` } });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: { materials: MaterialRow[] } }).data.materials;
}

/** The dashboard, with the service worker registered and in control of the page. */
async function openDashboard(page: Page) {
  await page.goto('/dashboard');
  await waitForIslands(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
}

async function openCourse(page: Page) {
  await page.goto(`/dashboard/courses/${COURSE}`);
  await waitForIslands(page);
  await expect(main(page).getByRole('list', { name: 'Course materials' })).toBeVisible();
}

/** The saved files the browser keeps for a student, by their addresses. */
const savedAddresses = (page: Page) =>
  page.evaluate(async () => (await (await caches.open('saved-materials')).keys()).map((request) => new URL(request.url).pathname));

/** The keys the portal keeps in IndexedDB on this browser. */
const keptKeys = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('adire-offline');
        open.onerror = () => reject(open.error ?? new Error('IndexedDB did not open'));
        open.onsuccess = () => {
          const read = open.result.transaction('kv').objectStore('kv').getAllKeys();
          read.onsuccess = () => resolve(read.result.map(String));
        };
      }),
  );

/** Goes offline and opens the page again, as a student does on the bus. */
/** Presses 'Save course for offline' and waits until every material is saved (`count` of them, when known). */
async function saveCourse(page: Page, count?: number) {
  await main(page)
    .getByRole('button', { name: /^Save course for offline/ })
    .click();
  const done = count === undefined ? /^(\d) of \1 materials saved on this phone/ : `${count} of ${count} materials saved on this phone`;
  await expect(main(page).getByText(done)).toBeVisible();
}

async function reloadOffline(page: Page, context: BrowserContext) {
  await context.setOffline(true);
  await page.reload();
  await waitForIslands(page);
}

async function logOutKeeping(page: Page, choice: 'Keep them' | 'Remove them') {
  await page.goto('/auth/logout');
  await main(page).getByRole('button', { name: choice }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

test('save a course, study it offline, tick offline, and the ticks reach the server once back online', async ({
  page,
  context,
  student,
  request,
}) => {
  test.slow();
  await enrol(request, student);
  const materials = await materialsOnServer(request, student);
  const video = materials.find((m) => m.kind === 'video')!;
  const [pdf, unsavedPdf] = materials.filter((m) => m.kind === 'pdf') as [MaterialRow, MaterialRow];
  const total = materials.reduce((sum, m) => sum + (m.size ?? 0) + (m.poster_size ?? 0), 0);
  expect(total).toBeGreaterThan(100_000);

  await signIn(page, student);
  await openDashboard(page);
  await openCourse(page);
  // Sizes before saving: each material's, and the course's in all.
  await expect(main(page).getByRole('button', { name: `Save course for offline (${Math.round(total / 1000)} KB)` })).toBeVisible();
  await saveCourse(page, materials.length);
  await item(page, unsavedPdf)
    .getByRole('button', { name: /^Remove from phone/ })
    .click();
  await item(page, unsavedPdf).getByRole('button', { name: 'Yes, remove' }).click();
  await expect(main(page).getByText(`${materials.length - 1} of ${materials.length} materials saved on this phone`)).toBeVisible();
  expect((await savedAddresses(page)).filter((path) => path.includes(student.user.id))).toHaveLength(materials.length - 1 + 2);

  await context.setOffline(true);
  await page.reload();
  await waitForIslands(page);
  await expect(main(page).getByText(/^Offline, last synced \d\d:\d\d$/)).toBeVisible();
  await expect(main(page).getByText(`This PDF is not saved on this phone: it needs a connection.`)).toBeVisible();

  // The saved video plays from the phone, and seeks (byte ranges from the cache).
  await item(page, video)
    .getByRole('button', { name: /^Watch video/ })
    .click();
  const player = main(page).locator('video');
  await expect(player).toHaveAttribute('src', /^\/saved-files\//);
  await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
  await player.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    v.currentTime = Math.min(2, v.duration / 2);
  });
  await expect.poll(() => player.evaluate((v: HTMLVideoElement) => (v.seeking ? -1 : v.currentTime))).toBeGreaterThan(0.5);
  await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(2);

  // The saved PDF opens from the phone.
  const href = await item(page, pdf)
    .getByRole('link', { name: /^Open PDF/ })
    .getAttribute('href');
  const opened = await page.evaluate(async (address) => {
    const answer = await fetch(address!);
    return { status: answer.status, type: answer.headers.get('content-type'), head: (await answer.text()).slice(0, 5) };
  }, href);
  expect(opened).toEqual({ status: 200, type: 'application/pdf', head: '%PDF-' });

  // Two ticks offline: shown at once, queued.
  const [first, second] = materials;
  for (const material of [first!, second!])
    await item(page, material)
      .getByRole('checkbox', { name: /^Completed/ })
      .check();
  await expect(main(page).getByText('2 ticks are saved on this phone and will be sent when you are back online.')).toBeVisible();
  await expect(main(page).getByText('40% complete')).toBeVisible();
  // Still there after a reload, offline.
  await page.reload();
  await waitForIslands(page);
  await expect(main(page).getByText('40% complete')).toBeVisible();

  // The dashboard opens offline, as last synced.
  await page.goto('/dashboard');
  await waitForIslands(page);
  await expect(main(page).getByText(/^Offline, last synced \d\d:\d\d$/)).toBeVisible();
  await expect(main(page).getByRole('list', { name: 'My courses' }).getByRole('listitem')).toHaveCount(1);
  await expect(main(page).getByRole('region', { name: 'Saved on this phone' })).toContainText(`${materials.length - 1} materials`);
  // A public page never visited: the offline page, at the address asked for.
  await page.goto('/projects/world-bank');
  await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();

  await context.setOffline(false);
  await openCourse(page);
  await expect(main(page).getByText(/ticks? (is|are) saved on this phone/)).toHaveCount(0);
  await expect
    .poll(async () => (await materialsOnServer(request, student)).filter((m) => m.completed).map((m) => m.id))
    .toEqual([first!.id, second!.id]);
  await expect(main(page).getByText('40% complete')).toBeVisible();
  const queue = await page.evaluate(
    (id) =>
      new Promise<unknown>((resolve, reject) => {
        const open = indexedDB.open('adire-offline');
        open.onerror = () => reject(open.error ?? new Error('IndexedDB did not open'));
        open.onsuccess = () => {
          const read = open.result.transaction('kv').objectStore('kv').get(`ticks:${id}`);
          read.onsuccess = () => resolve(read.result);
        };
      }),
    student.user.id,
  );
  expect(queue).toEqual([]);
});

test("a student's saved materials are theirs: logout asks, another student on the phone sees none", async ({
  page,
  student,
  request,
  api,
  outbox,
}) => {
  test.slow();
  await enrol(request, student);
  await signIn(page, student);
  await openDashboard(page);
  await openCourse(page);
  await saveCourse(page);
  const mine = (await savedAddresses(page)).find((path) => path.includes(student.user.id))!;

  await logOutKeeping(page, 'Keep them');
  expect(await savedAddresses(page)).toContain(mine);
  // Kept, but not served to whoever has the phone now: from the first page after the logout.
  expect(await page.evaluate(async (address) => (await fetch(address)).status, mine)).toBe(404);

  // Another student signs in on the same browser.
  const other = await verifiedStudent(api, outbox, `second-${Date.now()}@example.com`);
  await enrol(request, other);
  await signInAgain(page, other);
  await openDashboard(page);
  await expect(main(page).getByRole('region', { name: 'Saved on this phone' })).toHaveCount(0);
  await openCourse(page);
  await expect(main(page).getByText(/materials saved on this phone/)).toHaveCount(0);
  await expect(main(page).getByText('Saved on this phone')).toHaveCount(0);
  expect(await page.evaluate(async (address) => (await fetch(address)).status, mine)).toBe(404);

  // Nothing saved: logout asks nothing. Then the first student again: kept for them; removed at logout.
  await page.goto('/auth/logout');
  await page.waitForURL((url) => url.pathname === '/');
  await signInAgain(page, student);
  await openCourse(page);
  await expect(main(page).getByText(/^(\d) of \1 materials saved on this phone/)).toBeVisible();
  expect(await page.evaluate(async (address) => (await fetch(address)).status, mine)).toBe(200);
  await logOutKeeping(page, 'Remove them');
  expect((await savedAddresses(page)).filter((path) => path.includes(student.user.id))).toEqual([]);
});

test('a course saved from its own page, the first page opened (as from the payment), opens offline with its scripts', async ({
  page,
  context,
  student,
  request,
}) => {
  test.slow();
  await enrol(request, student);
  await signIn(page, student);
  // Straight to the course page, as 'Go to course' after paying does: My courses never opened here.
  await openCourse(page);
  await saveCourse(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });

  await reloadOffline(page, context);
  await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toHaveCount(0);
  await expect(main(page).getByText(/^Offline, last synced \d\d:\d\d$/)).toBeVisible();
  await expect(main(page).getByText(/^(\d) of \1 materials saved on this phone/)).toBeVisible();
  // The page works offline (its island ran): a tick shows and is queued.
  const [first] = await materialsOnServer(request, student);
  await item(page, first!)
    .getByRole('checkbox', { name: /^Completed/ })
    .check();
  await expect(main(page).getByText('1 tick is saved on this phone and will be sent when you are back online.')).toBeVisible();
});

test('back online, the open course page sends its ticks, fetches the list again and says it is synced', async ({
  page,
  context,
  student,
  request,
}) => {
  test.slow();
  await enrol(request, student);
  const materials = await materialsOnServer(request, student);
  await signIn(page, student);
  await openDashboard(page);
  await openCourse(page);
  await reloadOffline(page, context);
  await expect(main(page).getByText(/^Offline, last synced \d\d:\d\d$/)).toBeVisible();
  const [first, second, third] = materials as [MaterialRow, MaterialRow, MaterialRow];
  for (const material of [first, second, third])
    await item(page, material)
      .getByRole('checkbox', { name: /^Completed/ })
      .check();
  await item(page, third)
    .getByRole('checkbox', { name: /^Completed/ })
    .uncheck();
  await expect(main(page).getByText('40% complete')).toBeVisible();

  // No reload: the page hears the connection come back.
  await context.setOffline(false);
  await expect(main(page).getByText(/^Back online, synced \d\d:\d\d$/)).toBeVisible({ timeout: 15_000 });
  await expect(main(page).getByText(/^Offline, last synced/)).toHaveCount(0);
  await expect(main(page).getByText(/ticks? (is|are) saved on this phone/)).toHaveCount(0);
  expect((await materialsOnServer(request, student)).filter((m) => m.completed).map((m) => m.id)).toEqual([first.id, second.id]);
  await expect(main(page).getByText('40% complete')).toBeVisible();
  // Online again, the page is the server's: an unsaved PDF opens from the network again.
  await expect(main(page).getByText(/it needs a connection/)).toHaveCount(0);
});

test('removing what is saved asks first; offline, the page says why Save is greyed out', async ({ page, context, student, request }) => {
  test.slow();
  await enrol(request, student);
  const materials = await materialsOnServer(request, student);
  const all = materials.length;
  await signIn(page, student);
  await openDashboard(page);
  await openCourse(page);
  await saveCourse(page, all);
  const mine = async () => (await savedAddresses(page)).filter((path) => path.includes(student.user.id)).length;
  const files = await mine();

  // One material: a question, Cancel keeps it (focus back on the button), Yes removes it.
  const last = item(page, materials.at(-1)!);
  await last.getByRole('button', { name: /^Remove from phone/ }).click();
  const question = last.getByRole('group', { name: /^Remove ‘.+’ from this phone\? Saving it again uses data\.$/ });
  await expect(question.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(last.getByRole('button', { name: /^Remove from phone/ })).toBeFocused();
  expect(await mine()).toBe(files);
  await last.getByRole('button', { name: /^Remove from phone/ }).click();
  await last.getByRole('button', { name: 'Yes, remove' }).click();
  await expect(main(page).getByText(`${all - 1} of ${all} materials saved on this phone`)).toBeVisible();

  // Offline, the course: the question says saving again needs a connection; a mis-tap removes nothing.
  await reloadOffline(page, context);
  const box = main(page).getByRole('region', { name: 'Study offline' });
  await box.getByRole('button', { name: 'Remove course from this phone' }).click();
  await expect(
    box.getByRole('group', { name: 'Remove this course from this phone? You are offline: saving it again needs a connection.' }),
  ).toBeVisible();
  await box.getByRole('button', { name: 'Cancel' }).click();
  await expect(box.getByText(`${all - 1} of ${all} materials saved on this phone`)).toBeVisible();
  const save = box.getByRole('button', { name: /^Save course for offline/ });
  await expect(save).toBeDisabled();
  await expect(save).toHaveAccessibleDescription('You are offline: saving needs a connection.');
  await expect(box.getByText('You are offline: saving needs a connection.')).toBeVisible();

  // My courses' Remove asks too.
  await page.goto('/dashboard');
  await waitForIslands(page);
  const savedList = main(page).getByRole('region', { name: 'Saved on this phone' });
  await savedList.getByRole('button', { name: /^Remove/ }).click();
  await expect(
    savedList.getByRole('group', { name: /from this phone\? You are offline: saving it again needs a connection\.$/ }),
  ).toBeVisible();
  await savedList.getByRole('button', { name: 'Cancel' }).click();
  expect(await mine()).toBe(files - 1);
  await savedList.getByRole('button', { name: /^Remove/ }).click();
  await savedList.getByRole('button', { name: 'Yes, remove' }).click();
  await expect(savedList).toHaveCount(0);
  expect(await mine()).toBe(0);
});

test('saving shows the progress over the whole course, never backwards; the ticks waiting count what changes', async ({
  page,
  context,
  student,
  request,
}) => {
  test.slow();
  await enrol(request, student);
  const materials = await materialsOnServer(request, student);
  const total = materials.reduce((sum, m) => sum + (m.size ?? 0) + (m.poster_size ?? 0), 0);
  await signIn(page, student);
  await openDashboard(page);
  await openCourse(page);
  // Every value and maximum the progress bar takes while the course is saved.
  await page.evaluate(() => {
    const seen: [number, number][] = [];
    (window as unknown as { seen: typeof seen }).seen = seen;
    const note = () => {
      const bar = document.querySelector<HTMLProgressElement>('progress[aria-label="Saving for offline"]');
      if (bar) seen.push([bar.value, bar.max]);
    };
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  await saveCourse(page, materials.length);
  const seen = await page.evaluate(() => (window as unknown as { seen: [number, number][] }).seen);
  expect(seen.length).toBeGreaterThan(1);
  // One total from the start (the course's), and bytes done that only grow.
  expect(new Set(seen.map(([, max]) => max))).toEqual(new Set([total]));
  for (let i = 1; i < seen.length; i++) expect(seen[i]![0]).toBeGreaterThanOrEqual(seen[i - 1]![0]);

  // Offline: two ticks, and a tick then an untick (back where it was): 2 are waiting, not 3.
  await reloadOffline(page, context);
  const [first, second, third] = materials as [MaterialRow, MaterialRow, MaterialRow];
  for (const material of [first, second, third])
    await item(page, material)
      .getByRole('checkbox', { name: /^Completed/ })
      .check();
  await expect(main(page).getByText('3 ticks are saved on this phone and will be sent when you are back online.')).toBeVisible();
  await item(page, third)
    .getByRole('checkbox', { name: /^Completed/ })
    .uncheck();
  await expect(main(page).getByText('2 ticks are saved on this phone and will be sent when you are back online.')).toBeVisible();
  await page.reload();
  await waitForIslands(page);
  await expect(main(page).getByText('2 ticks are saved on this phone and will be sent when you are back online.')).toBeVisible();
});

test('logging out with nothing saved leaves nothing of the student on the phone', async ({ page, student, request }) => {
  await enrol(request, student);
  await signIn(page, student);
  await openDashboard(page);
  await openCourse(page);
  const theirs = async () => (await keptKeys(page)).filter((key) => key.includes(student.user.id));
  expect(await theirs()).toEqual(expect.arrayContaining([`courses:${student.user.id}`, `materials:${student.user.id}:${COURSE}`]));
  await page.goto('/auth/logout');
  await page.waitForURL((url) => url.pathname === '/');
  expect(await theirs()).toEqual([]);
});

test('on a connection the browser says is metered, videos not saved do not preload, and the page says so', async ({
  page,
  student,
  request,
}) => {
  await enrol(request, student);
  await page.addInitScript(() =>
    Object.defineProperty(navigator, 'connection', { configurable: true, value: { saveData: true, effectiveType: '4g' } }),
  );
  await signIn(page, student);
  await openCourse(page);
  await expect(main(page).getByText('Data saver is on: videos load only when you press play.')).toBeVisible();
  const [video] = (await materialsOnServer(request, student)).filter((m) => m.kind === 'video');
  await item(page, video!)
    .getByRole('button', { name: /^Watch video/ })
    .click();
  await expect(main(page).locator('video')).toHaveAttribute('preload', 'none');
  // Sizes are shown before anything is saved.
  await expect(item(page, video!).getByText(/^\d+ KB$/)).toBeVisible();
});

test.describe('a new build', () => {
  // Its own origin for the pages, served from this process, so the test can put a new build in
  // place as a deploy does; the API calls go on to the run's server.
  const port = Number(process.env.E2E_PORT ?? 4399) + 190 + Number(process.env.TEST_PARALLEL_INDEX ?? 0);
  let pages: Server;
  let folder: string;
  let current: (request: Request) => Promise<Response>;
  const handlerFor = async (dist: string) => createSiteHandler({ fetch: (request) => proxyToRun(request) }, await loadStaticSite(dist));

  test.use({ baseURL: `http://127.0.0.1:${port}` });
  test.beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'adire-e2e-sw-'));
    current = await handlerFor('dist');
    pages = serve({ fetch: (request) => current(request), port, hostname: '127.0.0.1' }) as Server;
    await once(pages, 'listening');
  });
  test.afterAll(async () => {
    pages?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  test('its service worker is offered, and takes over on reload', async ({ page, student }) => {
    await signIn(page, student);
    await openDashboard(page);
    const before = await page.evaluate(async () => (await caches.keys()).find((name) => name.startsWith('shell-')));
    expect(before).toMatch(/^shell-[0-9a-f]{12}$/);

    // The deploy: the same build with a new version of the worker (as a change to any precached file makes).
    const next = join(folder, 'dist');
    await cp('dist', next, { recursive: true });
    const worker = await readFile(join(next, 'sw.js'), 'utf8');
    await writeFile(join(next, 'sw.js'), worker.replaceAll(before!.slice('shell-'.length), 'a1b2c3d4e5f6'));
    await rm(join(next, 'sw.js.br'), { force: true });
    await rm(join(next, 'sw.js.gz'), { force: true });
    current = await handlerFor(next);

    await page.reload();
    await waitForIslands(page);
    const prompt = page.getByRole('status').filter({ hasText: 'A new version of the site is ready.' });
    await expect(prompt).toBeVisible({ timeout: 20_000 });
    await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
    await expect
      .poll(() => page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('shell-'))))
      .toEqual(['shell-a1b2c3d4e5f6']);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Ada');
  });
});

/** An API call made on the test's own origin, answered by the run's server. */
async function proxyToRun(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
  const headers = new Headers(request.headers);
  headers.delete('host');
  const answer = await fetch(`${RUN}${url.pathname}${url.search}`, { method: request.method, headers, body });
  // fetch has decoded the body already.
  const back = new Headers(answer.headers);
  for (const name of ['content-encoding', 'content-length']) back.delete(name);
  return new Response(answer.body, { status: answer.status, headers: back });
}

/** Signs in through the login form, as on a phone someone else used before. */
async function signInAgain(page: Page, student: Student) {
  await page.goto('/auth/login');
  await waitForIslands(page);
  await main(page).getByLabel('Email').fill(student.email);
  await main(page).getByLabel('Password', { exact: true }).fill(student.password);
  await main(page).getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname !== '/auth/login');
}
