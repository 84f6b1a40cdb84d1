// The API on its own origin (docs/deployment.md, 'The API on its own origin'), in Chromium. The site is built
// with an absolute PUBLIC_API_BASE into a folder of its own; its pages are served alone on one port,
// by the static server as a CDN would serve dist/, and the API by a server process on another port
// with CORS_ORIGINS, PUBLIC_SITE_URL and PUBLIC_API_URL. A student logs in on the pages' origin, pays
// on the test page and comes back, opens a course video, uploads a picture: every call goes to the
// API's origin with its bearer token, every page stays on the site's, and the console shows no CSP,
// CORS or blocked-response error.
import { serve } from '@hono/node-server';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { request as playwrightRequest, type Page } from '@playwright/test';
import { createSiteHandler } from '#server/site-server.ts';
import { loadStaticSite } from '#server/static-site.ts';
import { createApi, createOutbox, expect, test, verifiedStudent, waitForIslands, type Student } from './fixtures.ts';

// Other ports than the main end-to-end server's and the S3 spec's; the API's is part of the build.
const PORT = Number(process.env.E2E_PORT ?? 4399) + 170 + 2 * Number(process.env.TEST_PARALLEL_INDEX ?? 0);
const SITE = `http://127.0.0.1:${PORT}`;
const API = `http://127.0.0.1:${PORT + 1}`;
const COURSE = 'pattern-drafting-foundations';
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

let folder: string;
let api: ChildProcess;
let pages: Server;
/** Calls that reached the pages' origin under /api/: a relative API path left in the browser code. */
const strayCalls: string[] = [];

test.describe.configure({ mode: 'serial', timeout: 90_000 });
test.use({ baseURL: SITE });

test.beforeAll(async () => {
  // A build and a fresh embedded database, side by side: 30 to 45 s on a busy 2-core machine.
  test.setTimeout(180_000);
  folder = await mkdtemp(join(tmpdir(), 'adire-e2e-origin-'));
  // The API's server reads the catalogue of the run's own build (dist/, the same content); its pages
  // are not the ones visited.
  api = spawn(process.execPath, ['tests/e2e/serve.ts'], {
    env: {
      ...process.env,
      PORT: String(PORT + 1),
      HOST: '127.0.0.1',
      DATA_DIR: join(folder, 'data'),
      CORS_ORIGINS: SITE,
      PUBLIC_SITE_URL: SITE,
      PUBLIC_API_URL: API,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // The build steps that matter here (about 10 s): pages and scripts, then the servers' files set apart.
  const dist = join(folder, 'dist');
  const run = promisify(execFile);
  await run(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build', '--outDir', dist], {
    env: { ...process.env, PUBLIC_API_BASE: `${API}/api/v1/`, PUBLIC_SITE_URL: SITE },
  });
  await run(process.execPath, ['scripts/build/hide-server-data.ts', dist]);
  const site = createSiteHandler(
    {
      fetch: (request) => {
        strayCalls.push(request.url);
        return new Response(null, { status: 404 });
      },
    },
    await loadStaticSite(dist),
  );
  pages = serve({ fetch: site, port: PORT, hostname: '127.0.0.1' }) as Server;
  await once(pages, 'listening');
  await expect
    .poll(async () => (await fetch(`${API}/api/v1/health`).catch(() => null))?.status, { timeout: 90_000, intervals: [250] })
    .toBe(200);
});

test.afterAll(async () => {
  if (api && api.exitCode === null) {
    const exited = once(api, 'exit');
    api.kill('SIGTERM');
    await exited;
  }
  if (pages) await new Promise((resolve) => pages.close(resolve));
  if (folder) await rm(folder, { recursive: true, force: true });
});

/** A verified student of the API server, made through its API and its own outbox. */
async function studentOfApiServer(): Promise<Student> {
  const request = await playwrightRequest.newContext({ baseURL: API });
  try {
    return await verifiedStudent(createApi(request), createOutbox(join(folder, 'data', 'outbox')), `origin-${Date.now()}@example.com`);
  } finally {
    await request.dispose();
  }
}

/** What the console and the network report as refused: CSP, CORS, a blocked response, a failed request. */
function watchRefusals(page: Page): string[] {
  const refusals: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') refusals.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => refusals.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => {
    // A navigation away cancels what the page still had on its way: not a refusal.
    if (request.failure()?.errorText !== 'net::ERR_ABORTED') refusals.push(`failed: ${request.url()} ${request.failure()?.errorText}`);
  });
  return refusals;
}

