// `npm run edit` run twice: the second says the editor is already running and stops (no stack trace),
// the first goes on serving, and a SIGTERM ends it cleanly with nothing of it left on its port.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, describe, expect, it } from 'vitest';

const port = Number(process.env.EDITOR_PORT ?? 4418);
const started: ChildProcess[] = [];

function start() {
  const child = spawn(process.execPath, ['scripts/editor/serve.ts', '--port', String(port)], { stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  const listening = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', () => output.includes('Content editor:') && resolve());
    void exited.then(() => reject(new Error(output)));
  });
  // Only the first is awaited listening; the second's never is.
  listening.catch(() => undefined);
  return { child, exited, listening, output: () => output };
}

afterAll(() => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
});

describe('npm run edit', () => {
  it('says the editor is already running when started twice, and stops cleanly on SIGTERM', async () => {
    const first = start();
    await first.listening;
    const second = start();
    expect(await second.exited).toBe(1);
    expect(second.output().trim()).toBe(`The editor is already running at http://localhost:${port}/admin/`);
    // The first is still the editor.
    expect((await fetch(`http://127.0.0.1:${port}/admin/`)).status).toBe(200);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    await expect(fetch(`http://127.0.0.1:${port}/admin/`)).rejects.toThrow();
  }, 60_000);
});
