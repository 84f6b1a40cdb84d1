// A path whose decoded text holds a control character (NUL, CR, LF, ...) names nothing we serve: it
// is answered 404 before any route reads its parameters, so no query ever sees one (PostgreSQL
// refuses NUL in text with an error, a 500) and no log line can be split by one.
import type { MiddlewareHandler } from 'hono';
import type { ApiEnv } from './context.ts';
import { pathOf } from './request-url.ts';
import { NOT_FOUND_MESSAGE } from './unmatched.ts';

// eslint-disable-next-line no-control-regex -- control characters are exactly what is looked for
const CONTROL = /[\u0000-\u001f\u007f]/;

function decoded(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

export const refuseControlCharacters = (): MiddlewareHandler<ApiEnv> => async (c, next) => {
  const path = pathOf(c.req.url);
  // Without a '%' there is nothing to decode (the URL parser has already encoded raw control characters).
  // Answered before any router, so before the staff router's no-store: said here, for every path,
  // as a 404 may otherwise be kept by a cache and nothing is gained by keeping this one.
  if (CONTROL.test(path.includes('%') ? decoded(path) : path))
    return c.json({ message: NOT_FOUND_MESSAGE }, 404, { 'cache-control': 'no-store' });
  await next();
};
