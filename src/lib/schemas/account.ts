// The account rules two features' forms share with the API: the profile update and the password
// change (accounts' routes and the settings page), and the confirm-password rule. One schema each,
// imported by the forms and by the routes, with the messages of docs/product.md#field-messages.
import * as v from 'valibot';
import { PasswordSchema, PhoneSchema } from './fields.ts';

export const SAME_PASSWORD = 'Password cannot match new password';
export const CONFIRM_REQUIRED = 'Confirm Password is required';
export const PASSWORDS_MUST_MATCH = 'Passwords must match';
export const HOME_ADDRESS_REQUIRED = 'Home address is required';

/** An optional text: blank or missing becomes null. */
export const optionalText = (max: number, path: string) =>
  v.optional(
    v.pipe(
      v.nullable(v.string()),
      v.transform((text) => text?.trim() || null),
      v.check((text) => text === null || text.length <= max, `${path} must be at most ${max} characters`),
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

export const ChangePasswordSchema = v.pipe(
  v.strictObject({ currentPassword: PasswordSchema, password: PasswordSchema }),
  v.forward(
    v.check((input) => input.currentPassword !== input.password, SAME_PASSWORD),
    ['currentPassword'],
  ),
);

/** The home address where a profile needs one (the settings form, the profile update). */
export const HomeAddressSchema = v.pipe(
  v.string(HOME_ADDRESS_REQUIRED),
  v.trim(),
  v.nonEmpty(HOME_ADDRESS_REQUIRED),
  v.maxLength(200, 'home_address must be at most 200 characters'),
);

export const ProfileUpdateSchema = v.strictObject({
  home_address: HomeAddressSchema,
  phone_number: optionalPhone,
  /** The uploaded picture's record; the uploads feature gives it meaning. */
  profile_image_file_id: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(100)))),
});
export type ProfileUpdateInput = v.InferInput<typeof ProfileUpdateSchema>;

/** The confirm-password field's message for a value, given the password it must repeat. */
export function confirmPasswordMessage(password: unknown, confirm: unknown): string | undefined {
  if (typeof confirm !== 'string' || !confirm.trim()) return CONFIRM_REQUIRED;
  if (typeof password === 'string' && confirm.trim() !== password.trim()) return PASSWORDS_MUST_MATCH;
  return undefined;
}

export const ConfirmPasswordSchema = v.pipe(v.string(CONFIRM_REQUIRED), v.trim(), v.nonEmpty(CONFIRM_REQUIRED));
