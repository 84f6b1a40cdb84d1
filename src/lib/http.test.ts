// The browser's HTTP client: retry timing (docs/product.md#two-readings-the-one-taken), the toasts and errors of docs/product.md#error-messages, and answers
// parsed with the caller's schema (or, `trusted`, read as sent in their envelope), with fetch answered in-process.
import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, FALLBACK_MESSAGE, UnexpectedAnswerError } from './errors.ts';
import { $pendingToasts } from './toast/store.ts';

// ky needs an absolute base outside a browser; http.ts reads it when first imported.
vi.hoisted(() => vi.stubEnv('PUBLIC_API_BASE', 'http://api.test/api/v1/'));
const { http, NoDataSchema, trusted } = await import('./http.ts');
const { retryDelay } = await import('./http-transport.ts');

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** What fetch was asked, read when it was asked: ky may consume the request's body afterwards. */
interface Sent {
  url: string;
  method: string;
  body: string;
}

describe('retryDelay', () => {
  it('doubles from 1000 ms', () => {
    expect([1, 2, 3, 4, 5].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000]);
  });
  it('never waits more than 30000 ms', () => {
    expect(retryDelay(6)).toBe(30_000);
    expect(retryDelay(12)).toBe(30_000);
  });
});

describe('http', () => {
  const fetchMock = vi.fn<typeof fetch>();
  let sent: Sent[] = [];
  beforeEach(() => {
    sent = [];
    vi.stubGlobal('fetch', async (input: Request, init?: RequestInit) => {
      sent.push({ url: input.url, method: input.method, body: await input.clone().text() });
      return fetchMock(input, init);
    });
    $pendingToasts.set([]);
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it("posts JSON under the API base and toasts the server's message when asked", async () => {
    fetchMock.mockResolvedValueOnce(json(201, { message: 'Thank you, we will be in touch.', data: null }));
    const answer = await http.post('user/contact', { email: 'ada@example.com' }, { data: NoDataSchema, toastSuccess: true });
    expect(sent).toEqual([
      { url: 'http://api.test/api/v1/user/contact', method: 'POST', body: JSON.stringify({ email: 'ada@example.com' }) },
    ]);
    expect(answer).toEqual({ message: 'Thank you, we will be in touch.', data: null });
    expect($pendingToasts.get()).toMatchObject([{ type: 'success', message: 'Thank you, we will be in touch.' }]);
  });

  it('turns a 400 into an ApiError with its field errors, and toasts its message', async () => {
    fetchMock.mockResolvedValueOnce(json(400, { message: 'Email must be valid', errors: { email: ['Email must be valid'] } }));
    const error = await http.post('user/contact', {}, { data: NoDataSchema }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).fieldErrors).toEqual({ email: ['Email must be valid'] });
    expect($pendingToasts.get()).toMatchObject([{ type: 'error', message: 'Email must be valid', duration: 3000 }]);
  });

  it("shows a 500 as 'Something went wrong, Please try again!' and does not retry a mutation", async () => {
    fetchMock.mockResolvedValue(json(500, { message: 'Something went wrong, please try again!' }));
    await expect(http.post('user/contact', {}, { data: NoDataSchema })).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect($pendingToasts.get()).toMatchObject([{ type: 'error', message: 'Something went wrong, Please try again!' }]);
  });

  it("falls back to 'Something went wrong, please try again!' when the answer has no message", async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>Bad gateway</html>', { status: 404, headers: { 'content-type': 'text/html' } }));
    await expect(http.post('user/contact', {}, { data: NoDataSchema })).rejects.toMatchObject({
      status: 404,
      message: 'Something went wrong, please try again!',
    });
  });

  it('stays quiet when the caller shows the error itself', async () => {
    fetchMock.mockResolvedValueOnce(json(401, { message: 'Invalid email or password' }));
    await expect(http.post('user/auth/student/login', {}, { data: NoDataSchema, toastError: false })).rejects.toMatchObject({
      status: 401,
    });
    expect($pendingToasts.get()).toEqual([]);
  });
});

