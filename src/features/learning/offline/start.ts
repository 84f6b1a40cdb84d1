// Offline study starts on the pages where a student learns, My courses and a course page
// (docs/product.md#offline-study): the ticks queued on the phone are sent now, when the connection
// returns, and when the service worker's Background Sync asks; and once the page has loaded and the
// browser is idle, the service worker is registered. Content pages never load any of it.
import { registerServiceWorker } from '#service-worker/register.ts';
import { sendQueuedTicks } from './tick-queue.ts';

let started = false;

export function startOfflineStudy() {
  if (started) return;
  started = true;
  void sendQueuedTicks();
  addEventListener('online', () => void sendQueuedTicks());
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent<{ type?: string } | null>) => {
    if (event.data?.type === 'send-ticks') void sendQueuedTicks();
  });
  const register = () => void registerServiceWorker().catch(() => undefined);
  const whenIdle = () =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(register, { timeout: 5000 }) : setTimeout(register, 1000);
  if (document.readyState === 'complete') whenIdle();
  else addEventListener('load', whenIdle, { once: true });
}
