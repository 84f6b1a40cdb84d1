// The profile feature's actions: the settings forms call these (every signed-in page's refresh is
// ./signed-in-user.ts). Each puts the user the server answered into the session store, so the
// header's avatar and name follow on every page at once.
import { go, LOGIN_PATH } from '#lib/navigation.ts';
import { $session, setSession, updateSessionUser } from '#lib/session.ts';
import { noteSignedOut } from '#lib/signed-out.ts';
import * as profileApi from './api.ts';
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
