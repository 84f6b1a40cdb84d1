// The console's payments: paged newest first with the ones to refund (needs_refund) ahead of all
// others, filtered by status and course. Two index scans instead of one sort of every payment: the
// few to refund (payments_needs_refund_idx), then the rest (payments_created_at_idx,
// payments_status_created_at_idx, payments_course_created_at_idx).
import { and, count, desc, eq, getTableColumns, inArray, not, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { payments, scholarshipCodes, scholarships, students } from '#server/db/schema.ts';
import { toStaffPayment, type ScholarshipTag } from './payment-answers.ts';

type Reader = Pick<Database, 'select'>;

const toRefund = sql`(${payments.needsRefund} and ${payments.status} = 'success')`;

export interface PaymentsQuery {
  page: number;
  per_page: number;
  status?: 'pending' | 'success' | 'failed' | 'refunded' | 'needs_refund' | undefined;
  course_id?: string | undefined;
}

/** A scholarship's id, name and partner slug, by the code a payment or enrolment names (a left join). */
export const SCHOLARSHIP_TAG = {
  scholarshipTagId: scholarships.id,
  scholarshipTagName: scholarships.name,
  scholarshipTagPartner: scholarships.partner,
};
export const scholarshipTag = (row: {
  scholarshipTagId: string | null;
  scholarshipTagName: string | null;
  scholarshipTagPartner: string | null;
}): ScholarshipTag =>
  row.scholarshipTagId ? { id: row.scholarshipTagId, name: row.scholarshipTagName ?? '', partner: row.scholarshipTagPartner ?? '' } : null;

const selectPayments = (db: Reader) =>
  db
    .select({ ...getTableColumns(payments), email: students.email, ...SCHOLARSHIP_TAG })
    .from(payments)
    .innerJoin(students, eq(students.id, payments.studentId))
    .leftJoin(scholarshipCodes, eq(scholarshipCodes.id, payments.scholarshipCodeId))
    .leftJoin(scholarships, eq(scholarships.id, scholarshipCodes.scholarshipId));

/** One page of payments from an index walk of payments alone; the page's e-mail addresses after. */
async function pageOf(db: Reader, where: SQL | undefined, limit: number, offset: number) {
  const rows = await db
    .select()
    .from(payments)
    .where(where)
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(limit)
    .offset(offset);
  if (rows.length === 0) return [];
  const emails = await db
    .select({ id: students.id, email: students.email })
    .from(students)
    .where(inArray(students.id, [...new Set(rows.map((row) => row.studentId))]));
  const emailOf = new Map(emails.map((row) => [row.id, row.email]));
  const codeIds = rows.flatMap((row) => (row.scholarshipCodeId ? [row.scholarshipCodeId] : []));
  const tags = codeIds.length
    ? await db
        .select({ codeId: scholarshipCodes.id, ...SCHOLARSHIP_TAG })
        .from(scholarshipCodes)
        .innerJoin(scholarships, eq(scholarships.id, scholarshipCodes.scholarshipId))
        .where(inArray(scholarshipCodes.id, codeIds))
    : [];
  const tagOf = new Map(tags.map((tag) => [tag.codeId, scholarshipTag(tag)]));
  return rows.map((row) => ({
    ...row,
    email: emailOf.get(row.studentId) ?? '',
    scholarship: (row.scholarshipCodeId && tagOf.get(row.scholarshipCodeId)) || null,
  }));
}

export async function paymentsPage(db: Reader, query: PaymentsQuery) {
  const filters: SQL[] = [];
  if (query.course_id) filters.push(eq(payments.courseId, query.course_id));
  // 'success' lists the payments that stand (not those to give back); 'needs_refund' only those.
  if (query.status === 'needs_refund') filters.push(toRefund);
  else if (query.status) filters.push(eq(payments.status, query.status));
  const offset = (query.page - 1) * query.per_page;
  const mayRefund = !query.status || query.status === 'success' || query.status === 'needs_refund';
  // Two counts the indexes answer alone; the payments that stand are the difference.
  const [[all], [refundable]] = await Promise.all([
    db
      .select({ n: count() })
      .from(payments)
      .where(and(...filters)),
    mayRefund
      ? db
          .select({ n: count() })
          .from(payments)
          .where(and(...filters, toRefund))
      : [{ n: 0 }],
  ]);
  const firstTotal = query.status === 'success' ? 0 : (refundable?.n ?? 0);
  const restTotal = query.status === 'needs_refund' ? 0 : (all?.n ?? 0) - (refundable?.n ?? 0);
  const rows = offset < firstTotal ? await pageOf(db, and(...filters, toRefund), query.per_page, offset) : [];
  if (restTotal > 0 && rows.length < query.per_page)
    rows.push(...(await pageOf(db, and(...filters, not(toRefund)), query.per_page - rows.length, Math.max(0, offset - firstTotal))));
  const totalCount = firstTotal + restTotal;
  return { payments: rows.map(toStaffPayment), total_count: totalCount, total_pages: Math.ceil(totalCount / query.per_page) };
}

export async function findStaffPayment(db: Reader, reference: string) {
  const [row] = await selectPayments(db).where(eq(payments.reference, reference));
  return row ? { ...row, scholarship: scholarshipTag(row) } : null;
}

/** A student's payments, newest first, for their page. */
export async function studentPayments(db: Reader, studentId: string) {
  const rows = await selectPayments(db).where(eq(payments.studentId, studentId)).orderBy(desc(payments.createdAt));
  return rows.map((row) => toStaffPayment({ ...row, scholarship: scholarshipTag(row) }));
}
