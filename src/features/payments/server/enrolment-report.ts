// Who paid for what, for staff who do not open the database (`npm run admin -- enrolments`, and
// `refunds` for the payments to give back): one row per successful payment, oldest first, and the
// CSV a spreadsheet opens safely.
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import * as v from 'valibot';
import { csvTable } from '#lib/csv.ts';
import { koboToDecimal } from '#lib/money.ts';
import type { Database } from '#server/db/client.ts';
import { courses, payments, students } from '#server/db/schema.ts';

const ENROLMENT_COLUMNS = ['student', 'email', 'course', 'amount', 'reference', 'date', 'needs_refund'] as const;

const EnrolmentRowSchema = v.strictObject({
  /** The student's full name. */
  student: v.string(),
  email: v.string(),
  /** The course's title. */
  course: v.string(),
  /** Naira with two decimals: '70000.00'. */
  amount: v.string(),
  /** Our payment reference. */
  reference: v.string(),
  /** The day it was paid in Lagos: 'YYYY-MM-DD'. */
  date: v.string(),
  /** 'yes' for a payment for a course the student was already enrolled in: staff refund it. */
  needs_refund: v.picklist(['yes', 'no']),
});
export type EnrolmentRow = v.InferOutput<typeof EnrolmentRowSchema>;
export const EnrolmentRowsSchema = v.strictObject({ rows: v.array(EnrolmentRowSchema) });

/** Lagos is UTC+1 all year (no daylight saving). */
const LAGOS_OFFSET_MS = 60 * 60 * 1000;

/** The calendar day in Lagos of an instant: 2026-03-01T23:30Z -> '2026-03-02'. */
export const lagosDate = (instant: Date) => new Date(instant.getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 10);

/** Every successful payment with who paid, for which course, how much and when, oldest first. */
export async function enrolmentRows(db: Database): Promise<EnrolmentRow[]> {
  const found = await db
    .select({
      firstName: students.firstName,
      lastName: students.lastName,
      email: students.email,
      course: courses.title,
      amountKobo: payments.amountKobo,
      reference: payments.reference,
      paidAt: payments.paidAt,
      needsRefund: payments.needsRefund,
    })
    .from(payments)
    .innerJoin(students, eq(students.id, payments.studentId))
    .innerJoin(courses, eq(courses.id, payments.courseId))
    .where(and(eq(payments.status, 'success'), isNotNull(payments.paidAt)))
    .orderBy(asc(payments.paidAt), asc(payments.reference));
  return found.map((row) => ({
    student: `${row.firstName} ${row.lastName}`,
    email: row.email,
    course: row.course,
    amount: koboToDecimal(row.amountKobo),
    reference: row.reference,
    date: lagosDate(row.paidAt!),
    needs_refund: row.needsRefund ? ('yes' as const) : ('no' as const),
  }));
}

/** The header and one record per row (the formula-safe rules of #lib/csv.ts). */
export function toCsv(rows: readonly EnrolmentRow[]): string {
  return csvTable(ENROLMENT_COLUMNS, rows);
}
