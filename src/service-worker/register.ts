// On portal pages only (never content pages: their JavaScript budget is 15 KB), once the page is
// loaded and idle: registers the service worker (/sw.js, docs/decisions/015-service-worker.md),
// tells it which student is signed in (only their saved files are served), and offers a new
// version when one is waiting: 'A new version of the site is ready.' with Reload, which lets it
// take over and reloads the page, so nobody is kept on an old version.
import { $session } from '#lib/session.ts';
import { toast } from '#lib/toast/store.ts';
import { setOfflineStudent } from '#lib/offline/student.ts';

const UPDATE_TEXT = 'A new version of the site is ready.';

function offerUpdate(waiting: ServiceWorker) {
  toast.info(UPDATE_TEXT, {
    action: {
      label: 'Reload',
      run: () => {
        navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), { once: true });
        waiting.postMessage({ type: 'skip-waiting' });
      },
    },
  });
}

export async function registerServiceWorker() {
  // The session as this page found it (its changes are written by session.ts itself).
  await setOfflineStudent($session.get()?.user.id ?? null);
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  // Just updated: the worker fetches the pages it keeps again, now that nothing waits for it.
  navigator.serviceWorker.controller?.postMessage({ type: 'refresh-pages' });
  // Only an update waits: the first version takes over at once, with nothing to replace.
  const offerWhenInstalled = (worker: ServiceWorker | null) =>
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed' && navigator.serviceWorker.controller) offerUpdate(worker);
    });
  if (registration.waiting && navigator.serviceWorker.controller) offerUpdate(registration.waiting);
  offerWhenInstalled(registration.installing);
  registration.addEventListener('updatefound', () => offerWhenInstalled(registration.installing));
}
