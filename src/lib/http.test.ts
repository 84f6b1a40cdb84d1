// The browser's HTTP client: retry timing (READINGS.md), and SPEC §8's toasts and errors, with
// fetch answered in-process.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './errors.ts';
import { $pendingToasts } from './toast/store.ts';

// ky needs an absolute base outside a browser; http.ts reads it when first imported.
vi.hoisted(() => vi.stubEnv('PUBLIC_API_BASE', 'http://api.test/api/v1/'));
const { http, retryDelay } = await import('./http.ts');

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
    const answer = await http.post('user/contact', { email: 'ada@example.com' }, { toastSuccess: true });
    expect(sent).toEqual([
      { url: 'http://api.test/api/v1/user/contact', method: 'POST', body: JSON.stringify({ email: 'ada@example.com' }) },
    ]);
    expect(answer.message).toBe('Thank you, we will be in touch.');
    expect($pendingToasts.get()).toMatchObject([{ type: 'success', message: 'Thank you, we will be in touch.' }]);
  });

  it('turns a 400 into an ApiError with its field errors, and toasts its message', async () => {
    fetchMock.mockResolvedValueOnce(json(400, { message: 'Email must be valid', errors: { email: ['Email must be valid'] } }));
    const error = await http.post('user/contact', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).fieldErrors).toEqual({ email: ['Email must be valid'] });
    expect($pendingToasts.get()).toMatchObject([{ type: 'error', message: 'Email must be valid', duration: 3000 }]);
  });

  it("shows a 500 as 'Something went wrong, Please try again!' and does not retry a mutation", async () => {
    fetchMock.mockResolvedValue(json(500, { message: 'Something went wrong, please try again!' }));
    await expect(http.post('user/contact', {})).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect($pendingToasts.get()).toMatchObject([{ type: 'error', message: 'Something went wrong, Please try again!' }]);
  });

  it("falls back to 'Something went wrong, please try again!' when the answer has no message", async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>Bad gateway</html>', { status: 404, headers: { 'content-type': 'text/html' } }));
    await expect(http.post('user/contact', {})).rejects.toMatchObject({ status: 404, message: 'Something went wrong, please try again!' });
  });

  it('stays quiet when the caller shows the error itself', async () => {
    fetchMock.mockResolvedValueOnce(json(401, { message: 'Invalid email or password' }));
    await expect(http.post('user/auth/student/login', {}, { toastError: false })).rejects.toMatchObject({ status: 401 });
    expect($pendingToasts.get()).toEqual([]);
  });
});
