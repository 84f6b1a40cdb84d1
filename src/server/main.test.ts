// The server as an operator meets it: a bad setting stops it with one line; SIGTERM stops it
// cleanly (exit 0) after answering what was already asked.
import { spawn } from 'node:child_process';
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

  it('finishes requests and exits 0 on SIGTERM', async () => {
    const port = String(4700 + Math.floor(Math.random() * 200));
    const server = start({ PORT: port, DIST_DIR: fixtureSite(), DATA_DIR: mkdtempSync(join(tmpdir(), 'data-')) });
    const base = `http://127.0.0.1:${port}`;
    await expect.poll(() => fetch(`${base}/api/v1/health`).then((r) => r.status, () => 0), { timeout: 20_000 }).toBe(200);
    const inFlight = fetch(`${base}/`);
    server.child.kill('SIGTERM');
    expect((await inFlight).status).toBe(200);
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('SIGTERM received');
    await expect(fetch(`${base}/`)).rejects.toThrow();
  }, 40_000);
});
