// A publish's child process (the build, the deploy command), watched the same way: started in a
// process group of its own, its output appended to the release's log and handed to `keep`, and past
// the time limit it and everything it started are killed together.
import type { ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';

export interface ChildEnd {
  /** The exit code; null when killed. */
  code: number | null;
  timedOut: boolean;
}

/**
 * Waits for `child` (spawned `detached`, stdout and stderr piped) to end, within `timeMs`; the log
 * is started afresh, or added to after `heading` when one is given.
 */
export function superviseChild(
  child: ChildProcess,
  { logFile, heading, timeMs, keep }: { logFile: string; heading?: string; timeMs: number; keep: (text: string) => void },
): Promise<ChildEnd> {
  return new Promise((done) => {
    const out = createWriteStream(logFile, { flags: heading === undefined ? 'w' : 'a' });
    if (heading) out.write(heading);
    const write = (chunk: Buffer) => {
      out.write(chunk);
      keep(chunk.toString('utf8'));
    };
    child.stdout?.on('data', write);
    child.stderr?.on('data', write);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    }, timeMs);
    // A command that cannot start still closes: its code says so.
    child.on('error', () => undefined);
    child.on('close', (code) => {
      clearTimeout(timer);
      out.end();
      done({ code, timedOut });
    });
  });
}
