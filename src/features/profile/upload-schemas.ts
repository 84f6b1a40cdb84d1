// The picture upload (API 'Uploads'): what the browser sends to start and confirm an upload, what
// the server answers, and the limits both check: a JPEG or PNG of at most 5 MB (5242880 bytes); the
// stored file's extension comes from its MIME type, never from its name. Then the picture's own
// call, which sets or removes it whatever the rest of the profile holds. Apart from schemas.ts so
// the signed-in pages that only read the profile do not carry the forms' rules.
import * as v from 'valibot';
import { UserSchema } from '#lib/schemas/user.ts';
import { LinkSchema } from '#lib/schemas/values.ts';

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
  file_url: LinkSchema,
  mime_type: v.picklist(IMAGE_MIME_TYPES),
  file_key: v.string(),
});

/** The upload record (docs/product.md, 'Data'); `file_url` is where the stored image is served. */
export const UploadRecordSchema = v.object({
  file_id: v.string(),
  file_key: v.string(),
  file_url: LinkSchema,
  mime_type: v.picklist(IMAGE_MIME_TYPES),
  file_name: v.string(),
  file_size: v.number(),
  file_type: v.picklist(FILE_TYPES),
  file_extension: v.picklist(['jpg', 'png']),
});
export type UploadRecord = v.InferOutput<typeof UploadRecordSchema>;

/** An upload's id as a body names it; whether it is one of the student's stored uploads is the server's to say. */
const FileIdSchema = v.pipe(v.string('file_id must be a string or null'), v.maxLength(100, 'file_id is not valid'));

/**
 * The body of PUT user/student/profile/image. `replaces` makes the change conditional: it names the
 * picture the client saw (null: none), and the server refuses when the picture is another by now,
 * as when an Undo comes after another tab chose a new one.
 */
export const ProfileImageUpdateSchema = v.strictObject({
  file_id: v.pipe(
    v.nullable(FileIdSchema),
    v.description('The id of a stored upload of the student (PUT user/uploaded-file/{file_id}); null removes the picture.'),
  ),
  replaces: v.optional(
    v.pipe(
      v.nullable(FileIdSchema),
      v.description('Change only if this is still the picture (its upload id; null: no picture); otherwise 409 and nothing changes.'),
    ),
  ),
});
export type ProfileImageUpdateInput = v.InferInput<typeof ProfileImageUpdateSchema>;

/** What PUT user/student/profile/image answers: the student, and the picture the change replaced or removed. */
export const ProfileImageChangeSchema = v.pipe(
  v.object({
    user: UserSchema,
    previous_file_id: v.pipe(
      v.nullable(v.string()),
      v.description(
        'The upload id of the picture before this change (null: there was none). A removal is undone by sending it back as file_id, with replaces: null.',
      ),
    ),
  }),
  v.metadata({ ref: 'ProfileImageChange' }),
);
