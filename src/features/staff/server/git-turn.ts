// The git steps of a publish or an undo (merge, add, commit, read-tree) take turns, in this process and
// across every process sharing the content repository (one DATA_DIR on one machine, one database):
// git's index is one file, and two `git add` at once fail on its lock ('index.lock: File exists'),
// while two commits of the same saves would publish them twice. In a process, a queue; across
// processes on PostgreSQL, an advisory lock held by a transaction for the turn (docs/decisions/019).
// PGlite is one process, and its one connection would be held by that transaction: the queue is enough.
import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { ApiError } from '#server/http/api-error.ts';

/** Any fixed number, the same in every process: catalogue/sync.ts takes 724001. */
const GIT_TURN_LOCK = 724_002;
/** How often a process waiting for another's turn asks again (a turn takes well under a second without a remote). */
const ASK_EVERY_MS = 100;
/** A turn may fetch from CONTENT_REMOTE (a minute at most) and merge: a wait longer than this is a stuck turn. */
const WAIT_AT_MOST_MS = 3 * 60_000;
const BUSY = 'Another publish is being prepared on another server. Try again in a minute.';

class NotYourTurn extends Error {}

let queue: Promise<unknown> = Promise.resolve();

/**
 * Runs `work` in the content repository's turn. `shared`: processes on PostgreSQL share the repository
 * (DATABASE_URL set). The lock is tried, never waited on inside a statement (statements time out in
 * 10 s, and a connection waiting would be one of the pool's held for nothing): a process that finds
 * it taken lets the connection go and asks again shortly.
 */
export function inGitTurn<T>(db: Database, shared: boolean, work: () => Promise<T>): Promise<T> {
  const turn = () => (shared ? acrossProcesses(db, work) : work());
  const next = queue.then(turn, turn);
  queue = next.catch(() => undefined);
  return next;
}

async function acrossProcesses<T>(db: Database, work: () => Promise<T>): Promise<T> {
  const giveUpAt = Date.now() + WAIT_AT_MOST_MS;
  for (;;) {
    try {
      return await db.transaction(async (tx) => {
        const [row] = await tx.select({ mine: sql<boolean>`pg_try_advisory_xact_lock(${GIT_TURN_LOCK})` }).from(sql`(select 1) as one`);
        if (!row?.mine) throw new NotYourTurn();
        // The lock is the transaction's: it ends, whatever `work` does, when the transaction does.
        return work();
      });
    } catch (error) {
      if (!(error instanceof NotYourTurn)) throw error;
      if (Date.now() > giveUpAt) throw new ApiError(503, BUSY, { headers: { 'retry-after': '60' } });
      await new Promise((resolve) => setTimeout(resolve, ASK_EVERY_MS));
    }
  }
}
