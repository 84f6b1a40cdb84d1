// One-time codes: 6 digits from the CSPRNG, stored as salted hashes, valid 10 minutes, at most one
// new code a minute per address, and ended by 5 wrong tries. Each try is counted before the code is
// compared, in one conditional UPDATE, so parallel guesses can never make more than 5 comparisons.
// A new code starts its own 5 tries, so wrong codes are also counted per account across every code
// it is sent: after 10 in an hour, code entry for the address pauses (429) and its owner is told.
// Counted per address whether or not an account uses it, so the pause tells nobody which exist; the
// mails' long link tokens (links.ts) are never paused, so the owner can always get in from the inbox.
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { hashCode, newNumericCode, sameSecret } from '#server/auth/tokens.ts';
import type { Database } from '#server/db/client.ts';
import { countRequest, peekBucket } from '#server/db/rate-limit-buckets.ts';
import { oneTimeCodes, type CodePurpose } from '#server/db/schema.ts';
import { secondsUntil, tooManyRequests } from '#server/http/rate-limit.ts';
import type { StudentRecord } from '#server/auth/sessions.ts';
import { CODE_LENGTH } from '../schemas.ts';
import { findStudentByEmail } from './students.ts';

const CODE_VALID_MS = 10 * 60_000;
const CODE_RESEND_MS = 60_000;
const CODE_MAX_TRIES = 5;
/** Wrong codes one account may take in an hour, whichever codes they were (docs/product.md#limits-and-timings). */
const WRONG_CODES_ALLOWED = 10;
const WRONG_CODES_WINDOW_MS = 60 * 60_000;

const wrongCodesKey = (email: string) => `wrong-codes:${email.toLowerCase()}`;

/**
 * A code entered for an address, checked (see checkCode) unless the address has taken
 * WRONG_CODES_ALLOWED wrong codes within the hour: then 429 with Retry-After, before any comparison,
 * however right the code. A wrong code is counted, for an address with no account too (the same
 * answers at the same counts); the one that reaches the limit calls `onPaused` for a real account
 * (its owner is told by mail, after the answer).
 */
export async function checkCodeWithinLimit(
  db: Database,
  email: string,
  student: StudentRecord | null,
  purpose: CodePurpose,
  code: string,
  now: Date,
  options: { useUp: boolean; onPaused: (student: StudentRecord, minutes: number) => void },
): Promise<boolean> {
  const key = wrongCodesKey(email);
  const held = await peekBucket(db, key, now);
  if (held.hits >= WRONG_CODES_ALLOWED) throw tooManyRequests(secondsUntil(held.resetsAt, now));
  if (student && (await checkCode(db, student.id, purpose, code, now, options))) return true;
  const { hits, resetsAt } = await countRequest(db, key, now, WRONG_CODES_WINDOW_MS);
  if (hits === WRONG_CODES_ALLOWED && student) options.onPaused(student, Math.ceil(secondsUntil(resetsAt, now) / 60));
  return false;
}

/**
 * Counts a request for a new code to this address (every call is one, whatever it returns) and says
 * whether the code may go now: one a minute, counted in the database so that parallel requests and
 * several server processes agree. Returns the seconds to wait, or 0 when this request may send one.
 */
export async function countCodeRequest(db: Database, email: string, purpose: CodePurpose, now: Date): Promise<number> {
  const { hits, resetsAt } = await countRequest(db, `code:${purpose}:${email.toLowerCase()}`, now, CODE_RESEND_MS);
  return hits > 1 ? secondsUntil(resetsAt, now) : 0;
}

/** Makes a new code for the student and purpose, replacing the last one; returns the code to mail. */
export async function issueCode(db: Database, studentId: string, purpose: CodePurpose, now: Date): Promise<string> {
  const code = newNumericCode(CODE_LENGTH);
  const values = {
    codeHash: hashCode(code, studentId, purpose),
    attempts: 0,
    createdAt: now,
    expiresAt: new Date(now.getTime() + CODE_VALID_MS),
    usedAt: null,
  };
  await db
    .insert(oneTimeCodes)
    .values({ studentId, purpose, ...values })
    .onConflictDoUpdate({ target: [oneTimeCodes.studentId, oneTimeCodes.purpose], set: values });
  return code;
}

/**
 * Checks a code; with `useUp` a right code is spent, once, even when two right answers race. A
 * wrong code, an expired one, a spent one and a sixth try all answer false alike.
 */
async function checkCode(
  db: Database,
  studentId: string,
  purpose: CodePurpose,
  code: string,
  now: Date,
  { useUp }: { useUp: boolean },
): Promise<boolean> {
  const live = and(
    eq(oneTimeCodes.studentId, studentId),
    eq(oneTimeCodes.purpose, purpose),
    isNull(oneTimeCodes.usedAt),
    gt(oneTimeCodes.expiresAt, now),
  );
  const [counted] = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(and(live, lt(oneTimeCodes.attempts, CODE_MAX_TRIES)))
    .returning({ id: oneTimeCodes.id, codeHash: oneTimeCodes.codeHash });
  if (!counted || !sameSecret(counted.codeHash, hashCode(code, studentId, purpose))) return false;
  if (!useUp) return true;
  const spent = await db
    .update(oneTimeCodes)
    .set({ usedAt: now })
    .where(and(eq(oneTimeCodes.id, counted.id), isNull(oneTimeCodes.usedAt)))
    .returning({ id: oneTimeCodes.id });
  return spent.length === 1;
}

/**
 * The active account of `email` a new code may go to, or null. One code a minute per address,
 * counted for every address, known or not, so the answer tells nobody which exist (429 otherwise).
 */
export async function activeAccountForNewCode(db: Database, email: string, purpose: CodePurpose, now: Date): Promise<StudentRecord | null> {
  const wait = await countCodeRequest(db, email, purpose, now);
  if (wait > 0) throw tooManyRequests(wait);
  const student = await findStudentByEmail(db, email);
  return student && !student.deactivatedAt ? student : null;
}

/** Ends the student's live code of this purpose (the mail's link did the job instead). */
export async function endCode(db: Database, studentId: string, purpose: CodePurpose, now: Date): Promise<void> {
  await db
    .update(oneTimeCodes)
    .set({ usedAt: now })
    .where(and(eq(oneTimeCodes.studentId, studentId), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.usedAt)));
}