const main = (page: Page) => page.getByRole('main');

test('pages on one origin use the API on another: log in, pay, watch, upload, with nothing refused', async ({ page }) => {
  const policy = (await page.request.get('/dashboard')).headers()['content-security-policy'] ?? '';
  expect(policy).toContain(`connect-src 'self' ${API};`);
  expect(policy).toContain(`img-src 'self' data: blob: ${API};`);
  expect(policy).toContain(`media-src 'self' blob: ${API};`);

  const student = await studentOfApiServer();
  const refusals = watchRefusals(page);
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(request.url());
  });

  // Log in on the pages' origin (a JSON POST), on to the checkout, whose bearer-token calls follow;
  // each call goes after a CORS preflight.
  const checkout = `/courses/${COURSE}/checkout`;
  await page.goto(`/auth/login?next=${encodeURIComponent(checkout)}`);
  await waitForIslands(page);
  await main(page).getByLabel('Email address').fill(student.email);
  await main(page).getByLabel('Password', { exact: true }).fill(student.password);
  await main(page).getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(SITE + checkout);
  await expect(page.locator('[data-avatar]')).toHaveText('AO');

  // The test payment page and the checkout it sends back to are pages: on the site's origin.
  await waitForIslands(page);
  await main(page).getByRole('button', { name: 'Make Payment' }).click();
  await page.waitForURL(`${SITE}/payments/test?reference=*`);
  await waitForIslands(page);
  await main(page).getByRole('button', { name: 'Pay', exact: true }).click();
  await page.waitForURL(`${SITE}${checkout}?reference=*`);
  await expect(main(page).getByText(/^Payment received\. You are enrolled in/)).toBeVisible();

  // The video and its poster come from the API's origin, into a page of the site's.
  await page.goto(`/dashboard/courses/${COURSE}`);
  await waitForIslands(page);
  const video = main(page).getByRole('listitem').filter({ hasText: 'Video' }).first();
  await video.getByRole('button', { name: /Watch video/ }).click();
  const player = video.locator('video');
  await expect(player).toHaveAttribute('src', new RegExp(`^${API}/api/v1/user/materials/`));
  await expect(player).toHaveAttribute('poster', new RegExp(`^${API}/api/v1/user/materials/`));
  await expect.poll(() => player.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 15_000 }).toBeGreaterThan(0);

  // The picture goes to the API's upload URL and shows in the header from the API's origin.
  await page.goto('/dashboard/settings');
  await waitForIslands(page);
  await expect(main(page).getByLabel('Email address')).not.toHaveValue('');
  const stored = page.waitForResponse(
    (response) => response.url().startsWith(`${API}/api/v1/uploads/`) && response.request().method() === 'PUT',
  );
  await main(page).getByLabel('Upload profile picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_1X1 });
  expect((await stored).status()).toBe(200);
  const headerImage = page.locator('[data-avatar] img');
  await expect(headerImage).toHaveAttribute('src', new RegExp(`^${API}/media/uploads/`));
  await expect.poll(() => headerImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);

  expect(refusals).toEqual([]);
  expect(strayCalls).toEqual([]);
  expect(apiCalls.length).toBeGreaterThan(5);
  expect(apiCalls.filter((url) => !url.startsWith(`${API}/api/`))).toEqual([]);
});
