// The production shape, started for a test (issue 19): nginx with the config `npm run nginx-config`
// prints, serving the build and proxying /api/ to two Node processes of the same build on one
// PostgreSQL (DATABASE_URL), pictures in an S3 look-alike (s3rver) and mail over SMTP to a sink that
// writes each message as an .eml file, so the tests read codes as they do from the outbox.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { startLocalBucket, S3RVER_KEYS, type LocalBucket } from '../s3rver.ts';

export const BUCKET = 'adire-avatars';

export interface Shape {
  /** Where the browser opens the pages, e.g. http://127.0.0.1:40123 */
  site: string;
  /** Where the mail sink writes each message it receives (an outbox for tests/mail-files.ts). */
  mailDir: string;
  bucket: LocalBucket;
  /** The API processes' own addresses, in the order nginx lists them. */
  apis: string[];
  /** Ends an API process at once, as a crash or an OOM kill would. */
  kill(index: number): Promise<void>;
  /** How many requests under /api/ nginx passed to each API process (from its access log). */
  answeredBy(): Map<string, number>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
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
async function startMailSink(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        count += 1;
        writeFileSync(join(dir, `${Date.now()}-${String(count).padStart(5, '0')}.eml`), Buffer.concat(chunks));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

/** Starts the whole shape on `databaseUrl` with two API processes; `dist` is the build nginx serves. */
export async function startShape({ databaseUrl, dist = 'dist' }: { databaseUrl: string; dist?: string }): Promise<Shape> {
  const work = mkdtempSync(join(tmpdir(), 'adire-shape-'));
  // nginx's workers run as an unprivileged user when it is started as root: they read the build and
  // write their temporary files under the prefix.
  chmodSync(work, 0o755);
  const mailDir = join(work, 'mail');
  mkdirSync(mailDir);
  const mail = await startMailSink(mailDir);
  const sitePort = await freePort();
  const site = `http://127.0.0.1:${sitePort}`;
  // The bucket's CORS rules, which its operator sets: the browser PUTs pictures to it from the site.
  const bucket = await startLocalBucket(BUCKET, {
    cors: `<CORSConfiguration><CORSRule><AllowedOrigin>${site}</AllowedOrigin><AllowedMethod>PUT</AllowedMethod><AllowedMethod>GET</AllowedMethod><AllowedHeader>*</AllowedHeader></CORSRule></CORSConfiguration>`,
  });

  const apiPorts = [await freePort(), await freePort()];
  const apis = apiPorts.map((port) => `http://127.0.0.1:${port}`);
  const bucketSettings = {
    S3_ENDPOINT: bucket.endpoint,
    S3_BUCKET: BUCKET,
    S3_ACCESS_KEY_ID: S3RVER_KEYS.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3RVER_KEYS.secretAccessKey,
  };
  const processes = apiPorts.map((port, index) =>
    spawn(process.execPath, ['src/server/main.ts'], {
      env: {
        ...process.env,
        ...bucketSettings,
        PORT: String(port),
        HOST: '127.0.0.1',
        // Each process keeps its own folder: nothing in it is shared once DATABASE_URL is set.
        DATA_DIR: join(work, `api-${index + 1}`),
        DATABASE_URL: databaseUrl,
        TRUST_PROXY: '1',
        PUBLIC_SITE_URL: site,
        SMTP_URL: mail.url,
        STAFF_EMAIL: 'staff@adireacademy.test',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    }),
  );
  // Both at once, as a process manager starts them: the catalogue sync and migrations race on purpose.
  await Promise.all(processes.map((child, index) => untilUp(`${apis[index]}/api/v1/health`, `API process ${index + 1}`, child)));

  const config = execFileSync(
    process.execPath,
    ['scripts/nginx-config.ts', ...apis.flatMap((api) => ['--api', api]), '--listen', String(sitePort), '--root', dist],
    // The generator reads the bucket's settings as the processes do: the pages' CSP must allow it.
    { encoding: 'utf8', env: { ...process.env, ...bucketSettings } },
  );
  const configFile = join(work, 'nginx.conf');
  writeFileSync(configFile, config);
  const nginx = spawn('nginx', ['-p', work, '-c', configFile, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'inherit'] });
  await untilUp(`${site}/api/v1/health`, 'nginx', nginx);

  return {
    site,
    mailDir,
    bucket,
    apis,
    kill: (index) => stopProcess(processes[index]!, 'SIGKILL'),
    answeredBy() {
      const counts = new Map(apis.map((api) => [new URL(api).host, 0]));
      for (const line of readFileSync(join(work, 'access.log'), 'utf8').split('\n')) {
        // The log names every process tried for a call ("a, b" after a failed try): the last answered.
        const match = / (?:GET|POST|PUT|PATCH|DELETE|OPTIONS) \/api\/\S* .* upstream=(.+)$/.exec(line);
        const answered = match?.[1]?.split(', ').pop();
        if (answered && counts.has(answered)) counts.set(answered, counts.get(answered)! + 1);
      }
      return counts;
    },
    async stop() {
      await stopProcess(nginx, 'SIGQUIT');
      await Promise.all(processes.map((child) => stopProcess(child)));
      await bucket.close();
      await mail.close();
      rmSync(work, { recursive: true, force: true });
    },
  };
}
