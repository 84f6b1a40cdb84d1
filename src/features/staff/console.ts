// What every console page runs once: the toaster, sign-out, and the 15-minute idle logout (the
// server ends the session then too; the page leaves instead of showing data no one is watching).
import { startIdleTimer } from '#lib/idle.ts';
import { $pendingToasts } from '#lib/toast/store.ts';
import { staffApi } from './api.ts';
import { $staffSession, $uploadsUnderWay, leaveForLogin, STAFF_IDLE_MS } from './session.ts';
import './staff.css';

// The toaster, mounted with the first toast. Not the student pages' loader (src/lib/toast/loader.ts):
// sharing that module with the console would split the student pages' one script into more files.
const stopWaiting = $pendingToasts.subscribe((pending) => {
  if (!pending.length) return;
  void import('#lib/toast/Toaster.solid.tsx').then(({ mountToaster }) => mountToaster());
  queueMicrotask(stopWaiting);
});

if ($staffSession.get()) {
  // An upload of a few GB can outlast the idle time with no one touching the page: it is waited for.
  const signOutIdle = (): void => {
    if ($uploadsUnderWay.get() > 0) startIdleTimer(STAFF_IDLE_MS, signOutIdle);
    else void staffApi.logOut().finally(() => leaveForLogin('idle'));
  };
  startIdleTimer(STAFF_IDLE_MS, signOutIdle);
  document
    .querySelector('[data-staff-logout]')
    ?.addEventListener('click', () => void staffApi.logOut().finally(() => leaveForLogin('out')));
  // The role may have changed since sign-in: the stored one follows the server's.
  void staffApi.me().then((staff) => {
    const session = $staffSession.get();
    if (session) $staffSession.set({ ...session, staff });
    document.documentElement.dataset.staffRole = staff.role;
  });
}
