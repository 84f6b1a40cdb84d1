// The one profile action every signed-in page runs on load, apart from the settings page's: the
// build shares a module whole between the pages that import it, so the uploads, the Undo and the
// password change (./stores.ts, ./upload-api.ts) would otherwise ride along on every signed-in page.
import { isNetworkError, messageOf } from '#lib/errors.ts';
import { $session, updateSessionUser } from '#lib/session.ts';
import { toast } from '#lib/toast/store.ts';
import * as profileApi from './api.ts';

/** Reads the signed-in user from the server (and so finds out whether the session still holds). */
export async function loadProfile({ quiet = false }: { quiet?: boolean } = {}) {
  const { data } = await profileApi.profile({ quiet }).catch((error: unknown) => {
    // Quiet about a lost connection only (offline, the page says so itself); a refusal is still said.
    if (quiet && !isNetworkError(error)) toast.error(messageOf(error));
    throw error;
  });
  updateSessionUser(data);
  return data;
}

/**
 * What every signed-in page does once: checks the stored session with the server (a session that
 * ended there sends the browser to login, by the HTTP client's 401 rule) and brings a name or
 * picture changed elsewhere to the header.
 */
export function refreshSignedInUser() {
  if ($session.get()) loadProfile({ quiet: true }).catch(() => undefined);
}
