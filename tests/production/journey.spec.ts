// A student's whole journey through the production shape (issue 19): pages and /api/ from nginx on
// one port, two API processes behind it on one PostgreSQL, pictures in S3 (s3rver), mail over SMTP.
// One API process is killed (SIGKILL) between starting the payment and paying: nginx must send the
// rest to the other, and the student must end with one payment and one enrolment, no more, no less.
// Then the home page, as nginx serves it, through the budget step's Lighthouse gate; and the journey
// again with the pages on one origin and the API on another (CORS), every call absolute.
import { spawnSync } from 'node:child_process';
import pg from 'pg';
import type { Page } from '@playwright/test';
import { codeIn, createOutbox, expect, fillKyc, fillSignup, test, waitForIslands } from '../e2e/fixtures.ts';
import { BUCKET, startShape, type Shape } from './shape.ts';

const DATABASE_URL = process.env.SHAPE_DATABASE_URL;
const COURSE = 'pattern-drafting-foundations';
const TITLE = 'Pattern Drafting Foundations';
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const main = (page: Page) => page.getByRole('main');

test.describe.configure({ mode: 'serial', timeout: 240_000 });
test.skip(!DATABASE_URL, 'needs SHAPE_DATABASE_URL: a PostgreSQL database of its own (scripts/checks/test-postgres.sh makes one)');

/** The whole journey on `shape`, killing its first API process before paying; returns how long it took. */
async function studentJourney(page: Page, shape: Shape) {
  const started = Date.now();
  const outbox = createOutbox(shape.mailDir);
  const checkout = `/courses/${COURSE}/checkout`;
  const email = `shape-${Date.now()}@example.com`;
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|CORS|Failed to load resource/i.test(message.text())) blocked.push(message.text());
  });

  // A visitor finds the course and signs up from its checkout.
  await page.goto(`${shape.site}/courses/${COURSE}`);
  await main(page).getByRole('link', { name: 'Enrol Now', exact: true }).first().click();
  await page.waitForURL(`**${checkout}`);
  await waitForIslands(page);
  await main(page).getByRole('link', { name: 'Sign up' }).click();
  await page.waitForURL(`**/auth/signup?next=${encodeURIComponent(checkout)}`);
  await waitForIslands(page);
  const form = main(page);
  await fillSignup(page, email);
  await form.getByRole('button', { name: 'Sign up' }).click();
  await page.waitForURL(`**/auth/otp-verification?next=${encodeURIComponent(checkout)}`);
  await waitForIslands(page);

  // The code came over SMTP.
  await expect(form.getByRole('textbox', { name: 'Digit 1 of 6' })).toBeFocused();
  await page.keyboard.type(codeIn(await outbox.newestTo(email)));
  await form.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL(`**/auth/signup/complete-kyc?next=${encodeURIComponent(checkout)}`);
  await waitForIslands(page);
  await fillKyc(page);
  await form.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(`**${checkout}`);
  await waitForIslands(page);

  // Pay on the test provider; one API process dies between starting the payment and paying.
  await form.getByRole('button', { name: 'Make Payment' }).click();
  await page.waitForURL('**/payments/test?reference=*');
  await waitForIslands(page);
  const before = shape.answeredBy();
  for (const [api, count] of before) expect(count, `calls answered by ${api} before the kill`).toBeGreaterThan(0);
  await shape.kill(0);
  await form.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.waitForURL(`**${checkout}?reference=*`);
  await expect(form.getByText(`Payment received. You are enrolled in ${TITLE}.`)).toBeVisible();

  // My courses, a material, a tick that is kept.
  await form.getByRole('link', { name: 'Go to My courses' }).click();
  await page.waitForURL('**/dashboard');
  await waitForIslands(page);
  await form.getByRole('list', { name: 'My courses' }).getByRole('link', { name: TITLE }).click();
  await page.waitForURL(`**/dashboard/courses/${COURSE}`);
  await waitForIslands(page);
  const ticked = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/materials/'));
  await form.getByRole('checkbox').first().check();
  expect((await ticked).status()).toBe(200);
  await page.reload();
  await waitForIslands(page);
  await expect(form.getByRole('checkbox').first()).toBeChecked();

  // A profile picture, straight to the bucket, shown from it.
  await page.goto(`${shape.site}/dashboard/settings`);
  await waitForIslands(page);
  await expect(form.getByLabel('Email address')).toHaveValue(email);
  await form.getByLabel('Upload profile picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_1X1 });
  const avatar = page.locator('[data-avatar] img');
  await expect(avatar).toHaveAttribute('src', new RegExp(`^${shape.bucket.endpoint}/${BUCKET}/`));
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);

  // The payment's notification, then logout.
  await page.goto(`${shape.site}/dashboard/settings?tab=ViewNotification`);
  await waitForIslands(page);
  await expect(form.getByRole('tabpanel', { name: 'View notification' })).toContainText(TITLE);
  await page.goto(`${shape.site}/auth/logout`);
  await page.waitForURL((url) => url.pathname === '/');

  // One payment, one enrolment: none lost to the kill, none doubled.
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ payments: string; paid: string; enrolments: string }>(
      `select (select count(*) from payments p where p.student_id = s.id) as payments,
              (select count(*) from payments p where p.student_id = s.id and p.status = 'success') as paid,
              (select count(*) from enrolments e where e.student_id = s.id) as enrolments
         from students s where s.email = $1`,
      [email],
    );
    expect(rows).toEqual([{ payments: '1', paid: '1', enrolments: '1' }]);
  } finally {
    await client.end();
  }
  const after = shape.answeredBy();
  const [survivor] = [...after.keys()].slice(1);
  expect(after.get(survivor!)!, 'the surviving process answered the calls after the kill').toBeGreaterThan(before.get(survivor!)!);
  expect(blocked).toEqual([]);
  return { seconds: (Date.now() - started) / 1000, answered: [...after] };
}

