/** @jsxImportSource solid-js */
// The one toaster of the page: a Solid root rendering solid-toast, fed by the toast store.
import { render } from 'solid-js/web';
import toastApi, { Toaster } from 'solid-toast';
import { $pendingToasts, takePendingToasts, TOAST_POSITION, type ToastMessage } from './store.ts';

const ICONS: Partial<Record<ToastMessage['type'], string>> = { info: 'ℹ️', warning: '⚠️' };

function present(item: ToastMessage) {
  const options = { duration: item.duration, ariaProps: { role: 'status' as const, 'aria-live': 'polite' as const } };
  if (item.type === 'success') toastApi.success(item.message, options);
  else if (item.type === 'error') toastApi.error(item.message, { ...options, ariaProps: { role: 'alert', 'aria-live': 'assertive' } });
  else toastApi(item.message, { ...options, icon: ICONS[item.type] });
}

export function mountToaster() {
  const host = document.createElement('div');
  host.id = 'toaster';
  document.body.append(host);
  render(
    () => (
      <Toaster
        position={TOAST_POSITION}
        gutter={8}
        toastOptions={{ style: { 'font-family': 'inherit', 'max-width': '24rem', color: '#1c1917' }, className: 'toast' }}
      />
    ),
    host,
  );
  $pendingToasts.subscribe(() => takePendingToasts().forEach(present));
}
