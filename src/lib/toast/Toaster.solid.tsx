/** @jsxImportSource solid-js */
// The one toaster of the page: a Solid root rendering solid-toast, fed by the toast store. A toast
// with an action (Undo) shows the content ./action-toast.ts builds.
import { createSignal } from 'solid-js';
import { render } from 'solid-js/web';
import toastApi, { Toaster } from 'solid-toast';
import { actionToastContent } from './action-toast.ts';
import { $pendingToasts, NARROW_TOAST_POSITION, NARROW_TOASTS, takePendingToasts, TOAST_POSITION, type ToastMessage } from './store.ts';

const ICONS: Partial<Record<ToastMessage['type'], string>> = { info: 'ℹ️', warning: '⚠️' };

const GAP_PX = 12;
/** Where the top toasts start: below the header as it is drawn now (under the promo banner at the top of a page). */
const [top, setTop] = createSignal(84);
function clearOfHeader() {
  const header = document.querySelector('[data-header]');
  if (header) setTop(Math.max(0, Math.round(header.getBoundingClientRect().bottom)) + GAP_PX);
}

function present(item: ToastMessage) {
  clearOfHeader();
  const ariaProps =
    item.type === 'error' ? ({ role: 'alert', 'aria-live': 'assertive' } as const) : ({ role: 'status', 'aria-live': 'polite' } as const);
  // Where the screen is when the toast is raised: on a phone at the bottom, clear of the header (its
  // logo, menu and unread count) and of the page's heading; elsewhere at the top right.
  const position = matchMedia(NARROW_TOASTS).matches ? NARROW_TOAST_POSITION : TOAST_POSITION;
  const options = { duration: item.duration, ariaProps, icon: ICONS[item.type], position };
  const { action } = item;
  if (action) {
    // Its own time (./action-toast.ts): solid-toast's would close it under a focused button.
    const id = `toast-${item.id}`;
    const content = actionToastContent({ ...item, action }, () => toastApi.dismiss(id));
    const message = () => content;
    const actionOptions = { ...options, id, duration: Infinity };
    if (item.type === 'success') toastApi.success(message, actionOptions);
    else if (item.type === 'error') toastApi.error(message, actionOptions);
    else toastApi(message, actionOptions);
    return;
  }
  if (item.type === 'success') toastApi.success(item.message, options);
  else if (item.type === 'error') toastApi.error(item.message, options);
  else toastApi(item.message, options);
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
        // Below the header, so a toast never covers the menu, the bell or the avatar; a phone's
        // bottom toasts clear of its home bar.
        containerStyle={{ top: `${top()}px`, bottom: 'calc(16px + env(safe-area-inset-bottom, 0px))' }}
        toastOptions={{ style: { 'font-family': 'inherit', 'max-width': '24rem', color: '#1c1917' }, className: 'toast' }}
      />
    ),
    host,
  );
  $pendingToasts.subscribe(() => takePendingToasts().forEach(present));
}
