import { AUTH_ROUTES, CONTENT_ROUTES, expect, NOT_FOUND_ROUTES, test, WORK_IN_PROGRESS_ROUTES } from './fixtures.ts';

test.describe('every public route', () => {
  for (const path of [...CONTENT_ROUTES, ...WORK_IN_PROGRESS_ROUTES]) {
    test(`${path} answers 200 with one h1, a title and a description`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.locator('h1')).toHaveCount(1);
      await expect(page.locator('h1')).toBeVisible();
      expect((await page.title()).length).toBeGreaterThan(5);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{50,}/);
    });
  }

  test('the auth routes answer 200 with one h1, their own title and a description; login and sign-up are indexed, the steps are not', async ({
    request,
  }) => {
    const titles = new Set<string>();
    for (const path of AUTH_ROUTES) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const html = await response.text();
      expect(html.match(/<h1[\s>]/g), `h1 of ${path}`).toHaveLength(1);
      const title = /<title>([^<]+)<\/title>/.exec(html)![1]!;
      expect(titles.has(title), `title of ${path}`).toBe(false);
      titles.add(title);
      expect(html).toMatch(/<meta name="description" content=".{50,}"/);
      const indexed = path === '/auth/login' || path === '/auth/signup';
      expect(html.includes('noindex'), `robots of ${path}`).toBe(!indexed);
    }
  });

  // What a search engine reads: the HTML as served (a browser per page took over 30 s on a busy host).
  test('titles and descriptions are unique across pages', async ({ request }) => {
    const titles = new Map<string, string>();
    const descriptions = new Map<string, string>();
    for (const path of CONTENT_ROUTES) {
      const html = await (await request.get(path)).text();
      const title = /<title>([^<]+)<\/title>/.exec(html)?.[1] ?? '';
      const description = /<meta name="description" content="([^"]+)"/.exec(html)?.[1] ?? '';
      expect(title, `title of ${path}`).not.toBe('');
      expect(description, `description of ${path}`).not.toBe('');
      expect(titles.get(title), `title of ${path}`).toBeUndefined();
      expect(descriptions.get(description), `description of ${path}`).toBeUndefined();
      titles.set(title, path);
      descriptions.set(description, path);
    }
  });
});

test.describe('work in progress pages', () => {
  for (const path of WORK_IN_PROGRESS_ROUTES) {
    test(`${path} says 'Work in Progress' and goes back home`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Work in Progress');
      await page.getByRole('main').getByRole('link', { name: 'Back to Home' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText("Africa's Leading Fashion Academy");
    });
  }
});

test.describe('unknown paths', () => {
  for (const path of NOT_FOUND_ROUTES) {
    test(`${path} answers 404 with 'Page not found'`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    });
  }

  test('an unknown API path answers JSON 404, not the page', async ({ request }) => {
    const response = await request.get('/api/v1/no-such-endpoint');
    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).toContain('application/json');
    expect(await response.json()).toHaveProperty('message');
  });

  test('a trailing slash redirects to the canonical path', async ({ request }) => {
    const response = await request.get('/about/', { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers()['location']).toBe('/about');
  });
});
