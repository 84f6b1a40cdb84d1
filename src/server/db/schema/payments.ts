// Payments, the enrolments they buy and their receipts. Exactly-once is the database's job: one
// enrolment per student and course, one enrolment and one receipt per payment (unique keys), and
// the payment's move to 'success' is a conditional UPDATE inside the same transaction
// (src/features/payments/server/settle-payment.ts).
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { students } from './accounts.ts';
import { courses } from './catalogue.ts';
import { staffMembers } from './staff.ts';
import { scholarshipCodes } from './scholarships.ts';
import { instant } from './columns.ts';

export const PAYMENT_STATUSES = ['pending', 'success', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_PROVIDERS = ['paystack', 'test'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** Enrolments not bought through the provider: by hand (bank transfer, cash) or a scholarship. */
export const ENROLMENT_SOURCES = ['manual', 'scholarship'] as const;

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Ours, random, given to the provider: the key every verify call and webhook names. */
    reference: text('reference').notNull(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id),
    /** What we asked for, from the server's price at checkout. */
    amountKobo: integer('amount_kobo').notNull(),
    currency: text('currency').notNull().default('NGN'),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
    /** Why a payment failed, for staff: 'declined', 'abandoned', 'amount mismatch', ... */
    failureReason: text('failure_reason'),
    /** The provider's page for this payment: a second checkout while it is pending goes back to it. */
    authorizationUrl: text('authorization_url'),
    /** Paid for a course the student was already enrolled in (two tabs, or Back): staff refund it. */
    needsRefund: boolean('needs_refund').notNull().default(false),
    createdAt: instant('created_at').notNull(),
    updatedAt: instant('updated_at').notNull(),
    paidAt: instant('paid_at'),
    /** Given back through the provider by an admin (the staff console), with why and by whom. */
    refundedAt: instant('refunded_at'),
    refundReason: text('refund_reason'),
    refundedBy: uuid('refunded_by').references(() => staffMembers.id),
    /** The scholarship code that discounted it: held while pending, used when it succeeds. */
    scholarshipCodeId: uuid('scholarship_code_id').references(() => scholarshipCodes.id),
    /** What the code took off the price, in kobo (amount_kobo is what is left to pay). */
    discountKobo: integer('discount_kobo'),
  },
  (table) => [
    uniqueIndex('payments_reference_key').on(table.reference),
    index('payments_student_course_idx').on(table.studentId, table.courseId),
    // One pending payment per student and course, whatever arrives at once (two tabs, a double tap,
    // two servers): checkout inserts against this and answers the one that is there.
    uniqueIndex('payments_one_pending_key')
      .on(table.studentId, table.courseId)
      .where(sql`${table.status} = 'pending'`),
    check('payments_status_check', sql`${table.status} in ('pending', 'success', 'failed', 'refunded')`),
    // The staff console's lists: newest first, by status, by course, and the ones to refund first.
    index('payments_created_at_idx').on(table.createdAt),
    index('payments_status_created_at_idx').on(table.status, table.createdAt),
    index('payments_course_created_at_idx').on(table.courseId, table.createdAt),
    // The summary's revenue: what was paid in the last 30 days.
    index('payments_paid_at_idx')
      .on(table.paidAt)
      .where(sql`${table.status} = 'success'`),
    index('payments_needs_refund_idx')
      .on(table.createdAt)
      .where(sql`${table.needsRefund} and ${table.status} = 'success'`),
    check('payments_amount_check', sql`${table.amountKobo} > 0`),
  ],
);

export const enrolments = pgTable(
  'enrolments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id),
    paymentId: uuid('payment_id').references(() => payments.id),
    enrolledAt: instant('enrolled_at').notNull(),
    /** How the seat was had: null for one bought through the payment provider (its payment says which). */
    source: text('source', { enum: ENROLMENT_SOURCES }),
    /** A manual enrolment's note (bank transfer, cash, ...) and what was received, in kobo. */
    note: text('note'),
    amountReceivedKobo: integer('amount_received_kobo'),
    /** The scholarship code it was had with (a 100 % code, or a payment it discounted), and the discount in kobo. */
    scholarshipCodeId: uuid('scholarship_code_id').references(() => scholarshipCodes.id),
    discountKobo: integer('discount_kobo'),
  },
  (table) => [
    uniqueIndex('enrolments_student_course_key').on(table.studentId, table.courseId),
    uniqueIndex('enrolments_payment_key').on(table.paymentId),
    index('enrolments_course_enrolled_at_idx').on(table.courseId, table.enrolledAt),
    index('enrolments_enrolled_at_idx').on(table.enrolledAt),
    // A scholarship's beneficiaries; one enrolment per code.
    uniqueIndex('enrolments_scholarship_code_key').on(table.scholarshipCodeId),
    check('enrolments_source_check', sql`${table.source} is null or ${table.source} in ('manual', 'scholarship')`),
  ],
);

export const receipts = pgTable('receipts', {
  paymentId: uuid('payment_id')
    .primaryKey()
    .references(() => payments.id),
  createdAt: instant('created_at').notNull(),
  /** When the receipt mail went out; null while it has not (the mail service was down). */
  mailedAt: instant('mailed_at'),
});

/**
 * The built-in test provider's own book of charges (used when no Paystack key is set). It lives in
 * the database so that every server process sharing it sees the same charges.
 */
export const testCharges = pgTable('test_charges', {
  reference: text('reference').primaryKey(),
  amountKobo: integer('amount_kobo').notNull(),
  currency: text('currency').notNull(),
  email: text('email').notNull(),
  callbackUrl: text('callback_url').notNull(),
  status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
  createdAt: instant('created_at').notNull(),
});
