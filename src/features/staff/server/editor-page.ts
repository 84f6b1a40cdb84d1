// The editor's page at /staff/content/: Decap CMS from node_modules, the editor page's own script
// and styles (scripts/editor/page.ts, as `npm run edit` serves them), and staff-page.js, which keeps
// the page empty without a staff session and sends that session with Decap's calls. Nothing here is
// in dist/: the public pages carry no editor (docs/decisions/014, 018). The page and its scripts hold
// no content; the content comes only through the staff calls (content-routes.ts).
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { editorScript, previewStyles, STAFF_PAGE } from '../../../../scripts/editor/page.ts';
import { contentRepoDir } from './content-repo.ts';
import { editorOf } from './editor.ts';
import type { Env } from '#server/env.ts';

const EDITOR_PAGE_PATH = '/staff/content/';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
};

/**
 * Decap needs inline styles (its components' CSS-in-JS), blob: and data: pictures (the media
 * library's previews, which it also reads back with fetch) and 'unsafe-eval' (it checks its configuration with ajv, which compiles each
 * check with new Function). Still no inline script: scripts only from here, calls only to here, in
 * no other site's frame. The page is the staff's alone; no public page has any of this.
 */
const EDITOR_CSP =
  "default-src 'self'; script-src 'self' 'unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self' blob:; " +
  "frame-src 'self' blob:; frame-ancestors 'none'; base-uri 'self'; object-src 'none'; form-action 'self'";

interface Asset {
  type: string;
  body: Buffer;
  gzipped: Buffer;
  etag: string;
}

const require = createRequire(import.meta.url);

/** The page's files by name: made (and compressed) at their first request, then kept. */
async function makeAsset(name: string, root: string): Promise<Asset | undefined> {
  let body: Buffer | undefined;
  if (name === 'index.html') body = Buffer.from(STAFF_PAGE);
  else if (name === 'editor.js') body = Buffer.from(await editorScript());
  else if (name === 'preview.css') body = await previewStyles();
  else if (name === 'staff-page.js') body = await readFile(new URL('../../../../scripts/editor/staff-page.js', import.meta.url));
  // The optional parts' rules hold no content: they are the schemas' (editor-page.js reads them).
  else if (name === 'rules.json')
    return { type: TYPES['.json']!, ...(await compressed(JSON.stringify((await editorOf(root)).presenceRules()))) };
  else if (/^[\w.-]+\.(js|wasm)$/.test(name) && !name.endsWith('.map'))
    body = await readFile(join(dirname(require.resolve('decap-cms/dist/decap-cms.js')), name)).catch(() => undefined);
  if (!body) return undefined;
  return { type: TYPES[name.slice(name.lastIndexOf('.'))]!, ...(await compressed(body)) };
}

const compressed = async (text: string | Buffer) => {
  const body = Buffer.from(text);
  return { body, gzipped: await promisify(gzip)(body), etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
};

/** The editor page's answers: `answer(request, pathname)` is undefined for any other address. */
export function createEditorPage(env: Pick<Env, 'CONTENT_REPO_DIR' | 'DATA_DIR'>) {
  const root = contentRepoDir(env);
  const assets = new Map<string, Promise<Asset | undefined>>();
  return async function answer(request: Request, pathname: string): Promise<Response | undefined> {
    if (pathname === '/staff/content') return new Response(null, { status: 301, headers: { location: EDITOR_PAGE_PATH } });
    if (!pathname.startsWith(EDITOR_PAGE_PATH)) return undefined;
    if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
    const name = pathname.slice(EDITOR_PAGE_PATH.length) || 'index.html';
    if (!/^[\w.-]+$/.test(name)) return undefined;
    let asset = assets.get(name);
    if (!asset) {
      asset = makeAsset(name, root);
      // The rules follow the content repository; everything else is the same until the next release.
      if (name !== 'rules.json') assets.set(name, asset);
    }
    const found = await asset;
    if (!found) return undefined;
    // Decap's bundle is 5 MB: a browser that holds this very file is told so instead.
    if (request.headers.get('if-none-match') === found.etag)
      return new Response(null, { status: 304, headers: { etag: found.etag, 'cache-control': 'no-cache', vary: 'Accept-Encoding' } });
    const gzipped = /\bgzip\b/.test(request.headers.get('accept-encoding') ?? '');
    const body = gzipped ? found.gzipped : found.body;
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), {
      headers: {
        'content-type': found.type,
        'content-length': String(body.length),
        'cache-control': 'no-cache',
        etag: found.etag,
        vary: 'Accept-Encoding',
        ...(gzipped ? { 'content-encoding': 'gzip' } : {}),
        'content-security-policy': EDITOR_CSP,
        'x-robots-tag': 'noindex',
      },
    });
  };
}
