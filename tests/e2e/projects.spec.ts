import { expect, test } from './fixtures.ts';

const SCHOLARSHIPS = ['lsetf', 'ishk', 'gates-foundation'];

test('the projects page lists four partner projects, each with Learn more', async ({ page }) => {
  await page.goto('/projects');
  const cards = page.getByRole('main').getByRole('article');
  await expect(cards).toHaveCount(4);
  const links = page
    .getByRole('main')
    .getByRole('article')
    .getByRole('link', { name: /^Learn more/ });
  await expect(links).toHaveCount(4);
  await links.first().click();
  await expect(page).toHaveURL(/\/projects\/[\w-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('the first project image is drawn in the page itself, shown at once with its description as its name; the others wait to be near', async ({
  browser,
}) => {
  // Without JavaScript: what the browser does before any script runs, and all it does without one.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/projects');
  const cards = page.getByRole('main').getByRole('article');
  // An SVG written into the page (LazyImage, priority): no request, so the first paint is the largest.
  const first = cards.first().getByRole('img');
  await expect(first).toBeVisible();
  expect(await first.evaluate((element) => element.tagName.toLowerCase())).toBe('svg');
  await expect(first).toHaveAccessibleName(/^Illustration of /);
  await expect(cards.first().locator('img')).toHaveCount(0);
  const images = cards.locator('[data-lazy] > img');
  await expect(images.first()).toHaveAttribute('data-src', /\/_astro\//);
  await expect(images.first()).toBeHidden();
  // With no script, the noscript copy is shown, with the browser's own lazy loading.
  const last = cards.locator('[data-lazy] > noscript > img').last();
  await expect(last).toHaveAttribute('loading', 'lazy');
  await last.scrollIntoViewIfNeeded();
  await expect.poll(() => last.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(last).toHaveCSS('opacity', '1');
  await context.close();
});

for (const slug of SCHOLARSHIPS) {
  test(`${slug}: a scholarship with an external application link and a breadcrumb back to /projects`, async ({ page, baseURL }) => {
    await page.goto(`/projects/${slug}`);
    const apply = page.getByRole('main').getByRole('link', { name: /apply/i });
    const href = (await apply.getAttribute('href'))!;
    expect(href).toMatch(/^https:\/\//);
    expect(href.startsWith(baseURL!)).toBe(false);
    await expect(apply).toHaveAttribute('rel', /noopener/);
    const crumb = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Projects' });
    await crumb.click();
    await expect(page).toHaveURL(/\/projects$/);
  });
}

test('the LSETF scholarship states the age range 18 to 35', async ({ page }) => {
  await page.goto('/projects/lsetf');
  await expect(page.getByRole('main')).toContainText('aged 18 to 35');
});

test('the world-bank page links to the marketplace', async ({ page }) => {
  await page.goto('/projects/world-bank');
  await expect(page.getByRole('main').getByRole('link', { name: /Marketplace/ })).toHaveAttribute('href', '/market');
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Projects' })).toHaveAttribute(
    'href',
    '/projects',
  );
});

test('the about page has an intro, the mission, the faculty and testimonials', async ({ page }) => {
  await page.goto('/about');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Our mission' })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Meet our faculty' })).toBeVisible();
  expect(await main.locator('#faculty-heading + ul > li').count()).toBeGreaterThanOrEqual(3);
  expect(await main.getByRole('blockquote').count()).toBeGreaterThanOrEqual(1);
});
