import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { pagePolicy } from './file-headers.ts';
import { loadStaticSite, negotiateEncoding, type StaticSite } from './static-site.ts';

const INLINE = "document.documentElement.dataset.auth='visitor'";
const INLINE_HASH = `'sha256-${createHash('sha256').update(INLINE).digest('base64')}'`;
/** A script that was not the build's own: it came into a page with content. */
const FOREIGN = 'alert(localStorage.length)';
const page = (title: string) =>
  `<!doctype html><html><head><title>${title}</title><script>${INLINE}</script></head><body>${'<p>lorem</p>'.repeat(80)}</body></html>`;
const script = 'export const x = 1;\n'.repeat(200);
// A stand-in for the home video: 1000 bytes, each the low byte of its position.
const video = Uint8Array.from({ length: 1000 }, (_, i) => i % 256);

let site: StaticSite;
beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'dist-'));
  mkdirSync(join(dist, 'about'));
  mkdirSync(join(dist, '_astro'));
  writeFileSync(join(dist, 'index.html'), page('Home'));
  writeFileSync(join(dist, 'about', 'index.html'), page('About'));
  mkdirSync(join(dist, 'projects'));
  writeFileSync(join(dist, 'projects', 'index.html'), page('Projects').replace('<p>lorem</p>', `<p>lorem</p><script>${FOREIGN}</script>`));
  writeFileSync(join(dist, '404.html'), page('Page not found'));
  // The build's own inline scripts (src/server/content-gate/build-gate.ts): the only ones pages may run.
  mkdirSync(join(dist, '.server'));
  writeFileSync(join(dist, '.server', 'own-scripts.json'), JSON.stringify({ hashes: [INLINE_HASH] }));
  writeFileSync(join(dist, '_astro', 'app.Ab12.js'), script);
  writeFileSync(join(dist, 'robots.txt'), 'User-agent: *\n');
  mkdirSync(join(dist, 'media'));
  writeFileSync(join(dist, 'media', 'process.mp4'), video);
  // What a build leaves that is not part of the site.
  writeFileSync(join(dist, '.build-stamp'), '2026-11-23T00:00:00.000Z\n');
  mkdirSync(join(dist, '.well-known'));
  writeFileSync(join(dist, '.well-known', 'x'), 'x');
  mkdirSync(join(dist, '.hidden'));
  writeFileSync(join(dist, '.hidden', 'index.html'), page('Hidden'));
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
    expect(scriptSrc.trim()).toBe(`script-src 'self' ${INLINE_HASH}`);
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it("gives a page with a script that is not the build's own a CSP that does not allow it", () => {
    const csp = get('/projects')!.headers.get('content-security-policy')!;
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'))!;
    expect(scriptSrc.trim()).toBe(`script-src 'self' ${INLINE_HASH}`);
    expect(csp).not.toContain(createHash('sha256').update(FOREIGN).digest('base64'));
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

describe("the pages' CSP", () => {
  const directive = (policy: string, name: string) => policy.split('; ').find((part) => part.startsWith(`${name} `));

  it('allows only our own origin to be called and shown from, by default', () => {
    const policy = get('/about')!.headers.get('content-security-policy')!;
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self'");
    expect(directive(policy, 'img-src')).toBe("img-src 'self' data: blob:");
  });

  it('adds the upload storage of another origin (an S3 bucket) to connect-src and img-src, and nothing else', () => {
    const policy = pagePolicy(page('About'), {
      connect: ['https://bucket.example'],
      img: ['https://images.example', 'https://images.example'],
    });
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self' https://bucket.example");
    expect(directive(policy, 'img-src')).toBe("img-src 'self' data: blob: https://images.example");
    expect(directive(policy, 'script-src')).not.toContain('example');
    expect(directive(policy, 'default-src')).toBe("default-src 'self'");
  });

  it('is built into every page a site loads with sources', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'dist-'));
    writeFileSync(join(dist, 'index.html'), page('Home'));
    const withBucket = await loadStaticSite(dist, { sources: { connect: ['http://127.0.0.1:9000'], img: ['http://127.0.0.1:9000'] } });
    const policy = withBucket.respond(new Request('http://x/'), '/')!.headers.get('content-security-policy')!;
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self' http://127.0.0.1:9000");
  });

  it("adds the API's origin the build recorded (an absolute PUBLIC_API_BASE) where pages reach the API, and nothing else", async () => {
    const dist = mkdtempSync(join(tmpdir(), 'dist-'));
    writeFileSync(join(dist, 'index.html'), page('Home'));
    writeFileSync(join(dist, 'robots.txt'), 'User-agent: *\n');
    mkdirSync(join(dist, '.server'));
    writeFileSync(join(dist, '.server', 'api-origin.json'), JSON.stringify({ api_origin: 'https://api.adireacademy.ng' }));
    const apart = await loadStaticSite(dist, { sources: { connect: ['https://bucket.example'], img: ['https://bucket.example'] } });
    const policy = apart.respond(new Request('http://x/'), '/')!.headers.get('content-security-policy')!;
    const api = 'https://api.adireacademy.ng';
    expect(directive(policy, 'connect-src')).toBe(`connect-src 'self' ${api} https://bucket.example`);
    expect(directive(policy, 'img-src')).toBe(`img-src 'self' data: blob: ${api} https://bucket.example`);
    expect(directive(policy, 'media-src')).toBe(`media-src 'self' blob: ${api}`);
    expect(directive(policy, 'form-action')).toBe(`form-action 'self' ${api}`);
    expect(policy.split(api)).toHaveLength(5);
    // A file that is not a page keeps the site's default policy.
    expect(apart.respond(new Request('http://x/robots.txt'), '/robots.txt')!.headers.get('content-security-policy')).not.toContain(api);

    writeFileSync(join(dist, '.server', 'api-origin.json'), JSON.stringify({ api_origin: null }));
    const together = await loadStaticSite(dist);
    expect(together.respond(new Request('http://x/'), '/')!.headers.get('content-security-policy')).toBe(pagePolicy(page('Home')));
    writeFileSync(join(dist, '.server', 'api-origin.json'), JSON.stringify({ api_origin: "https://x.ng; script-src 'unsafe-inline'" }));
    await expect(loadStaticSite(dist)).rejects.toThrow('does not name an origin');
  });
});

