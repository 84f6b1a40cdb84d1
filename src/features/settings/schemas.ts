// The settings forms' schemas (docs/product.md#form-fields and #field-messages), built from the
// account rules the API itself checks (#lib/schemas/account.ts: ProfileUpdateSchema,
// ChangePasswordSchema, the confirm-password rule), so a form and its route cannot disagree.
import * as v from 'valibot';
import {
  CONFIRM_REQUIRED,
  confirmPasswordMessage,
  ConfirmPasswordSchema,
  HOME_ADDRESS_REQUIRED,
  HomeAddressSchema,
  optionalPhone,
  PASSWORDS_MUST_MATCH,
  SAME_PASSWORD,
} from '#lib/schemas/account.ts';
import { PasswordSchema } from '#lib/schemas/fields.ts';

export { CONFIRM_REQUIRED, HOME_ADDRESS_REQUIRED, HomeAddressSchema, PASSWORDS_MUST_MATCH, SAME_PASSWORD };

/** The phone as the field holds it (a string; empty keeps the saved number), checked by the API's own rule. */
export const PhoneFieldSchema = v.pipe(
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

export interface ProfileFormValues {
  first_name: string;
  last_name: string;
  email: string;
  home_address: string;
  phone_number: string;
}

/** The change-password form: the rules of the API's ChangePasswordSchema, and the confirmation. */
export const ChangePasswordFormSchema = v.pipe(
  // The API's ChangePasswordSchema fields (both PasswordSchema), and the new password typed twice.
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
