// The profile's rules (docs/product.md#form-fields and #field-messages): the profile update, the
// password change and the picture upload, one schema each, imported by the settings forms and by
// the API routes alike, so a form and its route cannot disagree.
import * as v from 'valibot';
import { ConfirmPasswordSchema, confirmPasswordMessage, optionalPhone, PasswordSchema, PASSWORDS_MUST_MATCH } from '#lib/schemas/fields.ts';

const SAME_PASSWORD = 'Password cannot match new password';
export const HOME_ADDRESS_REQUIRED = 'Home address is required';

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
  /** The id of a stored upload of the student (below). */
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

// The picture upload (API 'Uploads'): a JPEG or PNG of at most 5 MB (5242880 bytes); the stored
// file's extension comes from its MIME type, never from its name.
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png'] as const;
const FILE_TYPES = ['user_image'] as const;

/** A picture is at most 5 MB (5242880 bytes): checked in the browser and again by the server. */
export const MAX_IMAGE_BYTES = 5_242_880;
const BYTES_PER_MB = 1024 * 1024;

/** docs/product.md#error-messages: n is the size in MB, rounded up. */
export const fileTooLargeMessage = (bytes: number) => `This file size of ${Math.ceil(bytes / BYTES_PER_MB)}mb cannot be uploaded`;
export const WRONG_IMAGE_TYPE = 'Only .jpeg, .jpg and .png images can be uploaded';
const FILE_SIZE_INVALID = 'file_size must be a whole number of bytes';
export const UPLOAD_NOT_FOUND = 'Upload not found';

export const InitiateUploadSchema = v.strictObject({
  file_name: v.pipe(
    v.string('file_name is required'),
    v.trim(),
    v.nonEmpty('file_name is required'),
    v.maxLength(200, 'file_name must be at most 200 characters'),
  ),
  mime_type: v.picklist(IMAGE_MIME_TYPES, WRONG_IMAGE_TYPE),
  file_size: v.pipe(
    v.number(FILE_SIZE_INVALID),
    v.integer(FILE_SIZE_INVALID),
    v.minValue(1, 'The file is empty'),
    v.maxValue(MAX_IMAGE_BYTES, (issue) => fileTooLargeMessage(Number(issue.input))),
  ),
  file_type: v.picklist(FILE_TYPES, 'file_type must be user_image'),
});
export type InitiateUploadInput = v.InferInput<typeof InitiateUploadSchema>;

export const ConfirmUploadSchema = v.strictObject({
  file_key: v.pipe(v.string('file_key is required'), v.nonEmpty('file_key is required'), v.maxLength(100, 'file_key is not valid')),
  file_url: v.pipe(v.string('file_url is required'), v.nonEmpty('file_url is required'), v.maxLength(4000, 'file_url is not valid')),
});

/** What initiate-upload answers: a signed PUT URL, valid 15 minutes, for the bytes, with Content-Type the mime_type. */
export const InitiatedUploadSchema = v.object({
  file_id: v.string(),
  file_url: v.string(),
  mime_type: v.picklist(IMAGE_MIME_TYPES),
  file_key: v.string(),
});

/** The upload record (docs/product.md, 'Data'); `file_url` is where the stored image is served. */
export const UploadRecordSchema = v.object({
  file_id: v.string(),
  file_key: v.string(),
  file_url: v.string(),
  mime_type: v.picklist(IMAGE_MIME_TYPES),
  file_name: v.string(),
  file_size: v.number(),
  file_type: v.picklist(FILE_TYPES),
  file_extension: v.picklist(['jpg', 'png']),
});
export type UploadRecord = v.InferOutput<typeof UploadRecordSchema>;
