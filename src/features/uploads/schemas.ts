// The profile picture upload (docs/product.md#planned-endpoints, 'Uploads'): what the browser sends
// to start an upload and to confirm it (what the server answers is in #lib/schemas/uploads.ts, which
// the settings page reads too). A JPEG or PNG of at most 5 MB (5242880 bytes); the stored file's
// extension comes from its MIME type, never from its name.
import * as v from 'valibot';
import { FILE_TYPES, fileTooLargeMessage, IMAGE_MIME_TYPES, MAX_IMAGE_BYTES, WRONG_IMAGE_TYPE } from '#lib/schemas/uploads.ts';

export { fileTooLargeMessage, MAX_IMAGE_BYTES, WRONG_IMAGE_TYPE };
export const FILE_SIZE_INVALID = 'file_size must be a whole number of bytes';

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
export type ConfirmUploadInput = v.InferInput<typeof ConfirmUploadSchema>;
