// Behind TRUST_PROXY=N proxies, the client is the N-th X-Forwarded-For entry from the right: the
// entries to its left are written by the client and must never choose whose limit a request counts to.
import { describe, expect, it } from 'vitest';
import { buildTestApp, send, useTestApp } from './support/test-app.ts';

const t = useTestApp();

const newsletter = { email: 'ada@example.com' };

/** Posts to the newsletter `count` times with the X-Forwarded-For header `forwardedFor(i)`; returns the statuses. */
async function postWithForwardedFor(trustProxy: string, count: number, forwardedFor: (i: number) => string) {
  const { app } = buildTestApp(t.db, { env: { TRUST_PROXY: trustProxy } });
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const headers = { 'x-forwarded-for': forwardedFor(i) };
    statuses.push((await send(app, 'user/subscribe-newsletter', newsletter, { ip: '10.0.0.1', headers })).status);
  }
  return statuses;
}

describe('the client address behind proxies', () => {
  it('with TRUST_PROXY=1, a new forged first entry each time does not escape the limit', async () => {
    const statuses = await postWithForwardedFor('1', 25, (i) => `198.51.100.${i + 1}, 127.0.0.1`);
    expect(statuses).toEqual([...Array<number>(20).fill(200), ...Array<number>(5).fill(429)]);
  });

  it('with TRUST_PROXY=2, counts the second entry from the right', async () => {
    // The entry our outer proxy wrote stays the same; the inner proxy's and the forged ones change.
    const statuses = await postWithForwardedFor('2', 21, (i) => `192.0.2.${i}, 203.0.113.7, 10.1.0.${i}`);
    expect(statuses).toEqual([...Array<number>(20).fill(200), 429]);
    // Another client behind the same two proxies has its own count.
    expect(await postWithForwardedFor('2', 1, () => '203.0.113.8, 10.1.0.1')).toEqual([200]);
  });

  it('with TRUST_PROXY=2, a header with fewer entries than proxies falls back to the socket address', async () => {
    // Each request names a different client, but with one entry it did not come through both proxies:
    // all of them count against the socket's address.
    const statuses = await postWithForwardedFor('2', 21, (i) => `198.51.100.${i + 1}`);
    expect(statuses.at(-1)).toBe(429);
  });
});
