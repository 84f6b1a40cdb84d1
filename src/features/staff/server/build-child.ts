// A publish's build, in a child process of its own, never in the request (docs/decisions/019): a time
// limit past which it and everything it started (its process group) are killed, and a memory limit
// (the heap of every node process it starts, through NODE_OPTIONS). Its output goes to the release's
// build.log; what staff read of a failure is made plain by build-reason.ts.
import { spawn } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { delimiter, dirname, resolve } from 'node:path';
import { plainReason } from './build-reason.ts';
import type { Build } from './publishing.ts';
import { superviseChild } from './supervised-child.ts';

export interface BuildLimits {
  /** A build that takes longer is stopped and fails (here one takes about 30 s). */
  timeMs: number;
  /** The heap of each node process of the build: Astro's build of this site peaks well under it. */
  memoryMb: number;
  /** What runs; `npm run build` but in this file's tests. */
  command: [string, ...string[]];
}

const SITE_BUILD: BuildLimits = { timeMs: 5 * 60_000, memoryMb: 2048, command: ['npm', 'run', 'build'] };

const inWords = (ms: number) => (ms >= 60_000 ? `${Math.round(ms / 60_000)} minutes` : `${Math.round(ms / 1000)} seconds`);

export const buildInChild =
  (limits: Partial<BuildLimits> = {}): Build =>
  async ({ contentRoot, distDir, cacheDir, logFile }) => {
    const { timeMs, memoryMb, command } = { ...SITE_BUILD, ...limits };
    await mkdir(dirname(logFile), { recursive: true });
    const bin = resolve('node_modules', '.bin');
    const child = spawn(command[0], command.slice(1), {
      env: {
        ...process.env,
        PATH: [bin, dirname(process.execPath), process.env.PATH ?? ''].join(delimiter),
        CONTENT_ROOT: contentRoot,
        BUILD_OUT_DIR: distDir,
        BUILD_CACHE_DIR: cacheDir,
        NODE_OPTIONS: `--max-old-space-size=${memoryMb}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let text = '';
    // What the reason is read from: the start (the gate and the schemas fail early) and the end.
    const keep = (chunk: string) => (text = text.length < 256 * 1024 ? text + chunk : text);
    const { code, timedOut } = await superviseChild(child, { logFile, timeMs, keep });
    if (code === 0 && !timedOut) return { ok: true };
    return {
      ok: false,
      reason: timedOut
        ? `The build took longer than ${inWords(timeMs)} and was stopped. Nothing changed on the site.`
        : plainReason(text, contentRoot),
    };
  };
