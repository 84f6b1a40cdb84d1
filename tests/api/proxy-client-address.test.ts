// Behind TRUST_PROXY=N proxies, the client is the N-th X-Forwarded-For entry from the right: the
// entries to its left are written by the client and must never choose whose limit a request counts to.
// And the header counts only from a socket peer that is one of the proxies (TRUST_PROXY_ADDRESSES,
// loopback unless set): a client reaching the server's port directly is counted by its own address.
import { describe, expect, it } from 'vitest';
import { rateLimitBuckets } from '#server/db/schema.ts';
import { buildTestApp, send, useTestApp } from './support/test-app.ts';

const t = useTestApp();

const newsletter = { email: 'ada@example.com' };

/** Posts to the newsletter `count` times with the X-Forwarded-For header `forwardedFor(i)`; returns the statuses. */
async function postWithForwardedFor(
  trustProxy: string,
  count: number,
  forwardedFor: (i: number) => string,
  { ip = '10.0.0.1', proxies = '10.0.0.0/8' }: { ip?: string; proxies?: string } = {},
) {
  const env = { TRUST_PROXY: trustProxy, ...(proxies ? { TRUST_PROXY_ADDRESSES: proxies } : {}) };
  const { app } = buildTestApp(t.db, { env });
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const headers = { 'x-forwarded-for': forwardedFor(i) };
    statuses.push((await send(app, 'user/subscribe-newsletter', newsletter, { ip, headers })).status);
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

  it('believes X-Forwarded-For only from a proxy: a client reaching the port directly is counted by its own address', async () => {
    // TRUST_PROXY=1 with the default proxies (loopback): a client at 203.0.113.50 rotating the header.
    const direct = await postWithForwardedFor('1', 21, (i) => `198.51.100.${i + 1}`, { ip: '203.0.113.50', proxies: '' });
    expect(direct).toEqual([...Array<number>(20).fill(200), 429]);
    // The same from an address outside TRUST_PROXY_ADDRESSES.
    expect(await postWithForwardedFor('1', 21, (i) => `198.51.100.${i + 1}`, { ip: '192.168.1.9' })).toEqual([
      ...Array<number>(20).fill(200),
      429,
    ]);
  });

  it('believes X-Forwarded-For from nginx on the same machine by default, with IPv4 or IPv6 loopback sockets', async () => {
    for (const ip of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      await t.db.delete(rateLimitBuckets);
      const statuses = await postWithForwardedFor('1', 21, (i) => `198.51.100.${i + 1}`, { ip, proxies: '' });
      expect(statuses, ip).toEqual(Array<number>(21).fill(200));
    }
  });

  it('with TRUST_PROXY=2, an inner entry that is not one of the proxies is the client', async () => {
    // Someone reached the inner proxy (10.0.0.1) directly from 198.51.100.77: the outer proxy's entry is missing.
    const statuses = await postWithForwardedFor('2', 21, (i) => `192.0.2.${i}, 198.51.100.77`);
    expect(statuses).toEqual([...Array<number>(20).fill(200), 429]);
  });
});
