import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadStaticSite, type StaticSite } from './static-site.ts';

const INLINE = "document.documentElement.dataset.auth='visitor'";
const page = (title: string) =>
  `<!doctype html><html><head><title>${title}</title><script>${INLINE}</script></head><body>${'<p>lorem</p>'.repeat(80)}</body></html>`;
const script = 'export const x = 1;\n'.repeat(200);

let site: StaticSite;
beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'dist-'));
  mkdirSync(join(dist, 'about'));
  mkdirSync(join(dist, '_astro'));
  writeFileSync(join(dist, 'index.html'), page('Home'));
  writeFileSync(join(dist, 'about', 'index.html'), page('About'));
  writeFileSync(join(dist, '404.html'), page('Page not found'));
  writeFileSync(join(dist, '_astro', 'app.Ab12.js'), script);
  writeFileSync(join(dist, 'robots.txt'), 'User-agent: *\n');
  site = await loadStaticSite(dist);
});

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => {
  const request = new Request(`http://x${path}`, { headers, method });
  return site.respond(request, new URL(request.url).pathname);
};

describe('the static site server', () => {
  it('answers a directory path with its index.html, brotli when accepted', async () => {
    const response = get('/about', { 'accept-encoding': 'gzip, deflate, br' })!;
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('vary')).toBe('accept-encoding');
    expect(brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(page('About'));
  });

  it('falls back to gzip, then to the plain bytes', async () => {
    const gzip = get('/', { 'accept-encoding': 'gzip' })!;
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(page('Home'));
    const plain = get('/')!;
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(page('Home'));
  });

  it('caches hashed assets for a year and pages not at all without revalidation', () => {
    expect(get('/_astro/app.Ab12.js')!.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(get('/about')!.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
  });

  it('answers a matching If-None-Match with 304', () => {
    const etag = get('/about')!.headers.get('etag')!;
    expect(get('/about', { 'if-none-match': etag })!.status).toBe(304);
  });

  it('answers HEAD without a body', async () => {
    const response = get('/', {}, 'HEAD')!;
    expect(response.status).toBe(200);
    expect(Number(response.headers.get('content-length'))).toBeGreaterThan(0);
    expect(await response.text()).toBe('');
  });

  it('gives pages a CSP that allows their own inline scripts by hash, never unsafe-inline scripts', () => {
    const csp = get('/')!.headers.get('content-security-policy')!;
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'))!;
    expect(scriptSrc).toMatch(/'sha256-[A-Za-z0-9+/=]+'/);
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('knows nothing of unknown paths, traversal, or the 404 page as a page', () => {
    expect(get('/nope')).toBeNull();
    expect(get('/../etc/passwd')).toBeNull();
    expect(get('/%2e%2e/etc/passwd')).toBeNull();
    expect(get('/404')).toBeNull();
    expect(get('/%E0%A4%A')).toBeNull();
  });

  it('serves the 404 page with status 404', async () => {
    const response = site.notFound(new Request('http://x/nope'));
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Page not found');
  });

  it('redirects a trailing slash to the canonical path, keeping the query', () => {
    const response = get('/about/?tab=1')!;
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/about?tab=1');
  });

  it('refuses to start without a build', async () => {
    await expect(loadStaticSite('/no/such/dist')).rejects.toThrow(/has not been built/);
  });
});
