// A toast's message with its one button (Undo), for the Solid toaster, which shows any DOM node it
// is given. The toast keeps its own time here rather than solid-toast's: it waits while the pointer
// or the focus is on it, so someone who reached the button with the keyboard, or is still reading,
// does not see it vanish (WCAG 2.2.1). The button works once; if the focus is in the toast when it
// closes, it goes where the caller said rather than to the top of the page.
import type { ToastAction, ToastMessage } from './store.ts';

const BUTTON_STYLE = [
  'margin-inline-start: 0.75rem',
  'padding: 0.2rem 0.5rem',
  'border: 0',
  'background: none',
  'color: var(--indigo-700)',
  'font: inherit',
  'font-weight: 700',
  'text-decoration: underline',
  'text-underline-offset: 0.15em',
  'cursor: pointer',
].join(';');

/** The toast's content; `dismiss` closes the toast. Focuses the button at once when the item asks. */
export function actionToastContent(item: ToastMessage & { action: ToastAction }, dismiss: () => void): HTMLElement {
  const host = document.createElement('span');
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = item.action.label;
  button.setAttribute('style', BUTTON_STYLE);
  host.append(item.message, button);

  let left = item.duration;
  let since = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  const holds = () => host.matches(':hover') || host.contains(document.activeElement);

  const close = () => {
    if (closed) return;
    closed = true;
    clearTimeout(timer);
    const hadFocus = host.contains(document.activeElement);
    dismiss();
    if (hadFocus) item.returnFocus?.()?.focus();
  };
  const hold = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    timer = undefined;
    left -= Date.now() - since;
  };
  const run = () => {
    if (closed || timer !== undefined || holds()) return;
    since = Date.now();
    timer = setTimeout(close, Math.max(0, left));
  };

  host.addEventListener('mouseenter', hold);
  host.addEventListener('mouseleave', run);
  host.addEventListener('focusin', hold);
  // After focusout the focus may still be inside (it moved within the toast): look once it has landed.
  host.addEventListener('focusout', () => queueMicrotask(run));
  button.addEventListener('click', () => {
    if (closed) return;
    close();
    item.action.run();
  });
  // The clock starts once the toast is on the page, where it can be seen (and hovered, or focused).
  requestAnimationFrame(() => {
    if (item.focusAction) button.focus();
    run();
  });
  return host;
}
