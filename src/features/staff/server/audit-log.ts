// Reading the audit log: newest first, paged, by action or actor (indexes audit_log_at_idx,
// audit_log_action_at_idx, audit_log_actor_email_at_idx). There is no way to change it.
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { auditLog } from '#server/db/schema.ts';

export async function auditPage(
  db: Database,
  query: { page: number; per_page: number; action?: string | undefined; actor?: string | undefined },
) {
  const filters: SQL[] = [];
  if (query.action) filters.push(eq(auditLog.action, query.action));
  if (query.actor) filters.push(eq(auditLog.actorEmail, query.actor));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  const totalCount = total?.n ?? 0;
  return {
    entries: rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      actor: row.actorEmail,
      action: row.action,
      target: row.target,
      ip: row.ip,
      details: row.details ?? null,
    })),
    total_count: totalCount,
    total_pages: Math.ceil(totalCount / query.per_page),
  };
}
