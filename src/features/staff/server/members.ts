// Admins manage the staff: change a role, remove a member. The college always keeps one admin:
// the change runs in a transaction that first locks every live admin's row, so two admins demoting
// or removing each other at once cannot leave none (the second waits, then sees the first's change).
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { staffMembers, staffMfaChallenges, staffSessions, type StaffRole } from '#server/db/schema.ts';
import { ApiError } from '#server/http/api-error.ts';
import { LAST_ADMIN } from '../schemas.ts';
import type { StaffRecord } from './sessions.ts';

export const NO_SUCH_MEMBER = 'No member of staff has this id';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function listMembers(db: Database, page: number, perPage: number) {
  const live = isNull(staffMembers.removedAt);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(staffMembers)
      .where(live)
      .orderBy(asc(staffMembers.createdAt), asc(staffMembers.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(staffMembers).where(live),
  ]);
  const totalCount = total?.n ?? 0;
  return { rows, totalCount, totalPages: Math.ceil(totalCount / perPage) };
}

/**
 * Runs `change` on the live member `id` once every live admin's row is locked, with whether the
 * member is the only admin left. 404 for an unknown or removed member.
 */
async function withAdminsLocked<T>(
  db: Database,
  id: string,
  change: (tx: Transaction, member: StaffRecord, lastAdmin: boolean) => Promise<T>,
) {
  if (!UUID.test(id)) throw new ApiError(404, NO_SUCH_MEMBER);
  return db.transaction(async (tx) => {
    const admins = await tx
      .select({ id: staffMembers.id })
      .from(staffMembers)
      .where(and(eq(staffMembers.role, 'admin'), isNull(staffMembers.removedAt)))
      .for('update');
    const [member] = await tx
      .select()
      .from(staffMembers)
      .where(and(eq(staffMembers.id, id), isNull(staffMembers.removedAt)))
      .for('update');
    if (!member) throw new ApiError(404, NO_SUCH_MEMBER);
    const lastAdmin = member.role === 'admin' && admins.length === 1 && admins[0]!.id === member.id;
    return change(tx, member, lastAdmin);
  });
}

const lastAdminRefusal = () => new ApiError(409, LAST_ADMIN);

/** Sets the role; the member as it was before. 409 for demoting the last admin. */
export function changeRole(db: Database, id: string, role: StaffRole, after: (tx: Transaction, before: StaffRecord) => Promise<void>) {
  return withAdminsLocked(db, id, async (tx, member, lastAdmin) => {
    if (member.role === role) return member;
    if (lastAdmin) throw lastAdminRefusal();
    await tx.update(staffMembers).set({ role }).where(eq(staffMembers.id, id));
    await after(tx, member);
    return { ...member, role };
  });
}

/** Removes the member: every session and sign-in step of theirs ends at once. 409 for the last admin. */
export function removeMember(db: Database, id: string, now: Date, after: (tx: Transaction, member: StaffRecord) => Promise<void>) {
  return withAdminsLocked(db, id, async (tx, member, lastAdmin) => {
    if (lastAdmin) throw lastAdminRefusal();
    await tx.update(staffMembers).set({ removedAt: now }).where(eq(staffMembers.id, id));
    await tx.delete(staffSessions).where(eq(staffSessions.staffId, id));
    await tx.delete(staffMfaChallenges).where(eq(staffMfaChallenges.staffId, id));
    await after(tx, member);
    return member;
  });
}
