// The API reference for people at /api/docs: Scalar's page rendering /api/v1/openapi.json. Its
// script comes from our own node_modules, never a CDN, and the page has a CSP of its own: scripts
// from this origin only (no inline script), requests to this origin only, and inline styles, which
// Scalar's components write as style elements and attributes (checked in Chromium: a nonce covers
// only its first stylesheet). No site page links or loads any of it.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

export const API_DOCS = '/api/docs';
export const DOCS_SCRIPT = `${API_DOCS}/scalar.js`;
export const DOCS_START = `${API_DOCS}/start.js`;
const DOCUMENT_URL = '/api/v1/openapi.json';

// The package's exports do not list its browser bundle, so it is found next to its main module (dist/).
const require = createRequire(import.meta.url);
const BUNDLE = join(dirname(require.resolve('@scalar/api-reference')), 'browser/standalone.js');

const CONFIGURATION = {
  url: DOCUMENT_URL,
  // Scalar's own fonts and its proxy are on other origins; the page uses neither.
  withDefaultFonts: false,
  hideClientButton: true,
  telemetry: false,
  // Scalar's hosted services (AI chat, MCP, its developer toolbar) would send the document elsewhere.
  showDeveloperTools: 'never',
  agent: { disabled: true },
  mcp: { disabled: true },
};

/** The start script, a file of its own so the page needs no inline script. */
const START_SCRIPT = `Scalar.createApiReference('#app', ${JSON.stringify(CONFIGURATION)});\n`;

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>Adire Fashion Academy API</title>
  </head>
  <body>
    <div id="app"></div>
    <script src="${DOCS_SCRIPT}"></script>
    <script src="${DOCS_START}"></script>
  </body>
</html>
`;

const PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

let bundle: Promise<{ plain: Buffer; gzipped: Buffer }> | undefined;
const loadBundle = async () => {
  const plain = await readFile(BUNDLE);
  return { plain, gzipped: await promisify(gzip)(plain) };
};

const acceptsGzip = (header: string | null) =>
  (header ?? '').split(',').some((part) => {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return name?.trim().toLowerCase() === 'gzip' && (q === undefined || Number(q.slice(2)) > 0);
  });

/** Answers a request under /api/docs. */
export async function answerApiDocs(request: Request): Promise<Response> {
  const { pathname } = new URL(request.url);
  if (request.method !== 'GET' && request.method !== 'HEAD')
    return new Response('Method not allowed', {
      status: 405,
      headers: { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' },
    });
  const body = (content: BodyInit) => (request.method === 'HEAD' ? null : content);

  if (pathname === API_DOCS || pathname === `${API_DOCS}/`) {
    return new Response(body(PAGE), {
      headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache', 'content-security-policy': PAGE_CSP },
    });
  }
  if (pathname === DOCS_START)
    return new Response(body(START_SCRIPT), { headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' } });
  if (pathname === DOCS_SCRIPT) {
    const { plain, gzipped } = await (bundle ??= loadBundle());
    const gzipIt = acceptsGzip(request.headers.get('accept-encoding'));
    const bytes = gzipIt ? gzipped : plain;
    return new Response(body(new Uint8Array(bytes)), {
      headers: {
        'content-type': 'text/javascript; charset=utf-8',
        'content-length': String(bytes.byteLength),
        'cache-control': 'public, max-age=3600',
        vary: 'accept-encoding',
        ...(gzipIt ? { 'content-encoding': 'gzip' } : {}),
      },
    });
  }
  return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
}
