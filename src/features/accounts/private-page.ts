// What every signed-in page (the dashboard layout) runs: after 12 minutes without activity it logs
// out and goes to the login page, to come back here after signing in (docs/product.md#dashboard-routes).
import { startIdleTimer } from '#lib/idle.ts';
import { currentPath, loginUrl } from '#lib/navigation.ts';
import { $session } from '#lib/session.ts';
import { noteSignedOut } from '#lib/signed-out.ts';
import { logOut } from './session-end.ts';

const IDLE_LOGOUT_MS = 720_000;

export function startPrivatePage() {
  if (!$session.get()) return;
  startIdleTimer(IDLE_LOGOUT_MS, () => {
    noteSignedOut({ why: 'idle', email: $session.get()?.user.email });
    void logOut({ to: loginUrl(currentPath()) });
  });
}
