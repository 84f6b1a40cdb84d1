// Switching a student account off and on: the admin command (src/features/accounts) and the staff
// console (src/features/staff) both come here, so the rule is one. While deactivated, the sessions
// stay but every signed-in call refuses them with the deactivated message, so an open tab is told
// why; reactivation ends them all, so no session from before comes back to life.
import { eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { students } from '#server/db/schema.ts';
import { revokeAllSessions, type StudentRecord } from './sessions.ts';

/** The switch, on an account already found (in the caller's transaction, if it has one). */
export async function setActive(db: Database, student: StudentRecord, active: boolean, now: Date): Promise<void> {
  await db
    .update(students)
    .set({ deactivatedAt: active ? null : (student.deactivatedAt ?? now), updatedAt: now })
    .where(eq(students.id, student.id));
  if (active && student.deactivatedAt) await revokeAllSessions(db, student.id);
}
