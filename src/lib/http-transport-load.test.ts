// ky comes with the first call (lib/http.ts): when its code cannot be fetched (the phone went
// offline after the page loaded), the call fails as a network failure does, with the same message,
// and the next call fetches it again rather than failing for good.
import * as v from 'valibot';
import { expect, it, vi } from 'vitest';
import { messageOf, NetworkError } from './errors.ts';
import { $pendingToasts } from './toast/store.ts';

vi.hoisted(() => vi.stubEnv('PUBLIC_API_BASE', 'http://api.test/api/v1/'));
let fetches = 0;
vi.mock('./http-transport.ts', async (importOriginal) => {
  fetches++;
  if (fetches === 1) throw new TypeError('Failed to fetch dynamically imported module: /_astro/http-transport.js');
  return importOriginal();
});
const { http } = await import('./http.ts');

it('fails a call whose transport cannot be fetched as a network failure, and fetches it again for the next call', async () => {
  const error = await http.get('user/courses', { data: v.unknown() }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(NetworkError);
  expect($pendingToasts.get()).toMatchObject([{ type: 'error', message: messageOf(new NetworkError(false)) }]);

  vi.stubGlobal('fetch', () =>
    Promise.resolve(new Response(JSON.stringify({ message: 'OK', data: 1 }), { headers: { 'content-type': 'application/json' } })),
  );
  await expect(http.get('user/courses', { data: v.number() })).resolves.toEqual({ message: 'OK', data: 1 });
  expect(fetches).toBe(2);
  vi.unstubAllGlobals();
});
