// The server as an operator meets it: a bad setting stops it with one line; SIGTERM stops it
// cleanly (exit 0) after answering what was already asked.
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['src/server/main.ts'], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

function fixtureSite() {
  const dist = mkdtempSync(join(tmpdir(), 'dist-'));
  mkdirSync(join(dist, 'about'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Home</title>');
  writeFileSync(join(dist, '404.html'), '<!doctype html><title>Page not found</title>');
  return dist;
}

describe('the server process', () => {
  it('stops at start with a one-line reason when a setting is bad', async () => {
    const server = start({ PORT: 'eighty', DIST_DIR: fixtureSite() });
    expect(await server.exited).toBe(1);
    expect(server.output().trim()).toMatch(/^Invalid setting PORT="eighty": .+$/);
  });

  it('refuses to give the courses away: no Paystack key at a public address stops the start', async () => {
    const server = start({ PUBLIC_SITE_URL: 'https://adireacademy.ng', PAYSTACK_SECRET_KEY: '', DIST_DIR: fixtureSite() });
    expect(await server.exited).toBe(1);
    expect(server.output().trim()).toMatch(
      /^PAYSTACK_SECRET_KEY is not set, and PUBLIC_SITE_URL=https:\/\/adireacademy\.ng is not a local address: .+$/,
    );
  });

  it('refuses to start beyond loopback without PUBLIC_SITE_URL, or without Paystack, with one line', async () => {
    const open = start({ HOST: '0.0.0.0', PORT: '0', DIST_DIR: fixtureSite() });
    expect(await open.exited).toBe(1);
    expect(open.output().trim()).toMatch(/^PUBLIC_SITE_URL is not set, and HOST=0\.0\.0\.0 is not a loopback address: [^\n]+$/);
    // The reviewer's start: a local-looking site, but on every interface, and no Paystack key.
    const free = start({
      HOST: '0.0.0.0',
      PORT: '0',
      PUBLIC_SITE_URL: 'http://localhost:4321',
      PAYSTACK_SECRET_KEY: '',
      DIST_DIR: fixtureSite(),
    });
    expect(await free.exited).toBe(1);
    expect(free.output().trim()).toMatch(
      /^PAYSTACK_SECRET_KEY is not set, and HOST=0\.0\.0\.0 is not a loopback address: .+PAYMENTS_TEST_MODE=1[^\n]+$/,
    );
  });

  it('refuses to lose the mail: a public site with Paystack but no SMTP_URL stops the start', async () => {
    const server = start({
      PUBLIC_SITE_URL: 'https://adireacademy.ng',
      PAYSTACK_SECRET_KEY: 'sk_test_abc',
      SMTP_URL: '',
      DIST_DIR: fixtureSite(),
    });
    expect(await server.exited).toBe(1);
    expect(server.output().trim()).toMatch(
      /^SMTP_URL is not set, and PUBLIC_SITE_URL=https:\/\/adireacademy\.ng is not a local address: .+$/,
    );
  });

  it('finishes a request in flight and exits 0 on SIGTERM', async () => {
    const port = 4700 + Math.floor(Math.random() * 200);
    const server = start({ PORT: String(port), DIST_DIR: fixtureSite(), DATA_DIR: mkdtempSync(join(tmpdir(), 'data-')) });
    const base = `http://127.0.0.1:${port}`;
    // A fresh data folder means a new embedded database first: allow for it on a busy machine.
    await expect
      .poll(
        () =>
          fetch(`${base}/api/v1/health`).then(
            (r) => r.status,
            () => 0,
          ),
        { timeout: 90_000, interval: 250 },
      )
      .toBe(200);

    // A request truly in flight: its first line is sent, the rest only after SIGTERM.
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    const closed = new Promise((resolve) => socket.once('close', resolve));
    socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    await new Promise((resolve) => setTimeout(resolve, 200));
    server.child.kill('SIGTERM');
    await expect.poll(server.output).toContain('SIGTERM received');
    socket.end('Connection: close\r\n\r\n');
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK/);

    expect(await server.exited).toBe(0);
    await expect(fetch(`${base}/`)).rejects.toThrow();
  }, 120_000);
});
