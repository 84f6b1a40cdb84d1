import { expect, test } from './fixtures.ts';

test('page content animates in, and not for people who ask for reduced motion', async ({ page }) => {
  await page.goto('/about');
  await expect(page.locator('main')).toHaveCSS('animation-name', 'page-enter');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/about');
  expect(Number.parseFloat(await page.locator('main').evaluate((main) => getComputedStyle(main).animationDuration))).toBeLessThan(0.001);
});

test('every page has the promo banner, header, main content and footer, in that order', async ({ page }) => {
  for (const path of ['/', '/privacy', '/no-such-page']) {
    await page.goto(path);
    const order = await page
      .locator('body > *:not(script)')
      .evaluateAll((elements: Element[]) => elements.map((e) => e.getAttribute('aria-label') ?? e.tagName.toLowerCase()));
    expect(order.filter((name) => ['Promotion', 'header', 'main', 'footer'].includes(name))).toEqual([
      'Promotion',
      'header',
      'main',
      'footer',
    ]);
  }
});

test('static assets are compressed and hashed ones are cached for a year', async ({ page, request }) => {
  const scripts: string[] = [];
  page.on('response', (response) => response.request().resourceType() === 'script' && scripts.push(response.url()));
  await page.goto('/');
  expect(scripts.length).toBeGreaterThan(0);
  const asset = await request.get(new URL(scripts[0]!).pathname, { headers: { 'accept-encoding': 'br' } });
  expect(asset.headers()['content-encoding']).toBe('br');
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  const html = await request.get('/', { headers: { 'accept-encoding': 'gzip' } });
  expect(html.headers()['content-encoding']).toBe('gzip');
  expect(html.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
});
