// The profile feature's calls: the signed-in student's profile and the password change (the
// picture's calls: ./upload-api.ts). The profile is read as the server wrote it (`trusted`:
// lib/http.ts says why; every signed-in page reads it as it opens), typed by lib/schemas/user.ts.
import { http, NoDataSchema, trusted } from '#lib/http.ts';
import type { User } from '#lib/schemas/user.ts';
import type { ChangePasswordInput, ProfileUpdateInput } from './schemas.ts';

const PROFILE = 'user/student/profile';

// Separate exports, not one object, and the picture's calls in a module of their own: a page that
// only refreshes the profile (every signed-in page) does not carry the upload calls and their
// schemas. Callers import them as a namespace, profileApi.
/** `quiet`: no toast from the client (the background refresh of every signed-in page says only refusals: stores.ts). */
export const profile = ({ quiet = false }: { quiet?: boolean } = {}) => http.get(PROFILE, { data: trusted<User>(), toastError: !quiet });
export const updateProfile = (input: ProfileUpdateInput) => http.put(PROFILE, input, { data: trusted<User>(), toastSuccess: true });
export const changePassword = (input: ChangePasswordInput) =>
  http.patch('user/auth/student/password', input, { data: NoDataSchema, toastSuccess: true });