describe('dotfiles', () => {
  it.each(['/.build-stamp', '/%2ebuild-stamp', '/.well-known/x', '/.hidden', '/.hidden/', '/.hidden/index.html'])(
    'are never served: %s',
    (path) => {
      expect(get(path)).toBeNull();
    },
  );
});

describe('Accept-Encoding', () => {
  const both = ['br', 'gzip'] as const;
  it.each([
    [null, null],
    ['', null],
    ['gzip, deflate, br', 'br'],
    ['br;q=0', null],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0, br', 'br'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['gzip;q=0.5, br;q=0.5', 'br'],
    ['  GZIP ; Q=0.8 ,BR ; q = 0.9 ', 'br'],
    ['*', 'br'],
    ['*;q=0', null],
    ['*;q=0, gzip', 'gzip'],
    ['br;q=0, *', 'gzip'],
    ['identity;q=0', null],
    ['identity, br;q=0.5', null],
    ['identity;q=0.5, br;q=0.5', 'br'],
    ['x-gzip', 'gzip'],
    ['br;q=abc, gzip', 'gzip'],
    ['br;q=2, gzip', 'gzip'],
    ['br;q=-1', null],
    ['br;q=0.001', 'br'],
    ['br, br;q=0', null],
    [',, ;q=1, br', 'br'],
  ])('%j gets %s', (header, expected) => {
    expect(negotiateEncoding(header, both)).toBe(expected);
  });

  it('gets nothing compressed for a file with no compressed form', () => {
    expect(negotiateEncoding('br, gzip', [])).toBeNull();
    expect(negotiateEncoding('br;q=0.5, gzip', ['br'])).toBe('br');
  });

  it('is honoured by the server, which keeps Vary and tags each coding apart', async () => {
    const refused = get('/about', { 'accept-encoding': 'br;q=0' })!;
    expect(refused.headers.get('content-encoding')).toBeNull();
    expect(await refused.text()).toBe(page('About'));
    const gzip = get('/about', { 'accept-encoding': 'br;q=0, gzip' })!;
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(page('About'));
    for (const response of [refused, gzip]) expect(response.headers.get('vary')).toBe('accept-encoding');
    expect(gzip.headers.get('etag')).not.toBe(refused.headers.get('etag'));
    // Any of the file's tags still means the client has it.
    const brotliTag = get('/about', { 'accept-encoding': 'br' })!.headers.get('etag')!;
    const revalidated = get('/about', { 'accept-encoding': 'br', 'if-none-match': brotliTag })!;
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('etag')).toBe(brotliTag);
    expect(get('/about', { 'accept-encoding': 'br', 'if-none-match': '"stale"' })!.status).toBe(200);
  });
});

