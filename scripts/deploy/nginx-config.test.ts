// nginx, run with the config scripts/deploy/nginx-config.ts writes, answers as our Node server does. Over the
// real build in dist/ (npm test runs this file in its step after the build), every address the server
// answers with a file, every redirect and the 404 page are asked of both, with and without compression,
// and must get the same status, headers and bytes; the API, behind nginx, gets the client's address
// appended to X-Forwarded-For. Skipped where nginx or its brotli module is not installed.
import { serve } from '@hono/node-server';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request, type IncomingHttpHeaders, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '#server/app.ts';
import { forwardedClient } from '#server/http/client-address.ts';
import { COMMON_SECURITY_HEADERS } from '#server/security-headers.ts';
import { createSiteHandler } from '#server/site-server.ts';
import { loadStaticSite, type StaticSite } from '#server/static-site.ts';
import { closedPort as freePort } from '../../tests/api/support/closed-port.ts';
import { buildTestApp } from '../../tests/api/support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/api/support/test-database.ts';
import { servedFiles, urlOf, type ServedFile } from '../build/edge-files.ts';
import { BROTLI_MODULE, nginxConfig, siteAddresses } from './nginx-config.ts';

const DIST = 'dist';
const built = existsSync(join(DIST, '_headers'));
// npm test runs the unit tests before it builds: without a build this file waits for its own step.
const required = process.env.EDGE_FILES_NEED_BUILD === '1';
const NGINX = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin'].map((dir) => join(dir, 'nginx')).find((path) => existsSync(path));
const skipped = !NGINX
  ? 'nginx is not installed (apt-get install nginx libnginx-mod-http-brotli-static)'
  : !existsSync(BROTLI_MODULE)
    ? `nginx's brotli module is not installed (${BROTLI_MODULE}: apt-get install libnginx-mod-http-brotli-static)`
    : !built && !required
      ? `the site is not built (${DIST}/_headers is missing: npm run build)`
      : null;

const SITE_HEADERS = ['cache-control', 'content-security-policy', ...Object.keys(COMMON_SECURITY_HEADERS)];
/** What a file's answer must say alike; Vary's value is case-insensitive (nginx writes Accept-Encoding). */
const FILE_HEADERS = [...SITE_HEADERS, 'content-type', 'content-encoding', 'content-length', 'vary'];
const REDIRECT_HEADERS = [...SITE_HEADERS, 'location'];
const REFUSAL_HEADERS = [...SITE_HEADERS, 'allow', 'content-type', 'content-length'];
const ENCODINGS = ['br, gzip', 'gzip', null];

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const agent = new Agent({ keepAlive: true });
/** One request with exactly these headers (fetch would add its own Accept-Encoding), the body as sent. */
function ask(base: string, path: string, { method = 'GET', headers = {} }: { method?: string; headers?: Record<string, string> } = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const sent = request(base + path, { method, headers, agent }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => resolve({ status: answer.statusCode!, headers: answer.headers, body: Buffer.concat(chunks) }));
    });
    sent.on('error', reject);
    sent.end(method === 'POST' ? 'a=1' : undefined);
  });
}

