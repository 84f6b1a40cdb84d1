// Answers for a request no route takes: 405 with an Allow header when the path is known but the
// method is not (204 for a plain OPTIONS), and a JSON 404 otherwise.
import type { Context } from 'hono';
import type { ApiEnv } from './context.ts';

export const NOT_FOUND_MESSAGE = 'Not found';
export const METHOD_NOT_ALLOWED_MESSAGE = 'Method not allowed';

interface KnownRoute {
  method: string;
  path: string;
}

/** `listRoutes` is read on first use, when every route has been added. */
export function answerUnmatched(listRoutes: () => readonly KnownRoute[]) {
  let patterns: { match: RegExp; method: string }[] | undefined;
  return (c: Context<ApiEnv>) => {
    patterns ??= listRoutes()
      .filter((route) => route.method !== 'ALL')
      .map((route) => ({ match: toPattern(route.path), method: route.method }));
    const methods = new Set(patterns.filter((p) => p.match.test(c.req.path)).map((p) => p.method));
    if (methods.size === 0) return c.json({ message: NOT_FOUND_MESSAGE }, 404);
    if (methods.has('GET')) methods.add('HEAD');
    methods.add('OPTIONS');
    const allow = [...methods].join(', ');
    if (c.req.method === 'OPTIONS') return c.body(null, 204, { allow });
    return c.json({ message: METHOD_NOT_ALLOWED_MESSAGE }, 405, { allow });
  };
}

/** A Hono path ('/user/courses/:id') as an anchored regular expression. */
function toPattern(path: string): RegExp {
  const segments = path.split('/').map((segment) => {
    if (segment === '*') return '.*';
    if (segment.startsWith(':')) return '[^/]+';
    return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  });
  return new RegExp(`^${segments.join('/')}$`);
}