/** The shape, started before the describe's tests and stopped after them; read it from a test. */
function useShape(options: { apiOrigin?: boolean } = {}): () => Shape {
  let shape: Shape | undefined;
  test.beforeAll(async () => {
    // With the API on its own origin the pages get a build of their own, besides the processes.
    test.setTimeout(240_000);
    shape = await startShape({ databaseUrl: DATABASE_URL!, ...options });
  });
  test.afterAll(async () => {
    await shape?.stop();
  });
  return () => shape!;
}

test.describe('pages and API on one origin', () => {
  const shape = useShape();

  test('signup from the checkout, code, KYC, pay, a material ticked, a picture, notifications, logout: through nginx, one API process killed midway', async ({
    page,
  }) => {
    const { seconds, answered } = await studentJourney(page, shape());
    console.log(`journey through nginx, one origin: ${seconds.toFixed(1)} s; calls answered: ${JSON.stringify(answered)}`);
  });

  test('the home page served by nginx keeps the Lighthouse gate of the budget step', () => {
    // The budget step's own runs and gate (scripts/checks/budget/run.ts: ADR 006), on nginx's answers.
    const run = spawnSync(process.execPath, ['scripts/checks/budget/run.ts', '--origin', shape().site, '--pages', '/'], {
      encoding: 'utf8',
    });
    console.log(run.stdout);
    expect(run.status, run.stderr).toBe(0);
  });
});

test.describe('the API on an origin of its own', () => {
  const shape = useShape({ apiOrigin: true });

  test('the same journey with the pages on one nginx and the API behind another: every call cross-origin, none relative', async ({
    page,
  }) => {
    const { seconds, answered } = await studentJourney(page, shape());
    expect(shape().pagesOriginCalls(), "calls to /api/ on the pages' origin").toBe(0);
    console.log(`journey through nginx, API on its own origin: ${seconds.toFixed(1)} s; calls answered: ${JSON.stringify(answered)}`);
  });
});
