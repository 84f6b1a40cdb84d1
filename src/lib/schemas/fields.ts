// Field rules of docs/product.md#field-messages, with its messages word for word. Forms and API routes import these
// same schemas, so a message a user sees in the browser is the one the server answers with.
import * as v from 'valibot';
// Nigeria's numbering plan from libphonenumber's data (scripts/content/make-phone-metadata.mjs); the
// library itself would cost the browser about 20 KB, for one country.
import nigeria from './phone-metadata-ng.json' with { type: 'json' };
import { PHONE_MAX_INPUT } from './phone-number.ts';

const NATIONAL_NUMBER = new RegExp(`^(?:${nigeria.pattern})$`);

/** The generic fallback messages (docs/product.md#field-messages), for fields without a message of their own. */
const fallback = {
  required: (path: string) => `${path} is a required field`,
  email: (path: string) => `${path} must be a valid email`,
  min: (path: string, min: number) => `${path} must be at least ${min} characters`,
  max: (path: string, max: number) => `${path} must be at most ${max} characters`,
};

/** docs/product.md#field-messages: local part of letters, digits and . _ % + -, then @, a domain, and a 2+ letter TLD with an optional second 2+ letter part. */
const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}(?:\.[A-Za-z]{2,})?$/;

/** A required text: missing, not a string, empty or blank all give `required`; too long gives the generic fallback. */
const requiredText = (path: string, required: string, max: number) =>
  v.pipe(v.string(required), v.trim(), v.nonEmpty(required), v.maxLength(max, fallback.max(path, max)));

export const EmailSchema = v.pipe(
  v.string('Email is required'),
  v.trim(),
  v.nonEmpty('Email is required'),
  v.maxLength(254, 'Email must be valid'),
  v.regex(EMAIL_PATTERN, 'Email must be valid'),
  v.toLowerCase(),
);

export const FirstNameSchema = requiredText('first_name', 'First name is required', 80);
export const LastNameSchema = requiredText('last_name', 'Last name is required', 80);
export const MessageSchema = requiredText('message', 'Message is required', 5000);

/**
 * A Nigerian phone number in any of the forms the API accepts (docs/product.md#field-messages) (2348031234567, +234 803 123 4567,
 * 08031234567); the output is the national form '0' + 10 digits.
 */
export const PhoneSchema = v.pipe(
  v.string('Phone number is required'),
  v.trim(),
  v.nonEmpty('Phone number is required'),
  v.maxLength(PHONE_MAX_INPUT, 'Phone number is not valid'),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const national = toNationalPhone(dataset.value);
    if (!national) {
      addIssue({ message: 'Phone number is not valid' });
      return NEVER;
    }
    return national;
  }),
  v.metadata({
    pattern: '^\\+?[0-9\\s()-]+$',
    description:
      "A Nigerian mobile or fixed number: national ('08031234567') or international ('2348031234567', '+234 803 123 4567'); spaces, brackets and hyphens are ignored. Answers give it as '0' and 10 digits.",
  }),
);

/** '0' + 10 digits for a valid Nigerian number written in any accepted form, else null. */
export function toNationalPhone(input: string): string | null {
  const compact = input.replace(/[\s()-]/g, '');
  if (!/^\+?\d+$/.test(compact)) return null;
  const digits = compact.replace(/^\+/, '');
  let national: string;
  if (digits.startsWith(nigeria.callingCode)) {
    // docs/product.md#field-messages: the international form is 13 to 15 characters long.
    if (digits.length < 13 || digits.length > 15) return null;
    // The country prefix goes, and so does a trunk 0 written after it (+234 0803...).
    national = digits.slice(nigeria.callingCode.length).replace(/^0/, '');
  } else if (/^0\d{10}$/.test(digits)) {
    national = digits.slice(1);
  } else {
    return null;
  }
  // The API (docs/product.md#field-messages) keeps numbers as '0' + 10 digits, so only 10-digit national numbers fit.
  if (national.length !== 10 || !nigeria.lengths.includes(national.length) || !NATIONAL_NUMBER.test(national)) return null;
  return '0' + national;
}

export const PASSWORD_HINT = 'Minimum of 8 characters including one alphabet and one number.';

export const PasswordSchema = v.pipe(
  v.string('Password is required'),
  v.trim(),
  v.nonEmpty('Password is required'),
  v.minLength(8, 'Password must be at least 8 characters long.'),
  v.maxLength(50, 'Password must be at most 50 characters long.'),
  v.regex(/[A-Z]/, 'Password must contain at least one uppercase letter.'),
  v.regex(/\d/, 'Password must contain at least one number.'),
  // JSON Schema takes one pattern: both rules as look-aheads.
  v.metadata({
    pattern: '^(?=[\\s\\S]*[A-Z])(?=[\\s\\S]*\\d)',
    description: 'Trimmed: 8 to 50 characters, with at least one uppercase letter and one digit.',
  }),
);

/**
 * The rules PasswordSchema enforces, one by one, for the live list beside the spec's hint (which
 * says less than the rule). A unit test holds them to the schema. The server also refuses a common
 * password: that list is too long to ship, so the form names the rule without ticking it.
 */
export const PASSWORD_RULES: readonly { text: string; met: (password: string) => boolean }[] = [
  { text: '8 to 50 characters', met: (password) => password.trim().length >= 8 && password.trim().length <= 50 },
  { text: 'A capital letter', met: (password) => /[A-Z]/.test(password) },
  { text: 'A number', met: (password) => /\d/.test(password) },
];
export const COMMON_PASSWORD_RULE = 'Not a common password (checked when you send)';

const CONFIRM_REQUIRED = 'Confirm Password is required';
export const PASSWORDS_MUST_MATCH = 'Passwords must match';

/** The confirm-password field (sign-up, reset and change password): required; equal is checked by each form. */
export const ConfirmPasswordSchema = v.pipe(v.string(CONFIRM_REQUIRED), v.trim(), v.nonEmpty(CONFIRM_REQUIRED));

/** The confirm-password field's message for a value, given the password it must repeat. */
export function confirmPasswordMessage(password: unknown, confirm: unknown): string | undefined {
  if (typeof confirm !== 'string' || !confirm.trim()) return CONFIRM_REQUIRED;
  if (typeof password === 'string' && confirm.trim() !== password.trim()) return PASSWORDS_MUST_MATCH;
  return undefined;
}

/** An optional text: blank or missing becomes null. */
export const optionalText = (max: number, path: string) =>
  v.optional(
    v.pipe(
      v.nullable(v.string()),
      v.transform((text) => text?.trim() || null),
      v.check((text) => text === null || text.length <= max, `${path} must be at most ${max} characters`),
      v.metadata({ maxLength: max, description: `At most ${max} characters after trimming; blank or null leaves it empty.` }),
    ),
    null,
  );

/** An optional phone: blank or missing is left out (docs/product.md#field-messages), anything else must be valid. */
export const optionalPhone = v.optional(
  v.union(
    [
      v.pipe(
        v.nullable(v.string()),
        v.transform((text) => text?.trim() || null),
        v.null(),
      ),
      PhoneSchema,
    ],
    'Phone number is not valid',
  ),
  null,
);
