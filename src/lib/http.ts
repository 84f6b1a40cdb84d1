// The one HTTP client of the browser: API base, bearer token, 36 s timeout, one retry for queries
// (never for mutations), the top progress bar, and SPEC §8's error handling.
import ky, { isHTTPError, isNetworkError, isTimeoutError, type Options } from 'ky';
import { ApiError, DEACTIVATED_MESSAGE, FALLBACK_MESSAGE, messageOf, NetworkError, type FieldErrors } from './errors.ts';
import { doneProgress, startProgress } from './progress.ts';
import { $session, setSession } from './session.ts';
import { toast } from './toast/store.ts';

export const API_BASE: string = import.meta.env.PUBLIC_API_BASE ?? '/api/v1/';
export const API_TIMEOUT_MS = 36_000;
export const LOGIN_PATH = '/auth/login';

/** Query retry (READINGS.md): once, the delay doubling from 1000 ms up to 30000 ms. */
export const retryDelay = (attempt: number) => Math.min(1000 * 2 ** (attempt - 1), 30_000);

const client = ky.create({
  prefix: API_BASE,
  timeout: API_TIMEOUT_MS,
  retry: { limit: 1, methods: ['get', 'head'], delay: retryDelay, backoffLimit: 30_000 },
  hooks: {
    beforeRequest: [
      ({ request }) => {
        const token = $session.get()?.token;
        if (token) request.headers.set('authorization', `Bearer ${token}`);
      },
    ],
  },
});

interface Envelope<T> {
  message: string;
  data: T;
}

function toError(error: unknown): Error {
  if (isHTTPError(error)) {
    // ky has already read the body into error.data (parsed when it is JSON).
    const body = (typeof error.data === 'object' ? error.data : null) as { message?: unknown; errors?: FieldErrors } | null;
    const message = typeof body?.message === 'string' && body.message ? body.message : FALLBACK_MESSAGE;
    return new ApiError(error.response.status, message, body?.errors ?? {});
  }
  if (isTimeoutError(error)) return new NetworkError(true);
  if (isNetworkError(error) || error instanceof TypeError) return new NetworkError(false);
  return error instanceof Error ? error : new Error(String(error));
}

/** SPEC §8: a 401 ends the session and goes to login, unless the account was deactivated. */
function handleUnauthorized(error: ApiError, path: string) {
  if (error.status !== 401 || error.message === DEACTIVATED_MESSAGE) return;
  // A wrong password on the login form is a 401 too: that one is the form's to show.
  if (path.startsWith('user/auth/student/login')) return;
  setSession(null);
  if (typeof location !== 'undefined' && location.pathname !== LOGIN_PATH) location.assign(LOGIN_PATH);
}

export interface CallOptions {
  /** Show the error as a toast (default true); forms may prefer to show field errors instead. */
  toastError?: boolean;
  /** Show the server's message as a success toast (default false). */
  toastSuccess?: boolean;
}

async function call<T>(
  method: 'get' | 'post' | 'put' | 'patch' | 'delete',
  path: string,
  options: Options & CallOptions = {},
): Promise<Envelope<T>> {
  const { toastError = true, toastSuccess = false, ...kyOptions } = options;
  startProgress();
  try {
    const result = await client(path, { ...kyOptions, method }).json<Envelope<T>>();
    if (toastSuccess && result.message) toast.success(result.message);
    return result;
  } catch (raw) {
    const error = toError(raw);
    if (error instanceof ApiError) handleUnauthorized(error, path);
    if (toastError) toast.error(messageOf(error));
    throw error;
  } finally {
    doneProgress();
  }
}

export const http = {
  get: <T>(path: string, options?: Options & CallOptions) => call<T>('get', path, options),
  post: <T>(path: string, json?: unknown, options?: Options & CallOptions) => call<T>('post', path, { ...options, json }),
  put: <T>(path: string, json?: unknown, options?: Options & CallOptions) => call<T>('put', path, { ...options, json }),
  patch: <T>(path: string, json?: unknown, options?: Options & CallOptions) => call<T>('patch', path, { ...options, json }),
  delete: <T>(path: string, options?: Options & CallOptions) => call<T>('delete', path, options),
};
