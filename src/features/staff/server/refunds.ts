// An admin refunds a payment (docs/product.md, 'Staff operations'). The payment's row is locked for
// the whole refund, the provider's call included, so two admins pressing Refund at once make one
// refund: the second waits, then finds it refunded and changes nothing. Every payment of the same
// student and course is locked with it, always in id order: a refund may move the enrolment onto
// another of them, and two refunds each holding one payment and wanting the other's would deadlock
// after the provider had already given the money back. A provider that refuses or
// is down rolls everything back (503): nothing is recorded that did not happen.
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { formatNaira } from '#lib/format.ts';
import { koboToDecimal } from '#lib/money.ts';
import type { Database } from '#server/db/client.ts';
import type { ApiServices } from '#server/deps.ts';
import { courses, enrolments, payments, students } from '#server/db/schema.ts';
import { ApiError } from '#server/http/api-error.ts';
import { notify } from '#server/notifications/notify.ts';
import { PaymentProviderUnavailableError } from '#server/payments/provider.ts';
import { freeSeat } from '#server/scholarships/take-code.ts';
import { recordAudit, type AuditEntry } from './audit.ts';
import { refundMail } from './operation-mails.ts';
import { findStaffPayment } from './payment-list.ts';

export const NO_SUCH_PAYMENT = 'No payment has this reference';
export const NOT_REFUNDABLE = 'Only a successful payment can be refunded';
export const OTHER_PROVIDER = 'This payment was made through another payment provider; refund it there.';
const PROVIDER_REFUSED = 'The payment provider did not make the refund; nothing has changed. Try again in a few minutes.';

type By = Omit<AuditEntry, 'action' | 'target' | 'details'>;

export async function refundPayment(services: ApiServices, reference: string, reason: string, by: By) {
  const { db, payments: provider } = services;
  const outcome = await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ studentId: payments.studentId, courseId: payments.courseId })
      .from(payments)
      .where(eq(payments.reference, reference));
    if (!found) throw new ApiError(404, NO_SUCH_PAYMENT);
    const held = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.studentId, found.studentId), eq(payments.courseId, found.courseId)))
      .orderBy(asc(payments.id))
      .for('update');
    const payment = held.find((row) => row.reference === reference);
    if (!payment) throw new ApiError(404, NO_SUCH_PAYMENT);
    // Refunding twice changes nothing: the answer is the refunded payment as it stands.
    if (payment.status === 'refunded') return null;
    if (payment.status !== 'success') throw new ApiError(409, NOT_REFUNDABLE);
    // Only the provider that took the money can give it back: the test provider would 'refund' a
    // Paystack charge at once (a copy of live data on a test server) and record a refund never made.
    if (payment.provider !== provider.name) throw new ApiError(409, OTHER_PROVIDER);
    try {
      await provider.refund(reference, reason);
    } catch (error) {
      if (!(error instanceof PaymentProviderUnavailableError)) throw error;
      services.log.error('[staff] the provider did not make a refund', error);
      throw new ApiError(503, PROVIDER_REFUSED, { headers: { 'retry-after': '60' } });
    }
    await tx
      .update(payments)
      .set({
        status: 'refunded',
        needsRefund: false,
        refundedAt: by.at,
        refundReason: reason,
        refundedBy: by.actor?.id ?? null,
        updatedAt: by.at,
      })
      .where(eq(payments.id, payment.id));
    const enrolmentEnded = await releaseEnrolment(tx, payment);
    // A scholarship's seat comes back with the money (docs/product.md, 'Scholarships and discount codes').
    if (payment.scholarshipCodeId) await freeSeat(tx, payment.scholarshipCodeId, payment.studentId, by.at);
    const [course] = await tx.select({ title: courses.title }).from(courses).where(eq(courses.id, payment.courseId));
    const title = course?.title ?? 'your course';
    const amount = formatNaira(koboToDecimal(payment.amountKobo));
    await notify(
      tx,
      {
        studentId: payment.studentId,
        kind: 'payment',
        title: `Your payment for ${title} is refunded`,
        body: `We refunded ${amount} (reference ${reference}).${enrolmentEnded ? ' You are no longer enrolled in the course.' : ''}`,
        sourceKey: `refund:${reference}`,
      },
      by.at,
    );
    await recordAudit(tx, {
      ...by,
      action: 'payment.refund',
      target: `payment:${reference}`,
      details: { reason, amount: koboToDecimal(payment.amountKobo), enrolment_ended: enrolmentEnded },
    });
    return { payment, title, amount, enrolmentEnded };
  });
  if (outcome) await mailRefund(services, outcome.payment.studentId, outcome);
  return (await findStaffPayment(db, reference))!;
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * The enrolment this payment bought ends, unless another successful payment for the same course
 * covers it (a second payment made by mistake): then the enrolment stands on that one, which is no
 * longer to refund. Returns whether the student lost the course.
 */
async function releaseEnrolment(tx: Transaction, payment: typeof payments.$inferSelect): Promise<boolean> {
  const [enrolment] = await tx
    .select()
    .from(enrolments)
    .where(and(eq(enrolments.studentId, payment.studentId), eq(enrolments.courseId, payment.courseId)))
    .for('update');
  if (!enrolment || enrolment.paymentId !== payment.id) return false;
  const [other] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.studentId, payment.studentId),
        eq(payments.courseId, payment.courseId),
        eq(payments.status, 'success'),
        ne(payments.id, payment.id),
      ),
    )
    .orderBy(sql`${payments.paidAt} asc nulls last`)
    .limit(1);
  if (other) {
    await tx.update(enrolments).set({ paymentId: other.id }).where(eq(enrolments.id, enrolment.id));
    await tx.update(payments).set({ needsRefund: false }).where(eq(payments.id, other.id));
    return false;
  }
  await tx.delete(enrolments).where(eq(enrolments.id, enrolment.id));
  return true;
}

async function mailRefund(
  services: ApiServices,
  studentId: string,
  refund: { title: string; amount: string; enrolmentEnded: boolean; payment: { reference: string } },
) {
  try {
    const [student] = await services.db.select().from(students).where(eq(students.id, studentId));
    if (student)
      await services.mailer.send(refundMail(student, refund.title, refund.amount, refund.payment.reference, refund.enrolmentEnded));
  } catch (error) {
    services.log.error(`[staff] the refund mail for payment ${refund.payment.reference} did not go out`, error);
  }
}
