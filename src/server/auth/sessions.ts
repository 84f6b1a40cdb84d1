// Sessions are server infrastructure: any feature can find the signed-in student through
// requireStudent(); only the accounts feature creates sessions. A session ends 30 minutes after its
// last authenticated request, 12 hours after sign-in, at logout, and when its account's password
// changes or is reset (revokeAllSessions).
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { sessions, students } from '#server/db/schema.ts';
import { newSessionToken, sha256 } from './tokens.ts';

export const SESSION_IDLE_MS = 30 * 60_000;
export const SESSION_MAX_MS = 12 * 60 * 60_000;

export type StudentRecord = typeof students.$inferSelect;

/** Starts a session for the student and returns its bearer token, which is stored only as a hash. */
export async function createSession(db: Database, studentId: string, now: Date): Promise<string> {
  const token = newSessionToken();
  await db.insert(sessions).values({ tokenHash: sha256(token), studentId, createdAt: now, lastSeenAt: now });
  return token;
}

/**
 * The student a token belongs to, when its session is still alive; the session's idle clock
 * restarts. One statement finds and touches the session, so an expired one is never revived by a
 * request racing its expiry.
 */
export async function findSessionStudent(db: Database, token: string, now: Date): Promise<StudentRecord | null> {
  if (!token) return null;
  const idleSince = new Date(now.getTime() - SESSION_IDLE_MS);
  const startedSince = new Date(now.getTime() - SESSION_MAX_MS);
  const [touched] = await db
    .update(sessions)
    .set({ lastSeenAt: sql`greatest(${sessions.lastSeenAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(sessions.tokenHash, sha256(token)), gt(sessions.lastSeenAt, idleSince), gt(sessions.createdAt, startedSince)))
    .returning({ studentId: sessions.studentId });
  if (!touched) return null;
  const [student] = await db.select().from(students).where(eq(students.id, touched.studentId));
  return student ?? null;
}

/** Ends the session of this token (logout); a token that is already gone changes nothing. */
export async function revokeSession(db: Database, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, sha256(token)));
}

/** Ends every session of the account: after a password change or reset, and on deactivation. */
export async function revokeAllSessions(db: Database, studentId: string): Promise<number> {
  const removed = await db.delete(sessions).where(eq(sessions.studentId, studentId)).returning({ id: sessions.id });
  return removed.length;
}

/** Removes sessions that can no longer be used; the server calls it now and then. */
export async function pruneExpiredSessions(db: Database, now: Date): Promise<number> {
  const idleSince = new Date(now.getTime() - SESSION_IDLE_MS);
  const startedSince = new Date(now.getTime() - SESSION_MAX_MS);
  const removed = await db
    .delete(sessions)
    .where(
      sql`${sessions.lastSeenAt} <= ${idleSince.toISOString()}::timestamptz or ${sessions.createdAt} <= ${startedSince.toISOString()}::timestamptz`,
    )
    .returning({ id: sessions.id });
  return removed.length;
}
