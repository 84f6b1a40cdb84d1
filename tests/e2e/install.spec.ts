// The portal installs as a web app (issue 20, 'Installable'): every page links the manifest, which
// names the college, opens on the dashboard standalone and has its icons at the sizes it says; iOS
// gets its title and touch icon; and Chromium itself finds nothing that stops an install.
import { expect, signIn, test } from './fixtures.ts';

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

test('the manifest names the college, opens the dashboard standalone, and its icons are what it says', async ({ request }) => {
  const answer = await request.get('/manifest.webmanifest');
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('application/manifest+json');
  const manifest = (await answer.json()) as Record<string, unknown> & {
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'Adire Fashion Academy',
    short_name: 'Adire Academy',
    start_url: '/dashboard',
    scope: '/',
    display: 'standalone',
    theme_color: '#1e1b4b',
  });
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  for (const icon of manifest.icons) {
    const image = await request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type']).toBe(icon.type);
    expect(pngSize(await image.body()), icon.src).toBe(icon.sizes);
  }
});

test('pages link the manifest and the iOS home-screen tags, and Chromium finds nothing that stops an install', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await expect(page.locator('meta[name="apple-mobile-web-app-title"]')).toHaveAttribute('content', 'Adire Academy');
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/icons/apple-touch-icon.png');
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#1e1b4b');
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  // A test browser's context is private, which alone stops an install; nothing else may (a manifest
  // Chromium cannot read, no suitable icon, a start URL outside the scope...).
  expect(installabilityErrors.filter((error) => error.errorId !== 'in-incognito')).toEqual([]);
});

test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('the dashboard installs: Chromium finds nothing in the way once its service worker controls it', async ({ page, student }) => {
    await signIn(page, student);
    await page.goto('/dashboard');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors.filter((error) => error.errorId !== 'in-incognito')).toEqual([]);
    const { url, errors } = await cdp.send('Page.getAppManifest');
    expect(new URL(url).pathname).toBe('/manifest.webmanifest');
    expect(errors).toEqual([]);
  });
});
