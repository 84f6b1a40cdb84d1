// npm run bench: answers a second from the production server on this machine (autocannon, 10
// connections, 10 s per path, brotli accepted as a browser would), one line per path: pages, the
// health check, the public course calls, and beside them a bare Hono server answering the same
// course JSON from a constant (the ceiling for a JSON route here).
// npm run bench -- --soak: also 100 connections for 60 s over the catalogue, a course's details
// and its related courses together; every answer must be a 2xx.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import autocannon from 'autocannon';
import { Hono } from 'hono';

const COURSE = 'pattern-drafting-foundations';
const soak = process.argv.includes('--soak');
const port = 4900 + Math.floor(Math.random() * 90);
const origin = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['src/server/main.ts'], {
  env: { ...process.env, PORT: String(port), DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-')) },
  stdio: 'ignore',
});

const line = (label: string, result: autocannon.Result) =>
  console.log(
    `${label.padEnd(44)} ${Math.round(result.requests.average).toString().padStart(7)} req/s   p99 ${result.latency.p99} ms   errors ${result.errors + result.non2xx}`,
  );

let bare: ReturnType<typeof serve> | undefined;
try {
  for (
    let i = 0;
    i < 200 &&
    !(await fetch(`${origin}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    ));
    i++
  )
    await new Promise((r) => setTimeout(r, 100));

  const detailPath = `/api/v1/user/courses/${COURSE}`;
  const apiPaths = ['/api/v1/user/courses', detailPath, `${detailPath}/related-courses`];
  for (const path of ['/', '/about', '/projects/lsetf', `/courses/${COURSE}`, '/api/v1/health', ...apiPaths]) {
    line(path, await autocannon({ url: origin + path, connections: 10, duration: 10, headers: { 'accept-encoding': 'br, gzip' } }));
  }

  // The same course JSON from a bare Hono route in this process, measured the same way.
  const body: unknown = await (await fetch(origin + detailPath)).json();
  const barePort = port + 100;
  const app = new Hono().get('/course', (c) => c.json(body as object));
  bare = serve({ fetch: app.fetch, port: barePort, hostname: '127.0.0.1' });
  line('bare Hono, the same course JSON', await autocannon({ url: `http://127.0.0.1:${barePort}/course`, connections: 10, duration: 10 }));

  if (soak) {
    const result = await autocannon({
      url: origin,
      connections: 100,
      duration: 60,
      requests: apiPaths.map((path) => ({ method: 'GET' as const, path })),
      headers: { 'accept-encoding': 'br, gzip' },
    });
    line('soak: 100 connections, 60 s, 3 course calls', result);
    console.log(`soak: ${result.requests.total} requests, ${result.errors} errors, ${result.non2xx} non-2xx, ${result.timeouts} timeouts`);
  }
} finally {
  bare?.close();
  server.kill('SIGTERM');
}
