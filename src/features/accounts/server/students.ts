// Student accounts: finding them by address (in any letter case), creating them, and switching
// them off and on (the admin command).
import { and, isNull, lt, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import type { SignupSchema } from '../schemas.ts';
import type { StudentRecord } from '#server/auth/sessions.ts';
import { setActive } from '#server/auth/student-status.ts';
import type { Database } from '#server/db/client.ts';
import { students } from '#server/db/schema.ts';

export async function findStudentByEmail(db: Database, email: string): Promise<StudentRecord | null> {
  const [row] = await db
    .select()
    .from(students)
    .where(sql`lower(${students.email}) = lower(${email})`);
  return row ?? null;
}

const UNIQUE_VIOLATION = '23505';

function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++)
    if ((current as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
  return false;
}

/** A new, unverified account; null when the address is taken (two sign-ups at once: the unique index lets one through). */
export async function createStudent(
  db: Database,
  input: v.InferOutput<typeof SignupSchema>,
  passwordHash: string,
): Promise<StudentRecord | null> {
  try {
    const [row] = await db
      .insert(students)
      .values({
        firstName: input.first_name,
        lastName: input.last_name,
        email: input.email,
        passwordHash,
        phoneNumber: input.phone_number,
        homeAddress: input.home_address,
      })
      .returning();
    return row!;
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/** Accounts never verified are removed a week after sign-up: the address is free for its owner again. */
const UNVERIFIED_KEPT_MS = 7 * 24 * 60 * 60_000;

export async function pruneUnverifiedStudents(db: Database, now: Date): Promise<number> {
  const removed = await db
    .delete(students)
    .where(and(isNull(students.verifiedAt), lt(students.createdAt, new Date(now.getTime() - UNVERIFIED_KEPT_MS))))
    .returning({ id: students.id });
  return removed.length;
}

/**
 * Deactivates or reactivates the account of `email`. While deactivated, its sessions stay but every
 * signed-in call refuses them with the deactivated message (the spec's toast), so an open tab is told
 * why; reactivation ends them all, so no session from before comes back to life. Returns false when
 * no account uses the address. The admin command calls this, through the running server or, with
 * DATABASE_URL, directly; the staff console calls setActive with the account it found by id.
 */
export async function setStudentActive(db: Database, email: string, active: boolean, now: Date): Promise<boolean> {
  const student = await findStudentByEmail(db, email);
  if (!student) return false;
  await setActive(db, student, active, now);
  return true;
}
