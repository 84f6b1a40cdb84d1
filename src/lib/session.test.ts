// What the session store takes back from localStorage: a session the API's schema accepts, and
// nothing else (an older shape, an edited value, a token without a user).
import { afterEach, describe, expect, it, vi } from 'vitest';

const USER = {
  id: 'u1',
  first_name: 'Ada',
  last_name: 'Obi',
  email: 'ada@example.com',
  phone_number: null,
  home_address: null,
  image_url: null,
  gender: null,
  date_of_birth: null,
  state: null,
  country: null,
  is_verified: true,
  kyc_completed: true,
  created_at: '2026-11-23T09:00:00.000Z',
};

async function storeWith(stored: string | null) {
  vi.resetModules();
  vi.stubGlobal('localStorage', { getItem: () => stored, setItem: vi.fn(), removeItem: vi.fn() });
  vi.stubGlobal('window', { addEventListener: vi.fn(), dispatchEvent: vi.fn() });
  const { $session } = await import('./session.ts');
  return $session.get();
}

describe('the stored session', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is read back when it matches the schema', async () => {
    expect(await storeWith(JSON.stringify({ token: 'abc', user: USER }))).toEqual({ token: 'abc', user: USER });
  });

  it('is dropped when it does not', async () => {
    expect(await storeWith(JSON.stringify({ token: 'abc', user: { ...USER, is_verified: 'yes' } }))).toBeNull();
    expect(await storeWith(JSON.stringify({ token: '', user: USER }))).toBeNull();
    expect(await storeWith(JSON.stringify({ token: 'abc' }))).toBeNull();
    expect(await storeWith('{not json')).toBeNull();
    expect(await storeWith(null)).toBeNull();
  });
});
