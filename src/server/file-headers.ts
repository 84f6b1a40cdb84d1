// The headers a file of the build is sent with, whoever sends it: the static server (static-site.ts)
// reads them at start, and scripts/build/edge-files.ts writes the same into dist/_headers for a CDN. One
// rule for both, so pages served from an edge keep their script hashes, caching and security headers.
import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { inlineScriptHashes, OWN_SCRIPTS_FILE } from './own-scripts.ts';
import { COMMON_SECURITY_HEADERS, PAGE_CSP } from './security-headers.ts';

/**
 * Origins besides our own that pages may reach, by directive: the API's when the build put it on
 * another origin (buildSources), an S3 bucket for uploads and its images (main.ts).
 */
export interface PageSources {
  readonly connect?: readonly string[];
  readonly img?: readonly string[];
  readonly media?: readonly string[];
  readonly form?: readonly string[];
}

/** Where the build records the API's origin its pages call (src/pages/api-origin.json.ts). */
const API_ORIGIN_FILE = join('.server', 'api-origin.json');
const ORIGIN = /^https?:\/\/[^/\s;,'"]+$/;

/**
 * What the build in `distDir` lets its pages reach besides their own origin: the API's, when
 * PUBLIC_API_BASE named another origin at build time, for its calls and upload PUTs (connect-src),
 * the stored pictures and video posters it serves (img-src), the course videos (media-src) and the
 * footer form's action (form-action). Nothing for a build that records no API origin.
 */
export async function buildSources(distDir: string): Promise<PageSources> {
  const text = await readFile(join(distDir, API_ORIGIN_FILE), 'utf8').catch(() => null);
  if (text === null) return {};
  const origin = (JSON.parse(text) as { api_origin?: unknown }).api_origin;
  if (origin === null) return {};
  if (typeof origin !== 'string' || !ORIGIN.test(origin)) throw new Error(`${join(distDir, API_ORIGIN_FILE)} does not name an origin`);
  return { connect: [origin], img: [origin], media: [origin], form: [origin] };
}

/**
 * The hashes of the inline scripts the build in `distDir` wrote itself (own-scripts.ts): the only
 * inline scripts its pages' CSP allows. None for a build that records none.
 */
export async function buildOwnScripts(distDir: string): Promise<ReadonlySet<string>> {
  const text = await readFile(join(distDir, '.server', OWN_SCRIPTS_FILE), 'utf8').catch(() => null);
  if (text === null) return new Set();
  const hashes = (JSON.parse(text) as { hashes?: unknown }).hashes;
  if (!Array.isArray(hashes) || !hashes.every((hash) => typeof hash === 'string' && /^'sha(256|384|512)-[A-Za-z0-9+/=]+'$/.test(hash)))
    throw new Error(`${join(distDir, '.server', OWN_SCRIPTS_FILE)} does not list script hashes`);
  return new Set(hashes as string[]);
}

/** Every origin of each, per directive. */
export function mergeSources(...all: readonly PageSources[]): PageSources {
  const merged = (key: keyof PageSources) => all.flatMap((sources) => sources[key] ?? []);
  return { connect: merged('connect'), img: merged('img'), media: merged('media'), form: merged('form') };
}

function cacheControlFor(path: string): string {
  // Astro puts content-hashed files under /_astro/: their name changes whenever their bytes do.
  if (path.startsWith('/_astro/')) return 'public, max-age=31536000, immutable';
  // The service worker, like a page, names this build's files: asked again every time (ADR 015).
  if (path.endsWith('.html') || path === '/sw.js') return 'public, max-age=0, must-revalidate';
  return 'public, max-age=3600';
}

const withSources = (directive: string, base: string, extra: readonly string[] = []) => [directive, base, ...new Set(extra)].join(' ');

/**
 * The page's CSP: scripts only from this origin or inline with a listed hash (never
 * 'unsafe-inline'), and a hash only for an inline script of the page that is one of the build's own
 * (`own`, buildOwnScripts): a script that came in with content has none. Styles may be inline (the
 * build inlines its CSS and sets aspect ratios). `sources` adds the API's origin when it is not the
 * pages' and the upload storage's (S3).
 */
export function pagePolicy(html: string, sources: PageSources = {}, own: ReadonlySet<string> = new Set()): string {
  const hashes = new Set(inlineScriptHashes(html).filter((hash) => own.has(hash)));
  return [
    "default-src 'self'",
    `script-src 'self' ${[...hashes].join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    withSources('img-src', "'self' data: blob:", sources.img),
    withSources('media-src', "'self' blob:", sources.media),
    "font-src 'self'",
    withSources('connect-src', "'self'", sources.connect),
    "object-src 'none'",
    "base-uri 'self'",
    withSources('form-action', "'self'", sources.form),
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Every header that depends on the file alone, lower-case names: its caching, its CSP (a page's own,
 * with its script hashes; for anything else the site's default) and the security headers every
 * answer carries. Not the ones a server works out per request (type, length, encoding, tag).
 */
export function fileHeaders(path: string, body: Uint8Array, sources?: PageSources, own?: ReadonlySet<string>): Record<string, string> {
  const isPage = extname(path).toLowerCase() === '.html';
  return {
    'cache-control': cacheControlFor(path),
    'content-security-policy': isPage ? pagePolicy(new TextDecoder().decode(body), sources, own) : PAGE_CSP,
    ...COMMON_SECURITY_HEADERS,
  };
}
