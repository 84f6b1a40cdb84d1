// The profile feature's calls: the signed-in student's profile, the password change and the picture
// upload's two API steps (the bytes themselves go to the signed URL: ./upload.ts). Each names the
// schema of the data it expects.
import { http, NoDataSchema } from '#lib/http.ts';
import { UserSchema } from '#lib/schemas/user.ts';
import {
  InitiatedUploadSchema,
  UploadRecordSchema,
  type ChangePasswordInput,
  type InitiateUploadInput,
  type ProfileUpdateInput,
} from './schemas.ts';

const PROFILE = 'user/student/profile';

export const profileApi = {
  profile: () => http.get(PROFILE, { data: UserSchema }),
  updateProfile: (input: ProfileUpdateInput) => http.put(PROFILE, input, { data: UserSchema, toastSuccess: true }),
  changePassword: (input: ChangePasswordInput) =>
    http.patch('user/auth/student/password', input, { data: NoDataSchema, toastSuccess: true }),
  initiateUpload: (input: InitiateUploadInput) => http.post('user/initiate-upload', input, { data: InitiatedUploadSchema }),
  confirmUpload: (fileId: string, stored: { file_key: string; file_url: string }) =>
    http.put(`user/uploaded-file/${encodeURIComponent(fileId)}`, stored, { data: UploadRecordSchema }),
};
