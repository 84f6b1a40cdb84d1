import { CONTENT_ROUTES, expect, FORM_ROUTES, NOT_FOUND_ROUTES, test, WORK_IN_PROGRESS_ROUTES } from './fixtures.ts';

const SITE = process.env.PUBLIC_SITE_URL ?? 'http://localhost:4321';

test('each page has a canonical URL on the public site and Open Graph tags', async ({ page }) => {
  for (const path of CONTENT_ROUTES) {
    await page.goto(path);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', path === '/' ? `${SITE}/` : `${SITE}${path}`);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', await page.title());
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /^https?:\/\/.+\.png$/);
  }
});

test('the 404 page names no canonical URL (it has no address of its own); every other page keeps its own', async ({ page }) => {
  for (const path of NOT_FOUND_ROUTES) {
    const response = await page.goto(path);
    expect(response!.status()).toBe(404);
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
    await expect(page.locator('meta[property="og:url"]')).toHaveCount(0);
  }
  for (const path of [...WORK_IN_PROGRESS_ROUTES, ...FORM_ROUTES]) {
    await page.goto(path);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${SITE}${path}`);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', `${SITE}${path}`);
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
  // A page the sitemap offers that robots.txt forbids is one a search engine reports and drops.
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, url]) => new URL(url!).pathname);
  expect(listed).toContain('/auth/login');
  expect(listed.filter((path) => !crawlable(robots, path))).toEqual([]);
  expect(crawlable(robots, '/auth/reset-password')).toBe(false);
});

/** robots.txt as search engines read it: the longest matching rule wins, Allow on a tie; `*` and `$` as wildcards. */
function crawlable(robots: string, path: string): boolean {
  let best = { length: -1, allow: true };
  for (const [, kind, pattern] of robots.matchAll(/^(Allow|Disallow):\s*(\S+)/gm)) {
    const source = pattern!.replace(/[.+?^{}()|[\]\\]/g, '\\$&').replaceAll('*', '.*');
    if (!new RegExp(`^${source}`).test(path)) continue;
    const allow = kind === 'Allow';
    if (pattern!.length > best.length || (pattern!.length === best.length && allow)) best = { length: pattern!.length, allow };
  }
  return best.allow;
}
