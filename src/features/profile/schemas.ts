// The profile's rules (docs/product.md#form-fields and #field-messages): the profile update and the
// password change (the picture upload's are in upload-schemas.ts), one schema each, imported by the settings forms and by
// the API routes alike, so a form and its route cannot disagree.
import * as v from 'valibot';
import { ConfirmPasswordSchema, confirmPasswordMessage, optionalPhone, PasswordSchema, PASSWORDS_MUST_MATCH } from '#lib/schemas/fields.ts';

const SAME_PASSWORD = 'Password cannot match new password';
const HOME_ADDRESS_REQUIRED = 'Home address is required';

/** The home address where a profile needs one (the settings form, the profile update). */
const HomeAddressSchema = v.pipe(
  v.string(HOME_ADDRESS_REQUIRED),
  v.trim(),
  v.nonEmpty(HOME_ADDRESS_REQUIRED),
  v.maxLength(200, 'home_address must be at most 200 characters'),
);

/** The body of PUT user/student/profile: an absent phone or picture keeps the saved one; a null picture clears it. */
export const ProfileUpdateSchema = v.strictObject({
  home_address: HomeAddressSchema,
  phone_number: optionalPhone,
  /** The id of a stored upload of the student (upload-schemas.ts). */
  profile_image_file_id: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(100)))),
});
export type ProfileUpdateInput = v.InferInput<typeof ProfileUpdateSchema>;

/** The body of PATCH user/auth/student/password. */
export const ChangePasswordSchema = v.pipe(
  v.strictObject({ currentPassword: PasswordSchema, password: PasswordSchema }),
  v.forward(
    v.check((input) => input.currentPassword !== input.password, SAME_PASSWORD),
    ['currentPassword'],
  ),
);
export type ChangePasswordInput = v.InferOutput<typeof ChangePasswordSchema>;

/** The phone as the field holds it (a string; empty keeps the saved number), checked by the API's own rule. */
const PhoneFieldSchema = v.pipe(
  v.string('Phone number is not valid'),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const result = v.safeParse(optionalPhone, dataset.value);
    if (result.success) return result.output;
    addIssue({ message: result.issues[0].message });
    return NEVER;
  }),
);

/** The profile form: names and e-mail are shown read-only and never sent; the rest is the API's own rules. */
export const ProfileFormSchema = v.object({
  first_name: v.string(),
  last_name: v.string(),
  email: v.string(),
  home_address: HomeAddressSchema,
  /** Nigeria only; empty keeps the saved number. */
  phone_number: PhoneFieldSchema,
});
export type ProfileFormValues = v.InferInput<typeof ProfileFormSchema>;

/** The change-password form: the rules of ChangePasswordSchema, and the new password typed twice. */
export const ChangePasswordFormSchema = v.pipe(
  v.object({ currentPassword: PasswordSchema, password: PasswordSchema, confirmPassword: ConfirmPasswordSchema }),
  v.forward(
    v.partialCheck([['currentPassword'], ['password']], (input) => input.currentPassword !== input.password, SAME_PASSWORD),
    ['currentPassword'],
  ),
  v.forward(
    v.partialCheck([['password'], ['confirmPassword']], (input) => input.password === input.confirmPassword, PASSWORDS_MUST_MATCH),
    ['confirmPassword'],
  ),
);
export type ChangePasswordFormValues = v.InferInput<typeof ChangePasswordFormSchema>;

const firstIssue = (schema: v.GenericSchema, value: unknown) => {
  const result = v.safeParse(schema, value);
  return result.success ? undefined : result.issues[0].message;
};

/** The old password's message: the password rules, then not the same as the new one. */
export function oldPasswordMessage(value: unknown, newPassword: unknown): string | undefined {
  const own = firstIssue(PasswordSchema, value);
  if (own) return own;
  return typeof newPassword === 'string' && newPassword.trim() === String(value).trim() ? SAME_PASSWORD : undefined;
}

/** The confirmation's message: the sign-up and reset forms' rule (required, then equal to the new password). */
export const confirmMessage = (value: unknown, newPassword: unknown) => confirmPasswordMessage(newPassword, value);

export const newPasswordMessage = (value: unknown) => firstIssue(PasswordSchema, value);
