// The mails' links (docs/product.md#auth-flows): each verification or reset mail carries a long
// random token (256 bits from the CSPRNG, kept as a SHA-256 hash) beside its 6-digit code. The token
// is far too long to guess, so it is never counted against the account's wrong codes nor paused by
// them: whatever strangers send, the owner can still use what reached their inbox. Several links live
// at once, so a stranger's resend does not end the owner's earlier mail.
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { newSessionToken, sha256 } from '#server/auth/tokens.ts';
import type { StudentRecord } from '#server/auth/sessions.ts';
import type { Database } from '#server/db/client.ts';
import { mailLinks, students, type CodePurpose } from '#server/db/schema.ts';

/** How long a link works: a day to confirm an address, an hour to reset a password. */
const LINK_VALID_MS: Record<CodePurpose, number> = { verify_email: 24 * 60 * 60_000, reset_password: 60 * 60_000 };

export const linkHours = (purpose: CodePurpose) => LINK_VALID_MS[purpose] / (60 * 60_000);

/** A new link token for the student and purpose; the expired ones of the account go. */
export async function issueLink(db: Database, studentId: string, purpose: CodePurpose, now: Date): Promise<string> {
  const token = newSessionToken();
  await db.delete(mailLinks).where(and(eq(mailLinks.studentId, studentId), lt(mailLinks.expiresAt, now)));
  await db.insert(mailLinks).values({
    studentId,
    purpose,
    tokenHash: sha256(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + LINK_VALID_MS[purpose]),
  });
  return token;
}

/** The account a live link of this purpose and address belongs to, or null. */
export async function accountOfLink(
  db: Database,
  email: string,
  purpose: CodePurpose,
  token: string,
  now: Date,
): Promise<StudentRecord | null> {
  const [row] = await db
    .select({ student: students })
    .from(mailLinks)
    .innerJoin(students, eq(students.id, mailLinks.studentId))
    .where(
      and(
        eq(mailLinks.tokenHash, sha256(token)),
        eq(mailLinks.purpose, purpose),
        gt(mailLinks.expiresAt, now),
        sql`lower(${students.email}) = lower(${email})`,
      ),
    );
  return row?.student ?? null;
}

/**
 * Ends every link of the purpose for the account; true when this call ended `token`'s (so of two
 * resets racing with one link, only one goes through).
 */
export async function endLinks(db: Database, studentId: string, purpose: CodePurpose, token?: string): Promise<boolean> {
  const ended = await db
    .delete(mailLinks)
    .where(and(eq(mailLinks.studentId, studentId), eq(mailLinks.purpose, purpose)))
    .returning({ tokenHash: mailLinks.tokenHash });
  return token === undefined || ended.some((row) => row.tokenHash === sha256(token));
}
