// Sign-up claims: a sign-up for an address whose account is not verified yet never changes that
// account (a stranger could otherwise set the password the owner then verifies). Each sign-up's
// details are kept as a claim with a token for the browser that made it; the person who proves the
// mailbox picks their own claim, with that token beside the code, or with that sign-up's password on
// the e-mail link's page. Without either, the account keeps the first sign-up's details, but no
// password when there were several sign-ups.
import { and, desc, eq, isNull } from 'drizzle-orm';
import type * as v from 'valibot';
import { hashPassword } from '#server/auth/passwords.ts';
import { newSessionToken, sha256 } from '#server/auth/tokens.ts';
import type { StudentRecord } from '#server/auth/sessions.ts';
import type { Database } from '#server/db/client.ts';
import { signupClaims, students } from '#server/db/schema.ts';
import { notify } from '#server/notifications/notify.ts';
import type { SignupSchema } from '../schemas.ts';

export type Claim = typeof signupClaims.$inferSelect;

/** Keeps a sign-up's details for the account; returns the claim's token, for the browser that signed up. */
export async function recordClaim(
  db: Database,
  studentId: string,
  input: v.InferOutput<typeof SignupSchema>,
  passwordHash: string,
  now: Date,
): Promise<string> {
  const token = newSessionToken();
  await db.insert(signupClaims).values({
    studentId,
    tokenHash: sha256(token),
    firstName: input.first_name,
    lastName: input.last_name,
    passwordHash,
    phoneNumber: input.phone_number,
    homeAddress: input.home_address,
    createdAt: now,
  });
  return token;
}

/** The account's claim with this token, or null. */
export async function claimByToken(db: Database, studentId: string, token: string | undefined): Promise<Claim | null> {
  if (!token) return null;
  const [row] = await db
    .select()
    .from(signupClaims)
    .where(and(eq(signupClaims.studentId, studentId), eq(signupClaims.tokenHash, sha256(token))));
  return row ?? null;
}

/** The account's newest claims, at most `count` (the e-mail link's page tries its password on them). */
export const newestClaims = (db: Database, studentId: string, count: number): Promise<Claim[]> =>
  db.select().from(signupClaims).where(eq(signupClaims.studentId, studentId)).orderBy(desc(signupClaims.createdAt)).limit(count);

/** What the dashboard tells a student whose address had two sign-ups and who proved it without either. */
const CONTESTED_NOTICE = {
  title: 'Choose a new password',
  body: 'This email address was used to sign up more than once before it was confirmed, so no password was kept. To log in next time, use Forgot Password on the login page.',
};

/**
 * Verifies the account, with the details of `claim` when one was picked, and forgets every claim:
 * the address is proven now, so no later sign-up can claim it. An account verified meanwhile by
 * another way keeps its details; the account as it now stands is returned.
 *
 * Proven without a claim (the code typed in another browser) when several sign-ups were made, the
 * first one's password may be a stranger's: no password is kept then (a hash of a secret no one
 * holds), the person who proved the mailbox is signed in, and the dashboard says to choose one.
 */
export async function verifyWithClaim(db: Database, student: StudentRecord, claim: Claim | null, now: Date): Promise<StudentRecord> {
  const contested = !claim && (await newestClaims(db, student.id, 2)).length > 1;
  const details = claim
    ? {
        firstName: claim.firstName,
        lastName: claim.lastName,
        passwordHash: claim.passwordHash,
        phoneNumber: claim.phoneNumber,
        homeAddress: claim.homeAddress,
      }
    : contested
      ? { passwordHash: await hashPassword(newSessionToken()) }
      : {};
  const [updated] = await db
    .update(students)
    .set({ ...details, verifiedAt: now, updatedAt: now })
    .where(and(eq(students.id, student.id), isNull(students.verifiedAt)))
    .returning();
  await db.delete(signupClaims).where(eq(signupClaims.studentId, student.id));
  if (updated && contested) await notify(db, { studentId: student.id, kind: 'account', ...CONTESTED_NOTICE }, now);
  if (updated) return updated;
  const [current] = await db.select().from(students).where(eq(students.id, student.id));
  return current!;
}
