// The headers a file of the build is sent with, whoever sends it: the static server (static-site.ts)
// reads them at start, and scripts/edge-files.ts writes the same into dist/_headers for a CDN. One
// rule for both, so pages served from an edge keep their script hashes, caching and security headers.
import { createHash } from 'node:crypto';
import { extname } from 'node:path';
import { COMMON_SECURITY_HEADERS, PAGE_CSP } from './security-headers.ts';
import type { BrowserSources } from './storage/storage.ts';

/** Origins besides our own that pages may reach: an S3 bucket for uploads and its images. */
export type PageSources = Partial<BrowserSources>;

function cacheControlFor(path: string): string {
  // Astro puts content-hashed files under /_astro/: their name changes whenever their bytes do.
  if (path.startsWith('/_astro/')) return 'public, max-age=31536000, immutable';
  if (path.endsWith('.html')) return 'public, max-age=0, must-revalidate';
  return 'public, max-age=3600';
}

const withSources = (directive: string, base: string, extra: readonly string[] = []) => [directive, base, ...new Set(extra)].join(' ');

/**
 * The page's CSP: scripts only from this origin or inline with a listed hash (never
 * 'unsafe-inline'); styles may be inline (the build inlines its CSS and sets aspect ratios).
 * `sources` adds the upload storage's origins when it is not this server (S3).
 */
export function pagePolicy(html: string, sources: PageSources = {}): string {
  const hashes = new Set<string>();
  for (const [, attributes, content] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes!) || /type\s*=\s*"?application\/ld\+json/i.test(attributes!)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(content!).digest('base64')}'`);
  }
  return [
    "default-src 'self'",
    `script-src 'self' ${[...hashes].join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    withSources('img-src', "'self' data: blob:", sources.img),
    "media-src 'self' blob:",
    "font-src 'self'",
    withSources('connect-src', "'self'", sources.connect),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Every header that depends on the file alone, lower-case names: its caching, its CSP (a page's own,
 * with its script hashes; for anything else the site's default) and the security headers every
 * answer carries. Not the ones a server works out per request (type, length, encoding, tag).
 */
export function fileHeaders(path: string, body: Uint8Array, sources?: PageSources): Record<string, string> {
  const isPage = extname(path).toLowerCase() === '.html';
  return {
    'cache-control': cacheControlFor(path),
    'content-security-policy': isPage ? pagePolicy(new TextDecoder().decode(body), sources) : PAGE_CSP,
    ...COMMON_SECURITY_HEADERS,
  };
}
