// The course pages (docs/product.md#course-pages): the catalogue with search and paging kept in the
// query string, a course's details with its tutors as tabs, related courses paged through the API,
// and Enrol Now to the course's checkout.
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test, waitForIslands } from './fixtures.ts';

const COURSE = 'pattern-drafting-foundations';
const catalogueCards = (page: Page) => page.getByRole('main').getByRole('article');

test.describe('the catalogue', () => {
  test('shows page 1 without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/courses');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('E-learning');
    await expect(catalogueCards(page)).toHaveCount(10);
    await expect(catalogueCards(page).first().getByRole('heading', { level: 2 })).toHaveText('Fashion Design Fundamentals');
    await context.close();
  });

  test('loads no island code until a person reaches for a control; a page number pressed before then still pages', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    // The island's code is slow to come, as on a phone: the press lands before the island is live.
    await page.route(/\/_astro\/CourseCatalogue\.[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    await page.goto('/courses', { waitUntil: 'networkidle' });
    expect(scripts.filter((path) => /CourseCatalogue|client\./.test(path))).toEqual([]);

    const pages = page.getByRole('navigation', { name: 'Course catalogue pages' });
    await pages.getByRole('button', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(pages.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect(catalogueCards(page).first().getByRole('heading')).toHaveText('Aso-oke Weaving on the Narrow Loom');
  });

  test("fetches no card's picture before its first paint: the first is written into the page, the others come by the page script", async ({
    page,
  }) => {
    // What the browser gets before any script runs (the first card's picture was fetched with high
    // priority and was the page's largest paint, a round trip after the text).
    const html = await (await page.request.get('/courses')).text();
    expect(html).not.toMatch(/<link [^>]*as="image"/);
    const pictures = [...html.matchAll(/<article class="card course-card"[^>]*>\s*(<svg [^>]*>.*?<\/svg>|<img [^>]*>)/gs)].map(
      ([, tag]) => tag!,
    );
    expect(pictures).toHaveLength(10);
    expect(pictures[0]).toMatch(/<use href="#course-art-fashion-design-fundamentals"/);
    expect(html).toMatch(/<svg [^>]*id="course-art-fashion-design-fundamentals"/);
    for (const tag of pictures.slice(1)) expect(tag).toMatch(/ src="data:image\/svg\+xml,[^"]*" data-src="\/_astro\/[^"]+\.svg"/);

    // On a phone the largest paint is text, and the first card's picture is drawn at its image's size.
    await page.setViewportSize({ width: 390, height: 844 });
    const pictureRequests: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'image' && !request.url().startsWith('data:')) pictureRequests.push(request.url());
    });
    await page.goto('/courses');
    const cards = catalogueCards(page);
    const first = cards.first().locator('.course-card-image');
    await expect(first).toBeVisible();
    const box = (await first.boundingBox())!;
    expect(box.height).toBeCloseTo((box.width * 5) / 8, 0);
    // It draws the course's picture (the <use> finds it in the page), not an empty box.
    expect(await first.locator('use').evaluate((use: SVGUseElement) => use.getBBox().width)).toBeGreaterThan(700);
    const largest = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries() as (PerformanceEntry & { element: Element | null })[];
            setTimeout(() => resolve(entries.at(-1)?.element?.tagName ?? ''), 1500);
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
    expect(largest).not.toBe('IMG');
    expect(pictureRequests.some((url) => url.includes('fashion-design-fundamentals'))).toBe(false);

    // The others load near the viewport and fade in, as on the home page; pages the island renders too.
    const second = cards.nth(1);
    await second.scrollIntoViewIfNeeded();
    await expect(second).toHaveAttribute('data-state', 'loaded');
    await expect(second.locator('img.course-card-image')).toHaveCSS('opacity', '1');
    expect((await second.locator('img.course-card-image').boundingBox())!.height).toBeCloseTo(box.height, 0);
    await page.goto('/courses?page=2&per_page=10');
    await expect(cards.first().getByRole('heading')).toHaveText('Aso-oke Weaving on the Narrow Loom');
    await cards.first().scrollIntoViewIfNeeded();
    await expect(cards.first()).toHaveAttribute('data-state', 'loaded');
    await expect(cards.first().locator('img.course-card-image')).toHaveAttribute('src', /\/_astro\/.+\.svg$/);
  });

  test('searches, clears, pages and goes back, keeping the query string', async ({ page }) => {
    await page.goto('/courses');
    await waitForIslands(page);
    const cards = catalogueCards(page);
    await expect(cards).toHaveCount(10);

    const search = page.getByRole('searchbox', { name: 'Search courses' });
    await search.fill('adire');
    await expect(page).toHaveURL(/[?&]search=adire(&|$)/);
    await expect(page.getByRole('link', { name: 'Adire and Indigo Resist Dyeing' })).toBeVisible();
    await expect(cards).not.toHaveCount(10);

    await search.fill('');
    await expect(page).toHaveURL(/\/courses$/);
    await expect(cards).toHaveCount(10);
    await expect(cards.first().getByRole('heading')).toHaveText('Fashion Design Fundamentals');

    await search.fill('no such course anywhere');
    await expect(page.getByText('No course matches “no such course anywhere”.')).toBeVisible();
    await search.fill('');
    await expect(cards).toHaveCount(10);

    const pages = page.getByRole('navigation', { name: 'Course catalogue pages' });
    await pages.getByRole('button', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(pages.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect(cards).toHaveCount(9);
    await expect(cards.first().getByRole('heading')).toHaveText('Aso-oke Weaving on the Narrow Loom');

    await page.goBack();
    await expect(page).toHaveURL(/\/courses$/);
    await expect(cards).toHaveCount(10);
    await expect(pages.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');

    await page.goForward();
    await expect(cards).toHaveCount(9);

    await pages.getByLabel('Per page').selectOption('20');
    await expect(page).toHaveURL(/[?&]per_page=20(&|$)/);
    await expect(cards).toHaveCount(19);
  });

  test('a search says how many courses match it, or that none does, naming the words, politely', async ({ page, api }) => {
    const matching = await api.get<{ total_count: number }>('user/courses?search=pattern&per_page=50');
    const count = matching.body.data!.total_count;
    expect(count).toBeGreaterThan(1);
    await page.goto('/courses');
    await waitForIslands(page);
    const search = page.getByRole('searchbox', { name: 'Search courses' });
    // role=status is a polite live region: read out when the words change, without cutting in.
    const summary = page.getByRole('main').getByRole('status').filter({ hasText: /match/ });

    await search.fill('pattern');
    await expect(summary).toHaveText(`${count} courses match “pattern”`);
    await expect(summary).toBeVisible();
    await search.fill('aso-oke');
    await expect(summary).toHaveText('1 course matches “aso-oke”');

    await search.fill('no such course anywhere');
    await expect(summary).toHaveText(
      'No course matches “no such course anywhere”. Try other words, or clear the search to see every course.',
    );
    await expect(summary).toBeVisible();
    await expect(page.getByText('Nothing to show yet!')).toHaveCount(0);
    await expectNoAxeViolations(page);

    // No search, no count: the catalogue is simply the catalogue.
    await search.fill('');
    await expect(catalogueCards(page)).toHaveCount(10);
    await expect(summary).toHaveCount(0);
  });

  test('reads the page and the search from the address', async ({ page }) => {
    await page.goto('/courses?page=1&per_page=10&search=adire');
    await waitForIslands(page);
    await expect(page.getByRole('searchbox', { name: 'Search courses' })).toHaveValue('adire');
    await expect(page.getByRole('link', { name: 'Adire and Indigo Resist Dyeing' })).toBeVisible();
    await expect(catalogueCards(page)).not.toHaveCount(10);
  });

  test('a card opens its course; Enrol Now goes to its checkout', async ({ page }) => {
    await page.goto('/courses');
    const card = catalogueCards(page).filter({ hasText: 'Pattern Drafting Foundations' });
    await expect(card.getByText('Chinedu Okafor + 1 tutor(s)')).toBeVisible();
    await expect(card.getByText('₦')).toHaveText(/^₦\d{1,3}(,\d{3})*$/);
    await expect(card.getByRole('link', { name: 'Enrol Now' })).toHaveAttribute('href', `/courses/${COURSE}/checkout`);
    // The title's link covers the card: a click in its middle (on the description) opens the course.
    await card.click();
    await expect(page).toHaveURL(new RegExp(`/courses/${COURSE}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pattern Drafting Foundations');
  });

  test('has no axe violations', async ({ page }) => {
    await page.goto('/courses');
    await waitForIslands(page);
    await expectNoAxeViolations(page);
  });
});

test.describe('a course page', () => {
  test('shows the banner, outline and information', async ({ page }) => {
    await page.goto(`/courses/${COURSE}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'E-learning' })).toHaveAttribute(
      'href',
      '/courses',
    );
    await expect(main.getByRole('heading', { name: 'Course outline' })).toBeVisible();
    await expect(main.getByRole('heading', { name: 'Course information' })).toBeVisible();
    for (const term of ['Duration', 'Mode of Study', 'Price']) await expect(main.locator('dt', { hasText: term })).toBeVisible();
    await expect(main.locator('dt:text-is("Price") + dd')).toHaveText(/^₦\d{1,3}(,\d{3})*$/);
    await expect(page).toHaveTitle('Pattern Drafting Foundations | Adire Fashion Academy');
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!) as Record<string, unknown>;
    expect(jsonLd).toMatchObject({ '@type': 'Course', offers: { '@type': 'Offer', priceCurrency: 'NGN', category: 'Paid' } });
    await main.getByRole('link', { name: 'Enrol Now', exact: true }).first().click();
    await expect(page).toHaveURL(new RegExp(`/courses/${COURSE}/checkout$`));
  });

  test("the tutors' portraits are not in the HTML's requests: the page script loads them near the viewport", async ({ page }) => {
    // The browser's own lazy loading fetched both before the first paint.
    const html = await (await page.request.get(`/courses/${COURSE}`)).text();
    // Outside their <noscript> copies, which only a browser without scripting reads.
    const tabs = html.slice(html.indexOf('data-tablist'), html.indexOf('data-panel')).replace(/<noscript>.*?<\/noscript>/gs, '');
    const portraits = [...tabs.matchAll(/<img [^>]*>/g)].map(([tag]) => tag);
    expect(portraits).toHaveLength(2);
    for (const tag of portraits) expect(tag).toMatch(/ src="data:image\/svg\+xml,[^"]*" data-src="\/_astro\/[^"]+\.svg"/);
    await page.goto(`/courses/${COURSE}`);
    const portrait = page.getByRole('tablist', { name: 'Tutors' }).locator('[data-lazy]').first();
    await portrait.scrollIntoViewIfNeeded();
    await expect(portrait).toHaveAttribute('data-state', 'loaded');
    await expect(portrait.locator('img')).toHaveCSS('opacity', '1');
  });

  test('switches tutors by mouse and by keyboard', async ({ page }) => {
    await page.goto(`/courses/${COURSE}`);
    const tabs = page.getByRole('tablist', { name: 'Tutors' }).getByRole('tab');
    await expect(tabs).toHaveCount(2);
    const first = tabs.nth(0);
    const second = tabs.nth(1);
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toContainText('Chinedu learnt bespoke tailoring');

    await second.click();
    await expect(second).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toContainText('Adebimpe founded Adire Fashion Academy');
    await expect(page.getByText('Chinedu learnt bespoke tailoring')).toBeHidden();

    await page.keyboard.press('ArrowRight');
    await expect(first).toBeFocused();
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toContainText('Chinedu learnt bespoke tailoring');
    await page.keyboard.press('ArrowLeft');
    await expect(second).toBeFocused();
    await expect(page.getByRole('tabpanel')).toContainText('Adebimpe founded Adire Fashion Academy');
    await page.keyboard.press('Home');
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('End');
    await expect(second).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(new RegExp(`/courses/${COURSE}$`));
  });

  test('shows every biography without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/courses/${COURSE}`);
    await expect(page.getByText('Chinedu learnt bespoke tailoring')).toBeVisible();
    await expect(page.getByText('Adebimpe founded Adire Fashion Academy')).toBeVisible();
    await context.close();
  });

  test('pages its related courses once scrolled into view', async ({ page }) => {
    await page.goto(`/courses/${COURSE}`);
    const related = page.getByRole('region', { name: 'Related courses' });
    const cards = related.getByRole('article');
    await expect(cards).toHaveCount(10);
    await related.scrollIntoViewIfNeeded();
    await waitForIslands(page, { scrolledTo: true });
    const pages = related.getByRole('navigation', { name: 'Related courses pages' });
    await pages.getByRole('button', { name: 'Next page' }).click();
    await expect(pages.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect(cards).toHaveCount(8);
    // Cards the island renders itself get their pictures too (the page script watches them when told).
    await expect(cards.first()).toHaveAttribute('data-state', 'loaded');
    await expect(cards.first().locator('img.course-card-image')).toHaveAttribute('src', /\/_astro\/.+\.svg$/);
    await pages.getByRole('button', { name: 'Previous page' }).click();
    await expect(cards.first()).toHaveAttribute('data-state', 'loaded');
    await expect(cards).toHaveCount(10);
    await pages.getByLabel('Per page').selectOption('20');
    await expect(cards).toHaveCount(18);
    await expect(pages.getByRole('button', { name: 'Page 2' })).toHaveCount(0);
    await cards.first().getByRole('link', { name: 'Enrol Now' }).click();
    await expect(page).toHaveURL(/\/courses\/[\w-]+\/checkout$/);
  });

  test('has no axe violations', async ({ page }) => {
    await page.goto(`/courses/${COURSE}`);
    await page.getByRole('region', { name: 'Related courses' }).scrollIntoViewIfNeeded();
    await waitForIslands(page, { scrolledTo: true });
    await expectNoAxeViolations(page);
  });

  test("says 'Coming soon' in Enrol Now's place, as text, while the course has no lesson; a course for sale keeps Enrol Now", async ({
    page,
  }) => {
    const enrol = () => page.getByRole('main').locator('[data-course-enrol]');
    // A course for sale (the seeded ones are: their materials are in the repository): the link stays, once the page has asked.
    const asked = page.waitForResponse(`**/api/v1/user/courses/${COURSE}/scholarship`);
    await page.goto(`/courses/${COURSE}`);
    expect(((await (await asked).json()) as { data: { for_sale: boolean } }).data.for_sale).toBe(true);
    await expect(enrol()).toHaveText('Enrol Now');
    await expect(enrol()).toHaveAttribute('href', `/courses/${COURSE}/checkout`);
    // A course with nothing to study yet, as the server answers for one (none is in the seeded catalogue).
    await page.route(`**/api/v1/user/courses/${COURSE}/scholarship`, (route) =>
      route.fulfill({ json: { message: 'Scholarship', data: { scholarship: null, for_sale: false } } }),
    );
    await page.reload();
    await expect(enrol()).toHaveText('Coming soon');
    await expect(enrol()).not.toHaveAttribute('href');
    // The banner offers no link to checkout (the related courses' cards keep theirs).
    await expect(page.locator('.banner').getByRole('link')).toHaveCount(1);
    await expect(page.locator('.banner').getByRole('link')).toHaveText('E-learning');
    await expectNoAxeViolations(page);
  });

  test('works at 320 px without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    for (const path of ['/courses', `/courses/${COURSE}`]) {
      await page.goto(path);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(320);
    }
  });
});
