// Shared helpers for the end-to-end tests: the site's routes, a signed-in session, axe, and the
// fixtures every test can ask for: `outbox` (the mail the server wrote) and `api` (the running
// server's API, to create what a test needs without clicking through pages).
import { SESSION_KEY } from '#lib/session-key.ts';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type APIRequestContext, type Page, type Route, type TestInfo } from '@playwright/test';
import { codeIn, outboxFiles, readMail, type Mail } from '../mail-files.ts';
import { STUDENT_PASSWORD } from '../support/sample-user.ts';

export { codeIn };

export const CONTENT_ROUTES = [
  '/',
  '/about',
  '/projects',
  '/projects/lsetf',
  '/projects/ishk',
  '/projects/british-council',
  '/projects/gates-foundation',
  '/projects/world-bank',
  '/courses',
  '/courses/pattern-drafting-foundations',
  '/terms',
  '/cookies',
  '/privacy',
];
export const WORK_IN_PROGRESS_ROUTES = ['/market', '/empty'];
export const FORM_ROUTES = ['/contact', '/courses/request-tutor'];
/** The auth routes of docs/product.md#auth-routes, exactly: anything else under /auth is a 404. */
export const AUTH_ROUTES = [
  '/auth/login',
  '/auth/logout',
  '/auth/forgot-password',
  '/auth/otp-verification',
  '/auth/reset-password',
  '/auth/reset-password/successful',
  '/auth/signup',
  '/auth/signup/complete-kyc',
  '/auth/signup/successful',
  '/auth/email-verification',
];
export const NOT_FOUND_ROUTES = [
  '/no-such-page',
  '/auth/no-such-page',
  '/dashboard/no-such-page',
  '/projects/no-such-project',
  '/about/team/x',
];

/**
 * Stops the page's clock (installed with `page.clock.install()` before the page loaded), so that only
 * `page.clock.runFor` moves it: delays are then measured in page time, however busy the machine is.
 */
export async function pauseClock(page: Page) {
  // A second ahead of the page's time; on a machine so busy that the second passed before the call
  // arrived ('Cannot fast-forward to the past'), ahead of its time then.
  for (let attempt = 1; ; attempt++) {
    const now = await page.evaluate(() => Date.now());
    try {
      return await page.clock.pauseAt(now + 1000);
    } catch (error) {
      if (attempt === 3 || !String(error).includes('to the past')) throw error;
    }
  }
}

/** A student's session as the API gives it on sign-in: a bearer token and the user. */
export interface StudentSession {
  token: string;
  user: { id: string; first_name: string; last_name: string; email: string; image_url: string | null; [key: string]: unknown };
}

/**
 * Stores a session before the first page's scripts run, as the accounts feature does after login.
 * Only once per tab: a later logout, or the 401 rule clearing it, holds for the pages after.
 */
export async function signIn(page: Page, session: StudentSession) {
  await page.addInitScript(
    ([key, value, once]) => {
      if (sessionStorage.getItem(once!)) return;
      sessionStorage.setItem(once!, '1');
      localStorage.setItem(key!, value!);
    },
    [SESSION_KEY, JSON.stringify({ token: session.token, user: session.user }), `e2e.signed-in.${Math.random()}`],
  );
}

/** Checkout, pay on the test provider and verify, through the API with the student's token. */
export async function enrol(request: APIRequestContext, student: StudentSession, course = 'pattern-drafting-foundations') {
  const headers = { authorization: `Bearer ${student.token}` };
  const checkout = await request.post(`/api/v1/user/courses/${course}/checkout`, { headers });
  expect(checkout.status(), await checkout.text()).toBe(201);
  const { reference } = ((await checkout.json()) as { data: { reference: string } }).data;
  const paid = await request.post(`/api/v1/user/test-payments/${reference}`, { headers, data: { outcome: 'pay' } });
  expect(paid.ok(), await paid.text()).toBe(true);
  const verify = await request.get(`/api/v1/user/payments/${reference}/verify`, { headers });
  expect(verify.status(), await verify.text()).toBe(200);
  expect(((await verify.json()) as { data: { status: string } }).data.status).toBe('success');
}

