// The API's origin as this build's pages reach it (PUBLIC_API_BASE, read as the pages' scripts read
// it), for whoever serves the pages: the build moves it to dist/.server/api-origin.json
// (scripts/build/hide-server-data.ts), and src/server/file-headers.ts puts it in every page's CSP. null:
// the API is on the pages' own origin.
import type { APIRoute } from 'astro';
import { API_BASE, apiOriginOf } from '#lib/api-base.ts';

export const GET: APIRoute = () =>
  new Response(JSON.stringify({ api_origin: apiOriginOf(API_BASE) }), { headers: { 'content-type': 'application/json' } });
