// A payment as the staff console shows it (docs/product.md, 'Staff operations'): the Payment shape,
// its status read with needs_refund (a second payment for a course already owned, still to give back).
import { koboToDecimal } from '#lib/money.ts';
import type { payments } from '#server/db/schema.ts';

type PaymentRow = typeof payments.$inferSelect;

const paymentStatus = (row: Pick<PaymentRow, 'status' | 'needsRefund'>) =>
  row.status === 'success' && row.needsRefund ? ('needs_refund' as const) : row.status;

/** The scholarship a payment's code belongs to, as the console shows it. */
export type ScholarshipTag = { id: string; name: string; partner: string } | null;

export function toStaffPayment(row: PaymentRow & { email: string; scholarship: ScholarshipTag }) {
  return {
    reference: row.reference,
    student_id: row.studentId,
    email: row.email,
    course_id: row.courseId,
    amount: koboToDecimal(row.amountKobo),
    discount: koboToDecimal(row.discountKobo ?? 0),
    scholarship: row.scholarship,
    currency: row.currency,
    provider: row.provider,
    status: paymentStatus(row),
    created_at: row.createdAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
    failure_reason: row.failureReason,
    refunded_at: row.refundedAt?.toISOString() ?? null,
    refund_reason: row.refundReason,
  };
}
