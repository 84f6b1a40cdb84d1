import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';

const freshDir = () => mkdtemp(join(tmpdir(), 'afa-lock-'));
const readRecord = async (dir: string) => JSON.parse(await readFile(`${dir}.lock`, 'utf8')) as { pid: number; host: string; nonce: string };
const record = (pid: number, host = hostname()) => JSON.stringify({ pid, host, nonce: 'f'.repeat(32) });

/** A pid that belonged to a process of this machine and no longer does. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid!;
}

describe('lockDataDir', () => {
  it('holds the directory until released, naming this process and host in an owner-only lock file', async () => {
    const dir = await freshDir();
    const lock = await lockDataDir(dir);
    const { nonce, ...holder } = await readRecord(dir);
    expect(holder).toEqual({ pid: process.pid, host: hostname() });
    expect(nonce).toMatch(/^[0-9a-f]{32}$/);
    expect((await stat(`${dir}.lock`)).mode & 0o777).toBe(0o600);
    await expect(lockDataDir(dir)).rejects.toThrow(DataDirLockedError);
    await lock.release();
    await (await lockDataDir(dir)).release();
    // Nothing is left beside the directory: no temporary record, no lock.
    expect((await readdir(join(dir, '..'))).filter((name) => name.startsWith(`${dir.split('/').pop()}.`))).toEqual([]);
  });

  it('refuses while another running process of this host holds it, and says which', async () => {
    for (const content of [record(process.ppid), String(process.ppid)]) {
      const dir = await freshDir();
      await writeFile(`${dir}.lock`, content);
      await expect(lockDataDir(dir)).rejects.toThrow(
        `The database in ${dir} is in use by process ${process.ppid}. Stop that server first, or use another DATA_DIR.`,
      );
    }
  });

  it('takes over a lock left by a process that is gone, or by an earlier run with our pid', async () => {
    const gone = await deadPid();
    for (const leftover of [record(gone), String(gone), record(process.pid), String(process.pid), 'garbage', '']) {
      const dir = await freshDir();
      await writeFile(`${dir}.lock`, leftover);
      const lock = await lockDataDir(dir);
      expect((await readRecord(dir)).pid).toBe(process.pid);
      await lock.release();
    }
  });

  it('treats a lock from another host as held, even with a pid that is not running here or is ours', async () => {
    for (const pid of [await deadPid(), process.pid, 1]) {
      const dir = await freshDir();
      await writeFile(`${dir}.lock`, record(pid, 'other-container'));
      await expect(lockDataDir(dir)).rejects.toThrow(
        `The database in ${dir} is in use by process ${pid} on host other-container. Stop that server first, or use another DATA_DIR; ` +
          `if that server is gone for good, delete ${dir}.lock.`,
      );
    }
  });

  it('releases only its own lock', async () => {
    const dir = await freshDir();
    const lock = await lockDataDir(dir);
    // Taken over meanwhile (as if this process had been suspended and seen as gone).
    await writeFile(`${dir}.lock`, record(process.ppid));
    await lock.release();
    expect(await readFile(`${dir}.lock`, 'utf8')).toBe(record(process.ppid));
  });
});

// Separate processes, as two servers would be, all told to lock the same directory at the same
// instant. Each contender is started once and serves every try: a try is one line on its stdin.
const CONTENDER = `
const { lockDataDir } = await import(process.argv[1]);
const lines = (await import('node:readline')).createInterface({ input: process.stdin });
let held;
for await (const line of lines) {
  const [command, dir, startAt] = line.split(' ');
  if (command === 'try') {
    while (Date.now() < Number(startAt)); // a common start time: spin, so no timer delays anyone
    try {
      held = await lockDataDir(dir);
      console.log('won');
    } catch (error) {
      console.log(error.name === 'DataDirLockedError' ? 'refused' : 'failed ' + error.message);
    }
  } else if (command === 'release') {
    await held?.release();
    held = undefined;
    console.log('released');
  }
}
`;

const CONTENDERS = 5;
const TRIES = 50;

class Contender {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly replies: string[] = [];
  private waiting: ((line: string) => void) | undefined;

  constructor() {
    const lockModule = new URL('./data-dir-lock.ts', import.meta.url).href;
    this.child = spawn(process.execPath, ['--input-type=module', '-e', CONTENDER, lockModule]);
    createInterface({ input: this.child.stdout }).on('line', (line) => {
      if (this.waiting) {
        this.waiting(line);
        this.waiting = undefined;
      } else this.replies.push(line);
    });
  }

  ask(line: string): Promise<string> {
    this.child.stdin.write(`${line}\n`);
    const queued = this.replies.shift();
    return queued === undefined ? new Promise((resolve) => (this.waiting = resolve)) : Promise.resolve(queued);
  }

  stop() {
    this.child.stdin.end();
  }
}

async function race(prepare: (dir: string) => Promise<void>) {
  const contenders = Array.from({ length: CONTENDERS }, () => new Contender());
  const winners: number[] = [];
  try {
    // Contenders take a moment to start: the first try waits for them.
    let startAt = Date.now() + 500;
    for (let attempt = 0; attempt < TRIES; attempt++) {
      const dir = await freshDir();
      await prepare(dir);
      const answers = await Promise.all(contenders.map((contender) => contender.ask(`try ${dir} ${startAt}`)));
      for (const answer of answers) expect(answer).toMatch(/^(won|refused)$/);
      winners.push(answers.filter((answer) => answer === 'won').length);
      await Promise.all(contenders.map((contender) => contender.ask('release')));
      startAt = Date.now() + 20;
    }
  } finally {
    for (const contender of contenders) contender.stop();
  }
  return winners;
}

describe('lockDataDir across processes starting at once', () => {
  it(`gives the lock to exactly one of ${CONTENDERS} processes, ${TRIES} times out of ${TRIES}`, async () => {
    const started = Date.now();
    const winners = await race(async () => {});
    console.info(`no lock present: winners per try ${winners.join('')}, ${Date.now() - started} ms`);
    expect(winners).toEqual(Array<number>(TRIES).fill(1));
  });

  it(`gives a stale lock (a dead pid of this host) to exactly one of ${CONTENDERS} processes, ${TRIES} times out of ${TRIES}`, async () => {
    const started = Date.now();
    const gone = await deadPid();
    const winners = await race((dir) => writeFile(`${dir}.lock`, record(gone)));
    console.info(`stale lock present: winners per try ${winners.join('')}, ${Date.now() - started} ms`);
    expect(winners).toEqual(Array<number>(TRIES).fill(1));
  });
});
