// The console's payments and enrolments (docs/product.md, 'Staff operations'): the paged list with
// the ones to refund first, a payment's page, an admin's refund, enrolling by hand, an admin's
// revocation, and a course's enrolments as CSV.
import { Hono } from 'hono';
import type { ApiServices } from '#server/deps.ts';
import { ApiError } from '#server/http/api-error.ts';
import { readJsonBody } from '#server/http/json-body.ts';
import { describeJsonRoute } from '#server/http/openapi.ts';
import { validateInput } from '#server/http/validate.ts';
import {
  EnrolmentsCsvQuerySchema,
  ManualEnrolledSchema,
  ManualEnrolmentSchema,
  PaymentsPageSchema,
  PaymentsQuerySchema,
  ReasonBodySchema,
  StaffPaymentSchema,
} from '../schemas.ts';
import { auditActor } from './audit.ts';
import { courseEnrolmentsCsv } from './downloads.ts';
import { ALREADY_ENROLLED, enrolByHand, NO_SUCH_COURSE, NO_SUCH_STUDENT, NOT_ENROLLED, revokeEnrolment } from './enrolment-changes.ts';
import { EXAMPLE_PAYMENT } from './examples.ts';
import { findStaffPayment, paymentsPage } from './payment-list.ts';
import { toStaffPayment } from './payment-answers.ts';
import { NO_SUCH_PAYMENT, NOT_REFUNDABLE, OTHER_PROVIDER, refundPayment } from './refunds.ts';
import { requireAdmin, requireStaff, type StaffEnv } from './require-staff.ts';

const REFERENCE = /^ADR-[A-Z0-9]{16}$/;

/** A CSV download: named, never cached. */
export const csvAnswer = (body: string, filename: string) =>
  new Response(body, {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'no-store',
    },
  });

