// What holds for every API route (docs/product.md#api-conventions): JSON 404 and 405, request ids, one 500 that
// reveals nothing, 503 when the database is down, and CORS closed unless CORS_ORIGINS opens it.
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import * as schema from '#server/db/schema.ts';
import { closedPort } from './support/closed-port.ts';
import { buildTestApp, readJson, send, useTestApp } from './support/test-app.ts';

const t = useTestApp();

describe('unmatched requests', () => {
  it('answers an unknown API path with a JSON 404', async () => {
    const { app } = buildTestApp(t.db);
    for (const path of ['/api/v1/nope', '/api/v1', '/api/v1/user', '/api/v1/user/contact/extra', '/api/v1/USER/CONTACT']) {
      const response = await app.request(path);
      expect(response.status, path).toBe(404);
      expect(await readJson(response)).toEqual({ message: 'Not found' });
    }
  });

  it('answers a known path with a wrong method with 405 and Allow, and OPTIONS with 204 and Allow', async () => {
    const { app } = buildTestApp(t.db);
    const wrong = await app.request('/api/v1/user/contact', { method: 'DELETE' });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST, OPTIONS');
    expect(await readJson(wrong)).toEqual({ message: 'Method not allowed' });
    const options = await app.request('/api/v1/health', { method: 'OPTIONS' });
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });
});

describe('health and request ids', () => {
  it('runs on PostgreSQL when DATABASE_URL is set, on PGlite otherwise', () => {
    expect(t.database.kind).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
  });

  it('answers GET /api/v1/health with 200 while the database answers', async () => {
    const response = await buildTestApp(t.db).app.request('/api/v1/health');
    expect(response.status).toBe(200);
    expect(await readJson(response)).toEqual({ message: 'OK', data: { status: 'ok' } });
  });

  it('gives every answer, errors included, its own x-request-id', async () => {
    const { app } = buildTestApp(t.db);
    const answers = [await app.request('/api/v1/health'), await app.request('/api/v1/nope'), await send(app, 'user/contact', '{')];
    const ids = answers.map((answer) => answer.headers.get('x-request-id'));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(3);
  });
});

describe('failures', () => {
  it('answers an unexpected error with a bare 500 and logs it with the request id', async () => {
    const { app, log } = buildTestApp(t.db);
    app.get('/explode', () => {
      throw new Error('secret detail: password=hunter2');
    });
    const response = await app.request('/api/v1/explode');
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ message: 'Something went wrong, please try again!' });
    expect(text).not.toMatch(/secret|hunter2|at |\.ts/);
    const id = response.headers.get('x-request-id');
    expect(log.lines).toEqual([`[api] request ${id} GET /api/v1/explode failed`]);
  });

  it('answers 503 when the database cannot be reached, and says nothing about it', async () => {
    const pool = new pg.Pool({
      connectionString: `postgres://nobody@127.0.0.1:${await closedPort()}/none`,
      connectionTimeoutMillis: 2_000,
    });
    const { app, log } = buildTestApp(drizzle({ client: pool, schema }));
    try {
      for (const response of [
        await send(app, 'user/subscribe-newsletter', { email: 'ada@example.com' }),
        await app.request('/api/v1/health'),
      ]) {
        expect(response.status).toBe(503);
        expect(await readJson(response)).toEqual({ message: 'The service is temporarily unavailable, please try again in a few minutes.' });
      }
      expect(log.lines).toHaveLength(2);
      expect(log.lines[0]).toMatch(/the database is unavailable: .*ECONNREFUSED/);
    } finally {
      await pool.end();
    }
  });
});

describe('CORS', () => {
  const preflight = (origin: string) => ({
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
  });
  const corsHeaders = (response: Response) => [...response.headers.keys()].filter((name) => name.startsWith('access-control-'));

  it('is closed by default: no Access-Control-* header, even for a preflight', async () => {
    const { app } = buildTestApp(t.db);
    expect(corsHeaders(await app.request('/api/v1/user/contact', preflight('https://elsewhere.example')))).toEqual([]);
    const post = await send(
      app,
      'user/subscribe-newsletter',
      { email: 'ada@example.com' },
      { headers: { origin: 'https://elsewhere.example' } },
    );
    expect(post.status).toBe(200);
    expect(corsHeaders(post)).toEqual([]);
  });

  it('opens to the origins in CORS_ORIGINS, and only to them', async () => {
    const { app } = buildTestApp(t.db, { env: { CORS_ORIGINS: 'https://partner.example, https://app.example' } });
    const allowed = await app.request('/api/v1/user/contact', preflight('https://app.example'));
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect(allowed.headers.get('access-control-allow-methods')).toContain('POST');
    expect(allowed.headers.get('access-control-allow-headers')).toBe('Authorization, Content-Type, Idempotency-Key');

    const post = await send(
      app,
      'user/subscribe-newsletter',
      { email: 'ada@example.com' },
      { headers: { origin: 'https://partner.example' } },
    );
    expect(post.headers.get('access-control-allow-origin')).toBe('https://partner.example');
    expect(post.headers.get('access-control-expose-headers')).toContain('Retry-After');
    expect(post.headers.get('vary')).toContain('Origin');

    expect(corsHeaders(await app.request('/api/v1/user/contact', preflight('https://evil.example')))).toEqual([]);
    const other = await send(
      app,
      'user/subscribe-newsletter',
      { email: 'ada@example.com' },
      { headers: { origin: 'https://evil.example' } },
    );
    expect(corsHeaders(other)).toEqual([]);
  });
});
