// Serves the prebuilt site from memory: every file of the build is read once at start with its
// gzip and brotli forms (written beside it by scripts/compress.ts), so a page costs one map look-up.
import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

type Encoding = 'br' | 'gzip';

interface StaticFile {
  body: Uint8Array;
  /** For pages: the Content-Security-Policy with a hash for each of its inline scripts. */
  csp?: string;
  encoded: Partial<Record<Encoding, Uint8Array>>;
  type: string;
  etag: string;
  cacheControl: string;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.vtt': 'text/vtt; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.webmanifest': 'application/manifest+json',
};
const COMPRESSIBLE = new Set(['.html', '.css', '.js', '.mjs', '.json', '.xml', '.txt', '.svg', '.vtt', '.webmanifest', '.ico']);

/** Text worth compressing: a known text type, larger than a packet's worth of headers. */
export function isCompressible(path: string, size: number): boolean {
  return COMPRESSIBLE.has(extname(path).toLowerCase()) && size > 256;
}

function cacheControlFor(path: string): string {
  // Astro puts content-hashed files under /_astro/: their name changes whenever their bytes do.
  if (path.startsWith('/_astro/')) return 'public, max-age=31536000, immutable';
  if (path.endsWith('.html')) return 'public, max-age=0, must-revalidate';
  return 'public, max-age=3600';
}

/**
 * The page's CSP: scripts only from this origin or inline with a listed hash (never
 * 'unsafe-inline'); styles may be inline (the build inlines its CSS and sets aspect ratios).
 */
export function pagePolicy(html: string): string {
  const hashes = new Set<string>();
  for (const [, attributes, content] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes!) || /type\s*=\s*"?application\/ld\+json/i.test(attributes!)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(content!).digest('base64')}'`);
  }
  return [
    "default-src 'self'",
    `script-src 'self' ${[...hashes].join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Every file below dir, depth first. */
export async function* walkFiles(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) yield* walkFiles(full);
    else if (entry.isFile()) yield full;
  }
}

export interface StaticSite {
  /** Answers a GET or HEAD for a path of the site, or null when the site has no such file. */
  respond(request: Request, path: string): Response | null;
  /** The 404 page, with status 404. */
  notFound(request: Request): Response;
  size: number;
}

export async function loadStaticSite(distDir: string): Promise<StaticSite> {
  const info = await stat(distDir).catch(() => null);
  if (!info?.isDirectory()) throw new Error(`The site has not been built: ${distDir} is missing (run npm run build)`);
  const files = new Map<string, StaticFile>();
  const all: string[] = [];
  for await (const full of walkFiles(distDir)) all.push(full);
  const present = new Set(all);
  for (const full of all) {
    if (full.endsWith('.br') || full.endsWith('.gz')) continue;
    const path = '/' + relative(distDir, full).split(sep).join('/');
    const ext = extname(full).toLowerCase();
    const body = new Uint8Array(await readFile(full));
    const encoded: StaticFile['encoded'] = {};
    if (isCompressible(full, body.byteLength)) {
      encoded.br = present.has(full + '.br')
        ? new Uint8Array(await readFile(full + '.br'))
        : brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } });
      encoded.gzip = present.has(full + '.gz') ? new Uint8Array(await readFile(full + '.gz')) : gzipSync(body, { level: 9 });
    }
    const etag = `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
    const csp = ext === '.html' ? pagePolicy(new TextDecoder().decode(body)) : undefined;
    files.set(path, { body, encoded, csp, type: TYPES[ext] ?? 'application/octet-stream', etag, cacheControl: cacheControlFor(path) });
  }

  const notFoundPage = files.get('/404.html');

  function send(request: Request, file: StaticFile, status = 200): Response {
    const headers = new Headers({ 'content-type': file.type, 'cache-control': file.cacheControl, etag: file.etag });
    if (file.csp) headers.set('content-security-policy', file.csp);
    if (Object.keys(file.encoded).length) headers.set('vary', 'accept-encoding');
    if (status === 200 && request.headers.get('if-none-match') === file.etag) return new Response(null, { status: 304, headers });
    const accepted = request.headers.get('accept-encoding') ?? '';
    let body = file.body;
    for (const encoding of ['br', 'gzip'] as const) {
      const candidate = file.encoded[encoding];
      if (candidate && new RegExp(`\\b${encoding}\\b`).test(accepted)) {
        body = candidate;
        headers.set('content-encoding', encoding);
        break;
      }
    }
    headers.set('content-length', String(body.byteLength));
    return new Response(request.method === 'HEAD' ? null : (body as Uint8Array<ArrayBuffer>), { status, headers });
  }

  return {
    size: files.size,
    respond(request, rawPath) {
      let path: string;
      try {
        path = decodeURIComponent(rawPath);
      } catch {
        return null;
      }
      if (path.includes('\0') || path.split('/').includes('..')) return null;
      if (path.length > 1 && path.endsWith('/')) {
        const target = path.replace(/\/+$/, '') || '/';
        if (files.has(target + '/index.html') || files.has(target)) {
          const search = new URL(request.url).search;
          return new Response(null, { status: 301, headers: { location: target + search } });
        }
        return null;
      }
      const file = files.get(path) ?? files.get(path === '/' ? '/index.html' : path + '/index.html') ?? files.get(path + '.html');
      // /404 is the error page, never an ordinary 200 page.
      if (!file || file === notFoundPage) return null;
      return send(request, file);
    },
    notFound(request) {
      if (!notFoundPage) return new Response('Page not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
      return send(request, notFoundPage, 404);
    },
  };
}
