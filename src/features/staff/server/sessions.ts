// Staff sessions: their own table, so a staff token is never a student's session and a student's
// token is never a staff one. Shorter than a student's: 15 minutes after the last call, 8 hours
// after sign-in, at logout, and at once when an admin removes the member.
import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { newSessionToken, sha256 } from '#server/auth/tokens.ts';
import type { Database } from '#server/db/client.ts';
import { staffMembers, staffMfaChallenges, staffSessions } from '#server/db/schema.ts';

export const STAFF_SESSION_IDLE_MS = 15 * 60_000;
export const STAFF_SESSION_MAX_MS = 8 * 60 * 60_000;

export type StaffRecord = typeof staffMembers.$inferSelect;

/** Starts a session for the member and returns its bearer token, stored only as a hash. */
export async function createStaffSession(db: Database, staffId: string, now: Date): Promise<string> {
  const token = newSessionToken();
  await db.insert(staffSessions).values({ tokenHash: sha256(token), staffId, createdAt: now, lastSeenAt: now });
  return token;
}

/**
 * Starts a session for the member unless removed, writing `record` (the sign-in's audit entry) in
 * the same transaction; null for a removed member. The member's row is share-locked first, so a
 * removal at the same moment either comes first (nothing starts) or waits for this and then ends
 * the session with the others: a removed member never keeps one.
 */
export async function createLiveStaffSession(
  db: Database,
  staffId: string,
  now: Date,
  record: (tx: Database) => Promise<void>,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [live] = await tx
      .select({ id: staffMembers.id })
      .from(staffMembers)
      .where(and(eq(staffMembers.id, staffId), isNull(staffMembers.removedAt)))
      .for('share');
    if (!live) return null;
    await record(tx);
    return createStaffSession(tx, staffId, now);
  });
}

/**
 * The member a token belongs to while the session lives and the member is not removed; its idle
 * clock restarts. One statement finds and touches the session, so a request racing its expiry
 * never revives it.
 */
export async function findStaffSession(db: Database, token: string, now: Date): Promise<{ staff: StaffRecord; sessionId: string } | null> {
  const [touched] = await db
    .update(staffSessions)
    .set({ lastSeenAt: sql`greatest(${staffSessions.lastSeenAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(staffSessions.tokenHash, sha256(token)), alive(now)))
    .returning({ staffId: staffSessions.staffId, id: staffSessions.id });
  if (!touched) return null;
  const [staff] = await db
    .select()
    .from(staffMembers)
    .where(and(eq(staffMembers.id, touched.staffId), isNull(staffMembers.removedAt)));
  return staff ? { staff, sessionId: touched.id } : null;
}

/** Used within 15 minutes, and started within 8 hours. */
function alive(now: Date) {
  return and(
    gt(staffSessions.lastSeenAt, new Date(now.getTime() - STAFF_SESSION_IDLE_MS)),
    gt(staffSessions.createdAt, new Date(now.getTime() - STAFF_SESSION_MAX_MS)),
  );
}

/** Ends the session of this token (logout). */
export async function revokeStaffSession(db: Database, token: string): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.tokenHash, sha256(token)));
}

/** Removes sessions, and sign-in challenges, that can no longer be used; the server calls it now and then. */
export async function pruneStaffSignIns(db: Database, now: Date): Promise<void> {
  await db.delete(staffMfaChallenges).where(lte(staffMfaChallenges.expiresAt, now));
  await db
    .delete(staffSessions)
    .where(
      or(
        lte(staffSessions.lastSeenAt, new Date(now.getTime() - STAFF_SESSION_IDLE_MS)),
        lte(staffSessions.createdAt, new Date(now.getTime() - STAFF_SESSION_MAX_MS)),
      ),
    );
}
