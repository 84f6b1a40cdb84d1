// One fetch handler for the whole product: the API under /api/v1, the prebuilt site for the rest.
import { API_BASE } from './app.ts';
import { withSecurityHeaders } from './security-headers.ts';
import type { StaticSite } from './static-site.ts';

interface FetchApp {
  fetch(request: Request, ...rest: never[]): Response | Promise<Response>;
}

export function createSiteHandler(api: FetchApp, site: StaticSite) {
  return async function handle(request: Request): Promise<Response> {
    const { pathname } = new URL(request.url);
    if (pathname === API_BASE || pathname.startsWith(API_BASE + '/')) {
      return withSecurityHeaders(await api.fetch(request), true);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return withSecurityHeaders(
        new Response('Method not allowed', { status: 405, headers: { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' } }),
        false,
      );
    }
    return withSecurityHeaders(site.respond(request, pathname) ?? site.notFound(request), false);
  };
}
