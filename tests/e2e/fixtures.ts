// Shared helpers for the end-to-end tests: the site's routes, a signed-in session, axe, and the
// fixtures every test can ask for: `outbox` (the mail the server wrote) and `api` (the running
// server's API, to create what a test needs without clicking through pages).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test';

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

/**
 * Stops the page's clock (installed with `page.clock.install()` before the page loaded), so that only
 * `page.clock.runFor` moves it: delays are then measured in page time, however busy the machine is.
 */
export async function pauseClock(page: Page) {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1000);
}

/** A student's session as the API gives it on sign-in: a bearer token and the user. */
export interface StudentSession {
  token: string;
  user: { id: string; first_name: string; last_name: string; email: string; image_url: string | null; [key: string]: unknown };
}

/** Stores a session before any page script runs, as the accounts feature does after login. */
export async function signIn(page: Page, session: StudentSession) {
  await page.addInitScript(
    ([key, value]) => localStorage.setItem(key!, value!),
    [SESSION_KEY, JSON.stringify({ token: session.token, user: session.user })],
  );
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

/** One mail the server wrote to its outbox, decoded enough to assert on. */
export interface Mail {
  file: string;
  to: string;
  replyTo: string;
  subject: string;
  /** The plain-text part, decoded. */
  text: string;
  /** The whole message as written, headers and every part. */
  raw: string;
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

/** The 6-digit code in a mail's text (sign-up and password-reset codes). */
export function codeIn(mail: Mail): string {
  const code = /(?<!\d)\d{6}(?!\d)/.exec(mail.text)?.[0];
  if (!code) throw new Error(`No 6-digit code in the mail "${mail.subject}" to ${mail.to}`);
  return code;
}

/** What the API answered: its status and its parsed JSON envelope. */
export interface ApiAnswer<T = unknown> {
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

/** The outbox's file names, oldest first: each name starts with the time it was written. */
function outboxFiles(): string[] {
  if (!existsSync(OUTBOX)) return [];
  return readdirSync(OUTBOX)
    .filter((name) => name.endsWith('.eml'))
    .sort();
}

/** Quoted-printable (RFC 2045) to text, as UTF-8. */
function fromQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const joined = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? /^[0-9A-F]{2}/i.exec(joined.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(parseInt(hex[0], 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** A header value with its encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`) decoded. */
function headerText(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, encoding: string, word: string) =>
      encoding.toLowerCase() === 'b' ? Buffer.from(word, 'base64').toString('utf8') : fromQuotedPrintable(word.replace(/_/g, ' ')),
    );
}

/** Splits a MIME entity into its headers (lower-case names, unfolded) and its body. */
function parseEntity(entity: string): { headers: Map<string, string>; body: string } {
  const split = /\r?\n\r?\n/.exec(entity);
  const head = split ? entity.slice(0, split.index) : entity;
  const body = split ? entity.slice(split.index + split[0].length) : '';
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** The decoded text/plain part of a MIME entity, looking inside multipart ones. */
function plainTextOf(entity: string): string | undefined {
  const { headers, body } = parseEntity(entity);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const parts = body.split(`--${boundary}`).slice(1, -1);
    for (const part of parts) {
      const text = plainTextOf(part.replace(/^\r?\n/, ''));
      if (text !== undefined) return text;
    }
    return undefined;
  }
  if (!/^text\/plain/i.test(type)) return undefined;
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return fromQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body, 'base64').toString('utf8');
  return body;
}

function readMail(file: string): Mail {
  const raw = readFileSync(join(OUTBOX, file), 'utf8');
  const { headers } = parseEntity(raw);
  const header = (name: string) => headerText(headers.get(name) ?? '');
  return { file, to: header('to'), replyTo: header('reply-to'), subject: header('subject'), text: plainTextOf(raw) ?? '', raw };
}

function createOutbox(): Outbox {
  const before = new Set(outboxFiles());
  const mails = () =>
    outboxFiles()
      .filter((file) => !before.has(file))
      .map(readMail);
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

function createApi(request: APIRequestContext): Api {
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

/** A student created through the API as a real one is: signed up, the mailed code entered. */
export interface Student extends StudentSession {
  email: string;
  password: string;
}

export const STUDENT_PASSWORD = 'Indigo-Lagos7';

export const test = base.extend<{ outbox: Outbox; api: Api; student: Student }>({
  // The outbox is read from the moment the test starts, so a test sees only mail written after it.
  // eslint-disable-next-line no-empty-pattern
  outbox: async ({}, use) => {
    await use(createOutbox());
  },
  api: async ({ request }, use) => {
    await use(createApi(request));
  },
  student: async ({ api, outbox }, use, testInfo) => {
    const email = `student-${testInfo.testId}-${testInfo.repeatEachIndex}-${testInfo.retry}@example.com`.toLowerCase();
    const signup = await api.post('user/auth/student/signup', { first_name: 'Ada', last_name: 'Obi', email, password: STUDENT_PASSWORD });
    expect(signup.status, JSON.stringify(signup.body)).toBe(201);
    const otp = codeIn(await outbox.newestTo(email));
    const verified = await api.post<StudentSession>('user/auth/student/verify-account', { email, otp });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    await use({ ...verified.body.data!, email, password: STUDENT_PASSWORD });
  },
});
export { expect };
