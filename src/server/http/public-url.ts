// Every URL an answer hands out is absolute (docs/product.md), so a client never has to know where the site
// or the API lives. Two origins, which are one unless the API has its own (PUBLIC_API_URL):
// - what the API process serves (a material file, an upload URL, a stored picture) is on the API's
//   origin: PUBLIC_API_URL, else PUBLIC_SITE_URL when set;
// - pages and the build's files (a course picture, the test payment page, the checkout to come back
//   to) are on the site's: PUBLIC_SITE_URL when set.
// A server started without either (a developer's machine, the tests) uses the origin the request came to.
import type { Context } from 'hono';
import type { Env } from '../env.ts';
import { originOf } from './request-url.ts';

/** The origin this answer's links to what the API serves are built on. */
export function apiOrigin(env: Pick<Env, 'API_ORIGIN'>, c: Context): string {
  return env.API_ORIGIN || originOf(c.req.url);
}

/** The origin this answer's links to pages and the build's files are built on. */
export function siteOrigin(env: Pick<Env, 'SITE_ORIGIN'>, c: Context): string {
  return env.SITE_ORIGIN || originOf(c.req.url);
}

/** `url` as an answer hands it out: a path gets `origin`; an absolute URL (S3, Paystack) is kept. */
export function absoluteUrl(origin: string, url: string): string {
  return url.startsWith('/') && !url.startsWith('//') ? origin + url : url;
}