/** Fills the KYC date of birth, 'YYYY-MM-DD', as a person does: day, month by name, year. */
export async function fillDateOfBirth(page: Page, iso: string) {
  const [year, month, day] = iso.split('-');
  const group = page.getByRole('main').getByRole('group', { name: 'Date of birth' });
  await group.getByLabel('Day').fill(String(Number(day)));
  await group.getByLabel('Month').selectOption(month!);
  await group.getByLabel('Year').fill(year!);
}

/** Fills the KYC form: female, born on `iso`, in Lagos (not sent). */
export async function fillKyc(page: Page, iso = '2001-03-14') {
  const form = page.getByRole('main');
  await form.getByRole('combobox', { name: 'Gender' }).click();
  await form.getByRole('option', { name: 'Female' }).click();
  await fillDateOfBirth(page, iso);
  await form.getByRole('combobox', { name: 'State' }).click();
  await form.getByRole('option', { name: 'Lagos' }).click();
}

/** Holds the answers to one API path until released, so the 'sending' state can be looked at. */
export async function holdAnswers(page: Page, path: string, answer: { status: number; json: unknown }) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/api/v1/${path}`, async (route: Route) => {
    await released;
    await route.fulfill(answer);
  });
  return release;
}

/**
 * Holds every request whose address matches until released (a slow phone still fetching a script, a
 * storage upload on its way), and lists the addresses asked for.
 */
export async function holdRequests(page: Page, url: string | RegExp) {
  const fetched: string[] = [];
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route: Route) => {
    fetched.push(route.request().url());
    await released;
    await route.continue();
  });
  return { fetched, release };
}

/** Leaves each named field (a text box, or a select's combobox), so its message shows. */
export async function leaveFields(page: Page, labels: string[]) {
  for (const label of labels) {
    const combobox = page.getByRole('main').getByRole('combobox', { name: label, exact: true });
    const field = (await combobox.count()) ? combobox : page.getByRole('main').getByLabel(label, { exact: true });
    await field.focus();
    await field.blur();
  }
}

/**
 * WCAG 2.2 AA, as the brief asks: 0 violations. Legacy mode runs axe inside the page instead of
 * finishing in a second, blank page: half the time (0.9-1.1 s against 1.9-3.2 s a run here), and the
 * site has no frames for the other mode to reach into.
 */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .setLegacyMode(true)
    .analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

/**
 * Islands are ready once none that hydrates on load is still waiting. A client:visible island waits
 * until it is scrolled into view: tests that need one scroll to it, then wait with `scrolledTo`. A
 * client:interaction island waits for a person (the catalogue, the contact forms): a test uses it as
 * a person would, and what it does before the island is live must work too; once reached for
 * (data-reached), it is waited for like the rest.
 */
export async function waitForIslands(page: Page, { scrolledTo = false }: { scrolledTo?: boolean } = {}) {
  const untouched = ':not([client="interaction"]:not([data-reached]))';
  await expect(
    page.locator(scrolledTo ? `astro-island[ssr]${untouched}` : `astro-island[ssr]:not([client="visible"])${untouched}`),
  ).toHaveCount(0);
}

export interface Outbox {
  /** The mails written since the test started, oldest first. */
  mails(): Mail[];
  /**
   * Waits for a mail to the address written since the test started, and returns the newest. Tests run
   * in parallel against one server, so a shared address (the staff's) needs `containing`: text only
   * this test's mail has.
   */
  newestTo(address: string, options?: { containing?: string; timeout?: number }): Promise<Mail>;
}

/** What the API answered: its status and its parsed JSON envelope. */
interface ApiAnswer<T = unknown> {
  status: number;
  body: { message: string; data?: T; errors?: Record<string, string[]> };
}

/** The running server's API (`/api/v1/`), called as a client outside the browser would. */
export interface Api {
  get<T = unknown>(path: string): Promise<ApiAnswer<T>>;
  post<T = unknown>(path: string, data?: unknown): Promise<ApiAnswer<T>>;
}

// The server of the end-to-end run writes mail to its data folder (no SMTP_URL is set there).
const OUTBOX = join(process.env.E2E_DATA_DIR!, 'outbox');

/** The mails written to `dir` from now on (the end-to-end server's outbox unless another is named). */
export function createOutbox(dir = OUTBOX): Outbox {
  const before = new Set(outboxFiles(dir));
  const mails = () =>
    outboxFiles(dir)
      .filter((file) => !before.has(file))
      .map((file) => readMail(dir, file));
  return {
    mails,
    async newestTo(address, { containing, timeout = 10_000 } = {}) {
      const wanted = address.toLowerCase();
      const find = () =>
        mails()
          .reverse()
          .find((mail) => mail.to.toLowerCase().includes(wanted) && (containing === undefined || mail.text.includes(containing)));
      await expect.poll(find, { message: `a mail to ${address}${containing ? ` containing "${containing}"` : ''}`, timeout }).toBeDefined();
      return find()!;
    },
  };
}

export function createApi(request: APIRequestContext): Api {
  const answer = async <T>(response: Awaited<ReturnType<APIRequestContext['fetch']>>): Promise<ApiAnswer<T>> => {
    const text = await response.text();
    try {
      return { status: response.status(), body: JSON.parse(text) as ApiAnswer<T>['body'] };
    } catch {
      throw new Error(`${response.url()} answered ${response.status()} with no JSON: ${text.slice(0, 200)}`);
    }
  };
  return {
    get: async (path) => answer(await request.get(`/api/v1/${path}`)),
    post: async (path, data) => answer(await request.post(`/api/v1/${path}`, data === undefined ? {} : { data })),
  };
}

/** An address of the benchmarking range (198.18.0.0/15, never a real client) for one test's try. */
function testAddress(testInfo: TestInfo): string {
  const digest = createHash('sha256').update(`${testInfo.testId}:${testInfo.repeatEachIndex}:${testInfo.retry}`).digest();
  return `198.${18 + (digest[0]! & 1)}.${digest[1]}.${digest[2]}`;
}

/** A student created through the API as a real one is: signed up, the mailed code entered. */
export interface Student extends StudentSession {
  email: string;
  password: string;
}

// Defined with the sample student, for the tests that import their helpers from here.
export { STUDENT_PASSWORD };

/** Fills the sign-up form as Ngozi Eze with `email` (not sent). */
export async function fillSignup(page: Page, email: string) {
  const form = page.getByRole('main');
  await form.getByLabel('First name').fill('Ngozi');
  await form.getByLabel('Last name').fill('Eze');
  await form.getByLabel('Email address').fill(email);
  await form.getByLabel('Phone number').fill('0803 123 4567');
  await form.getByLabel('Password', { exact: true }).fill(STUDENT_PASSWORD);
  await form.getByLabel('Confirm password').fill(STUDENT_PASSWORD);
}

/** Signs a student up through `api` and enters the code mailed to `outbox`, as a real one would. */
export async function verifiedStudent(api: Api, outbox: Outbox, email: string): Promise<Student> {
  const signup = await api.post('user/auth/student/signup', { first_name: 'Ada', last_name: 'Obi', email, password: STUDENT_PASSWORD });
  expect(signup.status, JSON.stringify(signup.body)).toBe(201);
  const otp = codeIn(await outbox.newestTo(email));
  const verified = await api.post<StudentSession>('user/auth/student/verify-account', { email, otp });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  return { ...verified.body.data!, email, password: STUDENT_PASSWORD };
}

export const test = base.extend<{ outbox: Outbox; api: Api; student: Student }>({
  // The outbox is read from the moment the test starts, so a test sees only mail written after it.
  // eslint-disable-next-line no-empty-pattern
  outbox: async ({}, use) => {
    await use(createOutbox());
  },
  // Each test's API calls come from an address of its own, as students on many phones do: the
  // server of the run stands behind one proxy (playwright.config.ts), so the per-address limits of
  // sign-up and login count each test apart, as they would count each student, however many run.
  api: async ({ playwright, baseURL }, use, testInfo) => {
    const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': testAddress(testInfo) } });
    await use(createApi(request));
    await request.dispose();
  },
  student: async ({ api, outbox }, use, testInfo) => {
    const email = `student-${testInfo.testId}-${testInfo.repeatEachIndex}-${testInfo.retry}@example.com`.toLowerCase();
    await use(await verifiedStudent(api, outbox, email));
  },
});
export { expect };
