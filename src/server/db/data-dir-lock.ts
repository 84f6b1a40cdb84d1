// PGlite is one process's database: two processes opening the same data directory corrupt it. A
// lock file beside it, naming the process that holds it, makes a second server (or an admin
// command) refuse with a clear message instead.
//
// Every step that decides who holds the lock is one atomic file-system operation, so processes that
// start at the same instant cannot both win:
// - Taking a free lock: the holder record is written in full to a file of our own, then `link`ed to
//   the lock's name. The link fails with EEXIST when the name is taken, and a reader never sees a
//   half-written record.
// - Taking over a stale lock (its holder died): the contenders first race for a takeover marker
//   named after that one stale file, again with `link`; only the marker's owner moves the stale file
//   aside (`rename`), checks that what it moved is the stale file, and then links its own record in
//   like any other contender. The others wait for the outcome and try again.
// - Releasing: only a lock whose record carries our random nonce is removed.
import { createHash, randomBytes } from 'node:crypto';
import { link, open, readdir, rename, rm, writeFile, type FileHandle } from 'node:fs/promises';
import { hostname } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

export interface DataDirLock {
  release(): Promise<void>;
}

/** What a lock file (and a takeover marker) says about the process that wrote it. */
interface HolderRecord {
  pid: number;
  host: string;
  nonce: string;
}

/** A lock file as read: its record (null when unreadable) and a key naming this one file. */
interface LockFile {
  holder: HolderRecord | null;
  key: string;
}

/** Lock files this process holds: opening the same directory twice in one process is refused too. */
const heldHere = new Set<string>();

const MAX_ATTEMPTS = 50;
const RETRY_DELAY_MS = 20;
// Levels of takeover marker for one stale file: a new level is only tried when the owner of the
// previous one died during its takeover, so more than a few means something else is wrong.
const MAX_TAKEOVER_LEVELS = 8;

export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  // Beside the directory, not in it: PostgreSQL owns everything inside.
  const file = `${resolve(dataDir)}.lock`;
  if (heldHere.has(file)) throw new DataDirLockedError(`The database in ${dataDir} is already open in this process.`);
  const record: HolderRecord = { pid: process.pid, host: hostname(), nonce: randomBytes(16).toString('hex') };
  const own = `${file}.${record.nonce}.tmp`;
  // Owner-only, like everything in DATA_DIR: the record names a host and a process.
  await writeFile(own, JSON.stringify(record), { mode: 0o600, flag: 'wx' });
  try {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      if (await linkOrExists(own, file)) {
        heldHere.add(file);
        return { release: () => releaseLock(file, record.nonce) };
      }
      const current = await readLockFile(file);
      // Gone between our link and our read: its holder released it. Try again at once.
      if (!current) continue;
      if (current.holder && !isStale(current.holder)) throw lockedError(dataDir, file, current.holder);
      const outcome = await takeOver(file, current, own);
      if (outcome === 'moved-live-lock') throw new DataDirLockedError(`The database in ${dataDir} was locked by another process just now.`);
      // 'removed': the slot is free, link on the next turn. 'busy': another contender is taking
      // over; give it a moment to finish.
      if (outcome === 'busy') await delay(RETRY_DELAY_MS);
    }
  } finally {
    await rm(own, { force: true });
  }
  throw new DataDirLockedError(`Could not lock ${dataDir}: another process keeps taking the lock.`);
}

/**
 * Removes the stale lock file `stale` if this process wins the right to: the takeover marker for
 * that very file (`<lock>.takeover-<key>-<level>`), created with `link` so exactly one contender
 * gets it. Markers stay until the next clean release, so a contender that read the stale file
 * long ago still finds the marker taken instead of acting on a lock that has since changed hands.
 */
