// Settles a payment from what the provider says of it, the same way for a verify call, a webhook
// and the test provider. Exactly once, however many calls arrive and on however many servers: the
// move to 'success' is one conditional UPDATE, and only the call that made it writes the enrolment,
// the receipt record and the notification, in the same transaction; unique keys back each of them.
// The receipt mail goes after the commit, by that same call only. A payment a scholarship code
// discounted uses the code up, and takes its seat, in that same transaction (#server/scholarships).

import { and, eq, isNull, notInArray } from 'drizzle-orm';
import { formatDate, formatNaira } from '#lib/format.ts';
import { koboToDecimal } from '#lib/money.ts';
import type { Database } from '#server/db/client.ts';
import type { ApiServices } from '#server/deps.ts';
import { courses, enrolments, payments, receipts, scholarshipCodes, scholarships, students } from '#server/db/schema.ts';
import { notify } from '#server/notifications/notify.ts';
import type { ChargeState, ChargeStatus } from '#server/payments/provider.ts';
import { partnerName } from '#server/scholarships/partners.ts';
import { releaseHold, takeHeldCode } from '#server/scholarships/take-code.ts';
import { receiptMail, refundNeededMail } from './mails.ts';

type Payment = typeof payments.$inferSelect;

/** A payment in one of these states is never settled again (a refunded one stays refunded). */
const SETTLED: Payment['status'][] = ['success', 'refunded'];

/** The course's title for a notification ('your course' should it be gone). */
async function courseTitle(db: Pick<Database, 'select'>, courseId: string): Promise<string> {
  const [row] = await db.select({ title: courses.title }).from(courses).where(eq(courses.id, courseId));
  return row?.title ?? 'your course';
}

export interface Settled {
  status: ChargeStatus;
  courseId: string;
}

export async function settlePayment(services: ApiServices, payment: Payment, state: ChargeState): Promise<Settled> {
  const { db, clock } = services;
  const done = (status: ChargeStatus): Settled => ({ status, courseId: payment.courseId });
  if (payment.status === 'success') return done('success');
  // Given back by staff: a late webhook or verify call for it never enrols again.
  if (payment.status === 'refunded') return done('failed');
  if (state.status === 'pending') return done('pending');

  const now = clock();
  // Paid, but not what we asked for: never enrol on it (staff see the reason).
  const mismatch =
    state.reference !== payment.reference
      ? 'reference mismatch'
      : state.status === 'success' && state.amountKobo !== payment.amountKobo
        ? 'amount mismatch'
        : state.status === 'success' && state.currency !== payment.currency
          ? 'currency mismatch'
          : null;
  if (state.status === 'failed' || mismatch) {
    const reason = mismatch ?? state.reason ?? 'failed';
    const [failed] = await db
      .update(payments)
      .set({ status: 'failed', failureReason: reason, updatedAt: now })
      .where(and(eq(payments.id, payment.id), notInArray(payments.status, SETTLED)))
      .returning({ id: payments.id });
    // A page only left ('abandoned') may still be paid on: its 30 minutes of hold stand.
    if (failed && payment.scholarshipCodeId && reason !== 'abandoned')
      await releaseHold(db, payment.scholarshipCodeId, payment.studentId, payment.createdAt);
    if (failed) await notifyFailure(services, payment, reason, mismatch !== null, now);
    return done('failed');
  }

  const won = await db.transaction(async (tx): Promise<'enrolled' | 'paid twice' | 'code gone' | null> => {
    const [paid] = await tx
      .update(payments)
      .set({ status: 'success', failureReason: null, paidAt: now, updatedAt: now })
      .where(and(eq(payments.id, payment.id), notInArray(payments.status, SETTLED)))
      .returning({ id: payments.id });
    if (!paid) return null;
    await tx.insert(receipts).values({ paymentId: payment.id, createdAt: now });
    const course = await courseTitle(tx, payment.courseId);
    const amount = formatNaira(koboToDecimal(payment.amountKobo));
    const codeId = payment.scholarshipCodeId;
    // The code is taken only for a student not yet enrolled: a second payment leaves it to nobody else.
    const [owned] = await tx
      .select({ id: enrolments.id })
      .from(enrolments)
      .where(and(eq(enrolments.studentId, payment.studentId), eq(enrolments.courseId, payment.courseId)));
    if (codeId && !owned && !(await takeHeldCode(tx, codeId, payment.studentId, now))) {
      // Paid after the code's 30 minutes, and someone else used it (or the last seat) meanwhile:
      // the discounted price no longer buys a seat, so this money goes back.
      await tx.update(payments).set({ needsRefund: true }).where(eq(payments.id, payment.id));
      await notify(
        tx,
        {
          studentId: payment.studentId,
          kind: 'payment',
          title: `Your scholarship code for ${course} had gone`,
          body: `Your payment of ${amount} (reference ${payment.reference}) arrived after the code's 30 minutes, and the code or the scholarship's last seat was taken meanwhile. We will refund this payment; you need do nothing. The staff have been told.`,
          sourceKey: `payment:${payment.reference}`,
        },
        now,
      );
      return 'code gone';
    }
    const enrolled = await tx
      .insert(enrolments)
      .values({
        studentId: payment.studentId,
        courseId: payment.courseId,
        paymentId: payment.id,
        enrolledAt: now,
        ...(codeId && !owned ? { scholarshipCodeId: codeId, discountKobo: payment.discountKobo } : {}),
      })
      .onConflictDoNothing({ target: [enrolments.studentId, enrolments.courseId] })
      .returning({ id: enrolments.id });
    if (enrolled.length === 0 && codeId && !owned)
      // Enrolled by another payment between the look and the insert: the code goes back unused.
      await tx
        .update(scholarshipCodes)
        .set({ usedAt: null, usedBy: null })
        .where(and(eq(scholarshipCodes.id, codeId), eq(scholarshipCodes.usedBy, payment.studentId), isNull(scholarshipCodes.seatFreedAt)));
    if (enrolled.length === 0) {
      // Already enrolled through another payment (two tabs, or Back): this money goes back.
      await tx.update(payments).set({ needsRefund: true }).where(eq(payments.id, payment.id));
      await notify(
        tx,
        {
          studentId: payment.studentId,
          kind: 'payment',
          title: `You paid twice for ${course}`,
          body: `You were already enrolled, so we will refund this payment of ${amount} (reference ${payment.reference}). You need do nothing; the staff have been told.`,
          sourceKey: `payment:${payment.reference}`,
        },
        now,
      );
      return 'paid twice';
    }
    await notify(
      tx,
      {
        studentId: payment.studentId,
        kind: 'enrolment',
        title: `You are enrolled in ${course}`,
        body: `We received your payment of ${amount} (reference ${payment.reference}). The course is in My courses.`,
        sourceKey: `payment:${payment.reference}`,
      },
      now,
    );
    return 'enrolled';
  });
  if (won) await sendReceipt(services, payment, now);
  if (won === 'paid twice') await tellStaffToRefund(services, payment);
  if (won === 'code gone')
    await tellStaffToRefund(services, payment, 'with a scholarship code that another student had used once its 30 minutes were over');
  return done('success');
}

