// The profile picture with S3_BUCKET set (docs/product.md#settings-page), in Chromium: a second server
// of the same build runs against an S3 look-alike (s3rver, on another origin), so the browser PUTs
// the bytes straight to the bucket and shows the image from it. The pages' CSP must allow exactly
// that origin, and the bucket's CORS rules (which its operator sets) the site's origin.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request as playwrightRequest } from '@playwright/test';
import { startLocalBucket, S3RVER_KEYS, type LocalBucket } from '../s3rver.ts';
import { createApi, createOutbox, expect, signIn, test, verifiedStudent, waitForIslands, type Student } from './fixtures.ts';

const BUCKET = 'adire-avatars';
// Another port than the main end-to-end server's; each Playwright worker starts its own pair.
const PORT = Number(process.env.E2E_PORT ?? 4399) + 150 + Number(process.env.TEST_PARALLEL_INDEX ?? 0);
const SITE = `http://127.0.0.1:${PORT}`;
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const CORS = `<CORSConfiguration><CORSRule>
  <AllowedOrigin>${SITE}</AllowedOrigin><AllowedMethod>PUT</AllowedMethod><AllowedMethod>GET</AllowedMethod>
  <AllowedHeader>*</AllowedHeader><MaxAgeSeconds>600</MaxAgeSeconds>
</CORSRule></CORSConfiguration>`;

let bucket: LocalBucket;
let bucketOrigin: string;
let server: ChildProcess;
let dataDir: string;

test.describe.configure({ mode: 'serial', timeout: 120_000 });
test.use({ baseURL: SITE });

test.beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'adire-e2e-s3-'));
  bucket = await startLocalBucket(BUCKET, { cors: CORS });
  bucketOrigin = bucket.endpoint;

  server = spawn(process.execPath, ['tests/e2e/serve.ts'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: join(dataDir, 'server'),
      S3_ENDPOINT: bucketOrigin,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: S3RVER_KEYS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_KEYS.secretAccessKey,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // A fresh data folder means creating the embedded database first.
  await expect
    .poll(async () => (await fetch(`${SITE}/api/v1/health`).catch(() => null))?.status, { timeout: 90_000, intervals: [250] })
    .toBe(200);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await bucket?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** A verified student of the S3 server, made through its API and its own outbox. */
async function studentOfS3Server(): Promise<Student> {
  const request = await playwrightRequest.newContext({ baseURL: SITE });
  try {
    const outbox = createOutbox(join(dataDir, 'server', 'outbox'));
    return await verifiedStudent(createApi(request), outbox, `s3-student-${Date.now()}@example.com`);
  } finally {
    await request.dispose();
  }
}

test('pages allow the bucket, and a PNG goes straight to it and shows in the header from it', async ({ page }) => {
  const csp = (await page.request.get('/dashboard/settings')).headers()['content-security-policy'] ?? '';
  expect(csp).toContain(`connect-src 'self' ${bucketOrigin};`);
  expect(csp).toContain(`img-src 'self' data: blob: ${bucketOrigin};`);

  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await signIn(page, await studentOfS3Server());
  await page.goto('/dashboard/settings');
  await waitForIslands(page);
  const main = page.getByRole('main');
  await expect(main.getByLabel('Email address')).not.toHaveValue('');
  await main.getByLabel('Home address').fill('12 Adeola Odeku Street, Victoria Island');

  const stored = page.waitForResponse(
    (response) => response.url().startsWith(`${bucketOrigin}/${BUCKET}/`) && response.request().method() === 'PUT',
  );
  await main.getByLabel('Upload profile picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_1X1 });
  expect((await stored).status()).toBe(200);

  const headerImage = page.locator('[data-avatar] img');
  await expect(headerImage).toHaveAttribute('src', new RegExp(`^${bucketOrigin}/${BUCKET}/[A-Za-z0-9_-]+\\.png$`));
  // Shown, not blocked: the image has its one pixel.
  await expect.poll(() => headerImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  // One object in the bucket: the picture, moved to its file_key out of the upload URL's reach.
  const shown = new URL((await headerImage.getAttribute('src'))!).pathname.split('/').pop();
  expect(await bucket.objects()).toEqual([shown]);
  await page.goto('/dashboard');
  await expect(page.locator('[data-avatar] img')).toHaveAttribute('src', new RegExp(`^${bucketOrigin}/`));
  expect(violations).toEqual([]);
});
