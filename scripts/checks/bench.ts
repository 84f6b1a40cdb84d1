// npm run bench: answers a second from the production server on this machine (10 connections, 10 s
// per path, brotli accepted as a browser would), one line per path: pages, the health check, the
// public course calls; then a bare Hono server answering the same course JSON from a constant (the
// ceiling for a JSON route here), and our course details call as a share of it.
// The share is measured in pairs: ours for 3 s, then the bare server for 3 s, five times over, and
// the median of the five pairs' shares is the figure. Measured one after the other for 10 s each, the
// share moved with whatever else this machine was doing in those 20 s (36 % to 88 % in runs a day
// apart); a pair shares its few seconds, and the median drops the pair a burst of other work fell in.
// Each server runs in a process of its own and the load comes from autocannon's CLI in a third, one
// path at a time: no server shares its event loop with the load generator or with the other server.
// npm run bench -- --soak: also 100 connections for 60 s over the catalogue, a course's details
// and its related courses together; every answer must be a 2xx.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type autocannon from 'autocannon';
import { median } from './budget/scoring.ts';

const COURSE = 'pattern-drafting-foundations';
/** The share's pairs (above): how many, and each server's seconds in one. */
const PAIRS = 5;
const PAIR_SECONDS = 3;
const soak = process.argv.includes('--soak');
const scratch = mkdtempSync(join(tmpdir(), 'bench-'));
// BENCH_PORT: ours on it, the bare server on the next one (a shared machine gives each user its ports).
const port = Number(process.env.BENCH_PORT) || 4900 + Math.floor(Math.random() * 90);
const barePort = process.env.BENCH_PORT ? port + 1 : port + 100;
const origin = `http://127.0.0.1:${port}`;
const bareOrigin = `http://127.0.0.1:${barePort}`;

const startServer = (script: string, env: Record<string, string>): ChildProcess =>
  spawn(process.execPath, [script], { env: { ...process.env, ...env }, stdio: 'ignore' });

const answers = (url: string) =>
  fetch(url).then(
    (r) => r.ok,
    () => false,
  );

// A first start creates the database: seconds here, over half a minute while the machine is busy.
async function waitUntilAnswering(url: string) {
  for (let i = 0; i < 1200; i++) {
    if (await answers(url)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within 2 minutes`);
}

/** One autocannon run from its CLI, in a process of its own; `args` are its options and the URL. */
function cannon(args: string[]): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['node_modules/.bin/autocannon', '--json', '-H', 'accept-encoding=br, gzip', ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(JSON.parse(out) as autocannon.Result) : reject(new Error(`autocannon exited with ${code}`)),
    );
  });
}

const line = (label: string, result: autocannon.Result) =>
  console.log(
    `${label.padEnd(44)} ${Math.round(result.requests.average).toString().padStart(7)} req/s   p99 ${result.latency.p99} ms   errors ${result.errors + result.non2xx}`,
  );

const ours = startServer('src/server/main.ts', { PORT: String(port), DATA_DIR: join(scratch, 'data') });
let bare: ChildProcess | undefined;
try {
  await waitUntilAnswering(`${origin}/api/v1/health`);
  const detailPath = `/api/v1/user/courses/${COURSE}`;
  const apiPaths = ['/api/v1/user/courses', detailPath, `${detailPath}/related-courses`];

  // The bare server answers the very JSON ours does, read once from a file at its start.
  const bodyFile = join(scratch, 'course.json');
  writeFileSync(bodyFile, await (await fetch(origin + detailPath)).text());
  bare = startServer('scripts/checks/bench-bare.ts', { PORT: String(barePort), BENCH_BODY: bodyFile });
  await waitUntilAnswering(bareOrigin + detailPath);

  for (const path of ['/', '/about', '/projects/lsetf', `/courses/${COURSE}`, '/api/v1/health', ...apiPaths]) {
    line(path, await cannon(['-c', '10', '-d', '10', origin + path]));
  }
  const shares: number[] = [];
  for (let pair = 1; pair <= PAIRS; pair++) {
    const ours = await cannon(['-c', '10', '-d', String(PAIR_SECONDS), origin + detailPath]);
    const ceiling = await cannon(['-c', '10', '-d', String(PAIR_SECONDS), bareOrigin + detailPath]);
    line(`pair ${pair}: course details, ours`, ours);
    line(`pair ${pair}: bare Hono, the same course JSON`, ceiling);
    shares.push(ours.requests.average / ceiling.requests.average);
  }
  console.log(
    `course details, ours / bare Hono: ${Math.round(100 * median(shares))} % (median of ${PAIRS} pairs: ${shares.map((share) => Math.round(100 * share)).join(', ')} %)`,
  );

  if (soak) {
    // Several paths in one run: autocannon's CLI takes them as a HAR file.
    const har = join(scratch, 'soak.har');
    const entries = apiPaths.map((path) => ({ request: { method: 'GET', url: origin + path, headers: [] } }));
    writeFileSync(har, JSON.stringify({ log: { entries } }));
    const result = await cannon(['-c', '100', '-d', '60', '--har', har, origin]);
    line('soak: 100 connections, 60 s, 3 course calls', result);
    console.log(`soak: ${result.requests.total} requests, ${result.errors} errors, ${result.non2xx} non-2xx, ${result.timeouts} timeouts`);
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  bare?.kill('SIGTERM');
  // The database closes on SIGTERM; its folder goes once the server has stopped.
  const removeScratch = () => rmSync(scratch, { recursive: true, force: true });
  if (ours.exitCode === null && ours.signalCode === null) ours.once('exit', removeScratch).kill('SIGTERM');
  else removeScratch();
}
