// Builds the API as the server does, on a test database, with a mailer and a logger that remember
// what they were given, and helpers to send requests from a chosen client address.
import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { API_BASE, createApp, type ApiApp } from '#server/app.ts';
import type { Database } from '#server/db/client.ts';
import { readEnv } from '#server/env.ts';
import { formatLogLine, type Logger } from '#server/log.ts';
import { backgroundMailSettled } from '#server/mail/background.ts';
import { MailUnavailableError, type Mailer, type OutgoingMail } from '#server/mail/mailer.ts';
import type { PaymentProvider } from '#server/payments/provider.ts';
import { checkAnswersOf } from './openapi-check.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

export interface RecordingMailer extends Mailer {
  sent: OutgoingMail[];
  /** While true, every send fails as a dead mail server would. */
  failing: boolean;
}

function recordingMailer(): RecordingMailer {
  const mailer: RecordingMailer = {
    sent: [],
    failing: false,
    send(mail) {
      if (mailer.failing)
        return Promise.reject(new MailUnavailableError('The test mail server is down', { cause: new Error('connect ECONNREFUSED') }));
      mailer.sent.push(mail);
      return Promise.resolve();
    },
    close() {},
  };
  return mailer;
}

export interface RecordingLogger extends Logger {
  lines: string[];
  /** Every line as the console logger writes it: with the error's description, when one was given. */
  output: string[];
}

export function recordingLogger(): RecordingLogger {
  const lines: string[] = [];
  const output: string[] = [];
  return {
    lines,
    output,
    info: (line) => {
      lines.push(line);
      output.push(formatLogLine(line));
    },
    error: (line, error) => {
      lines.push(line);
      output.push(formatLogLine(line, error));
    },
  };
}

export interface TestAppOptions<M extends Mailer> {
  env?: Record<string, string>;
  mailer?: M;
  clock?: () => Date;
  /** The secret the admin routes demand; none (every admin request refused) unless given. */
  adminSecret?: string;
  /** The payment provider; the built-in test provider unless given. */
  payments?: PaymentProvider;
  /** False: answers come back before the code mail sent after them has gone (see waitForBackgroundMail). */
  waitForBackgroundMail?: boolean;
}

export function buildTestApp<M extends Mailer = RecordingMailer>(db: Database, options: TestAppOptions<M> = {}) {
  const mailer = options.mailer ?? (recordingMailer() as Mailer as M);
  const log = recordingLogger();
  const env = readEnv({ DATA_DIR: '/nonexistent-test-data', ...options.env });
  const app = createApp({
    db,
    mailer,
    env,
    log,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.adminSecret ? { adminSecret: options.adminSecret } : {}),
    ...(options.payments ? { payments: options.payments } : {}),
  });
  // Every answer a test receives through app.request (and so through send()) is held against the
  // OpenAPI document the app publishes.
  checkAnswersOf(app, API_BASE);
  if (options.waitForBackgroundMail !== false) waitForBackgroundMail(app, mailer);
  return { app, mailer, log, env };
}

/**
 * Forgot-password and resend-code make and mail their code after answering (src/server/mail/background.ts);
 * a test reads the code right after the answer, so the test app hands the answer over once that mail is out.
 */
function waitForBackgroundMail(app: ApiApp, mailer: Mailer) {
  const request = app.request;
  app.request = async (...args: Parameters<typeof request>) => {
    const response = await request(...args);
    await backgroundMailSettled(mailer);
    return response;
  };
}

export interface SendOptions {
  /** The socket's remote address, as @hono/node-server would pass it. */
  ip?: string;
  headers?: Record<string, string>;
  /** A session token, sent as `Authorization: Bearer <token>`. */
  token?: string;
  method?: string;
  /** application/json unless told otherwise; null sends none (give a Uint8Array body, or fetch adds text/plain). */
  contentType?: string | null;
}

/** Sends `body` as it is when it is a string or bytes, else as JSON. */
export async function send(app: ApiApp, path: string, body?: unknown, options: SendOptions = {}): Promise<Response> {
  const headers = new Headers({ ...options.headers, ...(options.token ? authHeader(options.token) : {}) });
  const contentType = options.contentType === undefined ? 'application/json' : options.contentType;
  if (contentType !== null) headers.set('content-type', contentType);
  const init: RequestInit = { method: options.method ?? 'POST', headers };
  if (body !== undefined) init.body = typeof body === 'string' || body instanceof Uint8Array ? (body as BodyInit) : JSON.stringify(body);
  const bindings = { incoming: { socket: { remoteAddress: options.ip ?? '192.0.2.10' } } };
  return app.request(`/api/v1/${path}`, init, bindings);
}

/** The header a signed-in client sends. */
export const authHeader = (token: string) => ({ authorization: `Bearer ${token}` });

/** A GET as a browser sends it: no body, no Content-Type; `token` signs it in. */
export const get = (app: ApiApp, path: string, options: Omit<SendOptions, 'method' | 'contentType'> = {}) =>
  send(app, path, undefined, { ...options, method: 'GET', contentType: null });

