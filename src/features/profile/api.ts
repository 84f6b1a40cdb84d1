// The profile feature's calls: the signed-in student's profile and the password change (the
// picture's calls: ./upload-api.ts). Each names the schema of the data it expects.
import { http, NoDataSchema } from '#lib/http.ts';
import { UserSchema } from '#lib/schemas/user.ts';
import type { ChangePasswordInput, ProfileUpdateInput } from './schemas.ts';

const PROFILE = 'user/student/profile';

// Separate exports, not one object, and the picture's calls in a module of their own: a page that
// only refreshes the profile (every signed-in page) does not carry the upload calls and their
// schemas. Callers import them as a namespace, profileApi.
/** `quiet`: no toast from the client (the background refresh of every signed-in page says only refusals: stores.ts). */
export const profile = ({ quiet = false }: { quiet?: boolean } = {}) => http.get(PROFILE, { data: UserSchema, toastError: !quiet });
export const updateProfile = (input: ProfileUpdateInput) => http.put(PROFILE, input, { data: UserSchema, toastSuccess: true });
export const changePassword = (input: ChangePasswordInput) =>
  http.patch('user/auth/student/password', input, { data: NoDataSchema, toastSuccess: true });
