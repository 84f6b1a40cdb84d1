// The audit log: every change made by staff is one row (who, what, which record, when, from
// where), written in the same transaction as the change where there is one, so a change is never
// without its entry. Nothing updates or deletes these rows.
import type { Context } from 'hono';
import type { Database } from '#server/db/client.ts';
import { auditLog } from '#server/db/schema.ts';
import type { ApiServices } from '#server/deps.ts';
import { clientAddress } from '#server/http/client-address.ts';
import type { StaffEnv } from './require-staff.ts';

/** A database or a transaction on it. */
type Writer = Pick<Database, 'insert'>;

export interface AuditEntry {
  /** The member who made the change; null for the admin command on the server. */
  actor: { id: string; email: string } | null;
  /** What was done, e.g. 'staff.invite', 'student.deactivate', 'payment.refund'. */
  action: string;
  /** Which record, e.g. 'student:<id>', 'payment:<reference>'. */
  target: string;
  /** The client's address ('cli' for the admin command). */
  ip: string;
  at: Date;
  details?: Record<string, unknown>;
}

/** The actor, and the address, the admin command's entries name. */
const COMMAND_ACTOR = 'admin command';
export const COMMAND_IP = 'cli';

export async function recordAudit(db: Writer, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    at: entry.at,
    actorId: entry.actor?.id ?? null,
    actorEmail: entry.actor?.email ?? COMMAND_ACTOR,
    action: entry.action,
    target: entry.target,
    ip: entry.ip,
    details: entry.details ? wellFormed(entry.details) : null,
  });
}

/**
 * PostgreSQL's jsonb refuses a lone UTF-16 surrogate (`\ud800`), which JSON allows: a reason or a
 * name typed with one would fail the change it records. Such characters become U+FFFD, as they do in
 * text columns.
 */
const wellFormed = (details: Record<string, unknown>): Record<string, unknown> =>
  JSON.parse(JSON.stringify(details, (_key, value: unknown) => (typeof value === 'string' ? value.toWellFormed() : value))) as Record<
    string,
    unknown
  >;

/**
 * Who is acting and from where, for a route behind requireStaff:
 * `await recordAudit(tx, { ...auditActor(c, services), action: 'student.deactivate', target: `student:${id}` })`.
 */
export function auditActor(c: Context<StaffEnv>, services: Pick<ApiServices, 'env' | 'clock'>) {
  const { id, email } = c.var.staff;
  return { actor: { id, email }, ip: clientAddress(c, services.env), at: services.clock() };
}