describe('http answers', () => {
  const SignupAnswerSchema = v.object({ email: v.string() });
  const errorLog = vi.spyOn(console, 'error').mockImplementation(() => {});
  beforeEach(() => {
    $pendingToasts.set([]);
    errorLog.mockClear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  const answerWith = (response: Response) => vi.stubGlobal('fetch', () => Promise.resolve(response));

  it("resolves with the message and the schema's output for data", async () => {
    answerWith(json(201, { message: 'Check your e-mail for a code.', data: { email: 'ada@example.com' } }));
    const answer = await http.post('user/auth/student/signup', {}, { data: SignupAnswerSchema });
    expect(answer).toEqual({ message: 'Check your e-mail for a code.', data: { email: 'ada@example.com' } });
    expect(errorLog).not.toHaveBeenCalled();
  });

  it('parses rather than casts: transforms apply and unknown keys are dropped', async () => {
    const ProfileSchema = v.object({
      email: v.pipe(v.string(), v.toLowerCase()),
      created_at: v.pipe(v.string(), v.isoTimestamp(), v.toDate()),
    });
    answerWith(
      json(200, { message: 'ok', data: { email: 'Ada@Example.com', created_at: '2026-11-23T14:30:00.000Z', password_hash: 'x' } }),
    );
    const { data } = await http.get('user/student/profile', { data: ProfileSchema });
    expect(data).toEqual({ email: 'ada@example.com', created_at: new Date('2026-11-23T14:30:00.000Z') });
    expect(data.created_at).toBeInstanceOf(Date);
  });

  it("rejects a 200 whose data does not match, shows 'Something went wrong, please try again!' and logs the path, not the body", async () => {
    answerWith(json(200, { message: 'Signed up.', data: { mail: 'ada@example.com' } }));
    const error = await http
      .post('user/auth/student/signup', {}, { data: SignupAnswerSchema, toastSuccess: true })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnexpectedAnswerError);
    expect(error).toMatchObject({ message: FALLBACK_MESSAGE, path: 'user/auth/student/signup' });
    // Only the error toast: the server's success message is not shown for an answer that failed to parse.
    expect($pendingToasts.get()).toMatchObject([{ type: 'error', message: FALLBACK_MESSAGE }]);
    expect($pendingToasts.get()).toHaveLength(1);
    expect(errorLog).toHaveBeenCalledTimes(1);
    const logged = errorLog.mock.calls[0]!.join(' ');
    expect(logged).toContain('user/auth/student/signup');
    expect(logged).toContain('data.email');
    expect(logged).not.toContain('ada@example.com');
  });

  it('rejects an answer without the envelope (no message, or not an object)', async () => {
    answerWith(json(200, { data: null }));
    await expect(http.get('user/courses', { data: NoDataSchema })).rejects.toBeInstanceOf(UnexpectedAnswerError);
    answerWith(json(200, ['a', 'list']));
    await expect(http.get('user/courses', { data: NoDataSchema })).rejects.toBeInstanceOf(UnexpectedAnswerError);
    expect($pendingToasts.get()).toMatchObject([
      { type: 'error', message: FALLBACK_MESSAGE },
      { type: 'error', message: FALLBACK_MESSAGE },
    ]);
  });

  it('reads a trusted answer as sent, and still rejects one without the envelope', async () => {
    const data = { id: 'pattern-drafting-foundations', materials: [{ id: 'm1', completed: true }] };
    answerWith(json(200, { message: 'Course materials.', data }));
    await expect(http.get('user/student/courses/x', { data: trusted<typeof data>() })).resolves.toEqual({
      message: 'Course materials.',
      data,
    });
    answerWith(json(200, { data }));
    await expect(http.get('user/student/courses/x', { data: trusted<typeof data>(), toastError: false })).rejects.toBeInstanceOf(
      UnexpectedAnswerError,
    );
    expect(errorLog.mock.calls.at(-1)!.join(' ')).not.toContain('pattern-drafting-foundations');
  });

  it('leaves the toast to the caller when asked', async () => {
    answerWith(json(200, { message: 'ok', data: { email: 42 } }));
    await expect(http.post('user/auth/student/signup', {}, { data: SignupAnswerSchema, toastError: false })).rejects.toMatchObject({
      message: FALLBACK_MESSAGE,
    });
    expect($pendingToasts.get()).toEqual([]);
  });
});
