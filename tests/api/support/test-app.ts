// Builds the API as the server does, on a test database, with a mailer and a logger that remember
// what they were given, and helpers to send requests from a chosen client address.
import { createApp, type ApiApp } from '../../../src/server/app.ts';
import type { Database } from '../../../src/server/db/client.ts';
import { readEnv } from '../../../src/server/env.ts';
import { formatLogLine, type Logger } from '../../../src/server/log.ts';
import { MailUnavailableError, type Mailer, type OutgoingMail } from '../../../src/server/mail/mailer.ts';

export interface RecordingMailer extends Mailer {
  sent: OutgoingMail[];
  /** While true, every send fails as a dead mail server would. */
  failing: boolean;
}

export function recordingMailer(): RecordingMailer {
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
}

export function buildTestApp<M extends Mailer = RecordingMailer>(db: Database, options: TestAppOptions<M> = {}) {
  const mailer = options.mailer ?? (recordingMailer() as Mailer as M);
  const log = recordingLogger();
  const env = readEnv({ DATA_DIR: '/nonexistent-test-data', ...options.env });
  const app = createApp({ db, mailer, env, log, ...(options.clock ? { clock: options.clock } : {}) });
  return { app, mailer, log, env };
}

export interface SendOptions {
  /** The socket's remote address, as @hono/node-server would pass it. */
  ip?: string;
  headers?: Record<string, string>;
  method?: string;
  /** application/json unless told otherwise; null sends none (give a Uint8Array body, or fetch adds text/plain). */
  contentType?: string | null;
}

/** Sends `body` as it is when it is a string or bytes, else as JSON. */
export async function send(app: ApiApp, path: string, body?: unknown, options: SendOptions = {}): Promise<Response> {
  const headers = new Headers(options.headers);
  const contentType = options.contentType === undefined ? 'application/json' : options.contentType;
  if (contentType !== null) headers.set('content-type', contentType);
  const init: RequestInit = { method: options.method ?? 'POST', headers };
  if (body !== undefined) init.body = typeof body === 'string' || body instanceof Uint8Array ? (body as BodyInit) : JSON.stringify(body);
  const bindings = { incoming: { socket: { remoteAddress: options.ip ?? '192.0.2.10' } } };
  return app.request(`/api/v1/${path}`, init, bindings);
}

export async function readJson(response: Response): Promise<Record<string, unknown>> {
  return (await response.json()) as Record<string, unknown>;
}

export type TestApp = ReturnType<typeof buildTestApp<RecordingMailer>>;
