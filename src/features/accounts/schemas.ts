// What the account forms send and the account routes accept: one schema each, imported by the
// form and by the route, with the field messages of docs/product.md#field-messages.
import * as v from 'valibot';
import {
  confirmPasswordMessage,
  ConfirmPasswordSchema,
  EmailSchema,
  FirstNameSchema,
  LastNameSchema,
  optionalPhone,
  optionalText,
  PasswordSchema,
  PASSWORDS_MUST_MATCH,
  PhoneSchema,
} from '#lib/schemas/fields.ts';
import { isRealIsoDate } from '#lib/forms/local-date.ts';
import { NIGERIAN_STATES } from '#lib/schemas/nigeria.ts';

export const CODE_LENGTH = 6;
export const INVALID_CODE = 'Invalid or expired code';
const DOB_IN_FUTURE = 'Date of birth cannot be in the future';
const DOB_NOT_A_DATE = 'Date of birth must be a day that exists';
const STATE_NOT_NIGERIAN = 'Choose one of the 37 states';
const CODE_FORMAT = `Enter the ${CODE_LENGTH}-digit code`;

const CodeSchema = (field: string) =>
  v.pipe(
    v.string(`${field} is required`),
    v.trim(),
    v.nonEmpty(`${field} is required`),
    v.regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), CODE_FORMAT),
  );

/** A mail link's token: 32 random bytes, base64url (the server's links.ts). */
const LINK_TOKEN = /^[A-Za-z0-9_-]{43}$/;
export const isLinkToken = (token: string) => LINK_TOKEN.test(token);
const LinkTokenSchema = v.pipe(v.string('The link is incomplete'), v.trim(), v.regex(LINK_TOKEN, 'The link is incomplete'));

/** A sign-up's claim token (the server's claims.ts): optional beside a code, and only ever from this browser. */
const ClaimSchema = v.pipe(v.string(), v.regex(LINK_TOKEN, 'Invalid claim'));

export const SignupSchema = v.strictObject({
  first_name: FirstNameSchema,
  last_name: LastNameSchema,
  email: EmailSchema,
  password: PasswordSchema,
  phone_number: optionalPhone,
  home_address: optionalText(200, 'home_address'),
  /** Where the student was going (e.g. a course's checkout): the verification mail's link carries it when it is a safe same-site path. */
  next: v.optional(v.pipe(v.string(), v.maxLength(500))),
});

/** Sign-in only asks for a password: someone whose password predates today's rules can still try it. */
// Trimmed as sign-up trims it (docs/product.md#field-messages), or spaces typed around it would never match.
const GivenPasswordSchema = v.pipe(
  v.string('Password is required'),
  v.trim(),
  v.nonEmpty('Password is required'),
  v.maxLength(200, 'Invalid email or password'),
);

export const LoginSchema = v.strictObject({ email: EmailSchema, password: GivenPasswordSchema });
export type LoginInput = v.InferInput<typeof LoginSchema>;

export const EmailOnlySchema = v.strictObject({ email: EmailSchema });

/** The code boxes' own rule: six digits (whether they are the right six is the server's to say). */
export const OtpCodeSchema = CodeSchema('Code');

export const VerifyAccountSchema = v.strictObject({
  email: EmailSchema,
  otp: CodeSchema('Code'),
  /** The claim token sign-up gave this browser: the account then gets that sign-up's details. */
  claim: v.optional(ClaimSchema),
});

/** The e-mail link's page: the link's token confirms the address, the account's password signs in. */
export const VerifyEmailLinkSchema = v.strictObject({ email: EmailSchema, token: LinkTokenSchema, password: GivenPasswordSchema });

/** The reset code from the mail, or the long token of the mail's link. */
const ResetTokenSchema = v.pipe(
  v.string('Code is required'),
  v.trim(),
  v.nonEmpty('Code is required'),
  v.regex(new RegExp(`^(\\d{${CODE_LENGTH}}|[A-Za-z0-9_-]{43})$`), CODE_FORMAT),
);

export const VerifyResetCodeSchema = v.strictObject({ email: EmailSchema, token: ResetTokenSchema });

