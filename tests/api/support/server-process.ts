// A real server process (src/server/main.ts) on PostgreSQL, for tests that need two of them or a
// process of another release: started on a free port, answered once it says where it listens.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testCatalogue } from './catalogue.ts';

export interface ServerProcess {
  child: ChildProcess;
  origin: string;
}

export function startServerProcess(databaseUrl: string, dist: string, dataDir: string): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['src/server/main.ts'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, DIST_DIR: dist, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The server did not start:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const port = /on http:\/\/[^:]+:(\d+)/.exec(output)?.[1];
      if (port) {
        clearTimeout(timer);
        resolve({ child, origin: `http://127.0.0.1:${port}` });
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => reject(new Error(`The server exited with ${code}:\n${output}`)));
  });
}

/** Stops every process (waiting for each to exit), then drops the databases the test made. */
export async function stopAll(servers: { child: ChildProcess }[], drops: (() => Promise<void>)[]): Promise<void> {
  for (const server of servers) server.child.kill('SIGTERM');
  await Promise.all(servers.map((server) => new Promise((resolve) => server.child.once('exit', resolve))));
  for (const drop of drops) await drop();
}

/** A DIST_DIR with the pages a server needs to start and the test catalogue it syncs. */
export function siteWithCatalogue(): string {
  const dist = mkdtempSync(join(tmpdir(), 'dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Home</title>');
  writeFileSync(join(dist, '404.html'), '<!doctype html><title>Page not found</title>');
  mkdirSync(join(dist, '.server'));
  writeFileSync(join(dist, '.server', 'catalogue.json'), JSON.stringify(testCatalogue()));
  return dist;
}
