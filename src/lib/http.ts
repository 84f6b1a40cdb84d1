// The one HTTP client of the browser: API base, bearer token, 36 s timeout, one retry for queries
// (never for mutations), the top progress bar, and the error handling of docs/product.md#error-messages. Every answer's
// envelope is checked, and its data parsed with the caller's schema, so what a feature reads is what
// its schema promises; or, for an answer a page reads as it opens, taken as the server wrote it
// (`trusted`, below), so the page does not load valibot for it.
import type * as v from 'valibot';
import { ApiError, DEACTIVATED_MESSAGE, messageOf, NetworkError, UnexpectedAnswerError } from './errors.ts';
import type * as HttpTransport from './http-transport.ts';
import { doneProgress, startProgress } from './loading-bar.ts';
import { currentPath, LOGIN_PATH, loginUrl } from './navigation.ts';
import { $session, setSession } from './session.ts';
import { noteSignedOut, type Replay } from './signed-out.ts';
import { toast } from './toast/store.ts';

export { LOGIN_PATH };

type Transport = typeof HttpTransport;
let transport: Promise<Transport> | undefined;
/** ky and its set-up, fetched once with the first call; a failed fetch (offline) is tried again by the next call. */
function loadTransport(): Promise<Transport> {
  transport ??= import('./http-transport.ts').catch((error: unknown) => {
    transport = undefined;
    throw error;
  });
  return transport;
}

declare const trustedData: unique symbol;
/**
 * An answer's `data` taken as the server wrote it, typed by the feature's schema (`trusted<Material>()`).
 * For the calls a page makes as it opens (the dashboard's, a course's), whose answers the API tests
 * hold against the same schemas (the OpenAPI document, tests/api): parsing them again in the browser
 * would only add valibot (3.4 KB gzip) to every portal page's load (docs/architecture.md, Budgets).
 * The envelope (`{message, data}`) is still checked. A form's answer, and any answer whose schema
 * transforms what it reads, is parsed with its schema.
 */
export interface Trusted<T> {
  readonly trusted: true;
  readonly [trustedData]?: T;
}
const TRUSTED: Trusted<unknown> = { trusted: true };
export const trusted = <T>() => TRUSTED as Trusted<T>;
const isTrusted = (schema: DataSchema): schema is Trusted<unknown> => schema === TRUSTED;

/** What a call expects in the answer's `data`: a synchronous valibot schema, or `trusted<T>()`. */
export type DataSchema = v.GenericSchema | Trusted<unknown>;
type DataOf<S extends DataSchema> = S extends Trusted<infer T> ? T : S extends v.GenericSchema ? v.InferOutput<S> : never;

/** The data of an answer that carries only a message (`{message, data: null}`). */
export const NoDataSchema = trusted<null>();

/** A successful answer after parsing: the server's message and the schema's output for `data`. */
export interface Answer<S extends DataSchema> {
  message: string;
  data: DataOf<S>;
}

const isEnvelope = (body: unknown): body is { message: string; data: unknown } =>
  typeof body === 'object' &&
  body !== null &&
  !Array.isArray(body) &&
  typeof (body as { message?: unknown }).message === 'string' &&
  'data' in body;

/**
 * Parses a 2xx body as `{message, data}`. An answer the feature cannot read is the server's fault,
 * not the person's: they see the fallback message, and the console gets where it came from and what
 * did not match, but never the body (it may hold personal data or a token). The parsing with a schema
 * is imported here, not with this module (parse-answer.ts): a call with a schema has valibot loaded
 * already, by the schema's own module.
 */
async function parseAnswer<S extends DataSchema>(path: string, schema: S, body: unknown): Promise<Answer<S>> {
  if (isTrusted(schema)) {
    if (isEnvelope(body)) return { message: body.message, data: body.data as DataOf<S> };
    console.error(`Unexpected answer from ${path}:`, '(answer): expected {message, data}');
    throw new UnexpectedAnswerError(path);
  }
  const { parseWithSchema } = await import('./parse-answer.ts');
  const result = parseWithSchema(schema, body);
  if (result.ok) return result.output as Answer<S>;
  console.error(`Unexpected answer from ${path}:`, result.mismatches.join('; '));
  throw new UnexpectedAnswerError(path);
}

