// PGlite is one process's database: two processes opening the same data directory corrupt it. A
// lock file beside it, naming the process that holds it, makes a second server (or an admin
// command) refuse with a clear message instead.
import { open, readFile, rm } from 'node:fs/promises';
import { resolve } from 'node:path';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

export interface DataDirLock {
  release(): Promise<void>;
}

/** Lock files this process holds: opening the same directory twice in one process is refused too. */
const heldHere = new Set<string>();

export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  // Beside the directory, not in it: PostgreSQL owns everything inside.
  const file = `${resolve(dataDir)}.lock`;
  if (heldHere.has(file)) throw new DataDirLockedError(`The database in ${dataDir} is already open in this process.`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(file, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      heldHere.add(file);
      return {
        release: async () => {
          heldHere.delete(file);
          await rm(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number((await readFile(file, 'utf8').catch(() => '')).trim());
      if (isRunning(holder)) {
        throw new DataDirLockedError(
          `The database in ${dataDir} is in use by process ${holder}. Stop that server first, or use another DATA_DIR.`,
        );
      }
      // The holder died without cleaning up (a crash, a kill -9): the lock is stale.
      await rm(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock ${dataDir}: another process keeps taking the lock.`);
}

function isRunning(pid: number): boolean {
  // Our own pid, in a file this process did not write, is a leftover of an earlier run: containers
  // start their server as pid 1 every time.
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
