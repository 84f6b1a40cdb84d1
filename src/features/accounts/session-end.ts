// Ending a session, on its own: every dashboard page loads it (the idle logout and the logout
// link), so it carries none of the sign-up, code and reset flows of stores.ts.
import { HOME_PATH, go } from '#lib/navigation.ts';
import { http, NoDataSchema } from '#lib/http.ts';
import { offlineStudentWritten, setSession } from '#lib/session.ts';

/** Ends the session on the server (as far as it can be reached) and forgets it here. */
export async function endSession() {
  await http.post('user/auth/student/logout', undefined, { data: NoDataSchema, toastError: false }).catch(() => undefined);
  setSession(null);
  // The service worker stops serving this student's saved files before the page is left.
  await offlineStudentWritten();
}

/** Ends the session and goes home (or `to`). */
export async function logOut({ to = HOME_PATH }: { to?: string } = {}) {
  await endSession();
  go(to, { replace: true });
}
