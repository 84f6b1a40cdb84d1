// ky, set up for the API, and how its failures read: loaded by http.ts with the first call, so a
// form page fetches it when the student sends, not when the page loads (issue 18). A page whose
// island calls the API at once gets it preloaded (scripts/build/preload-modules.ts, EAGER_IMPORTS).
import ky, { isHTTPError, isNetworkError, isTimeoutError, type Options } from 'ky';
import { API_BASE } from './api-base.ts';
import { ApiError, FALLBACK_MESSAGE, NetworkError, type FieldErrors } from './errors.ts';
import { $session } from './session.ts';

const API_TIMEOUT_MS = 36_000;

/** Query retry (docs/product.md#two-readings-the-one-taken): once, the delay doubling from 1000 ms up to 30000 ms. */
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

export type SendOptions = Omit<Options, 'json' | 'method'> & { json?: unknown };

/** Sends the call and resolves with the answer's JSON body. */
export const send = (method: 'get' | 'post' | 'put' | 'patch' | 'delete', path: string, options: SendOptions): Promise<unknown> =>
  client(path, { ...options, method }).json();

export function toError(error: unknown): Error {
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
