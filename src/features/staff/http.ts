// The console's HTTP client: ky with the staff token (never the student's), the same `{message, data}`
// parsing and error texts as the portal's client. A 401 on any call but sign-in ends the staff
// session and goes to /staff/login; a 403 says 'You do not have permission to do this.'.
import ky, { isHTTPError } from 'ky';
import * as v from 'valibot';
import { API_BASE } from '#lib/api-base.ts';
import { ApiError, FALLBACK_MESSAGE, messageOf, NetworkError, NOT_PERMITTED_MESSAGE, type FieldErrors } from '#lib/errors.ts';
import { toast } from '#lib/toast/store.ts';
import { saveFile } from './save-file.ts';
import { $staffSession, leaveForLogin } from './session.ts';

const client = ky.create({
  prefix: API_BASE,
  timeout: 36_000,
  retry: { limit: 1, methods: ['get'] },
  hooks: {
    beforeRequest: [
      ({ request }) => {
        const token = $staffSession.get()?.token;
        if (token) request.headers.set('authorization', `Bearer ${token}`);
      },
    ],
  },
});

interface StaffCallOptions<S extends v.GenericSchema> {
  data: S;
  json?: unknown;
  searchParams?: Record<string, string | number>;
  /** Sign-in's 401 is a wrong password or code, the form's to show. */
  signsIn?: boolean;
  toastSuccess?: boolean;
  toastError?: boolean;
}

function asError(error: unknown): Error {
  if (isHTTPError(error)) {
    const body = (typeof error.data === 'object' ? error.data : null) as { message?: unknown; errors?: FieldErrors } | null;
    const status = error.response.status;
    const message =
      status === 403 ? NOT_PERMITTED_MESSAGE : typeof body?.message === 'string' && body.message ? body.message : FALLBACK_MESSAGE;
    return new ApiError(status, message, body?.errors ?? {});
  }
  if (error instanceof TypeError || (error instanceof Error && error.name === 'TimeoutError'))
    return new NetworkError(error.name === 'TimeoutError');
  return error instanceof Error ? error : new Error(String(error));
}

async function call<S extends v.GenericSchema>(
  method: 'get' | 'post' | 'patch' | 'delete',
  path: string,
  { data, json, searchParams, signsIn = false, toastSuccess = false, toastError = true }: StaffCallOptions<S>,
): Promise<v.InferOutput<S>> {
  try {
    const body = await client(`staff/${path}`, { method, json, searchParams }).json();
    const parsed = v.parse(v.object({ message: v.string(), data }), body);
    if (toastSuccess && parsed.message) toast.success(parsed.message);
    return parsed.data;
  } catch (raw) {
    const error = raw instanceof v.ValiError ? new Error(FALLBACK_MESSAGE) : asError(raw);
    if (error instanceof ApiError && error.status === 401 && !signsIn && $staffSession.get()) leaveForLogin('ended');
    if (toastError) toast.error(messageOf(error));
    throw error;
  }
}

export const staffHttp = {
  get: <S extends v.GenericSchema>(path: string, options: Omit<StaffCallOptions<S>, 'json'>) => call('get', path, options),
  post: <S extends v.GenericSchema>(path: string, json: unknown, options: StaffCallOptions<S>) => call('post', path, { ...options, json }),
  patch: <S extends v.GenericSchema>(path: string, json: unknown, options: StaffCallOptions<S>) =>
    call('patch', path, { ...options, json }),
  delete: <S extends v.GenericSchema>(path: string, json: unknown, options: StaffCallOptions<S>) =>
    call('delete', path, { ...options, json }),
};

/** The address of a CSV download (the browser fetches it with the token, see downloadCsv). */
export async function downloadCsv(path: string, filename: string) {
  try {
    saveFile(await client(`staff/${path}`).blob(), filename);
  } catch (raw) {
    const error = asError(raw);
    if (error instanceof ApiError && error.status === 401) leaveForLogin('ended');
    toast.error(messageOf(error));
  }
}

/** The number of rows of a CSV answer, its header not counted. */
export async function fetchCsvRows(path: string): Promise<number> {
  try {
    const text = await client(`staff/${path}`).text();
    // RFC 4180 rows end in CRLF; a quoted cell may hold a line break, so count line ends outside quotes.
    let rows = 0;
    let quoted = false;
    for (const char of text) {
      if (char === '"') quoted = !quoted;
      else if (char === '\n' && !quoted) rows += 1;
    }
    if (text && !text.endsWith('\n')) rows += 1;
    return Math.max(0, rows - 1);
  } catch (raw) {
    const error = asError(raw);
    if (error instanceof ApiError && error.status === 401) leaveForLogin('ended');
    throw error;
  }
}
