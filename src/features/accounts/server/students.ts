// Student accounts: finding them by address (in any letter case), creating them, and the User
// object answers carry, which never holds a hash, a token or a code.
import { eq, sql } from 'drizzle-orm';
import type { User } from '#lib/schemas/user.ts';
import { revokeAllSessions, type StudentRecord } from '#server/auth/sessions.ts';
import type { Database } from '#server/db/client.ts';
import { students } from '#server/db/schema.ts';

export async function findStudentByEmail(db: Database, email: string): Promise<StudentRecord | null> {
  const [row] = await db
    .select()
    .from(students)
    .where(sql`lower(${students.email}) = lower(${email})`);
  return row ?? null;
}

export function toUser(row: StudentRecord): User {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    phone_number: row.phoneNumber,
    home_address: row.homeAddress,
    image_url: row.imageUrl,
    gender: row.gender,
    date_of_birth: row.dateOfBirth,
    state: row.state,
    country: row.country,
    is_verified: row.verifiedAt !== null,
    kyc_completed: row.kycCompletedAt !== null,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Deactivates or reactivates the account of `email`; deactivation ends every session at once.
 * Returns false when no account uses the address. The admin command calls this, through the
 * running server or, with DATABASE_URL, directly.
 */
export async function setStudentActive(db: Database, email: string, active: boolean, now: Date): Promise<boolean> {
  const student = await findStudentByEmail(db, email);
  if (!student) return false;
  await db
    .update(students)
    .set({ deactivatedAt: active ? null : (student.deactivatedAt ?? now), updatedAt: now })
    .where(eq(students.id, student.id));
  if (!active) await revokeAllSessions(db, student.id);
  return true;
}
