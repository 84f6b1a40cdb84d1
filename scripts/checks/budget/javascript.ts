// Budget 1: every page loaded in Chromium without interaction, the JavaScript it fetches summed as
// gzip bytes against its class's budget, and the page's weight reported.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import type { BudgetClass } from '#layouts/budget-class.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../tests/chromium.ts';
import { codeIn, outboxFiles, readMail } from '../../../tests/mail-files.ts';
import { reactShare } from './react-share.ts';
import { pageRow, type PageRow } from './scoring.ts';

/** Pages only a signed-in student sees (the dashboard, KYC): measured with a session, or they would measure the login page. */
const PRIVATE_PAGE = /^\/(dashboard(\/|$)|auth\/signup\/complete-kyc$)/;
/** Public pages measured a second time with a session, for what the signed-in header adds. */
const SIGNED_IN_TOO = ['/'];
/**
 * Pages measured at once: the table counts bytes, not time, so they need not wait for each other
 * (one at a time, the 88 loads took about 3 minutes here, each waiting for a quiet network).
 */
const PAGES_AT_ONCE = 4;

const gzipCache = new Map<string, number>();
function gzipSizeOf(url: string): number {
  const path = new URL(url).pathname;
  if (!gzipCache.has(path)) gzipCache.set(path, gzipSync(readFileSync(join('dist', path)), { level: 9 }).byteLength);
  return gzipCache.get(path)!;
}

/** A verified student signed up through the API, with the code from the server's outbox. */
async function signedInSession(origin: string, dataDir: string): Promise<string> {
  const email = `budget-${Date.now()}@example.com`;
  const post = (path: string, body: unknown) =>
    fetch(`${origin}/api/v1/user/auth/student/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then(async (response) => ({ status: response.status, body: (await response.json()) as { data: unknown } }));
  const account = { first_name: 'Budget', last_name: 'Reader', email, password: 'Indigo-Lagos7' };
  const signedUp = await post('signup', account);
  if (signedUp.status !== 201) throw new Error(`Sign-up for the budget run answered ${signedUp.status}`);
  const outbox = join(dataDir, 'outbox');
  // The mail is written just after the answer; on a busy host that can take a moment.
  let mail: ReturnType<typeof readMail> | undefined;
  for (let i = 0; i < 100 && !mail; i++) {
    if (i) await new Promise((r) => setTimeout(r, 100));
    mail = outboxFiles(outbox)
      .map((file) => readMail(outbox, file))
      .find((candidate) => candidate.to.includes(email));
  }
  if (!mail) throw new Error('No verification mail for the budget run within 10 s');
  const verified = await post('verify-account', { email, otp: codeIn(mail) });
  if (verified.status !== 200) throw new Error(`Verification for the budget run answered ${verified.status}`);
  return JSON.stringify(verified.body.data);
}

/**
 * One row per page, and one more for each page of SIGNED_IN_TOO with a session. A page is held to
 * the budget of the class it declares (`classes`); with a session every page is the app's.
 */
export async function measureJavaScript(
  allPaths: string[],
  { origin, dataDir, classes }: { origin: string; dataDir: string; classes: Map<string, BudgetClass> },
): Promise<PageRow[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  // The JavaScript table signs a student up through the server the step started (its outbox has the code).
  const session = await signedInSession(origin, dataDir);
  const paths = [...allPaths, ...SIGNED_IN_TOO.map((path) => `${path} (signed in)`)];
  const measure = async (entry: string): Promise<PageRow> => {
    const signedIn = entry.endsWith(' (signed in)') || PRIVATE_PAGE.test(entry);
    const path = entry.replace(' (signed in)', '');
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
    if (signedIn) await context.addInitScript((stored) => localStorage.setItem('adire.session', stored), session);
    const page = await context.newPage();
    const scripts = new Set<string>();
    let transfer = 0;
    // Only what the page itself asks for: a page that moves on by itself (the sign-up's 'successful'
    // page goes to the dashboard after 1.5 s) would otherwise be charged the next page's code too.
    const ownRequests = new WeakSet<object>();
    let navigations = 0;
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) navigations++;
      if (navigations <= 1) ownRequests.add(request);
    });
    page.on('requestfinished', async (request) => {
      if (!ownRequests.has(request)) return;
      const sizes = await request.sizes().catch(() => null);
      if (sizes) transfer += sizes.responseBodySize + sizes.responseHeadersSize;
      if (request.resourceType() === 'script' && request.url().startsWith(origin)) scripts.add(request.url());
    });
    await page.goto(origin + (path === '/404' ? '/this-page-does-not-exist' : path), { waitUntil: 'networkidle' });
    // The page script starts after the first contentful paint (scripts/build/defer-page-script.ts): on a
    // busy host that can come after the network was quiet for the first time, so wait for the paint.
    // Then until every module its loader imports has been fetched: the loader imports in a task after the
    // paint's report, which on a busy host came after the waits below had ended, and a page was
    // measured without its page script (the code page read 12.4 KB in one run, 0.0 in another).
    await page.waitForFunction(
      () => {
        const imported = [...document.querySelectorAll('script:not([src])')].flatMap((script) =>
          [...(script.textContent ?? '').matchAll(/import\("([^"]+)"\)/g)].map((match) => match[1]!),
        );
        const fetched = new Set(performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname));
        return performance.getEntriesByName('first-contentful-paint').length > 0 && imported.every((src) => fetched.has(src));
      },
      undefined,
      { timeout: 30_000 },
    );
    await page.waitForTimeout(100);
    // An island that hydrates when the browser is idle may not have started by then on a busy host (four
    // pages load at once): its code counts too, so wait until Astro says it hydrated (no `ssr` left).
    await page.waitForFunction(() => !document.querySelector('astro-island[client="idle"][ssr]'), undefined, { timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    const jsGzip = [...scripts].reduce((sum, url) => sum + gzipSizeOf(url), 0);
    const kind = signedIn ? 'app' : classes.get(path)!;
    const row = pageRow(entry, kind, { jsGzip, jsFiles: scripts.size, ...reactShare(scripts, gzipSizeOf), transferKiB: transfer / 1024 });
    await context.close();
    return row;
  };
  const rows = new Array<PageRow>(paths.length);
  let next = 0;
  const worker = async () => {
    while (next < paths.length) {
      const index = next++;
      rows[index] = await measure(paths[index]!);
    }
  };
  await Promise.all(Array.from({ length: PAGES_AT_ONCE }, worker));
  await browser.close();
  return rows;
}