/**
 * docs/product.md#error-messages: a 401 ends the session and goes to login (and, after signing in,
 * back to this page), unless the account was deactivated. On the auth pages themselves a 401 is the
 * form's to show.
 */
function handleUnauthorized(error: ApiError, replay: Omit<Replay, 'userId'> | undefined) {
  if (error.status !== 401 || error.message === DEACTIVATED_MESSAGE) return;
  // Several calls of one page may be refused at once: the first ends the session and leaves; a second
  // navigation would only cancel the first one.
  const session = $session.get();
  if (session === null) return;
  // The login page says why, knows the address, and sends a change that met the ended session again.
  noteSignedOut({ why: 'ended', email: session.user.email, replay: replay && { ...replay, userId: session.user.id } });
  setSession(null);
  if (typeof location !== 'undefined' && !location.pathname.startsWith('/auth/')) location.assign(loginUrl(currentPath()));
}

export interface CallOptions<S extends DataSchema> extends Omit<HttpTransport.SendOptions, 'json'> {
  /** The schema the answer's `data` must match; its output is what the call resolves with. */
  data: S;
  /** Show the error as a toast (default true); forms may prefer to show field errors instead. */
  toastError?: boolean;
  /** Show the server's message as a success toast (default false). */
  toastSuccess?: boolean;
  /**
   * The call signs in (default false). Any other call's 401 means the session ended: it is forgotten
   * and the browser goes to login. A sign-in's 401 is a wrong password, the form's to show.
   */
  signsIn?: boolean;
  /**
   * A change worth sending again after signing back in, when it met an ended session (a material
   * ticked): never a payment, nothing a person would not expect to happen twice over.
   */
  replayable?: boolean;
}

async function call<S extends DataSchema>(
  method: 'get' | 'post' | 'put' | 'patch' | 'delete',
  path: string,
  options: CallOptions<S> & { json?: unknown },
): Promise<Answer<S>> {
  const { data: schema, toastError = true, toastSuccess = false, signsIn = false, replayable = false, ...kyOptions } = options;
  startProgress();
  let loaded: Transport | undefined;
  try {
    loaded = await loadTransport();
    const result = await parseAnswer(path, schema, await loaded.send(method, path, kyOptions));
    if (toastSuccess && result.message) toast.success(result.message);
    return result;
  } catch (raw) {
    // Without its transport the call never left: the code could not be fetched, a network failure.
    const error = loaded ? loaded.toError(raw) : new NetworkError(false);
    const replay = replayable && method !== 'get' ? { method, path, json: options.json } : undefined;
    if (error instanceof ApiError && !signsIn) handleUnauthorized(error, replay);
    if (toastError) toast.error(messageOf(error));
    throw error;
  } finally {
    doneProgress();
  }
}

/**
 * Each call names the schema of the data it expects, and resolves with that schema's output:
 * `http.get('user/student/profile', { data: UserSchema })`, or for a message-only answer
 * `http.post('user/contact', message, { data: NoDataSchema, toastSuccess: true })`.
 */
/** Sends again a change that met an ended session, quietly: it was the student's, now signed in again. */
export const replayCall = (replay: Replay) =>
  call(replay.method, replay.path, { json: replay.json, data: trusted<unknown>(), toastError: false }).then(
    () => true,
    () => false,
  );

export const http = {
  get: <S extends DataSchema>(path: string, options: CallOptions<S>) => call('get', path, options),
  post: <S extends DataSchema>(path: string, json: unknown, options: CallOptions<S>) => call('post', path, { ...options, json }),
  put: <S extends DataSchema>(path: string, json: unknown, options: CallOptions<S>) => call('put', path, { ...options, json }),
  patch: <S extends DataSchema>(path: string, json: unknown, options: CallOptions<S>) => call('patch', path, { ...options, json }),
  delete: <S extends DataSchema>(path: string, options: CallOptions<S>) => call('delete', path, options),
};
