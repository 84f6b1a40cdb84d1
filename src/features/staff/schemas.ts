// What the staff sign-in pages send and the staff routes accept, and what they answer: one schema
// each, imported by the form and by the route (docs/product.md, 'Staff sign-in').
import * as v from 'valibot';
import { EmailSchema, PasswordSchema } from '#lib/schemas/fields.ts';
import { PAGE_TOTALS, pageNumber } from '#lib/schemas/paging.ts';
import { UserSchema } from '#lib/schemas/user.ts';

const STAFF_ROLE_VALUES = ['admin', 'staff'] as const;
const StaffRoleSchema = v.picklist(STAFF_ROLE_VALUES, 'Role must be admin or staff');

export const INVALID_INVITATION = 'Invalid or expired invitation';
export const INVALID_STAFF_CODE = 'Invalid or expired code';
export const LAST_ADMIN = 'The college must keep at least one admin.';

/** The invitation link's token: 32 random bytes, base64url. */
const InvitationTokenSchema = v.pipe(v.string(INVALID_INVITATION), v.trim(), v.regex(/^[A-Za-z0-9_-]{43}$/, INVALID_INVITATION));

const CODE_REQUIRED = 'Enter the 6-digit code from your app, or a recovery code';
/** The authenticator's 6 digits (spaces allowed, as apps show '123 456'). */
const TotpCodeSchema = v.pipe(
  v.string(CODE_REQUIRED),
  v.transform((code) => code.replace(/\s/g, '')),
  v.regex(/^\d{6}$/, 'Enter the 6-digit code from your app'),
);
/** Either the authenticator's 6 digits or a recovery code (`abcde-fghij`, any letter case, with or without the dash). */
const SecondFactorSchema = v.pipe(
  v.string(CODE_REQUIRED),
  v.transform((code) => code.replace(/[\s-]/g, '').toLowerCase()),
  v.regex(/^(\d{6}|[a-z0-9]{10})$/, CODE_REQUIRED),
);

/** Sign-in takes the password as given (trimmed): the rules are for choosing one. */
const GivenPasswordSchema = v.pipe(
  v.string('Password is required'),
  v.trim(),
  v.nonEmpty('Password is required'),
  v.maxLength(200, 'Invalid email or password'),
);

export const AcceptInviteSchema = v.strictObject({ token: InvitationTokenSchema, password: PasswordSchema });
export const ConfirmMfaSchema = v.strictObject({ token: InvitationTokenSchema, code: TotpCodeSchema });
export const StaffLoginSchema = v.strictObject({ email: EmailSchema, password: GivenPasswordSchema });
export const StaffMfaSchema = v.strictObject({
  challenge: v.pipe(v.string(INVALID_STAFF_CODE), v.regex(/^[A-Za-z0-9_-]{43}$/, INVALID_STAFF_CODE)),
  code: SecondFactorSchema,
});
export const ChangeRoleSchema = v.strictObject({ role: StaffRoleSchema });

/** The admin command's invitation (and the admin route behind it). */
export const StaffInvitationSchema = v.strictObject({
  email: EmailSchema,
  role: StaffRoleSchema,
  name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(120, 'Name must be at most 120 characters'))),
});

const STAFF_PER_PAGE_DEFAULT = 20;
/** Every staff list: `page` from 1, `per_page` 1 to 100. */
export const StaffPagingQuerySchema = v.object({
  page: pageNumber('page', { min: 1, max: 100_000, fallback: 1 }),
  per_page: pageNumber('per_page', { min: 1, max: 100, fallback: STAFF_PER_PAGE_DEFAULT }),
});

export const AuditQuerySchema = v.object({
  ...StaffPagingQuerySchema.entries,
  /** One action, e.g. `staff.role`. */
  action: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(60, 'action must be at most 60 characters'))),
  /** The acting member's e-mail address. */
  actor: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(254, 'actor must be at most 254 characters'), v.toLowerCase())),
});

// Answers.

/** A member of staff as every staff answer gives one: never a hash, a secret or a code. */
export const StaffSchema = v.pipe(
  v.object({ id: v.string(), email: v.string(), name: v.string(), role: StaffRoleSchema }),
  v.metadata({ ref: 'Staff' }),
);
export type Staff = v.InferOutput<typeof StaffSchema>;

export const EnrolmentSchema = v.object({ otpauth_url: v.string(), secret: v.string() });
export const StaffSignedInSchema = v.object({ token: v.string(), staff: StaffSchema });
export const EnrolledSchema = v.object({ ...StaffSignedInSchema.entries, recovery_codes: v.array(v.string()) });
export const ChallengeSchema = v.object({ challenge: v.string() });

