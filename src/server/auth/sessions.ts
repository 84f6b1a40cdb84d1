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
 * The student a token belongs to, and the session's id, when the session is still alive; its idle
 * clock restarts. One statement finds and touches the session, so an expired one is never revived by
 * a request racing its expiry.
 */
export async function findSession(db: Database, token: string, now: Date): Promise<{ student: StudentRecord; sessionId: string } | null> {
  if (!token) return null;
  const [touched] = await db
    .update(sessions)
    .set({ lastSeenAt: sql`greatest(${sessions.lastSeenAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(sessions.tokenHash, sha256(token)), alive(now)))
    .returning({ studentId: sessions.studentId, id: sessions.id });
  if (!touched) return null;
  const [student] = await db.select().from(students).where(eq(students.id, touched.studentId));
  return student ? { student, sessionId: touched.id } : null;
}

export const findSessionStudent = async (db: Database, token: string, now: Date): Promise<StudentRecord | null> =>
  (await findSession(db, token, now))?.student ?? null;

/** Whether the session `sessionId` of the student is still alive, without restarting its idle clock (a signed link's check). */
export async function isSessionAlive(db: Database, sessionId: string, studentId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.studentId, studentId), alive(now)));
  return row !== undefined;
}

/** Used within 30 minutes, and started within 12 hours. */
function alive(now: Date) {
  const idleSince = new Date(now.getTime() - SESSION_IDLE_MS);
  const startedSince = new Date(now.getTime() - SESSION_MAX_MS);
  return and(gt(sessions.lastSeenAt, idleSince), gt(sessions.createdAt, startedSince));
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
