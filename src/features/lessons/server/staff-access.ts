// What the lesson routes need from the staff console, handed in by src/server/app.ts (no feature
// imports another): the staff session's guard, who is acting, and the audit log's writer.
import type { Context, MiddlewareHandler } from 'hono';
import type { Database } from '#server/db/client.ts';

/** Who made a change, from where and when, as the audit log records it. */
export interface ChangeActor {
  actor: { id: string; email: string } | null;
  ip: string;
  at: Date;
}

export interface StaffAccess {
  /** 401 without a live staff session (requireStaff). */
  guard: MiddlewareHandler;
  /** The signed-in member behind the guard (auditActor). */
  actorOf: (c: Context) => ChangeActor;
  /** Writes one audit entry, in the change's transaction (recordAudit). */
  record: (
    db: Pick<Database, 'insert'>,
    entry: ChangeActor & { action: string; target: string; details?: Record<string, unknown> },
  ) => Promise<void>;
}
