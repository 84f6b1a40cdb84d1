// The production shape, started for a test (issue 19): nginx with the config `npm run nginx-config`
// prints, serving the build and proxying /api/ to two Node processes of the same build on one
// PostgreSQL (DATABASE_URL), pictures in an S3 look-alike (s3rver) and mail over SMTP to a sink that
// writes each message as an .eml file, so the tests read codes as they do from the outbox.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closedPort as freePort } from '../api/support/closed-port.ts';
import { startLocalBucket, S3RVER_KEYS, type LocalBucket } from '../s3rver.ts';
import { startSmtpSink } from '../smtp-sink.ts';

export const BUCKET = 'adire-avatars';

export interface Shape {
  /** Where the browser opens the pages, e.g. http://127.0.0.1:40123 */
  site: string;
  /** The API's origin: the site's own, or another nginx's. */
  api: string;
  /** Where the mail sink writes each message it receives (an outbox for tests/mail-files.ts). */
  mailDir: string;
  bucket: LocalBucket;
  /** The API processes' own addresses, in the order nginx lists them. */
  apis: string[];
  /** Ends an API process at once, as a crash or an OOM kill would. */
  kill(index: number): Promise<void>;
  /** How many requests under /api/ nginx passed to each API process (from its access log). */
  answeredBy(): Map<string, number>;
  /** With the API on its own origin: calls to /api/ that reached the pages' nginx instead (none, or a path was relative). */
  pagesOriginCalls(): number;
  stop(): Promise<void>;
}

async function untilUp(url: string, what: string, process?: ChildProcess): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (process && process.exitCode !== null) throw new Error(`${what} exited with ${process.exitCode}`);
    const status = await fetch(url)
      .then((response) => response.status)
      .catch(() => 0);
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} did not answer ${url} within 90 s`);
}

/** An SMTP server on 127.0.0.1 that writes every message it accepts to `dir`, named by arrival. */
function startMailSink(dir: string) {
  let count = 0;
  return startSmtpSink(({ raw }) => {
    count += 1;
    writeFileSync(join(dir, `${Date.now()}-${String(count).padStart(5, '0')}.eml`), raw);
  });
}

async function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

type Stop = () => Promise<unknown>;

/** nginx with the generated config for `root`, in a prefix folder of its own under `work`. */
async function startNginx(
  work: string,
  name: string,
  { apis, port, root, env, stops }: { apis: string[]; port: number; root: string; env: NodeJS.ProcessEnv; stops: Stop[] },
) {
  const prefix = join(work, name);
  mkdirSync(prefix);
  const config = execFileSync(
    process.execPath,
    ['scripts/deploy/nginx-config.ts', ...apis.flatMap((api) => ['--api', api]), '--listen', String(port), '--root', root],
    // The generator reads the settings the processes get: the pages' CSP allows their bucket.
    { encoding: 'utf8', env: { ...process.env, ...env } },
  );
  writeFileSync(join(prefix, 'nginx.conf'), config);
  // Started as root (CI), its workers would run as nobody, who may not read the checkout: as root too.
  const user = process.getuid?.() === 0 ? ' user root;' : '';
  const nginx = spawn('nginx', ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-g', `daemon off;${user}`], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  stops.push(() => stopProcess(nginx, 'SIGQUIT'));
  await untilUp(`http://127.0.0.1:${port}/api/v1/health`, `nginx (${name})`, nginx);
  return { accessLog: () => readFileSync(join(prefix, 'access.log'), 'utf8').split('\n') };
}

/** The API calls in an nginx access log, by the process that answered (several were tried after a failure: the last). */
function callsByProcess(lines: string[]): string[] {
  return lines.flatMap((line) => {
    const answered = / (?:GET|POST|PUT|PATCH|DELETE|OPTIONS) \/api\/\S* .* upstream=(.+)$/.exec(line)?.[1]?.split(', ').pop();
    return answered ? [answered] : [];
  });
}

/**
 * Starts the whole shape on `databaseUrl` with two API processes. With `apiOrigin`, the pages come
 * from one nginx and the API from another on its own port, as from https://api.adireacademy.ng: the
 * site is built for that (PUBLIC_API_BASE) into a folder of its own, and the processes get
 * CORS_ORIGINS and PUBLIC_API_URL.
 */
