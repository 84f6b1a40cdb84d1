// The profile feature's actions: the settings forms call these (every signed-in page's refresh is
// ./signed-in-user.ts). Each puts the user the server answered into the session store, so the
// header's avatar and name follow on every page at once.
import { go, LOGIN_PATH } from '#lib/navigation.ts';
import { $session, setSession, updateSessionUser } from '#lib/session.ts';
import { noteSignedOut } from '#lib/signed-out.ts';
import { toast, type ToastOptions } from '#lib/toast/store.ts';
import * as profileApi from './api.ts';
import * as uploadApi from './upload-api.ts';
import type { ChangePasswordInput, ProfileUpdateInput } from './schemas.ts';

/** docs/product.md#limits-and-timings: 'Redirect after password change'. */
export const PASSWORD_CHANGED_REDIRECT_MS = 1000;

/** Saves the home address and phone (PUT user/student/profile). */
export async function saveProfile(input: ProfileUpdateInput) {
  const { data } = await profileApi.updateProfile(input);
  updateSessionUser(data);
  return data;
}

/**
 * Makes a stored upload the picture (PUT user/student/profile/image), on its own: the home address
 * and phone the form holds, valid or not, neither hold it back nor go with it.
 */
export async function saveProfileImage(fileId: string) {
  const { data } = await uploadApi.updateProfileImage({ file_id: fileId });
  updateSessionUser(data.user);
  return data.user;
}

export const UNDO = 'Undo';

/**
 * Removes the picture at once (PUT user/student/profile/image with null), whatever else the profile
 * holds, and says so in a toast with Undo. The server removes it now rather than when the toast has
 * gone: a reload or another tab then shows what the student asked for, and nothing is lost if the
 * page closes. Undo puts back the same upload, which the server keeps for a day after the change,
 * and only while no other picture was chosen since (in another tab): the server answers 409 then.
 */
export async function removeProfileImage(focus: Pick<ToastOptions, 'focusAction' | 'returnFocus'> = {}) {
  const { message, data } = await uploadApi.updateProfileImage({ file_id: null }, { toastSuccess: false });
  updateSessionUser(data.user);
  const removed = data.previous_file_id;
  // A picture from before uploads had records has no id to restore: no Undo then.
  const undo = removed ? { action: { label: UNDO, run: () => void restoreProfileImage(removed) }, ...focus } : {};
  toast.success(message, undo);
  return data.user;
}

async function restoreProfileImage(fileId: string) {
  try {
    const { data } = await uploadApi.updateProfileImage({ file_id: fileId, replaces: null });
    updateSessionUser(data.user);
  } catch {
    // Toasted by the HTTP client: another picture chosen meanwhile (409), or this one gone (400).
  }
}

/**
 * Changes the password. The server has then ended every session of the account, this one too: the
 * session is forgotten here at once and the browser goes to login after a second (the success toast
 * stays readable meanwhile).
 */
export async function changePassword(input: ChangePasswordInput) {
  await profileApi.changePassword(input);
  noteSignedOut({ why: 'password', email: $session.get()?.user.email });
  setSession(null);
  await new Promise((resolve) => setTimeout(resolve, PASSWORD_CHANGED_REDIRECT_MS));
  go(LOGIN_PATH, { replace: true });
}
