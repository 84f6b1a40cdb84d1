// What the upload routes answer (docs/product.md#planned-endpoints, 'Uploads'), shared by the
// uploads feature's routes, which send it, and the settings page, which reads it: where to PUT the
// picture, and the stored record whose file_id the profile update takes.
import * as v from 'valibot';

export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png'] as const;
export const FILE_TYPES = ['user_image'] as const;

/** A picture is at most 5 MB (5242880 bytes): checked in the browser and again by the server. */
export const MAX_IMAGE_BYTES = 5_242_880;
const BYTES_PER_MB = 1024 * 1024;

/** docs/product.md#error-messages: n is the size in MB, rounded up. */
export const fileTooLargeMessage = (bytes: number) => `This file size of ${Math.ceil(bytes / BYTES_PER_MB)}mb cannot be uploaded`;
export const WRONG_IMAGE_TYPE = 'Only .jpeg, .jpg and .png images can be uploaded';

export const InitiatedUploadSchema = v.object({
  file_id: v.string(),
  /** A signed PUT URL, valid 15 minutes: the bytes go there, with Content-Type the mime_type. */
  file_url: v.string(),
  mime_type: v.picklist(IMAGE_MIME_TYPES),
  file_key: v.string(),
});
export type InitiatedUpload = v.InferOutput<typeof InitiatedUploadSchema>;

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
