// The client and the session (docs/product.md#error-messages): the bearer token on every call, a 401 ends the session
// and goes to login unless the account was deactivated, and queries retry once where mutations don't.
import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEACTIVATED_MESSAGE } from './errors.ts';
import { sampleUser } from '../../tests/support/sample-user.ts';
import { $session, type Session } from './session.ts';
import { $pendingToasts } from './toast/store.ts';

vi.hoisted(() => vi.stubEnv('PUBLIC_API_BASE', 'http://api.test/api/v1/'));
const { http, LOGIN_PATH, NoDataSchema } = await import('./http.ts');
const ProfileSchema = v.object({});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const SESSION: Session = { token: 'secret-token', user: sampleUser() };

describe('http with a session', () => {
  const answers: Response[] = [];
  const seen: Request[] = [];
  const assign = vi.fn();
  beforeEach(() => {
    answers.length = 0;
    seen.length = 0;
    assign.mockReset();
    vi.stubGlobal('fetch', (request: Request) => {
      seen.push(request);
      return Promise.resolve(answers.shift() ?? json(500, {}));
    });
    vi.stubGlobal('location', { pathname: '/dashboard/settings', search: '?tab=ChangePassword', assign });
    $session.set(SESSION);
    $pendingToasts.set([]);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    $session.set(null);
  });

  it('sends the bearer token', async () => {
    answers.push(json(200, { message: 'ok', data: {} }));
    await http.get('user/student/profile', { data: ProfileSchema });
    expect(seen[0]!.headers.get('authorization')).toBe('Bearer secret-token');
  });

  it('ends the session and goes to the login page on a 401', async () => {
    answers.push(json(401, { message: 'Your session has expired, please log in again.' }));
    await expect(http.get('user/student/profile', { data: ProfileSchema })).rejects.toMatchObject({ status: 401 });
    expect($session.get()).toBeNull();
    expect(assign).toHaveBeenCalledWith(`${LOGIN_PATH}?next=${encodeURIComponent('/dashboard/settings?tab=ChangePassword')}`);
  });

  it('goes to the login page once when several calls are refused at once', async () => {
    answers.push(...[1, 2, 3].map(() => json(401, { message: 'Your session has expired, please log in again.' })));
    const calls = [1, 2, 3].map(() => http.get('user/student/profile', { data: ProfileSchema }));
    for (const call of calls) await expect(call).rejects.toMatchObject({ status: 401 });
    expect($session.get()).toBeNull();
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it("keeps the session and the page when a sign-in's 401 is a wrong password", async () => {
    answers.push(json(401, { message: 'Invalid email or password' }));
    const signIn = http.post('user/auth/student/login', {}, { data: ProfileSchema, signsIn: true, toastError: false });
    await expect(signIn).rejects.toMatchObject({ status: 401 });
    expect($session.get()).toEqual(SESSION);
    expect(assign).not.toHaveBeenCalled();
  });

  it('only shows the message when the account is deactivated', async () => {
    answers.push(json(401, { message: DEACTIVATED_MESSAGE }));
    await expect(http.get('user/student/profile', { data: ProfileSchema })).rejects.toMatchObject({ status: 401 });
    expect($session.get()).toEqual(SESSION);
    expect(assign).not.toHaveBeenCalled();
    expect($pendingToasts.get()).toMatchObject([{ type: 'error', message: DEACTIVATED_MESSAGE }]);
  });

  it('retries a failed query once, and never a mutation', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      answers.push(json(503, { message: 'down' }), json(200, { message: 'ok', data: 1 }));
      const query = http.get('user/courses', { data: v.number() });
      await vi.advanceTimersByTimeAsync(1000);
      expect((await query).data).toBe(1);
      expect(seen).toHaveLength(2);

      seen.length = 0;
      answers.push(json(503, { message: 'down' }), json(200, { message: 'ok', data: null }));
      await expect(http.post('user/contact', {}, { data: NoDataSchema })).rejects.toMatchObject({ status: 503 });
      expect(seen).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