/** The staff's mail for a payment to refund; a mail service that is down leaves it in `npm run admin -- refunds`. */
async function tellStaffToRefund(services: ApiServices, payment: Payment, why?: string) {
  try {
    const course = await courseTitle(services.db, payment.courseId);
    await services.mailer.send(
      refundNeededMail(services.env.STAFF_EMAIL, course, payment.reference, formatNaira(koboToDecimal(payment.amountKobo)), why),
    );
  } catch (error) {
    services.log.error(`[payments] the refund notice for payment ${payment.id} did not go out`, error);
  }
}

/**
 * Tells the student, once per payment, that it did not go through, or that what arrived was not what
 * was asked for. Not for a page the payer only left ('abandoned'): they know, and may still pay on it.
 */
async function notifyFailure(services: ApiServices, payment: Payment, reason: string, mismatch: boolean, now: Date) {
  if (reason === 'abandoned') return;
  const course = await courseTitle(services.db, payment.courseId);
  const [title, body] = mismatch
    ? [
        `We could not confirm your payment for ${course}`,
        `What arrived for reference ${payment.reference} did not match the price asked, so you have not been enrolled. If money left your account, contact us with this reference.`,
      ]
    : [
        `Your payment for ${course} did not go through`,
        `Reference ${payment.reference}. You have not been enrolled; you can pay again from the course's page.`,
      ];
  await notify(
    services.db,
    { studentId: payment.studentId, kind: 'payment', title, body, sourceKey: `payment-failed:${payment.reference}` },
    now,
  );
}

/** The receipt mail; a mail service that is down leaves the receipt unmailed, never the payment unsettled. */
async function sendReceipt(services: ApiServices, payment: Payment, paidAt: Date) {
  const { db, mailer, log } = services;
  try {
    const [row] = await db
      .select({
        email: students.email,
        firstName: students.firstName,
        lastName: students.lastName,
        title: courses.title,
        scholarship: scholarships.name,
        partner: scholarships.partner,
      })
      .from(payments)
      .innerJoin(students, eq(students.id, payments.studentId))
      .innerJoin(courses, eq(courses.id, payments.courseId))
      .leftJoin(enrolments, eq(enrolments.paymentId, payments.id))
      .leftJoin(scholarshipCodes, eq(scholarshipCodes.id, enrolments.scholarshipCodeId))
      .leftJoin(scholarships, eq(scholarships.id, scholarshipCodes.scholarshipId))
      .where(eq(payments.id, payment.id));
    if (!row) return;
    const scholarship =
      row.scholarship && row.partner
        ? {
            name: row.scholarship,
            partner: await partnerName(row.partner),
            discount: formatNaira(koboToDecimal(payment.discountKobo ?? 0)),
          }
        : undefined;
    await mailer.send(
      receiptMail({
        to: { name: `${row.firstName} ${row.lastName}`, address: row.email },
        firstName: row.firstName,
        course: row.title,
        amount: formatNaira(koboToDecimal(payment.amountKobo)),
        reference: payment.reference,
        date: formatDate(paidAt),
        ...(scholarship ? { scholarship } : {}),
      }),
    );
    await db.update(receipts).set({ mailedAt: services.clock() }).where(eq(receipts.paymentId, payment.id));
  } catch (error) {
    log.error(`[payments] the receipt mail for payment ${payment.id} did not go out`, error);
  }
}