export const ResetPasswordSchema = v.strictObject({ email: EmailSchema, token: ResetTokenSchema, password: PasswordSchema });

/** KYC; `today` caps the date of birth (the browser's date on the form, the server's clock on the route). */
export const kycSchema = (today: string) =>
  v.pipe(
    v.strictObject({
      gender: v.picklist(['male', 'female', 'other'], 'Gender is required'),
      date_of_birth: v.pipe(
        v.string('DOB is required'),
        v.trim(),
        v.nonEmpty('DOB is required'),
        v.isoDate('DOB is required'),
        // isoDate takes 2000-02-30, which the database would refuse.
        v.check(isRealIsoDate, DOB_NOT_A_DATE),
        v.check((date) => date <= today, DOB_IN_FUTURE),
      ),
      state: v.pipe(v.string('State is required'), v.trim(), v.nonEmpty('State is required'), v.maxLength(80, 'State is required')),
      country: v.pipe(v.string('Country is required'), v.trim(), v.nonEmpty('Country is required'), v.maxLength(80, 'Country is required')),
    }),
    v.forward(
      v.check(
        (input) => input.country.toLowerCase() !== 'nigeria' || (NIGERIAN_STATES as readonly string[]).includes(input.state),
        STATE_NOT_NIGERIAN,
      ),
      ['state'],
    ),
    // The document's form of the rule above: in Nigeria (any case), the state is one of the 37.
    v.metadata({
      if: { properties: { country: { pattern: '^\\s*[Nn][Ii][Gg][Ee][Rr][Ii][Aa]\\s*$' } } },
      // The other fields are named too (any value) so a validator that closes every subschema still reads them.
      then: { properties: { gender: {}, date_of_birth: {}, country: {}, state: { enum: [...NIGERIAN_STATES] } } },
    }),
  );
export const KycSchema = kycSchema('9999-12-31');
export type KycInput = v.InferInput<typeof KycSchema>;

/** Sign-up's answer: the address, and the claim token for this browser to send with the code. */
export const SignupDataSchema = v.object({ email: v.string(), claim: v.string() });

/** The confirm-password field's validators: checked as it changes and whenever the password does. */
export const confirmPasswordValidators = {
  onChangeListenTo: ['password' as const],
  onChange: ({ value, fieldApi }: { value: unknown; fieldApi: { form: { getFieldValue: (name: 'password') => unknown } } }) =>
    confirmPasswordMessage(fieldApi.form.getFieldValue('password'), value),
};

/** The address typed, as the API would take it, or null while it is not a valid one. */
export function validEmail(text: string): string | null {
  const result = v.safeParse(EmailSchema, text);
  return result.success ? result.output : null;
}

/** The confirmation must repeat the password; the message goes under the confirmation. */
const passwordsMatch = <T extends { password: string; confirm_password: string }>(input: T) => input.password === input.confirm_password;

/**
 * The sign-up form: SignupSchema's fields, the phone number asked for (docs/product.md#form-fields
 * marks only the home address optional; the API also takes a sign-up without one), and the
 * password typed twice. It sends SignupSchema's fields.
 */
export const SignupFormSchema = v.pipe(
  v.object({ ...SignupSchema.entries, phone_number: PhoneSchema, confirm_password: ConfirmPasswordSchema }),
  v.forward(v.partialCheck([['password'], ['confirm_password']], passwordsMatch, PASSWORDS_MUST_MATCH), ['confirm_password']),
);
export type SignupFormInput = v.InferInput<typeof SignupFormSchema>;

/** The reset form: e-mail, the code, the new password twice; it sends ResetPasswordSchema's fields. */
export const ResetPasswordFormSchema = v.pipe(
  v.object({ ...ResetPasswordSchema.entries, confirm_password: ConfirmPasswordSchema }),
  v.forward(v.partialCheck([['password'], ['confirm_password']], passwordsMatch, PASSWORDS_MUST_MATCH), ['confirm_password']),
);
export type ResetPasswordFormInput = v.InferInput<typeof ResetPasswordFormSchema>;