const StaffMemberSchema = v.object({ ...StaffSchema.entries, created_at: v.string() });
export const StaffMembersPageSchema = v.object({ members: v.array(StaffMemberSchema), ...PAGE_TOTALS });

const AuditEntrySchema = v.object({
  id: v.string(),
  at: v.string(),
  /** The acting member's e-mail address, or `admin command`. */
  actor: v.string(),
  action: v.string(),
  target: v.string(),
  ip: v.string(),
  details: v.nullable(v.record(v.string(), v.unknown())),
});
export const AuditPageSchema = v.object({ entries: v.array(AuditEntrySchema), ...PAGE_TOTALS });

// The console's operations (docs/product.md, 'Staff operations'): students, payments, enrolments,
// requests. Inputs first, then answers.

const REASON_REQUIRED = 'Reason is required';
/** Why a member deactivates, refunds or revokes: kept in the audit log. */
const ReasonSchema = v.pipe(
  v.string(REASON_REQUIRED),
  v.trim(),
  v.nonEmpty(REASON_REQUIRED),
  v.maxLength(500, 'Reason must be at most 500 characters'),
);
export const ReasonBodySchema = v.strictObject({ reason: ReasonSchema });

const UUID_MESSAGE = 'must be a valid id';
const idOf = (name: string) => v.pipe(v.string(`${name} is required`), v.trim(), v.uuid(`${name} ${UUID_MESSAGE}`));
const CourseIdSchema = v.pipe(
  v.string('course_id is required'),
  v.trim(),
  v.nonEmpty('course_id is required'),
  v.maxLength(100, 'course_id must be at most 100 characters'),
);

export const StudentsQuerySchema = v.object({
  ...StaffPagingQuerySchema.entries,
  /** Any part of a name, an e-mail address or a phone number. */
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'search must be at most 100 characters'))),
});

const PAYMENT_STATUS_VALUES = ['pending', 'success', 'failed', 'refunded', 'needs_refund'] as const;
const PaymentStatusFilterSchema = v.picklist(PAYMENT_STATUS_VALUES, 'status must be pending, success, failed, refunded or needs_refund');
export const PaymentsQuerySchema = v.object({
  ...StaffPagingQuerySchema.entries,
  status: v.optional(PaymentStatusFilterSchema),
  course_id: v.optional(CourseIdSchema),
});

const AMOUNT_FORMAT = 'amount_received must be an amount in naira, e.g. 180000.00';
/**
 * Naira with up to two decimals, more than zero and at most ten million: '180000.00'. The kobo are
 * kept in a 32-bit column (at most 21,474,836.47 naira), so a larger figure would fail the insert.
 */
const AmountSchema = v.pipe(
  v.string(AMOUNT_FORMAT),
  v.trim(),
  v.regex(/^\d{1,9}(\.\d{1,2})?$/, AMOUNT_FORMAT),
  v.check((amount) => Number(amount) > 0 && Number(amount) <= 10_000_000, 'amount_received must be more than 0 and at most 10000000.00'),
);
export const ManualEnrolmentSchema = v.strictObject({
  student_id: idOf('student_id'),
  course_id: CourseIdSchema,
  /** How it was paid: 'Bank transfer 12 Nov, GTBank ref 0042', 'Cash at the studio'. */
  note: v.pipe(
    v.string('Note is required'),
    v.trim(),
    v.nonEmpty('Note is required'),
    v.maxLength(500, 'Note must be at most 500 characters'),
  ),
  amount_received: v.optional(AmountSchema),
});

export const EnrolmentsCsvQuerySchema = v.object({ course_id: CourseIdSchema });

const REQUEST_KIND_VALUES = ['contact', 'tutor'] as const;
/** A request's statuses, in the order the console offers them. */
export const REQUEST_STATUS_VALUES = ['open', 'answered', 'closed'] as const;
const RequestStatusSchema = v.picklist(REQUEST_STATUS_VALUES, 'status must be open, answered or closed');
export const RequestsQuerySchema = v.object({
  ...StaffPagingQuerySchema.entries,
  kind: v.optional(v.picklist(REQUEST_KIND_VALUES, 'kind must be contact or tutor')),
  status: v.optional(RequestStatusSchema),
});
export const RequestReplySchema = v.strictObject({
  message: v.pipe(
    v.string('Message is required'),
    v.trim(),
    v.nonEmpty('Message is required'),
    v.maxLength(5000, 'Message must be at most 5000 characters'),
  ),
});
export const RequestStatusBodySchema = v.strictObject({ status: RequestStatusSchema });

// Answers of the operations.

