// Counting requests in fixed windows, in the database, so every process that shares it agrees. One
// statement both counts the request and starts a new window when the old one is over; PostgreSQL
// locks the row meanwhile, so concurrent requests never lose a count.
import { eq, lt, sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { rateLimitBuckets } from './schema.ts';

export interface BucketState {
  /** Requests counted in the current window, this one included. */
  hits: number;
  resetsAt: Date;
}

export async function countRequest(db: Database, key: string, now: Date, windowMs: number): Promise<BucketState> {
  const nextReset = new Date(now.getTime() + windowMs);
  // Explicit casts: inside CASE, PostgreSQL cannot infer a parameter's type from its neighbours.
  const windowOver = sql`${rateLimitBuckets.resetsAt} <= ${now.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(rateLimitBuckets)
    .values({ key, hits: 1, resetsAt: nextReset })
    .onConflictDoUpdate({
      target: rateLimitBuckets.key,
      set: {
        hits: sql`case when ${windowOver} then 1 else ${rateLimitBuckets.hits} + 1 end`,
        resetsAt: sql`case when ${windowOver} then ${nextReset.toISOString()}::timestamptz else ${rateLimitBuckets.resetsAt} end`,
      },
    })
    .returning({ hits: rateLimitBuckets.hits, resetsAt: rateLimitBuckets.resetsAt });
  if (!row) throw new Error(`Counting a request for ${key} returned no row`);
  return row;
}

/** Takes one request off the count under `key` (a try that turned out right), never below 0. */
export async function uncountRequest(db: Database, key: string): Promise<void> {
  await db
    .update(rateLimitBuckets)
    .set({ hits: sql`greatest(${rateLimitBuckets.hits} - 1, 0)` })
    .where(eq(rateLimitBuckets.key, key));
}

/** What is counted under `key` in its current window, without counting anything: 0 hits when none. */
export async function peekBucket(db: Database, key: string, now: Date): Promise<BucketState> {
  const [row] = await db
    .select({ hits: rateLimitBuckets.hits, resetsAt: rateLimitBuckets.resetsAt })
    .from(rateLimitBuckets)
    .where(eq(rateLimitBuckets.key, key));
  return row && row.resetsAt > now ? row : { hits: 0, resetsAt: now };
}

/** Removes the buckets whose window is over; returns how many went. */
export async function pruneExpiredBuckets(db: Database, now: Date): Promise<number> {
  const removed = await db.delete(rateLimitBuckets).where(lt(rateLimitBuckets.resetsAt, now)).returning({ key: rateLimitBuckets.key });
  return removed.length;
}
