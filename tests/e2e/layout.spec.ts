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
  // The page script starts after the first paint (scripts/build/defer-page-script.ts), after `load`.
  await expect.poll(() => scripts.length).toBeGreaterThan(0);
  const asset = await request.get(new URL(scripts[0]!).pathname, { headers: { 'accept-encoding': 'br' } });
  expect(asset.headers()['content-encoding']).toBe('br');
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  const html = await request.get('/', { headers: { 'accept-encoding': 'gzip' } });
  expect(html.headers()['content-encoding']).toBe('gzip');
  expect(html.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
});

test.describe('the auth pages on a laptop', () => {
  for (const viewport of [
    { width: 1366, height: 768 },
    { width: 1280, height: 900 },
  ]) {
    test(`the marketing panel is as tall as what it holds, in the first screen, and stays beside a long form (${viewport.width}x${viewport.height})`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      for (const path of ['/auth/login', '/auth/signup']) {
        await page.goto(path);
        const panel = page.getByRole('complementary', { name: 'Your fashion career starts here' });
        await expect(panel, path).toBeInViewport({ ratio: 1 });
        // No empty block under the words: below its last child there is only the panel's padding.
        const room = await panel.evaluate((el) => {
          const bottom = el.getBoundingClientRect().bottom - Number.parseFloat(getComputedStyle(el).paddingBottom);
          return bottom - el.lastElementChild!.getBoundingClientRect().bottom;
        });
        expect(room, path).toBeLessThan(8);
        const art = panel.locator('img');
        await expect(art, path).toBeVisible();
        await expect
          .poll(() => art.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { message: path })
          .toBe(true);
      }
      // Down at the end of the sign-up form, the panel is still there beside it.
      await page.getByRole('main').getByRole('button', { name: 'Sign up' }).scrollIntoViewIfNeeded();
      await expect(page.getByRole('heading', { name: 'Your fashion career starts here' })).toBeInViewport({ ratio: 1 });
    });
  }

  test('on a phone the form comes first and the panel, without its picture, follows it', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/auth/login');
    const panel = page.getByRole('complementary', { name: 'Your fashion career starts here' });
    const form = (await page.getByRole('main').getByRole('button', { name: 'Log in' }).boundingBox())!;
    expect((await panel.boundingBox())!.y).toBeGreaterThan(form.y);
    await expect(panel.locator('img')).toBeHidden();
  });
});
