// The per-client limits (docs/decisions/003-rate-limits.md): who counts as one client, when a
// window ends, and that the count lives in the database rather than in one process.
import { once } from 'node:events';
import { mkdtemp, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { describe, expect, it } from 'vitest';
import { rateLimitBuckets } from '#server/db/schema.ts';
import { createSiteHandler } from '#server/site-server.ts';
import { loadStaticSite } from '#server/static-site.ts';
import { buildTestApp, get, readJson, send, useTestApp } from './support/test-app.ts';

const t = useTestApp();

const newsletter = { email: 'ada@example.com' };
type TestApp = ReturnType<typeof buildTestApp>['app'];

/** Sends `count` newsletter requests and returns their statuses. */
async function subscribeTimes(app: TestApp, count: number, options: Parameters<typeof send>[3] = {}) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push((await send(app, 'user/subscribe-newsletter', newsletter, options)).status);
  return statuses;
}

describe('rate limits', () => {
  it('the OpenAPI document: 1000 per 10 minutes per address, counted in memory (no database row), then 429 with Retry-After', async () => {
    const fetchDocument = (ip: string) => get(t.app, 'openapi.json', { ip });
    for (let i = 0; i < 1000; i++) expect((await fetchDocument('198.51.100.7')).status).toBe(200);
    const refused = await fetchDocument('198.51.100.7');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await fetchDocument('198.51.100.8')).status).toBe(200);
    expect(await t.db.select().from(rateLimitBuckets)).toEqual([]);
    t.clock.advance(10 * 60_000);
    expect((await fetchDocument('198.51.100.7')).status).toBe(200);
  });

  it('counts in the database, so two server processes on one database share the count', async () => {
    const first = buildTestApp(t.db).app;
    const second = buildTestApp(t.db).app;
    expect(await subscribeTimes(first, 10, { ip: '198.51.100.1' })).toEqual(Array(10).fill(200));
    expect(await subscribeTimes(second, 10, { ip: '198.51.100.1' })).toEqual(Array(10).fill(200));
    expect((await send(first, 'user/subscribe-newsletter', newsletter, { ip: '198.51.100.1' })).status).toBe(429);
  });

  it('keeps a separate count per endpoint', async () => {
    const { app } = buildTestApp(t.db);
    await subscribeTimes(app, 21, { ip: '198.51.100.2' });
    const contact = { first_name: 'Ada', last_name: 'Obi', email: 'ada@example.com', phone_number: '08031234567', message: 'Hello' };
    expect((await send(app, 'user/contact', contact, { ip: '198.51.100.2' })).status).toBe(201);
  });

  it("steps over a window on the fixture's clock", async () => {
    t.clock.set('2026-11-22T09:00:00Z');
    expect(await subscribeTimes(t.app, 21, { ip: '198.51.100.9' })).toEqual([...Array<number>(20).fill(200), 429]);
    t.clock.advance(10 * 60_000 - 1000);
    expect((await send(t.app, 'user/subscribe-newsletter', newsletter, { ip: '198.51.100.9' })).headers.get('retry-after')).toBe('1');
    t.clock.advance(1000);
    expect(await subscribeTimes(t.app, 1, { ip: '198.51.100.9' })).toEqual([200]);
  });

  it('counts down Retry-After and opens again when the window is over', async () => {
    let now = new Date('2026-11-22T09:00:00Z');
    const { app } = buildTestApp(t.db, { clock: () => now });
    await subscribeTimes(app, 20, { ip: '198.51.100.3' });
    const refused = await send(app, 'user/subscribe-newsletter', newsletter, { ip: '198.51.100.3' });
    expect(refused.headers.get('retry-after')).toBe('600');
    expect(await readJson(refused)).toEqual({ message: 'Too many requests, please try again in 600 seconds.' });

    now = new Date('2026-11-22T09:09:59Z');
    const last = await send(app, 'user/subscribe-newsletter', newsletter, { ip: '198.51.100.3' });
    expect(last.status).toBe(429);
    expect(await readJson(last)).toEqual({ message: 'Too many requests, please try again in 1 second.' });

    now = new Date('2026-11-22T09:10:00Z');
    expect(await subscribeTimes(app, 20, { ip: '198.51.100.3' })).toEqual(Array(20).fill(200));
    expect((await send(app, 'user/subscribe-newsletter', newsletter, { ip: '198.51.100.3' })).status).toBe(429);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY=1', async () => {
    const { app } = buildTestApp(t.db);
    const statuses = [];
    for (let i = 0; i < 21; i++)
      statuses.push(
        (await send(app, 'user/subscribe-newsletter', newsletter, { ip: '198.51.100.4', headers: { 'x-forwarded-for': `203.0.113.${i}` } }))
          .status,
      );
    expect(statuses.at(-1)).toBe(429);
  });

  it('with TRUST_PROXY=1, counts the last X-Forwarded-For entry (the one the proxy wrote), from any of the proxies', async () => {
    const { app } = buildTestApp(t.db, { env: { TRUST_PROXY: '1', TRUST_PROXY_ADDRESSES: '10.0.0.0/24' } });
    const statuses = [];
    for (let i = 0; i < 21; i++)
      statuses.push(
        (
          await send(app, 'user/subscribe-newsletter', newsletter, {
            ip: `10.0.0.${i}`,
            headers: { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.9` },
          })
        ).status,
      );
    expect(statuses).toEqual([...Array<number>(20).fill(200), 429]);
    const other = await send(app, 'user/subscribe-newsletter', newsletter, {
      ip: '10.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.9, 203.0.113.10' },
    });
    expect(other.status).toBe(200);
    // Without a usable entry the proxy's own address is all there is.
    const garbage = await send(app, 'user/subscribe-newsletter', newsletter, {
      ip: '10.0.0.1',
      headers: { 'x-forwarded-for': 'not-an-address' },
    });
    expect(garbage.status).toBe(200);
  });

  it('treats an IPv4-mapped IPv6 socket address as the IPv4 address, and one IPv6 /64 as one client', async () => {
    const { app } = buildTestApp(t.db);
    await subscribeTimes(app, 20, { ip: '198.51.100.7' });
    expect((await send(app, 'user/subscribe-newsletter', newsletter, { ip: '::ffff:198.51.100.7' })).status).toBe(429);

    for (let i = 0; i < 20; i++)
      expect((await send(app, 'user/subscribe-newsletter', newsletter, { ip: `2001:db8:1:2::${i.toString(16)}` })).status).toBe(200);
    expect((await send(app, 'user/subscribe-newsletter', newsletter, { ip: '2001:db8:1:2:ffff::1' })).status).toBe(429);
    expect((await send(app, 'user/subscribe-newsletter', newsletter, { ip: '2001:db8:1:3::1' })).status).toBe(200);
  });
});

describe('served over HTTP, as main.ts serves it', () => {
  it('reads the client address from the real socket, and keeps the security headers', async () => {
    const dist = await mkdtemp(join(tmpdir(), 'afa-dist-'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>Home</title>');
    await writeFile(join(dist, '404.html'), '<!doctype html><title>Page not found</title>');
    const { app } = buildTestApp(t.db);
    const server = serve({ fetch: createSiteHandler(app, await loadStaticSite(dist)), port: 0, hostname: '127.0.0.1' }) as Server;
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    try {
      const post = () =>
        fetch(`http://127.0.0.1:${port}/api/v1/user/subscribe-newsletter`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(newsletter),
        });
      const statuses = [];
      for (let i = 0; i < 21; i++) statuses.push((await post()).status);
      expect(statuses).toEqual([...Array<number>(20).fill(200), 429]);
      const buckets = await t.db.select().from(rateLimitBuckets);
      expect(buckets.map((bucket) => bucket.key)).toEqual(['newsletter:127.0.0.1']);
      const refused = await post();
      expect(refused.headers.get('x-content-type-options')).toBe('nosniff');
      expect(refused.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
