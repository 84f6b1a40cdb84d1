// Where the browser finds the API (docs/product.md, API conventions): PUBLIC_API_BASE at build time,
// else /api/v1/ on the site's own origin. src/features/notifications/bell.ts keeps a copy on purpose.
export const API_BASE: string = import.meta.env.PUBLIC_API_BASE ?? '/api/v1/';

/**
 * The API's origin when `base` puts it on another origin than the pages' (an absolute http(s) URL),
 * null when it is a path on their own. Anything else is a mistake the build stops on: a
 * protocol-relative or other URL would leave the pages' CSP without the origin they call.
 */
export function apiOriginOf(base: string): string | null {
  // Paths are joined onto it ('user/subscribe-newsletter'): without the slash they would run on into its last segment.
  if (base && !base.endsWith('/')) throw new Error(`PUBLIC_API_BASE=${JSON.stringify(base)} must end with a slash, e.g. /api/v1/`);
  if (base.startsWith('/') && !base.startsWith('//')) return null;
  if (/^https?:\/\/[^/]/i.test(base)) return new URL(base).origin;
  throw new Error(`PUBLIC_API_BASE=${JSON.stringify(base)} must be a path such as /api/v1/ or an absolute http(s) URL`);
}
