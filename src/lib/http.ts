// The one HTTP client of the browser: API base, bearer token, 36 s timeout, one retry for queries
// (never for mutations), the top progress bar, and the error handling of docs/product.md#error-messages. Every answer is parsed
// with the caller's schema for its data, so what a feature reads is what its schema promises.
import * as v from 'valibot';
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

/** Any synchronous valibot schema: what a call expects in the answer's `data`. */
export type DataSchema = v.GenericSchema;

/** The data of an answer that carries only a message (`{message, data: null}`). */
export const NoDataSchema = v.null_();

/** A successful answer after parsing: the server's message and the schema's output for `data`. */
export interface Answer<S extends DataSchema> {
  message: string;
  data: v.InferOutput<S>;
}

/**
 * Parses a 2xx body as `{message, data}`. An answer the feature cannot read is the server's fault,
 * not the person's: they see the fallback message, and the console gets where it came from and what
 * did not match, but never the body (it may hold personal data or a token).
 */
function parseAnswer<S extends DataSchema>(path: string, schema: S, body: unknown): Answer<S> {
  const result = v.safeParse(v.object({ message: v.string(), data: schema }), body);
  if (result.success) return result.output as Answer<S>;
  const mismatches = result.issues.map((issue) => `${v.getDotPath(issue) ?? '(answer)'}: expected ${issue.expected ?? 'a valid value'}`);
  console.error(`Unexpected answer from ${path}:`, mismatches.join('; '));
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
    const result = parseAnswer(path, schema, await loaded.send(method, path, kyOptions));
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
  call(replay.method, replay.path, { json: replay.json, data: v.unknown(), toastError: false }).then(
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
