// The console's payments: paged newest first with the ones to refund (needs_refund) ahead of all
// others, filtered by status and course. Two index scans instead of one sort of every payment: the
// few to refund (payments_needs_refund_idx), then the rest (payments_created_at_idx,
// payments_status_created_at_idx, payments_course_created_at_idx).
import { and, count, desc, eq, getTableColumns, not, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { payments, students } from '#server/db/schema.ts';
import { toStaffPayment } from './payment-answers.ts';

type Reader = Pick<Database, 'select'>;

const toRefund = sql`(${payments.needsRefund} and ${payments.status} = 'success')`;

export interface PaymentsQuery {
  page: number;
  per_page: number;
  status?: 'pending' | 'success' | 'failed' | 'refunded' | 'needs_refund' | undefined;
  course_id?: string | undefined;
}

const selectPayments = (db: Reader) =>
  db
    .select({ ...getTableColumns(payments), email: students.email })
    .from(payments)
    .innerJoin(students, eq(students.id, payments.studentId));

export async function paymentsPage(db: Reader, query: PaymentsQuery) {
  const filters: SQL[] = [];
  if (query.course_id) filters.push(eq(payments.courseId, query.course_id));
  // 'success' lists the payments that stand (not those to give back); 'needs_refund' only those.
  if (query.status === 'needs_refund') filters.push(toRefund);
  else if (query.status) filters.push(eq(payments.status, query.status));
  const offset = (query.page - 1) * query.per_page;
  const first = !query.status || query.status === 'needs_refund' ? and(...filters, toRefund) : null;
  const rest = query.status === 'needs_refund' ? null : and(...filters, not(toRefund));
  const [[firstCount], [restCount]] = await Promise.all([
    first ? db.select({ n: count() }).from(payments).where(first) : [{ n: 0 }],
    rest ? db.select({ n: count() }).from(payments).where(rest) : [{ n: 0 }],
  ]);
  const firstTotal = firstCount?.n ?? 0;
  const totalCount = firstTotal + (restCount?.n ?? 0);
  const rows = [];
  if (first && offset < firstTotal)
    rows.push(
      ...(await selectPayments(db).where(first).orderBy(desc(payments.createdAt), desc(payments.id)).limit(query.per_page).offset(offset)),
    );
  if (rest && rows.length < query.per_page)
    rows.push(
      ...(await selectPayments(db)
        .where(rest)
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .limit(query.per_page - rows.length)
        .offset(Math.max(0, offset - firstTotal))),
    );
  return { payments: rows.map(toStaffPayment), total_count: totalCount, total_pages: Math.ceil(totalCount / query.per_page) };
}

export async function findStaffPayment(db: Reader, reference: string) {
  const [row] = await selectPayments(db).where(eq(payments.reference, reference));
  return row ?? null;
}

/** A student's payments, newest first, for their page. */
export async function studentPayments(db: Reader, studentId: string) {
  const rows = await selectPayments(db).where(eq(payments.studentId, studentId)).orderBy(desc(payments.createdAt));
  return rows.map(toStaffPayment);
}