async function listening(port: number, nginx: ChildProcess, output: () => string) {
  for (let tries = 0; tries < 100; tries++) {
    if (nginx.exitCode !== null) throw new Error(`nginx stopped (${nginx.exitCode}):\n${output()}`);
    const connected = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (connected) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nginx did not listen on ${port}:\n${output()}`);
}

describe.skipIf(skipped !== null)(`nginx with the config for the build in ${DIST}${skipped ? `: skipped, ${skipped}` : ''}`, () => {
  let files: ServedFile[];
  let database: TestDatabase;
  let nginx: ChildProcess;
  let prefix: string;
  const servers: Server[] = [];
  /** Per Node server, the X-Forwarded-For of each API request it got. */
  const forwarded: string[][] = [[], []];
  /** Requests for /metrics that reached a Node server: it answers loopback, and nginx connects from loopback. */
  let metricsAsked = 0;
  let node: string;
  let proxy: string;

  beforeAll(async () => {
    if (!built) throw new Error(`${DIST}/_headers is missing: run npm run build`);
    let site: StaticSite;
    [files, site, database] = await Promise.all([servedFiles(DIST), loadStaticSite(DIST), createTestDatabase()]);
    // Two API processes, as the config takes them: both our whole server, with the API as TRUST_PROXY=1 runs it.
    const { app } = buildTestApp(database.db, { env: { TRUST_PROXY: '1' } });
    const handle = createSiteHandler(app, site);
    for (const seen of forwarded) {
      const server = serve({
        fetch: (req, bindings) => {
          const path = new URL(req.url).pathname;
          if (path.startsWith(API_BASE)) seen.push(req.headers.get('x-forwarded-for') ?? '');
          if (path.toLowerCase().startsWith('/metrics')) metricsAsked += 1;
          return handle(req, bindings);
        },
        port: 0,
        hostname: '127.0.0.1',
      }) as Server;
      await once(server, 'listening');
      servers.push(server);
    }
    const [first, second] = servers.map((server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    node = first!;

    prefix = mkdtempSync(join(tmpdir(), 'nginx-'));
    const port = await freePort();
    writeFileSync(
      join(prefix, 'nginx.conf'),
      await nginxConfig(files, { apis: [first!, second!], listen: `127.0.0.1:${port}`, root: DIST }),
    );
    // As root nginx would run its workers as nobody, who may not read the checkout: as root they stay root.
    const global = process.getuid?.() === 0 ? 'daemon off; user root;' : 'daemon off;';
    nginx = spawn(NGINX!, ['-c', join(prefix, 'nginx.conf'), '-p', prefix + '/', '-g', global], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    nginx.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await listening(port, nginx, () => output);
    proxy = `http://127.0.0.1:${port}`;
  });

  afterAll(async () => {
    if (nginx?.exitCode === null) {
      nginx.kill('SIGTERM');
      await once(nginx, 'exit');
    }
    agent.destroy();
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    await database?.close();
    if (prefix) rmSync(prefix, { recursive: true, force: true });
  });

  it('sends every page and file, each redirect and the 404 page as the Node server does', async () => {
    const { fileAt, redirected } = siteAddresses(files);
    // The addresses the config names, the ones a link uses, and some it must not answer with a file.
    const strays = ['/nope', '/404', '/404.html', '/.build-stamp', '/_headers', '/index.html.br', '//', '/ABOUT', '/%61bout', '/about//'];
    const addresses = new Set([...fileAt.keys(), ...files.map((file) => urlOf(file.path)), ...strays]);
    const requests = [
      ...[...addresses].flatMap((path) => ENCODINGS.map((encoding) => ({ path, method: 'GET', encoding }))),
      // A redirect has nothing to compress.
      ...[...redirected].map((target) => ({ path: `${target}/?ref=x`, method: 'GET', encoding: null })),
      ...['/', '/about/', '/_astro/', '/nope'].map((path) => ({ path, method: 'POST', encoding: null })),
    ];
    const differences: string[] = [];
    let compared = 0;
    const compare = async ({ path, method, encoding }: (typeof requests)[number]) => {
      const headers: Record<string, string> = encoding ? { 'accept-encoding': encoding } : {};
      const [ours, theirs] = await Promise.all([ask(node, path, { method, headers }), ask(proxy, path, { method, headers })]);
      const what = `${method} ${path} (${encoding ?? 'no Accept-Encoding'})`;
      // nginx writes a short HTML body into a redirect, the server none: their type and length differ.
      const names = ours.status === 301 ? REDIRECT_HEADERS : ours.status === 405 ? REFUSAL_HEADERS : FILE_HEADERS;
      for (const name of ['status', ...names]) {
        const [a, b] = name === 'status' ? [ours.status, theirs.status] : [ours.headers[name], theirs.headers[name]];
        compared++;
        if (name === 'vary' ? String(a).toLowerCase() !== String(b).toLowerCase() : a !== b)
          differences.push(`${what} ${name}: server ${String(a)}, nginx ${String(b)}`);
      }
      if (ours.status !== 301 && !ours.body.equals(theirs.body)) differences.push(`${what}: other bytes`);
    };
    // A few at a time: both servers answer in well under a millisecond, the round trips are the cost.
    const queue = [...requests];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) await compare(next);
      }),
    );

    const pages = files.filter((file) => file.path.endsWith('.html')).length;
    const counts = {
      pages,
      assets: files.length - pages,
      addresses: addresses.size,
      redirects: redirected.size,
      requestsEach: requests.length,
      headersCompared: compared,
      differences: differences.length,
    };
    console.log(`nginx parity: ${JSON.stringify(counts)}`);
    expect(differences.sort()).toEqual([]);
    expect(pages).toBeGreaterThan(10);
    expect(fileAt.size).toBeGreaterThanOrEqual(files.length - 1);
  });

  it('never forwards /metrics to the processes (each answers it to loopback, and nginx connects from loopback)', async () => {
    for (const path of ['/metrics', '/metrics/', '/METRICS', '/metrics?x=1', '//metrics']) {
      const answer = await ask(proxy, path);
      expect(answer.status, path).not.toBe(200);
      expect(answer.body.toString()).not.toContain('# TYPE');
    }
    expect(metricsAsked).toBe(0);
  });

  it('hands the API to both Node processes, appending the client to X-Forwarded-For', async () => {
    const direct = await ask(node, `${API_BASE}/user/courses`);
    expect(direct.status).toBe(200);
    forwarded.forEach((seen) => (seen.length = 0));
    for (let i = 0; i < 4; i++) {
      const answer = await ask(proxy, `${API_BASE}/user/courses`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
      expect(answer.status).toBe(200);
      expect(answer.body.toString()).toBe(direct.body.toString());
      // The API's own headers, once each: nginx adds none of its own to them.
      for (const name of ['content-type', ...SITE_HEADERS]) expect(answer.headers[name], name).toEqual(direct.headers[name]);
    }
    // Each request went to one of the two; what the client sent stays, nginx's view of the client follows.
    expect(forwarded.map((seen) => seen.length)).toEqual([2, 2]);
    for (const header of forwarded.flat()) {
      expect(header).toBe('203.0.113.9, 127.0.0.1');
      // What the API takes as the client with TRUST_PROXY=1: the address nginx saw, not the one sent.
      expect(forwardedClient(header, 1, () => true)).toBe('127.0.0.1');
    }
  });
});

