// The picture's actions on the profile (the upload itself: ./upload.ts). The settings page fetches
// this module, with the upload's, only when a picture is picked or cleared: most visits do neither.
// Each puts the user the server answered into the session store, so the header's avatar follows.
import { updateSessionUser } from '#lib/session.ts';
import { toast, type ToastOptions } from '#lib/toast/store.ts';
import * as uploadApi from './upload-api.ts';

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