async function takeOver(file: string, stale: LockFile, own: string): Promise<'removed' | 'busy' | 'moved-live-lock'> {
  for (let level = 0; level < MAX_TAKEOVER_LEVELS; level++) {
    const marker = `${file}.takeover-${stale.key}-${level}`;
    if (!(await linkOrExists(own, marker))) {
      const owner = (await readLockFile(marker))?.holder;
      // The marker's owner is at work (or just finished): wait. Only when it died mid-takeover (a
      // kill in those few milliseconds) does the next level open.
      if (!owner || !isStale(owner)) return 'busy';
      continue;
    }
    const aside = `${own}.stale`;
    try {
      await rename(file, aside);
    } catch (error) {
      // Already gone: the takeover before ours (a dead marker owner) got this far.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'removed';
      throw error;
    }
    const moved = await readLockFile(aside);
    if (moved?.key === stale.key) {
      await rm(aside, { force: true });
      return 'removed';
    }
    // We moved a lock that is not the stale one: only possible when a contender that read the stale
    // file stalled across a whole server run and its marker was cleared. Put the lock back; if its
    // name was taken meanwhile, the moved lock's holder keeps running unlocked, which we can only
    // report, not repair.
    await link(aside, file).catch(() => {});
    await rm(aside, { force: true });
    return 'moved-live-lock';
  }
  return 'busy';
}

async function releaseLock(file: string, nonce: string) {
  heldHere.delete(file);
  const current = await readLockFile(file);
  // Another process's lock (ours was taken over as stale, e.g. after a suspend) is not ours to remove.
  if (current?.holder?.nonce === nonce) await rm(file, { force: true });
  // Takeover markers are only needed while a takeover may be under way; a clean release ends that.
  const prefix = `${basename(file)}.takeover-`;
  const entries = await readdir(dirname(file)).catch(() => [] as string[]);
  await Promise.all(entries.filter((name) => name.startsWith(prefix)).map((name) => rm(join(dirname(file), name), { force: true })));
}

/** Creates `target` as a hard link to `source`; false when `target` exists already. */
async function linkOrExists(source: string, target: string): Promise<boolean> {
  try {
    await link(source, target);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** The lock file's record and identity, or null when there is no such file. */
async function readLockFile(file: string): Promise<LockFile | null> {
  let handle: FileHandle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    // One handle for both, so the name cannot change hands between reading and identifying.
    const info = await handle.stat();
    const text = await handle.readFile('utf8');
    // The identity of this one file: a later lock at the same name (even on a reused inode) differs.
    const key = createHash('sha256').update(`${info.dev}:${info.ino}:${info.mtimeMs}:${text}`).digest('hex').slice(0, 16);
    return { holder: parseHolder(text), key };
  } finally {
    await handle.close();
  }
}

function parseHolder(text: string): HolderRecord | null {
  // Versions before the host name was recorded wrote the bare pid: a lock from this machine.
  if (/^\d+$/.test(text.trim())) return { pid: Number(text.trim()), host: hostname(), nonce: '' };
  try {
    const parsed = JSON.parse(text) as Partial<HolderRecord>;
    if (Number.isInteger(parsed.pid) && typeof parsed.host === 'string' && typeof parsed.nonce === 'string')
      return { pid: parsed.pid!, host: parsed.host, nonce: parsed.nonce };
  } catch {
    // Unreadable: handled below.
  }
  // A record is written in full before it is linked into place, so an unreadable lock file was never
  // a live lock of this version: stale.
  return null;
}

/**
 * Whether the process that wrote `holder` is gone. A lock from another host is never stale: its
 * process cannot be seen from here (another container, or a network file system shared by two
 * machines), and two containers that are both PID 1 must not pass as one. If that server is really
 * gone, the operator deletes the lock file; the refusal says so. On this host, a dead pid is stale,
 * and so is our own pid in a lock we did not write: a leftover of an earlier run, as in a container
 * whose server is PID 1 on every start.
 */
function isStale(holder: HolderRecord): boolean {
  if (holder.host !== hostname()) return false;
  if (!Number.isInteger(holder.pid) || holder.pid <= 0 || holder.pid === process.pid) return true;
  try {
    process.kill(holder.pid, 0);
    return false;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code !== 'EPERM';
  }
}

function lockedError(dataDir: string, file: string, holder: HolderRecord): DataDirLockedError {
  if (holder.host === hostname())
    return new DataDirLockedError(
      `The database in ${dataDir} is in use by process ${holder.pid}. Stop that server first, or use another DATA_DIR.`,
    );
  return new DataDirLockedError(
    `The database in ${dataDir} is in use by process ${holder.pid} on host ${holder.host}. Stop that server first, or use ` +
      `another DATA_DIR; if that server is gone for good, delete ${file}.`,
  );
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
