// A publish's build runs in a child process with a time limit (it and what it started are killed, and
// the publish fails saying so) and a memory limit (each node process of the build has a heap that
// size, and one that needs more fails). Small node programs stand in for the site's build here.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildInChild } from './build-child.ts';

const dir = mkdtempSync(join(tmpdir(), 'build-child-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const paths = (name: string) => ({
  contentRoot: join(dir, 'src'),
  distDir: join(dir, name, 'dist'),
  cacheDir: join(dir, 'cache'),
  logFile: join(dir, name, 'build.log'),
});
const node = (program: string): [string, ...string[]] => ['node', '-e', program];

describe('the build in a child process', () => {
  it('is stopped at its time limit, with whatever it started, and the publish says so', async () => {
    const started = Date.now();
    // The build starts a process of its own that would outlive it and hold its output open: the
    // answer comes only once both are gone.
    const program = `require('child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'inherit' }); setInterval(() => {}, 1000);`;
    const result = await buildInChild({ timeMs: 1_500, command: node(program) })(paths('slow'));
    expect(result).toEqual({ ok: false, reason: 'The build took longer than 2 seconds and was stopped. Nothing changed on the site.' });
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('gives each node process of the build a heap of the memory limit, and one that needs more fails', async () => {
    const heapWith = async (memoryMb: number) => {
      const heap = paths(`heap-${memoryMb}`);
      const sized = await buildInChild({ memoryMb, command: node(`console.log(require('v8').getHeapStatistics().heap_size_limit)`) })(heap);
      expect(sized).toEqual({ ok: true });
      return Number(readFileSync(heap.logFile, 'utf8')) / 1024 / 1024;
    };
    // The heap's limit is the old space the build is given plus a young space of node's own.
    expect((await heapWith(160)) - (await heapWith(96))).toBeCloseTo(64, 0);

    const greedy = await buildInChild({ memoryMb: 64, command: node('const kept = []; for (;;) kept.push(new Array(1e6).fill(1));') })(
      paths('greedy'),
    );
    expect(greedy.ok).toBe(false);
  }, 60_000);
});
