import { CONTENT_ROUTES, expect, test } from './fixtures.ts';

const SITE = process.env.PUBLIC_SITE_URL ?? 'http://localhost:4321';

test('each page has a canonical URL on the public site and Open Graph tags', async ({ page }) => {
  for (const path of CONTENT_ROUTES) {
    await page.goto(path);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', path === '/' ? `${SITE}/` : `${SITE}${path}`);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', await page.title());
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /^https?:\/\/.+\.png$/);
  }
});

test('the sitemap lists the public pages and robots.txt points to it', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain(`Sitemap: ${SITE}/sitemap-index.xml`);
  const index = await (await request.get('/sitemap-index.xml')).text();
  const sitemapUrl = /<loc>([^<]+)<\/loc>/.exec(index)![1]!;
  const sitemap = await (await request.get(new URL(sitemapUrl).pathname)).text();
  for (const path of CONTENT_ROUTES) expect(sitemap).toContain(`<loc>${SITE}${path === '/' ? '/' : path}</loc>`);
  expect(sitemap).not.toContain('/404');
  expect(sitemap).not.toContain('/empty');
});