/** Mounted at /staff. */
export function createStaffPaymentRoutes(services: ApiServices) {
  const { db } = services;
  const staff = requireStaff(services);
  const admin = requireAdmin(services);
  return new Hono<StaffEnv>()
    .get(
      '/payments',
      describeJsonRoute({
        tag: 'Staff',
        staff: 'staff',
        summary: 'Payments, newest first, those to refund (`needs_refund`) ahead of all others; by status and course',
        description:
          '`status=success` lists the payments that stand; `needs_refund` the second payments for a course already owned, to give back.',
        examples: { data: { payments: [EXAMPLE_PAYMENT], total_pages: 1, total_count: 1 } },
        query: PaymentsQuerySchema,
        success: { message: 'OK', data: PaymentsPageSchema },
      }),
      staff,
      async (c) => c.json({ message: 'OK', data: await paymentsPage(db, validateInput(PaymentsQuerySchema, c.req.query())) }, 200),
    )
    .get(
      '/payments/:reference',
      describeJsonRoute({
        tag: 'Staff',
        staff: 'staff',
        summary: "A payment's page",
        examples: { data: EXAMPLE_PAYMENT },
        success: { message: 'OK', data: StaffPaymentSchema },
        errors: { 404: NO_SUCH_PAYMENT },
      }),
      staff,
      async (c) => {
        const reference = c.req.param('reference');
        const payment = REFERENCE.test(reference) ? await findStaffPayment(db, reference) : null;
        if (!payment) throw new ApiError(404, NO_SUCH_PAYMENT);
        return c.json({ message: 'OK', data: toStaffPayment(payment) }, 200);
      },
    )
    .post(
      '/payments/:reference/refund',
      describeJsonRoute({
        tag: 'Staff',
        staff: 'admin',
        summary: 'Refund a payment in full through the provider',
        description: `The enrolment it paid for ends unless another successful payment for the course covers it; the student is notified and mailed. Refunding twice changes nothing. 409 \`${NOT_REFUNDABLE}\` for a payment that is not \`success\` or \`needs_refund\`, or \`${OTHER_PROVIDER}\` for one taken by a provider this server does not use; 503 when the provider does not make the refund (nothing changes).`,
        examples: {
          body: { reason: 'Paid twice for the same course' },
          data: {
            ...EXAMPLE_PAYMENT,
            status: 'refunded',
            refunded_at: '2026-11-26T10:00:00.000Z',
            refund_reason: 'Paid twice for the same course',
          },
        },
        body: ReasonBodySchema,
        success: { message: 'The payment is refunded.', data: StaffPaymentSchema },
        errors: { 404: NO_SUCH_PAYMENT, 409: NOT_REFUNDABLE },
      }),
      admin,
      async (c) => {
        const { reason } = await readJsonBody(c, ReasonBodySchema);
        const reference = c.req.param('reference');
        if (!REFERENCE.test(reference)) throw new ApiError(404, NO_SUCH_PAYMENT);
        const payment = await refundPayment(services, reference, reason, auditActor(c, services));
        return c.json({ message: 'The payment is refunded.', data: toStaffPayment(payment) }, 200);
      },
    )
    .post(
      '/enrolments',
      describeJsonRoute({
        tag: 'Staff',
        staff: 'staff',
        summary: 'Enrol a student by hand (bank transfer, cash), with a receipt mailed and a notification',
        description: `\`note\` says how it was paid; \`amount_received\` is naira. 409 \`${ALREADY_ENROLLED}\`.`,
        examples: {
          body: {
            student_id: EXAMPLE_PAYMENT.student_id,
            course_id: EXAMPLE_PAYMENT.course_id,
            note: 'Bank transfer, GTBank ref 0042',
            amount_received: '85000.00',
          },
          data: {
            student_id: EXAMPLE_PAYMENT.student_id,
            course_id: EXAMPLE_PAYMENT.course_id,
            enrolled_at: '2026-11-26T10:00:00.000Z',
            source: 'manual',
          },
        },
        body: ManualEnrolmentSchema,
        success: { status: 201, message: 'The student is enrolled.', data: ManualEnrolledSchema },
        errors: { 404: `${NO_SUCH_STUDENT}, or ${NO_SUCH_COURSE.toLowerCase()}`, 409: ALREADY_ENROLLED },
      }),
      staff,
      async (c) => {
        const input = await readJsonBody(c, ManualEnrolmentSchema);
        const data = await enrolByHand(services, input, auditActor(c, services));
        return c.json({ message: 'The student is enrolled.', data }, 201);
      },
    )
    .delete(
      '/enrolments/:student_id/:course_id',
      describeJsonRoute({
        tag: 'Staff',
        staff: 'admin',
        summary: 'Revoke an enrolment: the student loses the course and is notified',
        examples: { body: { reason: 'The bank transfer was reversed' } },
        body: ReasonBodySchema,
        success: { message: 'The enrolment is revoked.' },
        errors: { 404: NOT_ENROLLED },
      }),
      admin,
      async (c) => {
        const { reason } = await readJsonBody(c, ReasonBodySchema);
        await revokeEnrolment(services, c.req.param('student_id'), c.req.param('course_id'), reason, auditActor(c, services));
        return c.json({ message: 'The enrolment is revoked.', data: null }, 200);
      },
    )
    .get(
      '/enrolments.csv',
      describeJsonRoute({
        tag: 'Staff',
        staff: 'staff',
        summary: "A course's enrolments as CSV: student, e-mail, phone, course, source, amount, enrolled_at, progress",
        description: 'RFC 4180; a cell starting with = + - @ is prefixed with an apostrophe so a spreadsheet never runs it.',
        query: EnrolmentsCsvQuerySchema,
        binary: { types: ['text/csv'] },
        errors: { 404: NO_SUCH_COURSE },
      }),
      staff,
      async (c) => {
        const { course_id } = validateInput(EnrolmentsCsvQuerySchema, c.req.query());
        const csv = await courseEnrolmentsCsv(db, course_id);
        if (csv === null) throw new ApiError(404, NO_SUCH_COURSE);
        return csvAnswer(csv, `enrolments-${course_id.replace(/[^a-z0-9-]/gi, '')}.csv`);
      },
    );
}
