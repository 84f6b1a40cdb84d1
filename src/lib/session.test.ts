// What the session store takes back from localStorage: a session with what the pages read of it
// (a token, the user's texts and states), and nothing else (an older shape, an edited value, a token
// without a user).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sampleUser } from '../../tests/support/sample-user.ts';

const USER = sampleUser({ kyc_completed: true });

async function storeWith(stored: string | null) {
  vi.resetModules();
  vi.stubGlobal('localStorage', { getItem: () => stored, setItem: vi.fn(), removeItem: vi.fn() });
  vi.stubGlobal('window', { addEventListener: vi.fn(), dispatchEvent: vi.fn() });
  const { $session } = await import('./session.ts');
  return $session.get();
}

describe('the stored session', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is read back when it has what the pages read', async () => {
    expect(await storeWith(JSON.stringify({ token: 'abc', user: USER }))).toEqual({ token: 'abc', user: USER });
  });

  it('is dropped when it does not', async () => {
    expect(await storeWith(JSON.stringify({ token: 'abc', user: { ...USER, is_verified: 'yes' } }))).toBeNull();
    expect(await storeWith(JSON.stringify({ token: '', user: USER }))).toBeNull();
    expect(await storeWith(JSON.stringify({ token: 'abc' }))).toBeNull();
    expect(await storeWith(JSON.stringify({ token: 'abc', user: { ...USER, email: undefined } }))).toBeNull();
    expect(await storeWith(JSON.stringify({ token: 42, user: USER }))).toBeNull();
    expect(await storeWith(JSON.stringify([]))).toBeNull();
    expect(await storeWith('{not json')).toBeNull();
    expect(await storeWith(null)).toBeNull();
  });
});

describe('telling the service worker who is signed in', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.doUnmock('./offline/student.ts');
  });

  it('is awaited by offlineStudentWritten until the store holds it, and bounded at 2 s', async () => {
    vi.resetModules();
    vi.stubGlobal('localStorage', { getItem: () => null, setItem: vi.fn(), removeItem: vi.fn() });
    vi.stubGlobal('window', { addEventListener: vi.fn(), dispatchEvent: vi.fn() });
    vi.stubGlobal('document', { documentElement: { dataset: {} } });
    let written: () => void = () => {};
    const told: (string | null)[] = [];
    vi.doMock('./offline/student.ts', () => ({
      setOfflineStudent: (student: string | null) => {
        told.push(student);
        return new Promise<void>((resolve) => (written = resolve));
      },
    }));
    const { setSession, offlineStudentWritten } = await import('./session.ts');
    setSession({ token: 'abc', user: USER });
    let settled = false;
    const waiting = offlineStudentWritten().then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(told).toEqual([USER.id]);
    expect(settled).toBe(false);
    written();
    await waiting;
    expect(settled).toBe(true);

    // A store that never answers holds a leaving page 2 s at most.
    vi.useFakeTimers();
    setSession(null);
    let gaveUp = false;
    const bounded = offlineStudentWritten().then(() => (gaveUp = true));
    await vi.advanceTimersByTimeAsync(1999);
    expect(gaveUp).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await bounded;
    expect(told).toEqual([USER.id, null]);
    vi.useRealTimers();
  });
});
