// What every signed-in page (the dashboard layout) runs: it checks the stored session with the
// server once (a session that ended there sends the browser to login, by the HTTP client's 401 rule,
// and a changed name or picture reaches the header), and after 12 minutes without activity it logs
// out and goes to the login page, to come back here after signing in (docs/product.md#dashboard-routes).
import { startIdleTimer } from '#lib/idle.ts';
import { currentPath, loginUrl } from '#lib/navigation.ts';
import { $session } from '#lib/session.ts';
import { logOut, refreshUser } from './stores.ts';

export const IDLE_LOGOUT_MS = 720_000;

export function startPrivatePage() {
  if (!$session.get()) return;
  refreshUser().catch(() => undefined);
  startIdleTimer(IDLE_LOGOUT_MS, () => void logOut({ to: loginUrl(currentPath()) }));
}
