import { expect, test } from './fixtures.ts';

test.describe('home page', () => {
  test('has every section of the spec, in order, with its texts and links', async ({ page }) => {
    await page.goto('/');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText("Africa's Leading Fashion Academy");
    await expect(main.getByRole('link', { name: 'Explore Courses' }).first()).toHaveAttribute('href', '/courses');
    await expect(main.getByRole('button', { name: /^Play video/ })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Explore all courses' })).toHaveAttribute('href', '/courses');
    await expect(main.getByRole('link', { name: 'Shop Now' })).toHaveAttribute('href', '/empty');
    await expect(main.getByRole('link', { name: 'View More' })).toHaveAttribute('href', '/projects');
    await expect(main.getByRole('link', { name: 'Request a service' })).toHaveAttribute('href', '/empty');
    for (const service of ['Machinery Supply', 'Engineer Service', 'Consultation']) {
      await expect(main.getByRole('heading', { name: service, exact: true })).toBeVisible();
    }
    await expect(main.getByRole('blockquote')).toHaveCount(3);
    await expect(main.getByRole('link', { name: 'Join our team' })).toHaveAttribute('href', '/empty');
    await expect(main.getByRole('link', { name: 'Join the community' })).toHaveAttribute('href', '/empty');
    await expect(main).toContainText('over 4,000 students');

    // The order of docs/product.md#home-page: hero, video, courses, partners, products, projects, services, testimonials, call to action.
    const order: string[] = await main
      .locator('section')
      .evaluateAll((sections: Element[]) => sections.map((s) => s.querySelector('h1, h2')?.id || s.className));
    const at = (id: string) => order.findIndex((entry) => entry.includes(id));
    const expected = [
      'video-heading',
      'courses-heading',
      'partners-heading',
      'products-heading',
      'projects-heading',
      'services-heading',
      'testimonials-home',
      'cta-heading',
    ];
    expect(expected.map(at)).toEqual([...expected.map(at)].sort((a, b) => a - b));
    expect(expected.map(at).every((i) => i > 0)).toBe(true);
  });

  test('project cards link to ishk, lsetf, and the projects page twice', async ({ page }) => {
    await page.goto('/');
    const links = page
      .locator('#projects-heading')
      .locator('xpath=ancestor::section')
      .getByRole('link', { name: /^Learn more/ });
    await expect(links).toHaveCount(4);
    expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual([
      '/projects/ishk',
      '/projects/lsetf',
      '/projects',
      '/projects',
    ]);
  });

  test('the promo banner is 71 px high with the exact text', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('complementary', { name: 'Promotion' });
    await expect(banner).toHaveText('Want to upscale your Career today? Start your course now!!!');
    expect((await banner.boundingBox())!.height).toBe(71);
  });

  test('the partner strip shows only when the window is wider than 1024 px', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    const partners = page.getByRole('heading', { name: 'Our partners' });
    await expect(partners).toBeVisible();
    await page.setViewportSize({ width: 1024, height: 900 });
    await expect(partners).toBeHidden();
    await page.setViewportSize({ width: 1025, height: 900 });
    await expect(partners).toBeVisible();
    await page.setViewportSize({ width: 390, height: 800 });
    await expect(partners).toBeHidden();
  });

  test('the video is a facade: nothing is fetched for it, and no third party is contacted, until a click', async ({ page, baseURL }) => {
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.goto('/');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle');
    expect(requests.filter((url) => url.includes('/media/'))).toEqual([]);
    expect(requests.filter((url) => !url.startsWith(baseURL!) && !url.startsWith('data:'))).toEqual([]);

    await page.getByRole('button', { name: /^Play video/ }).click();
    const video = page.locator('[data-video] video');
    await expect(video).toHaveAttribute('src', '/media/process.mp4');
    await expect(video.locator('track[kind="captions"]')).toHaveAttribute('src', '/media/process.vtt');
    await expect.poll(() => requests.some((url) => url.endsWith('/media/process.mp4'))).toBe(true);
  });

  test('the video player keeps the poster until the video plays, then plays without another click', async ({ page }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/media/process.mp4', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    const facade = page.locator('[data-video]');
    await facade.scrollIntoViewIfNeeded();
    await expect(facade.locator('[data-lazy]')).toHaveAttribute('data-state', 'loaded');
    const picture = (await facade.locator('img').getAttribute('src'))!;
    await page.getByRole('button', { name: /^Play video/ }).click();
    const video = facade.locator('video');
    await expect(video).toHaveAttribute('poster', picture);
    // While the video is on its way, the player shows the picture, not a black box.
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.getBoundingClientRect().height)).toBeGreaterThan(100);
    const { default: sharp } = await import('sharp');
    const stats = await sharp(await video.screenshot()).stats();
    expect(Math.max(...stats.channels.map((channel) => channel.stdev))).toBeGreaterThan(20);
    release();
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => !element.paused && element.currentTime > 0), { timeout: 15_000 })
      .toBe(true);
  });

  test('lazy images load near the viewport, fade in, and show their description if they fail', async ({ page }) => {
    await page.route('**/_astro/*tobi*', (route) => route.fulfill({ status: 404, body: '' }));
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    const farImage = page.locator('[data-lazy]').last();
    const farSource = (await farImage.locator('img').getAttribute('data-src'))!;
    // Far below the first screen: only a transparent placeholder, nothing fetched, and hidden.
    await expect(farImage.locator('img')).toHaveAttribute('src', /^data:image\/svg\+xml,/);
    expect(requested).not.toContain(farSource);
    await expect(farImage).not.toHaveAttribute('data-state');
    await expect(farImage.locator('img')).toHaveCSS('opacity', '0');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(farImage).toHaveAttribute('data-state', /loaded|failed/);
    expect(requested).toContain(farSource);
    const loaded = page.locator('[data-lazy][data-state="loaded"] img').first();
    await expect(loaded).toHaveCSS('transition-duration', '1s');
    await expect(loaded).toHaveCSS('opacity', '1');
    const failed = page.locator('[data-lazy][data-state="failed"]');
    await expect(failed).toHaveCount(1);
    await expect(failed.locator('.lazy-failed')).toBeVisible();
  });

  test("the course cards' pictures are not in the HTML's requests: the page script loads them near the viewport, and they fade in", async ({
    page,
  }) => {
    // What the browser gets before any script runs: a placeholder that costs no request (the browser's
    // own lazy loading fetched the first card's picture before the first paint).
    const html = await (await page.request.get('/')).text();
    const cardImages = [...html.matchAll(/<article class="card course-card"[^>]*>\s*<img [^>]*>/g)].map(([tag]) => tag);
    expect(cardImages).toHaveLength(4);
    for (const tag of cardImages) {
      expect(tag).toMatch(/ src="data:image\/svg\+xml,/);
      expect(tag).toMatch(/ data-src="\/_astro\/[^"]+\.svg"/);
    }
    await page.goto('/');
    const card = page.locator('.course-strip article').first();
    await card.scrollIntoViewIfNeeded();
    await expect(card).toHaveAttribute('data-state', 'loaded');
    const image = card.locator('img.course-card-image');
    await expect(image).toHaveAttribute('src', /^\/_astro\/.+\.svg$/);
    await expect(image).toHaveCSS('transition-duration', '1s');
    await expect(image).toHaveCSS('opacity', '1');
  });

  test('a grid of three cards fills its row on a laptop, with no blank fourth column', async ({ page }) => {
    for (const viewport of [
      { width: 1366, height: 768 },
      { width: 1280, height: 900 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto('/');
      for (const heading of ['Services for fashion businesses', 'What our students say']) {
        const grid = page.getByRole('region', { name: heading }).locator('.grid');
        const box = (await grid.boundingBox())!;
        const cards = await grid
          .locator('> *')
          .evaluateAll((items) => items.map((item) => item.getBoundingClientRect().toJSON() as DOMRect));
        expect(cards, heading).toHaveLength(3);
        // One row, and the last card ends where the grid does.
        expect(new Set(cards.map((card) => Math.round(card.top))).size, heading).toBe(1);
        expect(Math.abs(cards[2]!.right - (box.x + box.width)), heading).toBeLessThan(2);
      }
    }
  });

  test('states the organisation in JSON-LD', async ({ page }) => {
    await page.goto('/');
    const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!) as Record<string, unknown>;
    expect(data['@type']).toBe('EducationalOrganization');
    expect(data.name).toBe('Adire Fashion Academy');
  });
});
