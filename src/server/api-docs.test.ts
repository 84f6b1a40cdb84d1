// The API reference at /api/docs: served by the API's own process, its script from our own
// node_modules (no CDN, no network), under a CSP that allows that script and nothing from elsewhere.
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DOCS_SCRIPT, DOCS_START } from './api-docs.ts';
import { createSiteHandler } from './site-server.ts';
import type { StaticSite } from './static-site.ts';

const site: StaticSite = { size: 0, respond: () => null, notFound: () => new Response('<h1>Page not found</h1>', { status: 404 }) };
const api = { fetch: () => Response.json({ message: 'Not found' }, { status: 404 }) };
const handle = createSiteHandler(api, site);

describe('/api/docs', () => {
  it('answers an HTML page that loads the reference from this server only, under its own CSP', async () => {
    const response = await handle(new Request('http://x/api/docs'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>([^<]*)<\/script>/g)];
    expect(scripts.map(([, attributes]) => attributes!.trim())).toEqual([`src="${DOCS_SCRIPT}"`, `src="${DOCS_START}"`]);
    expect(scripts.every(([, , inline]) => inline === '')).toBe(true);
    expect(html).not.toMatch(/https?:\/\//);

    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; connect-src 'self'; img-src 'self' data:; font-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it("serves Scalar's browser bundle from node_modules, gzipped when the client takes it", async () => {
    const plain = await handle(new Request(`http://x${DOCS_SCRIPT}`, { headers: { 'accept-encoding': 'br;q=1, gzip;q=0' } }));
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(plain.headers.get('content-encoding')).toBeNull();
    const text = await plain.text();
    expect(text.length).toBeGreaterThan(1_000_000);
    expect(text).toContain('createApiReference');

    const gzipped = await handle(new Request(`http://x${DOCS_SCRIPT}`, { headers: { 'accept-encoding': 'gzip, br' } }));
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzipped.arrayBuffer())).toString('utf8')).toBe(text);
  });

  it("starts the reference on /api/v1/openapi.json, without Scalar's fonts", async () => {
    const start = await (await handle(new Request(`http://x${DOCS_START}`))).text();
    expect(start).toMatch(/^Scalar\.createApiReference\('#app', \{"url":"\/api\/v1\/openapi\.json","withDefaultFonts":false/);
    expect(start).toContain('"agent":{"disabled":true},"mcp":{"disabled":true}');
  });

  it('answers 404 for anything else under /api/docs and 405 for other methods', async () => {
    expect((await handle(new Request('http://x/api/docs/nope'))).status).toBe(404);
    expect((await handle(new Request('http://x/api/docs', { method: 'POST' }))).status).toBe(405);
  });
});