/**
 * The answer's `data`, parsed with the route's own schema (the one its handler answers with), after
 * checking the status: `const courses = await readData(await get(t.app, 'user/student/courses', { token }), MyCoursesSchema)`.
 * The whole answer has already been held against the OpenAPI document (checkAnswersOf).
 */
export async function readData<S extends v.GenericSchema>(response: Response, schema: S, status = 200): Promise<v.InferOutput<S>> {
  const body = (await response.json()) as { data?: unknown };
  if (response.status !== status) throw new Error(`Expected ${status}, got ${response.status}: ${JSON.stringify(body)}`);
  const parsed = v.safeParse(schema, body.data);
  if (!parsed.success) throw new Error(`The answer's data does not match the schema: ${v.summarize(parsed.issues)}`);
  return parsed.output;
}

/** A database for tests that only read the API document or routes: any use of it fails loudly. */
export const NO_DATABASE = new Proxy(
  {},
  {
    get() {
      throw new Error('this test does not use the database');
    },
  },
) as Database;

/** The OpenAPI document the app publishes, read without a database. */
export async function publishedDocument(): Promise<Record<string, unknown>> {
  return readJson(await buildTestApp(NO_DATABASE).app.request(`${API_BASE}/openapi.json`));
}

export async function readJson(response: Response): Promise<Record<string, unknown>> {
  return (await response.json()) as Record<string, unknown>;
}

export type TestApp = ReturnType<typeof buildTestApp<RecordingMailer>>;

/** What useTestApp() gives a test: a fresh app per test on the file's one database. */
export interface TestAppFixture<M extends Mailer = RecordingMailer> {
  /** The API, built again before each test; every answer is checked against its OpenAPI document. */
  readonly app: ApiApp;
  readonly mailer: M;
  readonly log: RecordingLogger;
  readonly env: TestApp['env'];
  /** The file's database, emptied before each test. */
  readonly db: Database;
  readonly database: TestDatabase;
  /** The clock the app reads: the real time until a test sets or advances it (or `startAt` says otherwise). */
  readonly clock: TestClock;
}

interface TestClock {
  now: () => Date;
  set: (time: Date | string) => void;
  advance: (ms: number) => void;
}

export interface UseTestAppOptions<M extends Mailer> {
  env?: Record<string, string>;
  adminSecret?: string;
  /** A new mailer for each test; a recording one unless given. */
  mailer?: () => M;
  /** Where the clock stands at the start of each test; the real time unless given. */
  startAt?: Date | string;
  /** A payment provider for each test, on the test's database and clock; the built-in test provider unless given. */
  payments?: (db: Database, clock: () => Date) => PaymentProvider;
  /** False: answers come back before the code mail sent after them has gone. */
  waitForBackgroundMail?: boolean;
}

/**
 * One database per test file, emptied before each test, closed after the last, and an app built on
 * it before each test. Call at the top of a file (or a describe) and read from the accessor inside tests:
 *
 *   const t = useTestApp({ env: { STAFF_EMAIL: 'staff@adire.test' } });
 *   it('...', async () => { await send(t.app, 'user/contact', body); expect(t.mailer.sent).toHaveLength(1); });
 */
export function useTestApp<M extends Mailer = RecordingMailer>(options: UseTestAppOptions<M> = {}): TestAppFixture<M> {
  let database: TestDatabase | undefined;
  let built: ReturnType<typeof buildTestApp<M>> | undefined;
  let time = options.startAt === undefined ? undefined : new Date(options.startAt);
  const clock: TestClock = {
    now: () => (time ? new Date(time) : new Date()),
    set: (next) => {
      time = new Date(next);
    },
    advance: (ms) => {
      time = new Date((time ?? new Date()).getTime() + ms);
    },
  };

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());
  beforeEach(async () => {
    await database!.truncate();
    time = options.startAt === undefined ? undefined : new Date(options.startAt);
    built = buildTestApp<M>(database!.db, {
      ...(options.env ? { env: options.env } : {}),
      ...(options.adminSecret ? { adminSecret: options.adminSecret } : {}),
      ...(options.mailer ? { mailer: options.mailer() } : {}),
      ...(options.payments ? { payments: options.payments(database!.db, clock.now) } : {}),
      ...(options.waitForBackgroundMail === false ? { waitForBackgroundMail: false } : {}),
      clock: clock.now,
    });
  });

  const current = () => {
    if (!built) throw new Error('useTestApp(): read the app inside a test or a beforeEach, not while the file is collected');
    return built;
  };
  return {
    get app() {
      return current().app;
    },
    get mailer() {
      return current().mailer;
    },
    get log() {
      return current().log;
    },
    get env() {
      return current().env;
    },
    get db() {
      return database!.db;
    },
    get database() {
      return database!;
    },
    clock,
  };
}