export async function startShape({ databaseUrl, apiOrigin = false }: { databaseUrl: string; apiOrigin?: boolean }): Promise<Shape> {
  const work = mkdtempSync(join(tmpdir(), 'adire-shape-'));
  // What was started, stopped in reverse on stop() or when a later part fails to start.
  const stops: Stop[] = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    rmSync(work, { recursive: true, force: true });
  };
  try {
    const mailDir = join(work, 'mail');
    mkdirSync(mailDir);
    const mail = await startMailSink(mailDir);
    stops.push(() => mail.close());
    const sitePort = await freePort();
    const site = `http://127.0.0.1:${sitePort}`;
    const apiPort = apiOrigin ? await freePort() : sitePort;
    const api = `http://127.0.0.1:${apiPort}`;
    // The bucket's CORS rules, which its operator sets: the browser PUTs pictures to it from the site.
    const bucket = await startLocalBucket(BUCKET, {
      cors: `<CORSConfiguration><CORSRule><AllowedOrigin>${site}</AllowedOrigin><AllowedMethod>PUT</AllowedMethod><AllowedMethod>GET</AllowedMethod><AllowedHeader>*</AllowedHeader></CORSRule></CORSConfiguration>`,
    });
    stops.push(() => bucket.close());
    const settings = {
      S3_ENDPOINT: bucket.endpoint,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: S3RVER_KEYS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_KEYS.secretAccessKey,
      PUBLIC_SITE_URL: site,
      ...(apiOrigin ? { PUBLIC_API_URL: api, CORS_ORIGINS: site } : {}),
    };
    // The pages' build: the run's own, or one whose scripts call the API's origin (about 10 s).
    let pagesRoot = 'dist';
    if (apiOrigin) {
      pagesRoot = join(work, 'dist');
      const build = (args: string[], env: NodeJS.ProcessEnv = {}) =>
        execFileSync(process.execPath, args, { env: { ...process.env, ...env }, stdio: 'ignore' });
      build(['node_modules/astro/bin/astro.mjs', 'build', '--outDir', pagesRoot], {
        PUBLIC_API_BASE: `${api}/api/v1/`,
        PUBLIC_SITE_URL: site,
      });
      build(['scripts/build/hide-server-data.ts', pagesRoot]);
      // The learning pages register /sw.js: this build has its own, as npm run build writes one.
      build(['scripts/build/service-worker.ts', pagesRoot]);
    }

    const apiPorts = [await freePort(), await freePort()];
    const apis = apiPorts.map((port) => `http://127.0.0.1:${port}`);
    const processes = apiPorts.map((port, index) =>
      spawn(process.execPath, ['src/server/main.ts'], {
        env: {
          ...process.env,
          ...settings,
          PORT: String(port),
          HOST: '127.0.0.1',
          // Each process keeps its own folder: nothing in it is shared once DATABASE_URL is set.
          DATA_DIR: join(work, `api-${index + 1}`),
          DATABASE_URL: databaseUrl,
          TRUST_PROXY: '1',
          SMTP_URL: mail.url,
          STAFF_EMAIL: 'staff@adireacademy.test',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      }),
    );
    stops.push(() => Promise.all(processes.map((child) => stopProcess(child))));
    // Both at once, as a process manager starts them: the catalogue sync and migrations race on purpose.
    await Promise.all(processes.map((child, index) => untilUp(`${apis[index]}/api/v1/health`, `API process ${index + 1}`, child)));

    const pages = await startNginx(work, 'pages', { apis, port: sitePort, root: pagesRoot, env: settings, stops });
    const apiProxy = apiOrigin ? await startNginx(work, 'api', { apis, port: apiPort, root: 'dist', env: settings, stops }) : pages;
    // The pages' nginx was asked for /api/v1/health once, to know it was up: no page's call.
    const startCalls = callsByProcess(pages.accessLog()).length;
    return {
      site,
      api,
      mailDir,
      bucket,
      apis,
      kill: (index) => stopProcess(processes[index]!, 'SIGKILL'),
      answeredBy() {
        const counts = new Map(apis.map((address) => [new URL(address).host, 0]));
        for (const host of callsByProcess(apiProxy.accessLog())) if (counts.has(host)) counts.set(host, counts.get(host)! + 1);
        return counts;
      },
      pagesOriginCalls: () => (apiOrigin ? callsByProcess(pages.accessLog()).length - startCalls : 0),
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
