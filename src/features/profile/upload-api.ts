// The picture's calls: the upload's two API steps (the bytes themselves go to the signed URL:
// ./upload.ts) and the picture's own call, apart from ./api.ts so that only the settings page
// carries them and their schemas. Each names the schema of the data it expects.
import { http } from '#lib/http.ts';
import {
  InitiatedUploadSchema,
  ProfileImageChangeSchema,
  UploadRecordSchema,
  type InitiateUploadInput,
  type ProfileImageUpdateInput,
} from './upload-schemas.ts';

const PROFILE_IMAGE = 'user/student/profile/image';

export const initiateUpload = (input: InitiateUploadInput) => http.post('user/initiate-upload', input, { data: InitiatedUploadSchema });
/** The picture on its own; `toastSuccess: false` where the caller shows the message itself (with an Undo). */
export const updateProfileImage = (input: ProfileImageUpdateInput, { toastSuccess = true } = {}) =>
  http.put(PROFILE_IMAGE, input, { data: ProfileImageChangeSchema, toastSuccess });
export const confirmUpload = (fileId: string, stored: { file_key: string; file_url: string }) =>
  http.put(`user/uploaded-file/${encodeURIComponent(fileId)}`, stored, { data: UploadRecordSchema });
