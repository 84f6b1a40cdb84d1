// Serves the prebuilt site from memory: every file of the build is read once at start with its
// gzip and brotli forms (written beside it by scripts/build/compress.ts), so a page costs one map look-up.
import { buildOwnScripts, buildSources, fileHeaders, mergeSources, type PageSources } from './file-headers.ts';
import { parseRange } from '#lib/byte-range.ts';
import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

type Encoding = 'br' | 'gzip';

interface StaticFile {
  body: Uint8Array;
  /** Caching, CSP (a page's with a hash for each of its inline scripts) and security: fileHeaders. */
  headers: Record<string, string>;
  encoded: Partial<Record<Encoding, Uint8Array>>;
  type: string;
  /** The tag of the plain bytes; a compressed form's tag adds its coding ("…-br"). */
  etag: string;
}

/** The Content-Type of a file by its extension (lower-case, with the dot); anything else is application/octet-stream. */
export const TYPES: Readonly<Record<string, string>> = {
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

/**
 * The coding to send for an Accept-Encoding value, given the codings a file has. The highest q wins,
 * brotli before gzip before the plain bytes at equal q. A coding named with a q we cannot read is
 * treated as not named; a coding named twice counts at its lower q.
 */
export function negotiateEncoding(acceptEncoding: string | null, available: readonly Encoding[]): Encoding | null {
  // No header: the plain bytes, as before (clients that compress say so).
  if (acceptEncoding === null || available.length === 0) return null;
  const q = new Map<string, number>();
  for (const element of acceptEncoding.split(',')) {
    const [name = '', ...params] = element.split(';').map((part) => part.trim().toLowerCase());
    if (!name) continue;
    let weight = 1;
    for (const param of params) {
      const [key, value = ''] = param.split('=').map((part) => part.trim());
      if (key !== 'q') continue;
      weight = /^(\d+\.?\d*|\.\d+)$/.test(value) ? Number(value) : NaN;
    }
    if (!(weight >= 0 && weight <= 1)) continue;
    const coding = name === 'x-gzip' ? 'gzip' : name;
    q.set(coding, Math.min(weight, q.get(coding) ?? 1));
  }
  const star = q.get('*');
  // A coding not named takes the q of '*', else it is refused; the plain bytes, not named, are only
  // the fallback and never preferred to a coding the client names.
  const weightOf = (coding: string) => q.get(coding) ?? star ?? 0;
  let best: Encoding | null = null;
  let bestWeight = 0;
  for (const coding of ['br', 'gzip'] as const) {
    const weight = weightOf(coding);
    if (available.includes(coding) && weight > bestWeight) [best, bestWeight] = [coding, weight];
  }
  // When nothing is acceptable, not even the plain bytes (identity;q=0 or *;q=0), the plain bytes are
  // sent anyway: a page the client may not want beats a 406 that leaves the visitor with nothing.
  return best && bestWeight >= weightOf('identity') ? best : null;
}

/** A path with a segment starting with a dot (.build-stamp, .git/…): never part of the site. */
function isHidden(path: string): boolean {
  return path.split('/').some((segment) => segment.startsWith('.'));
}

/** The error page: sent with status 404 for any address that names no file, never as a 200 page. */
export const NOT_FOUND_PAGE = '/404.html';

/** What the server does with an address: send a file of the site, or redirect (301) to another address. */
type Resolution = { file: string } | { redirect: string };

/**
 * The file or redirect a decoded path names, given which files the site has: a file at its own path,
 * a page also at its folder's address and without .html (/about → /about/index.html or /about.html),
 * a folder page or file asked for with trailing slashes sent to the address without them. Null for
 * anything else, the error page's own addresses and hidden paths among them.
 */
export function resolvePath(path: string, has: (path: string) => boolean): Resolution | null {
  if (path.includes('\0') || isHidden(path)) return null;
  if (path.length > 1 && path.endsWith('/')) {
    const target = path.replace(/\/+$/, '') || '/';
    return has(target + '/index.html') || has(target) ? { redirect: target } : null;
  }
  const file = [path, path === '/' ? '/index.html' : path + '/index.html', path + '.html'].find(has);
  return file === undefined || file === NOT_FOUND_PAGE ? null : { file };
}

/** What the build writes for a CDN (scripts/build/edge-files.ts): its rules, not pages of the site. */
const EDGE_FILES = new Set(['/_headers', '/_redirects']);

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

/** The site `current()` names at each request: the live release's, which a publish replaces (main.ts). */
export const liveSite = (current: () => StaticSite): StaticSite => ({
  respond: (request, path) => current().respond(request, path),
  notFound: (request) => current().notFound(request),
  get size() {
    return current().size;
  },
});

export interface StaticSiteOptions {
  /** Origins the pages' CSP allows besides ours and the build's API (see pagePolicy): an S3 bucket. */
  sources?: PageSources;
}

/**
 * The files of the build the site is made of, each with its path on the site: not the compressed
 * copies, the build's bookkeeping (.build-stamp, .server/) or the CDN's rule files.
 */
export async function* siteFiles(distDir: string): AsyncGenerator<{ path: string; full: string; present: ReadonlySet<string> }> {
  const info = await stat(distDir).catch(() => null);
  if (!info?.isDirectory()) throw new Error(`The site has not been built: ${distDir} is missing (run npm run build)`);
  const all: string[] = [];
  for await (const full of walkFiles(distDir)) all.push(full);
  const present = new Set(all);
  for (const full of all) {
    if (full.endsWith('.br') || full.endsWith('.gz')) continue;
    const path = '/' + relative(distDir, full).split(sep).join('/');
    // Files like .build-stamp are the build's bookkeeping, not pages: never published.
    if (isHidden(path) || EDGE_FILES.has(path)) continue;
    yield { path, full, present };
  }
}

export async function loadStaticSite(distDir: string, options: StaticSiteOptions = {}): Promise<StaticSite> {
  const sources = mergeSources(await buildSources(distDir), options.sources ?? {});
  const own = await buildOwnScripts(distDir);
  const files = new Map<string, StaticFile>();
  for await (const { path, full, present } of siteFiles(distDir)) {
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
    files.set(path, {
      body,
      encoded,
      headers: fileHeaders(path, body, sources, own),
      type: TYPES[ext] ?? 'application/octet-stream',
      etag,
    });
  }

  const notFoundPage = files.get(NOT_FOUND_PAGE);

  function send(request: Request, file: StaticFile, status = 200): Response {
    const encodings = Object.keys(file.encoded) as Encoding[];
    const headers = new Headers({ 'content-type': file.type, ...file.headers });
    if (encodings.length) headers.set('vary', 'accept-encoding');
    if (status === 200) headers.set('accept-ranges', 'bytes');
    const isHead = request.method === 'HEAD';

    const encoding = negotiateEncoding(request.headers.get('accept-encoding'), encodings);
    // Each coding has its own tag: a strong tag names exact bytes, and the brotli bytes are not the
    // plain ones (an If-Range with a brotli tag must not get a slice of the plain bytes).
    const etag = encoding ? `${file.etag.slice(0, -1)}-${encoding}"` : file.etag;
    headers.set('etag', etag);
    const tags = [file.etag, ...encodings.map((coding) => `${file.etag.slice(0, -1)}-${coding}"`)];
    if (status === 200 && tags.includes(request.headers.get('if-none-match') ?? '')) return new Response(null, { status: 304, headers });

    // A byte range is of the plain bytes (what a video player or a resumed download counts in),
    // and only while the file is the one the client started on (If-Range names its plain tag).
    const rangeHeader = request.headers.get('range');
    const ifRange = request.headers.get('if-range');
    const range = status === 200 && (ifRange === null || ifRange === file.etag) ? parseRange(rangeHeader, file.body.byteLength) : null;
    if (range === 'unsatisfiable') {
      return new Response(null, {
        status: 416,
        headers: { 'accept-ranges': 'bytes', 'content-range': `bytes */${file.body.byteLength}`, 'content-length': '0' },
      });
    }
    if (range) {
      headers.set('etag', file.etag);
      headers.set('content-range', `bytes ${range.start}-${range.end}/${file.body.byteLength}`);
      headers.set('content-length', String(range.end - range.start + 1));
      const slice = file.body.subarray(range.start, range.end + 1);
      return new Response(isHead ? null : (slice as Uint8Array<ArrayBuffer>), { status: 206, headers });
    }

    const body = encoding ? file.encoded[encoding]! : file.body;
    if (encoding) headers.set('content-encoding', encoding);
    headers.set('content-length', String(body.byteLength));
    return new Response(isHead ? null : (body as Uint8Array<ArrayBuffer>), { status, headers });
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
      const resolved = resolvePath(path, (candidate) => files.has(candidate));
      if (!resolved) return null;
      if ('redirect' in resolved) {
        const search = new URL(request.url).search;
        return new Response(null, { status: 301, headers: { location: resolved.redirect + search } });
      }
      return send(request, files.get(resolved.file)!);
    },
    notFound(request) {
      if (!notFoundPage) return new Response('Page not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
      return send(request, notFoundPage, 404);
    },
  };
}
