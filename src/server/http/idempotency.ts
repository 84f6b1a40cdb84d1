// Requests a client may send again without doing twice what they ask (docs/product.md#dashboard-routes):
// a phone's offline queue sends each tick with an `Idempotency-Key` and sends it again when the
// answer was lost. The first request with a key does the work and keeps its answer; any repeat from
// the same student gets that answer back and changes nothing; the same key for another request is
// refused (422). Exactly once on PostgreSQL too: the key is claimed first, in the transaction that
// does the work, so a repeat arriving meanwhile waits on the key's unique index until that
// transaction ends, then finds the answer. A request that fails leaves the key unused.
import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as v from 'valibot';
import type { Database } from '#server/db/client.ts';
import { idempotencyKeys } from '#server/db/schema.ts';
import { ApiError } from './api-error.ts';
import { validateInput } from './validate.ts';

const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const KEY_INVALID = `${IDEMPOTENCY_KEY_HEADER} must be 1 to 64 letters, digits, '-' or '_'.`;
export const KEY_REUSED = `This ${IDEMPOTENCY_KEY_HEADER} was already used for another request.`;
/** How long a key's answer is kept: a phone may stay offline for days; pruned after. */
export const IDEMPOTENCY_KEYS_KEPT_MS = 7 * 24 * 60 * 60_000;

/** The header as the routes that take it check it, and as the API document describes it. */
export const IdempotencyHeaderSchema = v.object({
  [IDEMPOTENCY_KEY_HEADER]: v.optional(
    v.pipe(
      v.string(KEY_INVALID),
      v.regex(/^[A-Za-z0-9_-]{1,64}$/, KEY_INVALID),
      v.metadata({
        description: `A key of the client's choice for this one request (e.g. a UUID), so that sending it again does nothing twice: a repeat by the same student gets the first answer again, and the same key with another request answers 422 "${KEY_REUSED}". Kept 7 days.`,
      }),
    ),
  ),
});

/** The request's key, when it sent one; 400 with the field message when it is not a valid key. */
export function readIdempotencyKey(c: Context): string | undefined {
  return validateInput(IdempotencyHeaderSchema, { [IDEMPOTENCY_KEY_HEADER]: c.req.header(IDEMPOTENCY_KEY_HEADER) })[IDEMPOTENCY_KEY_HEADER];
}

export interface Answer<T> {
  status: ContentfulStatusCode;
  body: T;
}

interface Claim {
  studentId: string;
  /** The key; none: the request is done as it comes, every time. */
  key: string | undefined;
  /** What the request asks, in full (route, ids, body): a repeat must ask the same. */
  request: unknown;
  now: Date;
}

/** What the work may do with the database: inside the key's transaction when there is a key. */
export type Writer = Pick<Database, 'insert' | 'select' | 'update'>;

/** Does `work` once per student and key, in one transaction, and answers what it answered the first time. */
export async function answerOnce<T>(db: Database, claim: Claim, work: (db: Writer) => Promise<Answer<T>>): Promise<Answer<T>> {
  const { studentId, key } = claim;
  if (key === undefined) return work(db);
  const request = createHash('sha256').update(JSON.stringify(claim.request)).digest('hex');
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ studentId, key, request, createdAt: claim.now })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    const same = and(eq(idempotencyKeys.studentId, studentId), eq(idempotencyKeys.key, key));
    if (claimed.length === 0) {
      const [stored] = await tx.select().from(idempotencyKeys).where(same);
      if (!stored || stored.status === null || stored.answer === null) throw new Error('An idempotency key was claimed without an answer');
      if (stored.request !== request) throw new ApiError(422, KEY_REUSED);
      return { status: stored.status as ContentfulStatusCode, body: JSON.parse(stored.answer) as T };
    }
    const answer = await work(tx);
    await tx
      .update(idempotencyKeys)
      .set({ status: answer.status, answer: JSON.stringify(answer.body) })
      .where(same);
    return answer;
  });
}

/** Forgets the keys older than IDEMPOTENCY_KEYS_KEPT_MS; returns how many went. */
export async function pruneIdempotencyKeys(db: Database, now: Date): Promise<number> {
  const before = new Date(now.getTime() - IDEMPOTENCY_KEYS_KEPT_MS);
  const removed = await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before)).returning({ key: idempotencyKeys.key });
  return removed.length;
}
