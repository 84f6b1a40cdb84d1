// npm run edit: the content editor on this machine, against the working copy's content/.
//
//   npm run edit [-- --root DIR] [--port 4330]
//
// Serves the editor (Decap CMS, from node_modules) at http://localhost:4330/admin/ with a
// configuration made from src/content.config.ts at every load, and passes its reads and writes to
// decap-server's handlers (Decap's own local backend, run in this process: editor/backend.ts, no
// port of its own) after checking them (editor/gate.ts). It answers only requests addressed to
// localhost:<port> or 127.0.0.1:<port>, and the backend's calls only from its own page
// (editor/request-check.ts). Nothing of this is in the build: the public pages carry no editor.
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { stringify } from 'yaml';
import { createEditorCalls, type EditorCall } from './editor-calls.ts';
import { editorScript, PAGE, previewStyles } from './page.ts';
import { API_PATH, requestRefusal } from './request-check.ts';

const { values } = parseArgs({ options: { root: { type: 'string', default: '.' }, port: { type: 'string', default: '4330' } } });
const root = resolve(values.root);
const port = Number(values.port);
const host = '127.0.0.1';

const require = createRequire(import.meta.url);
const decapDist = dirname(require.resolve('decap-cms/dist/decap-cms.js'));

/**
 * The configuration, with the backend at this server's own path: the page calls the address it was
 * loaded from (localhost or 127.0.0.1), and no request header is written into the configuration.
 * decap-server's handlers for `root` are reached only through proxy() below, after the gate.
 */
const editor = await createEditorCalls(root, API_PATH);

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.wasm': 'application/wasm',
  '.map': 'application/json',
};

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(response: ServerResponse, status: number, type: string, body: string | Buffer) {
  // Never in another site's frame: a page of theirs could have the user click Publish or Delete.
  response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', 'x-frame-options': 'DENY' }).end(body);
}

/** The editor's calls: checked by the gate, then answered by decap-server. */
async function proxy(request: IncomingMessage, response: ServerResponse) {
  const text = await readBody(request);
  let call: EditorCall;
  try {
    call = JSON.parse(text) as typeof call;
  } catch {
    return send(response, 400, 'application/json', JSON.stringify({ error: 'The request is not JSON.' }));
  }
  if (typeof call !== 'object' || call === null)
    return send(response, 400, 'application/json', JSON.stringify({ error: 'The request is not a call.' }));
  const answer = await editor.answer(call);
  if (answer.status === 'refused') return send(response, 422, 'application/json', JSON.stringify({ error: answer.problem }));
  send(response, answer.status, 'application/json', JSON.stringify(answer.body));
}

async function serve(request: IncomingMessage, response: ServerResponse) {
  const path = new URL(request.url ?? '/', `http://${host}`).pathname;
  const refused = requestRefusal(request, path, (server.address() as AddressInfo).port);
  if (refused) return send(response, 403, 'text/plain; charset=utf-8', refused);
  if (path === API_PATH) return proxy(request, response);
  if (path === '/' || path === '/admin') return response.writeHead(302, { location: '/admin/' }).end();
  if (path === '/admin/') return send(response, 200, 'text/html; charset=utf-8', PAGE);
  if (path === '/admin/config.yml') return send(response, 200, 'text/yaml; charset=utf-8', stringify(editor.config()));
  if (path === '/admin/rules.json') return send(response, 200, 'application/json', JSON.stringify(editor.presenceRules()));
  if (path === '/admin/editor.js') return send(response, 200, TYPES['.js']!, await editorScript());
  if (path === '/admin/preview.css') {
    return send(response, 200, TYPES['.css']!, await previewStyles());
  }
  const asset = /^\/admin\/([\w.-]+)$/.exec(path)?.[1];
  const type = asset && TYPES[asset.slice(asset.lastIndexOf('.'))];
  if (asset && type) {
    const file = await readFile(join(decapDist, asset)).catch(() => undefined);
    if (file) return send(response, 200, type, file);
  }
  send(response, 404, 'text/plain', 'Not found');
}

const server = createServer((request, response) => {
  serve(request, response).catch((error: unknown) => {
    console.error(error);
    if (!response.headersSent) send(response, 500, 'text/plain', 'The editor failed: see the terminal.');
  });
});
// A second `npm run edit` finds the port taken: say so in one line, not with a stack trace.
server.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EADDRINUSE') console.error(`The editor is already running at http://localhost:${port}/admin/`);
  else console.error(`The editor could not start: ${error.message}`);
  process.exit(1);
});
server.listen(port, host, () => {
  const { port: listening } = server.address() as AddressInfo;
  console.log(`Content editor: http://localhost:${listening}/admin/ (editing ${join(root, 'content')})`);
});

/**
 * What there is to stop: this one server (decap-server's handlers run in this process, no child of
 * ours). The page keeps its connections open, so they are closed too, or close() would wait for them.
 */
const stop = () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
