// The requests inbox: contact messages and tutor requests (contact_messages; the API's kind 'tutor'
// is the table's 'tutor_request'), newest first, by kind and status (contact_messages_status_created_at_idx,
// contact_messages_kind_status_created_at_idx), each with its replies. A reply is mailed to the
// requester with Reply-To the staff address, kept, and marks the request answered.
import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import type { ApiServices } from '#server/deps.ts';
import { contactMessages, contactReplies, type RequestStatus } from '#server/db/schema.ts';
import { ApiError } from '#server/http/api-error.ts';
import { recordAudit, type AuditEntry } from './audit.ts';
import { requestReplyMail } from './operation-mails.ts';

export const NO_SUCH_REQUEST = 'No request has this id';
export const REPLY_NOT_SENT = 'The reply could not be sent; please try again in a few minutes.';

type By = Omit<AuditEntry, 'action' | 'target' | 'details'>;
type Reader = Pick<Database, 'select'>;
type MessageRow = typeof contactMessages.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const apiKind = (kind: MessageRow['kind']) => (kind === 'tutor_request' ? ('tutor' as const) : ('contact' as const));

async function withReplies(db: Reader, rows: MessageRow[]) {
  const replies =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(contactReplies)
          .where(
            inArray(
              contactReplies.messageId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(asc(contactReplies.createdAt));
  return rows.map((row) => ({
    id: row.id,
    kind: apiKind(row.kind),
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    phone_number: row.phoneNumber,
    message: row.message,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    replies: replies
      .filter((reply) => reply.messageId === row.id)
      .map((reply) => ({ by: reply.staffEmail, body: reply.body, at: reply.createdAt.toISOString() })),
  }));
}

export async function requestsPage(
  db: Reader,
  query: { page: number; per_page: number; kind?: 'contact' | 'tutor' | undefined; status?: RequestStatus | undefined },
) {
  const filters: SQL[] = [];
  if (query.kind) filters.push(eq(contactMessages.kind, query.kind === 'tutor' ? 'tutor_request' : 'contact'));
  if (query.status) filters.push(eq(contactMessages.status, query.status));
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ n: count() }).from(contactMessages).where(where),
  ]);
  const totalCount = total?.n ?? 0;
  return { requests: await withReplies(db, rows), total_count: totalCount, total_pages: Math.ceil(totalCount / query.per_page) };
}

async function findRequest(db: Reader, id: string) {
  if (!UUID.test(id)) throw new ApiError(404, NO_SUCH_REQUEST);
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
  if (!row) throw new ApiError(404, NO_SUCH_REQUEST);
  return row;
}

/** Mails the reply first: a reply that did not go out is not kept (503), and the member tries again. */
export async function replyToRequest(services: ApiServices, id: string, body: string, by: By) {
  const { db } = services;
  const request = await findRequest(db, id);
  try {
    await services.mailer.send(requestReplyMail(request, body, services.env.STAFF_EMAIL, request.kind));
  } catch (error) {
    services.log.error(`[staff] the reply to request ${id} did not go out`, error);
    throw new ApiError(503, REPLY_NOT_SENT, { headers: { 'retry-after': '60' } });
  }
  await db.transaction(async (tx) => {
    await tx
      .insert(contactReplies)
      .values({ messageId: id, staffId: by.actor?.id ?? null, staffEmail: by.actor?.email ?? '', body, createdAt: by.at });
    await tx.update(contactMessages).set({ status: 'answered' }).where(eq(contactMessages.id, id));
    await recordAudit(tx, { ...by, action: 'request.reply', target: `request:${id}`, details: { kind: apiKind(request.kind) } });
  });
  return (await withReplies(db, [{ ...request, status: 'answered' }]))[0]!;
}

export async function setRequestStatus(db: Database, id: string, status: RequestStatus, by: By) {
  const request = await findRequest(db, id);
  await db.transaction(async (tx) => {
    await tx.update(contactMessages).set({ status }).where(eq(contactMessages.id, id));
    await recordAudit(tx, { ...by, action: 'request.status', target: `request:${id}`, details: { from: request.status, to: status } });
  });
  return (await withReplies(db, [{ ...request, status }]))[0]!;
}
