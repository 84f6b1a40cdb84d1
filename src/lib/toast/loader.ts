// Mounts the Solid toaster the first time a toast is raised, so pages pay for it only then.
import { $pendingToasts } from './store.ts';

let mounting: Promise<unknown> | null = null;

export function startToastLoader() {
  const unsubscribe = $pendingToasts.subscribe((pending) => {
    if (!pending.length || mounting) return;
    mounting = import('./Toaster.solid.tsx').then(({ mountToaster }) => mountToaster());
    queueMicrotask(unsubscribe);
  });
}