describe('byte ranges', () => {
  const bytes = async (response: Response) => new Uint8Array(await response.arrayBuffer());

  it('are advertised on every file answer', () => {
    for (const path of ['/', '/about', '/_astro/app.Ab12.js', '/robots.txt', '/media/process.mp4']) {
      expect(get(path)!.headers.get('accept-ranges'), path).toBe('bytes');
    }
  });

  it.each([
    ['bytes=0-1', 0, 1],
    ['bytes=100-199', 100, 199],
    ['bytes=900-', 900, 999],
    ['bytes=-10', 990, 999],
    ['bytes=-5000', 0, 999],
    ['bytes=990-5000', 990, 999],
    ['BYTES = 5 - 9', 5, 9],
  ])('answer %s with 206 and those bytes', async (range, start, end) => {
    const response = get('/media/process.mp4', { range })!;
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(`bytes ${start}-${end}/1000`);
    expect(response.headers.get('content-length')).toBe(String(end - start + 1));
    expect(response.headers.get('content-type')).toBe('video/mp4');
    expect(await bytes(response)).toEqual(video.subarray(start, end + 1));
  });

  it.each(['bytes=1000-', 'bytes=5000-6000', 'bytes=-0'])('answer %s, past the end, with 416', async (range) => {
    const response = get('/media/process.mp4', { range })!;
    expect(response.status).toBe(416);
    expect(response.headers.get('content-range')).toBe('bytes */1000');
    expect(await response.text()).toBe('');
  });

  it.each(['bytes=0-1,5-6', 'bytes=5-1', 'bytes=abc', 'bytes=-', 'items=0-1', 'bytes 0-1'])(
    'ignore %s and send the whole file',
    async (range) => {
      const response = get('/media/process.mp4', { range })!;
      expect(response.status).toBe(200);
      expect(response.headers.get('content-range')).toBeNull();
      expect(await bytes(response)).toEqual(video);
    },
  );

  it('are of the plain bytes, never of the brotli form', async () => {
    const response = get('/about', { range: 'bytes=0-14', 'accept-encoding': 'br, gzip' })!;
    expect(response.status).toBe(206);
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('content-range')).toBe(`bytes 0-14/${page('About').length}`);
    expect(await response.text()).toBe('<!doctype html>');
  });

  it('follow If-Range: the plain tag gets the range, any other tag the whole file', async () => {
    const tag = get('/media/process.mp4')!.headers.get('etag')!;
    expect(get('/media/process.mp4', { range: 'bytes=0-1', 'if-range': tag })!.status).toBe(206);
    const changed = get('/media/process.mp4', { range: 'bytes=0-1', 'if-range': '"other"' })!;
    expect(changed.status).toBe(200);
    expect(await bytes(changed)).toEqual(video);
    // A page held in its brotli form cannot be resumed with plain bytes.
    const brotliTag = get('/about', { 'accept-encoding': 'br' })!.headers.get('etag')!;
    const resumed = get('/about', { range: 'bytes=10-', 'if-range': brotliTag, 'accept-encoding': 'br' })!;
    expect(resumed.status).toBe(200);
    expect(resumed.headers.get('content-encoding')).toBe('br');
    // A date never matches: the server keeps no modification time.
    expect(get('/media/process.mp4', { range: 'bytes=0-1', 'if-range': 'Mon, 23 Nov 2026 00:00:00 GMT' })!.status).toBe(200);
  });

  it('answer HEAD with the headers of the range and no body', async () => {
    const response = get('/media/process.mp4', { range: 'bytes=0-1' }, 'HEAD')!;
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe('bytes 0-1/1000');
    expect(response.headers.get('content-length')).toBe('2');
    expect(await response.text()).toBe('');
  });

  it('leave revalidation first: a matching If-None-Match is 304 even with a Range', () => {
    const tag = get('/media/process.mp4')!.headers.get('etag')!;
    expect(get('/media/process.mp4', { range: 'bytes=0-1', 'if-none-match': tag })!.status).toBe(304);
  });

  it('do not apply to the 404 page', async () => {
    const response = site.notFound(new Request('http://x/nope', { headers: { range: 'bytes=0-1' } }));
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Page not found');
  });
});
