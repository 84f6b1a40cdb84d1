// Cross-origin access to the API. Closed unless CORS_ORIGINS lists origins: then exactly those
// origins may call it from a browser, with a bearer token and JSON bodies. Any other origin gets no
// Access-Control-* header at all, so the browser keeps the answer from it.
import type { MiddlewareHandler } from 'hono';
import { REQUEST_ID_HEADER, type ApiEnv } from './context.ts';

const CORS_ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE';
// Idempotency-Key: a phone's queued ticks carry one (docs/product.md#dashboard-as-built-so-far).
const CORS_ALLOWED_HEADERS = 'Authorization, Content-Type, Idempotency-Key';
// Without these, a script on another origin could not read when to retry or which id to quote.
const EXPOSED_HEADERS = `Retry-After, ${REQUEST_ID_HEADER}`;
const PREFLIGHT_CACHE_SECONDS = '600';

export function corsForOrigins(origins: readonly string[]): MiddlewareHandler<ApiEnv> {
  const allowed = new Set(origins);
  return async (c, next) => {
    const origin = c.req.header('origin');
    if (!origin || !allowed.has(origin)) {
      await next();
      // The answer depends on Origin, so a shared cache must not serve it to another origin.
      c.res.headers.append('vary', 'Origin');
      return;
    }
    if (c.req.method === 'OPTIONS' && c.req.header('access-control-request-method')) {
      return new Response(null, {
        status: 204,
        headers: {
          'access-control-allow-origin': origin,
          'access-control-allow-methods': CORS_ALLOWED_METHODS,
          'access-control-allow-headers': CORS_ALLOWED_HEADERS,
          'access-control-max-age': PREFLIGHT_CACHE_SECONDS,
          vary: 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers',
        },
      });
    }
    await next();
    c.res.headers.set('access-control-allow-origin', origin);
    c.res.headers.set('access-control-expose-headers', EXPOSED_HEADERS);
    c.res.headers.append('vary', 'Origin');
  };
}