const MoneySchema = v.pipe(v.string(), v.regex(/^\d+\.\d{2}$/));
/** The scholarship a payment or an enrolment was had with (docs/product.md, 'Scholarships and discount codes'). */
const ScholarshipTagSchema = v.nullable(v.object({ id: v.string(), name: v.string(), partner: v.string() }));
/** An open scholarship on the summary: its seats and how many are taken. */
const SeatsSchema = v.object({ id: v.string(), name: v.string(), partner: v.string(), seats: v.number(), seats_taken: v.number() });
export const SummarySchema = v.object({
  students: v.number(),
  enrolments_7d: v.number(),
  enrolments_30d: v.number(),
  /** Naira, two decimals: successful payments paid in the last 30 days, less refunds. */
  revenue_30d: MoneySchema,
  open_requests: v.number(),
  needs_refund: v.number(),
  /** Each open scholarship (in its window, not closed), ending soonest first. */
  scholarships: v.array(SeatsSchema),
});

const StudentRowSchema = v.object({
  id: v.string(),
  first_name: v.string(),
  last_name: v.string(),
  email: v.string(),
  phone_number: v.nullable(v.string()),
  is_verified: v.boolean(),
  kyc_completed: v.boolean(),
  deactivated: v.boolean(),
  enrolments: v.number(),
  created_at: v.string(),
});
export const StudentsPageSchema = v.object({ students: v.array(StudentRowSchema), ...PAGE_TOTALS });

export const StaffPaymentSchema = v.pipe(
  v.object({
    reference: v.string(),
    student_id: v.string(),
    email: v.string(),
    course_id: v.string(),
    amount: MoneySchema,
    /** What a scholarship code took off the price ('0.00' without one); `amount` is what was asked. */
    discount: MoneySchema,
    scholarship: ScholarshipTagSchema,
    currency: v.string(),
    provider: v.picklist(['paystack', 'test', 'manual', 'scholarship']),
    status: v.picklist(PAYMENT_STATUS_VALUES),
    created_at: v.string(),
    paid_at: v.nullable(v.string()),
    /** Extensions for the payment's page: why it failed, and the refund. */
    failure_reason: v.nullable(v.string()),
    refunded_at: v.nullable(v.string()),
    refund_reason: v.nullable(v.string()),
  }),
  v.metadata({ ref: 'Payment' }),
);
export const PaymentsPageSchema = v.object({ payments: v.array(StaffPaymentSchema), ...PAGE_TOTALS });

const ENROLMENT_SOURCE_VALUES = ['paystack', 'test', 'manual', 'scholarship'] as const;
const StudentEnrolmentSchema = v.object({
  course_id: v.string(),
  title: v.string(),
  enrolled_at: v.string(),
  /** Percent of the course's lessons done, 0 to 100. */
  progress: v.number(),
  source: v.picklist(ENROLMENT_SOURCE_VALUES),
  /** What a scholarship code took off the price ('0.00' without one). */
  discount: MoneySchema,
  scholarship: ScholarshipTagSchema,
});
export const StudentDetailSchema = v.object({
  student: v.object({ ...UserSchema.entries, deactivated: v.boolean() }),
  enrolments: v.array(StudentEnrolmentSchema),
  payments: v.array(StaffPaymentSchema),
});

export const ManualEnrolledSchema = v.object({
  student_id: v.string(),
  course_id: v.string(),
  enrolled_at: v.string(),
  source: v.literal('manual'),
});

const ReplySchema = v.object({ by: v.string(), body: v.string(), at: v.string() });
const RequestSchema = v.object({
  id: v.string(),
  kind: v.picklist(REQUEST_KIND_VALUES),
  first_name: v.string(),
  last_name: v.string(),
  email: v.string(),
  phone_number: v.string(),
  message: v.string(),
  status: RequestStatusSchema,
  created_at: v.string(),
  replies: v.array(ReplySchema),
});
export const RequestsPageSchema = v.object({ requests: v.array(RequestSchema), ...PAGE_TOTALS });
export const RequestAnswerSchema = RequestSchema;

/** Publishing (docs/decisions/019): what the console's Publish page sends and reads. */
export const PublishBodySchema = v.strictObject({
  message: v.pipe(
    v.string('Say in a few words what changed'),
    v.trim(),
    v.minLength(1, 'Say in a few words what changed'),
    v.maxLength(200, 'At most 200 characters'),
  ),
});
export const PublishStartedSchema = v.object({ id: v.string(), status: v.literal('building') });
export const PublishSchema = v.object({
  id: v.string(),
  status: v.picklist(['building', 'live', 'failed']),
  message: v.string(),
  log: v.string(),
  author: v.object({ name: v.string(), email: v.string() }),
  files: v.array(v.string()),
  undoes: v.nullable(v.string()),
  created_at: v.string(),
  started_at: v.nullable(v.string()),
  finished_at: v.nullable(v.string()),
});
export const PublishesPageSchema = v.object({ publishes: v.array(PublishSchema), ...PAGE_TOTALS });
