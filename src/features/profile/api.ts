// The profile feature's calls: the signed-in student's profile, the password change, the picture
// upload's two API steps (the bytes themselves go to the signed URL: ./upload.ts) and the picture's
// own call. Each names the schema of the data it expects.
import { http, NoDataSchema } from '#lib/http.ts';
import { UserSchema } from '#lib/schemas/user.ts';
import type { ChangePasswordInput, ProfileUpdateInput } from './schemas.ts';
import {
  InitiatedUploadSchema,
  ProfileImageChangeSchema,
  UploadRecordSchema,
  type InitiateUploadInput,
  type ProfileImageUpdateInput,
} from './upload-schemas.ts';

const PROFILE = 'user/student/profile';

// Separate exports, not one object: a page that only refreshes the profile (every signed-in page)
// does not carry the upload calls and their schemas. Callers import them as a namespace, profileApi.
/** `quiet`: no toast from the client (the background refresh of every signed-in page says only refusals: stores.ts). */
export const profile = ({ quiet = false }: { quiet?: boolean } = {}) => http.get(PROFILE, { data: UserSchema, toastError: !quiet });
export const updateProfile = (input: ProfileUpdateInput) => http.put(PROFILE, input, { data: UserSchema, toastSuccess: true });
export const changePassword = (input: ChangePasswordInput) =>
  http.patch('user/auth/student/password', input, { data: NoDataSchema, toastSuccess: true });
export const initiateUpload = (input: InitiateUploadInput) => http.post('user/initiate-upload', input, { data: InitiatedUploadSchema });
/** The picture on its own; `toastSuccess: false` where the caller shows the message itself (with an Undo). */
export const updateProfileImage = (input: ProfileImageUpdateInput, { toastSuccess = true } = {}) =>
  http.put(`${PROFILE}/image`, input, { data: ProfileImageChangeSchema, toastSuccess });
export const confirmUpload = (fileId: string, stored: { file_key: string; file_url: string }) =>
  http.put(`user/uploaded-file/${encodeURIComponent(fileId)}`, stored, { data: UploadRecordSchema });
