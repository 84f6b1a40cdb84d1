// One fetch handler for the whole product: the API under /api/v1, its reference for people under
// /api/docs, the prebuilt site for the rest.
import { API_DOCS, answerApiDocs } from './api-docs.ts';
import { API_BASE } from './app.ts';
import { isCompleteAnswer } from './http/complete-answer.ts';
import type { NodeBindings } from './http/context.ts';
import { pathOf } from './http/request-url.ts';
import { withSecurityHeaders } from './security-headers.ts';
import type { StaticSite } from './static-site.ts';

interface FetchApp {
  // The node bindings carry the socket: the API reads the client's address from it.
  fetch(request: Request, bindings?: NodeBindings): Response | Promise<Response>;
}

/** The answer to any method but GET and HEAD on the site's addresses (the API answers its own). */
export const methodNotAllowed = () =>
  withSecurityHeaders(
    new Response('Method not allowed', { status: 405, headers: { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' } }),
    false,
  );

/** Pages the server makes itself, not in the build (the content editor): undefined for any other address. */
type ExtraPages = (request: Request, pathname: string) => Promise<Response | undefined>;

export function createSiteHandler(api: FetchApp, site: StaticSite, extraPages?: ExtraPages) {
  return async function handle(request: Request, bindings?: NodeBindings): Promise<Response> {
    const pathname = pathOf(request.url);
    if (pathname === API_BASE || pathname.startsWith(API_BASE + '/')) {
      const answer = await api.fetch(request, bindings);
      // A complete answer carries them already (http/complete-answer.ts).
      return isCompleteAnswer(answer) ? answer : withSecurityHeaders(answer, true);
    }
    // The reference page brings its own CSP; withSecurityHeaders keeps it.
    if (pathname === API_DOCS || pathname.startsWith(API_DOCS + '/')) return withSecurityHeaders(await answerApiDocs(request), true);
    const extra = await extraPages?.(request, pathname);
    // The page brings its own CSP; withSecurityHeaders keeps it.
    if (extra) return withSecurityHeaders(extra, false);
    if (request.method !== 'GET' && request.method !== 'HEAD') return methodNotAllowed();
    return withSecurityHeaders(site.respond(request, pathname) ?? site.notFound(request), false);
  };
}
