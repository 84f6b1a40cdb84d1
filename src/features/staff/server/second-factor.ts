// The second step of staff sign-in. A right password gives a challenge (a 256-bit token, 5 minutes,
// at most 5 codes); the challenge and a code give a session. Every check is one conditional
// statement, so it holds with many server processes on one PostgreSQL:
// - a try is counted before the code is checked (parallel guesses cannot pass 5);
// - a TOTP code is taken by moving the member's last used time step forward, only if it is later:
//   two requests with one code cannot both move it, and a code is never good twice;
// - a recovery code is taken by stamping it used, only if it was not.
import { randomInt } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { hashCode, newSessionToken, sha256 } from '#server/auth/tokens.ts';
import type { Database } from '#server/db/client.ts';
import { countRequest, uncountRequest, type BucketState } from '#server/db/rate-limit-buckets.ts';
import { staffMembers, staffMfaChallenges, staffRecoveryCodes } from '#server/db/schema.ts';
import type { StaffRecord } from './sessions.ts';
import { matchingStep } from './totp.ts';

export const CHALLENGE_MS = 5 * 60_000;
export const CODES_PER_CHALLENGE = 5;
/**
 * Wrong codes for one member across challenges, from anywhere, within an hour: past these the code
 * step answers 429 for the rest of the hour. Only someone who has the password gets this far, and
 * each login gives 5 tries; this caps what many logins from many addresses can guess.
 */
export const MEMBER_CODE_FAILURES_ALLOWED = 20;
const MEMBER_CODE_WINDOW_MS = 60 * 60_000;
export const RECOVERY_CODE_COUNT = 10;

/** No look-alikes (0/o, 1/l/i): a code copied from paper is typed right. 31 symbols, 10 of them: about 49 bits. */
const RECOVERY_ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';

/** A database or a transaction on it. */
type Writer = Pick<Database, 'insert' | 'update' | 'delete' | 'select'>;

/** Starts the second step for a member whose password was right; returns the challenge's token. */
export async function openChallenge(db: Database, staffId: string, now: Date): Promise<string> {
  const token = newSessionToken();
  await db
    .insert(staffMfaChallenges)
    .values({ tokenHash: sha256(token), staffId, createdAt: now, expiresAt: new Date(now.getTime() + CHALLENGE_MS) });
  return token;
}

/** Counts one try on a live challenge; its member's id and the try's number, or null when the challenge is over. */
export async function countChallengeTry(
  db: Database,
  challenge: string,
  now: Date,
): Promise<{ id: string; staffId: string; tries: number } | null> {
  const [row] = await db
    .update(staffMfaChallenges)
    .set({ attempts: sql`${staffMfaChallenges.attempts} + 1` })
    .where(
      and(
        eq(staffMfaChallenges.tokenHash, sha256(challenge)),
        gt(staffMfaChallenges.expiresAt, now),
        lt(staffMfaChallenges.attempts, CODES_PER_CHALLENGE),
      ),
    )
    .returning({ id: staffMfaChallenges.id, staffId: staffMfaChallenges.staffId, tries: staffMfaChallenges.attempts });
  return row ?? null;
}

const memberCodesKey = (staffId: string) => `staff-codes:${staffId}`;

/**
 * Counts a code try against the member's hourly allowance before the code is checked (so parallel
 * guesses cannot pass it): the bucket's state, to refuse past the allowance.
 */
export const countMemberCodeTry = (db: Database, staffId: string, now: Date): Promise<BucketState> =>
  countRequest(db, memberCodesKey(staffId), now, MEMBER_CODE_WINDOW_MS);

/** A right code is not held against the member. */
export const forgiveMemberCodeTry = (db: Database, staffId: string): Promise<void> => uncountRequest(db, memberCodesKey(staffId));

/** Ends a challenge; true only for the one request that ended it. */
export async function endChallenge(db: Database, id: string): Promise<boolean> {
  const removed = await db.delete(staffMfaChallenges).where(eq(staffMfaChallenges.id, id)).returning({ id: staffMfaChallenges.id });
  return removed.length > 0;
}

/** Takes a TOTP code of the member: true when it matches a time step later than any used before, which it then marks used. */
export async function takeTotpCode(db: Writer, member: Pick<StaffRecord, 'id' | 'totpSecret'>, code: string, now: Date): Promise<boolean> {
  const step = matchingStep(member.totpSecret, code, now);
  if (step === null) return false;
  const taken = await db
    .update(staffMembers)
    .set({ lastTotpStep: step })
    .where(and(eq(staffMembers.id, member.id), lt(staffMembers.lastTotpStep, step), isNull(staffMembers.removedAt)))
    .returning({ id: staffMembers.id });
  return taken.length > 0;
}

/** Takes one unused recovery code of the member; true once per code. */
export async function takeRecoveryCode(db: Writer, staffId: string, code: string, now: Date): Promise<boolean> {
  const taken = await db
    .update(staffRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(staffRecoveryCodes.staffId, staffId),
        eq(staffRecoveryCodes.codeHash, recoveryHash(staffId, code)),
        isNull(staffRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: staffRecoveryCodes.id });
  return taken.length > 0;
}

/** Ten new recovery codes for the member, stored hashed; the codes themselves are shown once, as `abcde-fghij`. */
export async function issueRecoveryCodes(db: Writer, staffId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join(''),
  );
  await db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
  await db.insert(staffRecoveryCodes).values(codes.map((code) => ({ staffId, codeHash: recoveryHash(staffId, code) })));
  return codes.map((code) => `${code.slice(0, 5)}-${code.slice(5)}`);
}

/** Normalised as the schema gives it: lower case, no dash. */
const recoveryHash = (staffId: string, code: string) => hashCode(code, staffId, 'staff_recovery');
