// GET /metrics (issue 30, item 17): Prometheus' text format with the API's requests by route and
// status, their latency, payments by status and the mail queue; only for loopback or the addresses
// METRICS_ADDRESSES names, and never for a request that came through a proxy.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '#server/app.ts';
import { readEnv } from '#server/env.ts';
import { createMetrics } from '#server/metrics.ts';
import { createTestDatabase, type TestDatabase } from './support/test-database.ts';
import { seedCatalogue } from './support/catalogue.ts';

describe('GET /metrics', () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase();
    await seedCatalogue(database.db);
  });
  afterEach(() => database.close());

  const setUp = (allowed: string[] = []) => {
    const metrics = createMetrics({ db: database.db, mailPending: () => 2, allowed });
    const app = createApp(
      {
        db: database.db,
        mailer: { send: async () => {}, close: () => {} },
        env: readEnv({ DATA_DIR: '/nonexistent-test-data' }),
        log: { info: () => {}, error: () => {} },
      },
      { observe: metrics.middleware },
    );
    return { metrics, app };
  };
  const scrape = (init: RequestInit = {}) => new Request('http://127.0.0.1:4611/metrics', init);

  it('counts requests by route pattern and status, times them, and reports payments and the mail queue', async () => {
    const { metrics, app } = setUp();
    expect((await app.request('/api/v1/user/courses/course-01')).status).toBe(200);
    expect((await app.request('/api/v1/user/courses/course-02')).status).toBe(200);
    expect((await app.request('/api/v1/user/courses/no-such-course')).status).toBe(404);

    const answer = await metrics.answer(scrape(), '127.0.0.1');
    expect(answer?.status).toBe(200);
    expect(answer?.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await answer!.text();
    expect(text).toContain('adire_http_requests_total{route="/api/v1/user/courses/:id",method="GET",status="200"} 2');
    expect(text).toContain('adire_http_requests_total{route="/api/v1/user/courses/:id",method="GET",status="404"} 1');
    expect(text).toContain('adire_http_request_duration_seconds_count{route="/api/v1/user/courses/:id",method="GET"} 3');
    expect(text).toMatch(/adire_http_request_duration_seconds_bucket\{le="0\.05",route="\/api\/v1\/user\/courses\/:id",method="GET"\} \d/);
    expect(text).toContain('adire_payments{status="success"} 0');
    // Every status a payment can have, refunded by staff too, is a series from the start.
    expect(text).toContain('adire_payments{status="refunded"} 0');
    expect(text).toContain('adire_mail_queue 2');
    expect(text).toContain('process_resident_memory_bytes');
    // No path with an id of its own: one series per route.
    expect(text).not.toContain('course-01');
  });

  it('answers only loopback or the addresses named, and nothing that came through a proxy', async () => {
    const { metrics } = setUp(['10.0.0.0/8']);
    expect(await metrics.answer(scrape(), '::1')).not.toBeNull();
    expect(await metrics.answer(scrape(), '::ffff:127.0.0.1')).not.toBeNull();
    expect(await metrics.answer(scrape(), '10.1.2.3')).not.toBeNull();
    expect(await metrics.answer(scrape(), '203.0.113.5')).toBeNull();
    expect(await metrics.answer(scrape({ headers: { 'x-forwarded-for': '127.0.0.1' } }), '127.0.0.1')).toBeNull();
    expect(await metrics.answer(scrape({ headers: { forwarded: 'for=127.0.0.1' } }), '127.0.0.1')).toBeNull();
    expect(await metrics.answer(scrape({ method: 'POST' }), '127.0.0.1')).toBeNull();
  });

  it('takes METRICS_ADDRESSES only as addresses and ranges', () => {
    expect(readEnv({ METRICS_ADDRESSES: '10.0.0.5, 10.0.0.0/8, fd00::/8' }).METRICS_ADDRESSES).toEqual([
      '10.0.0.5',
      '10.0.0.0/8',
      'fd00::/8',
    ]);
    expect(() => readEnv({ METRICS_ADDRESSES: 'prometheus.local' })).toThrow(/^Invalid setting METRICS_ADDRESSES="prometheus.local": /);
  });
});
