import { join } from 'node:path';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
// Shared helpers for the end-to-end tests: the site's routes, a signed-in session, axe.
import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Page } from '@playwright/test';

export const CONTENT_ROUTES = [
  '/',
  '/about',
  '/projects',
  '/projects/lsetf',
  '/projects/ishk',
  '/projects/british-council',
  '/projects/gates-foundation',
  '/projects/world-bank',
  '/terms',
  '/cookies',
  '/privacy',
];
export const WORK_IN_PROGRESS_ROUTES = ['/market', '/empty', '/courses'];
export const FORM_ROUTES = ['/contact', '/courses/request-tutor'];
export const NOT_FOUND_ROUTES = [
  '/no-such-page',
  '/auth/no-such-page',
  '/dashboard/no-such-page',
  '/projects/no-such-project',
  '/about/team/x',
];

export const SESSION_KEY = 'adire.session';
export const SIGNED_IN = {
  token: 'test-token',
  user: { id: 'u1', first_name: 'Ada', last_name: 'Obi', email: 'ada@example.com', image_url: null },
};

/**
 * Stops the page's clock (installed with `page.clock.install()` before the page loaded), so that only
 * `page.clock.runFor` moves it: delays are then measured in page time, however busy the machine is.
 */
export async function pauseClock(page: Page) {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1000);
}

/** Stores a session before any page script runs, as the accounts feature does after login. */
export async function signIn(page: Page, session: object = SIGNED_IN) {
  await page.addInitScript(([key, value]) => localStorage.setItem(key!, value!), [SESSION_KEY, JSON.stringify(session)]);
}

/** WCAG 2.2 AA, as the brief asks: 0 violations. */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

/** Islands and scripts are ready once no astro-island is still waiting to hydrate. */
export async function waitForIslands(page: Page) {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

export const test = base;
export { expect };

/** The mails the server has written to its outbox (no SMTP_URL in the end-to-end run). */
export function outboxMails(): string[] {
  const dir = join(process.env.E2E_DATA_DIR!, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => readFileSync(join(dir, name), 'utf8'));
}
