// What every signed-in page (the dashboard layout) runs: the page's heading marked data-welcome
// greets the student by name, and after 12 minutes without activity it logs out and goes to the
// login page, to come back here after signing in (docs/product.md#dashboard-routes).
import { startIdleTimer } from '#lib/idle.ts';
import { currentPath, go, loginUrl } from '#lib/navigation.ts';
import { $session, setSession } from '#lib/session.ts';
import { noteSignedOut } from '#lib/signed-out.ts';

const IDLE_LOGOUT_MS = 720_000;

/** The dashboard's 'Welcome, Ada': the heading follows the session (a name changed in another tab). */
function greetStudent() {
  const heading = document.querySelector<HTMLElement>('[data-welcome]');
  if (!heading) return;
  $session.subscribe((session) => {
    heading.textContent = session ? `Welcome, ${session.user.first_name}` : 'Welcome';
  });
}

export function startPrivatePage() {
  greetStudent();
  if (!$session.get()) return;
  startIdleTimer(IDLE_LOGOUT_MS, () => {
    noteSignedOut({ why: 'idle', email: $session.get()?.user.email });
    const to = loginUrl(currentPath());
    // Logging out's code comes when the 12 minutes are up, not with every page. Should it not come
    // (offline, before the service worker kept it), the session ends here all the same.
    import('./session-end.ts').then(
      ({ logOut }) => logOut({ to }),
      () => {
        setSession(null);
        go(to, { replace: true });
      },
    );
  });
}
