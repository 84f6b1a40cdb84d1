// What the staff sign-in pages send and the staff routes accept, and what they answer: one schema
// each, imported by the form and by the route (docs/product.md, 'Staff sign-in').
import * as v from 'valibot';
import { EmailSchema, PasswordSchema } from '#lib/schemas/fields.ts';
import { PAGE_TOTALS, pageNumber } from '#lib/schemas/paging.ts';

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
