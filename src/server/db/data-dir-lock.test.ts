import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';

const freshDir = () => mkdtemp(join(tmpdir(), 'afa-lock-'));

describe('lockDataDir', () => {
  it('holds the directory until released, naming this process in the lock file', async () => {
    const dir = await freshDir();
    const lock = await lockDataDir(dir);
    expect(await readFile(`${dir}.lock`, 'utf8')).toBe(String(process.pid));
    await expect(lockDataDir(dir)).rejects.toThrow(DataDirLockedError);
    await lock.release();
    await (await lockDataDir(dir)).release();
  });

  it('refuses while another running process holds it, and says which', async () => {
    const dir = await freshDir();
    await writeFile(`${dir}.lock`, String(process.ppid));
    await expect(lockDataDir(dir)).rejects.toThrow(
      `The database in ${dir} is in use by process ${process.ppid}. Stop that server first, or use another DATA_DIR.`,
    );
  });

  it('takes over a lock left by a process that is gone, or by an earlier run with our pid', async () => {
    for (const leftover of ['99999999', String(process.pid), 'garbage']) {
      const dir = await freshDir();
      await writeFile(`${dir}.lock`, leftover);
      const lock = await lockDataDir(dir);
      expect(await readFile(`${dir}.lock`, 'utf8')).toBe(String(process.pid));
      await lock.release();
    }
  });
});
