// The console's own schemas: what its forms send beyond sign-in (a reason, a reply, a manual
// enrolment) and what the operations calls answer, as docs/product.md 'Staff' gives them. Loose
// objects: a field the server adds later does not break a page.
import * as v from 'valibot';
import { PAGE_TOTALS } from '#lib/schemas/paging.ts';

const text = (name: string, max: number) =>
  v.pipe(
    v.string(`${name} is required`),
    v.trim(),
    v.nonEmpty(`${name} is required`),
    v.maxLength(max, `${name} must be at most ${max} characters`),
  );

export const ReasonSchema = v.strictObject({ reason: text('Reason', 500) });
export const ReplySchema = v.strictObject({ message: text('Message', 5000) });

const AMOUNT = /^\d{1,9}(\.\d{1,2})?$/;
export const ManualEnrolmentFormSchema = v.strictObject({
  course_id: text('Course', 120),
  method: v.picklist(['bank transfer', 'cash'], 'Choose bank transfer or cash'),
  note: text('Note', 500),
  amount_received: v.pipe(
    v.string(),
    v.trim(),
    v.check((value) => value === '' || AMOUNT.test(value), 'Enter an amount in naira, e.g. 180000'),
  ),
});

const nullableText = v.nullish(v.string());

export const SummarySchema = v.object({
  students: v.number(),
  enrolments_7d: v.number(),
  enrolments_30d: v.number(),
  revenue_30d: v.string(),
  open_requests: v.number(),
  needs_refund: v.number(),
});

const PAYMENT_STATUSES = ['pending', 'success', 'failed', 'refunded', 'needs_refund'] as const;
export const PaymentSchema = v.object({
  reference: v.string(),
  student_id: v.string(),
  email: v.string(),
  course_id: v.string(),
  amount: v.string(),
  discount: v.optional(v.string()),
  currency: v.optional(v.string()),
  provider: v.string(),
  status: v.picklist(PAYMENT_STATUSES),
  created_at: v.string(),
  paid_at: nullableText,
});
export type StaffPayment = v.InferOutput<typeof PaymentSchema>;
export const PaymentsPageSchema = v.object({ payments: v.array(PaymentSchema), ...PAGE_TOTALS });

const StudentRowSchema = v.object({
  id: v.string(),
  first_name: nullableText,
  last_name: nullableText,
  email: v.string(),
  phone_number: nullableText,
  is_verified: v.boolean(),
  kyc_completed: v.boolean(),
  deactivated: v.boolean(),
  enrolments: v.optional(v.number()),
  created_at: v.string(),
});
export type StudentRow = v.InferOutput<typeof StudentRowSchema>;
export const StudentsPageSchema = v.object({ students: v.array(StudentRowSchema), ...PAGE_TOTALS });

export const StudentDetailSchema = v.object({
  student: v.object({
    ...StudentRowSchema.entries,
    home_address: nullableText,
    gender: nullableText,
    date_of_birth: nullableText,
    state: nullableText,
    country: nullableText,
  }),
  enrolments: v.array(
    v.object({ course_id: v.string(), title: v.string(), enrolled_at: v.string(), progress: v.number(), source: v.string() }),
  ),
  payments: v.array(PaymentSchema),
});
export type StudentDetail = v.InferOutput<typeof StudentDetailSchema>;

export const REQUEST_STATUSES = ['open', 'answered', 'closed'] as const;
const RequestSchema = v.object({
  id: v.string(),
  kind: v.string(),
  first_name: nullableText,
  last_name: nullableText,
  email: v.string(),
  phone_number: nullableText,
  message: v.string(),
  status: v.picklist(REQUEST_STATUSES),
  created_at: v.string(),
  replies: v.array(v.object({ by: v.string(), body: v.string(), at: v.string() })),
});
export type StaffRequest = v.InferOutput<typeof RequestSchema>;
export const RequestsPageSchema = v.object({ requests: v.array(RequestSchema), ...PAGE_TOTALS });

export const NewsletterCountSchema = v.object({ count: v.number() });
