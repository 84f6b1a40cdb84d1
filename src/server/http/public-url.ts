// Every URL an answer hands out is absolute (docs/product.md), so a client never has to know where the site
// or the API lives: a picture, a file, an upload URL, the test payment page. The origin is the
// configured one (PUBLIC_API_URL, else PUBLIC_SITE_URL when set); a server started without either
// (a developer's machine, the tests) uses the origin the request came to.
import type { Context } from 'hono';
import type { Env } from '../env.ts';
import { originOf } from './request-url.ts';

/** The origin this answer's links are built on. */
export function linkOrigin(env: Pick<Env, 'LINK_ORIGIN'>, c: Context): string {
  return env.LINK_ORIGIN || originOf(c.req.url);
}

/** `url` as an answer hands it out: a path gets `origin`; an absolute URL (S3, Paystack) is kept. */
export function absoluteUrl(origin: string, url: string): string {
  return url.startsWith('/') && !url.startsWith('//') ? origin + url : url;
}