describe('the nginx config', () => {
  it('refuses a build with two addresses that differ only in case, which nginx could not tell apart', async () => {
    const page = (path: string) => ({ path, headers: { 'cache-control': 'public, max-age=0, must-revalidate' } });
    await expect(
      nginxConfig([page('/about/index.html'), page('/About/index.html')], {
        apis: ['http://127.0.0.1:4611'],
        listen: '8080',
        root: 'dist',
      }),
    ).rejects.toThrow('nginx cannot tell /about/index.html from /About/index.html: rename one of them');
  });

  const page = { path: '/index.html', headers: { 'cache-control': 'public, max-age=0, must-revalidate' } };
  const configFor = (listen: string, api = 'http://127.0.0.1:4611') => nginxConfig([page], { apis: [api], listen, root: 'dist' });

  it('writes --listen only as a port or address:port, and refuses anything that would add directives', async () => {
    for (const listen of ['8080', '127.0.0.1:8080', '[::1]:8080', 'web-1.internal:80'])
      expect(await configFor(listen), listen).toContain(`  listen ${listen};\n`);
    for (const listen of [
      '127.0.0.1:4717; location /x/ { alias /etc/; autoindex on; } listen 127.0.0.1:4718',
      '8080;',
      '8080 ssl',
      '127.0.0.1:8080 default_server',
      '{8080}',
      '0',
      '70000',
      '::1:8080',
      '[::1;]:8080',
      'bad_host:8080',
      '',
    ])
      await expect(configFor(listen), listen).rejects.toThrow(
        `--listen takes a port or address:port (such as 8080, 127.0.0.1:8080 or [::1]:8080), not ${JSON.stringify(listen)}`,
      );
  });

  it('writes --api only as a plain http://host:port, and refuses a host holding ;, spaces or braces', async () => {
    expect(await configFor('8080', 'http://[::1]:4611')).toContain('  server [::1]:4611;\n');
    expect(await configFor('8080', 'http://api-1.internal')).toContain('  server api-1.internal:80;\n');
    for (const api of [
      'http://127.0.0.1;x:80/',
      'http://127.0.0.1:4611;x/',
      'http://a{b}:4611',
      'http://a%20b:4611',
      'https://127.0.0.1:4611',
      'http://user:pw@127.0.0.1:4611',
      'http://127.0.0.1:4611/api',
      'http://127.0.0.1:4611#x',
      'not a url',
    ])
      await expect(configFor('8080', api), api).rejects.toThrow(
        `--api takes http://host:port (such as http://127.0.0.1:4611), not ${JSON.stringify(api)}`,
      );
  });
});
