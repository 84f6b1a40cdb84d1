// Toasts are data: any script or island calls toast.error(...) and the one Solid toaster shows
// them. The toaster's code is fetched only when the first toast is raised (see loader.ts). A toast
// may carry one action, a button such as Undo.
import { atom } from 'nanostores';

type ToastType = 'success' | 'info' | 'warning' | 'error' | 'default';

/** A button in a toast, e.g. Undo: pressed once at most, and the toast closes. */
export interface ToastAction {
  label: string;
  run: () => void;
}

export interface ToastOptions {
  action?: ToastAction;
  /**
   * Focus the action's button at once: for when the control the person used is gone (the picture
   * they cleared with the keyboard), so the way back is the next thing in reach.
   */
  focusAction?: boolean;
  /** Where focus goes if it is in the toast when the toast closes (its button pressed). */
  returnFocus?: () => HTMLElement | null | undefined;
}

export interface ToastMessage extends ToastOptions {
  id: number;
  type: ToastType;
  message: string;
  /**
   * Milliseconds on screen: errors 3000, everything else 5000 (docs/product.md#error-messages). A
   * toast with an action waits while the pointer or the focus is on it.
   */
  duration: number;
}

export const TOAST_POSITION = 'top-right' as const;
/** A phone's screen: its toasts go to the bottom, where they hide neither the header nor the heading. */
export const NARROW_TOASTS = '(max-width: 47.99rem)';
export const NARROW_TOAST_POSITION = 'bottom-center' as const;
const ERROR_TOAST_MS = 3000;
const TOAST_MS = 5000;

/** Toasts raised but not yet taken by the toaster. */
export const $pendingToasts = atom<ToastMessage[]>([]);

let nextId = 1;

function show(type: ToastType, message: string, options: ToastOptions = {}): number {
  const id = nextId++;
  $pendingToasts.set([...$pendingToasts.get(), { ...options, id, type, message, duration: type === 'error' ? ERROR_TOAST_MS : TOAST_MS }]);
  return id;
}

export const toast = {
  show: (message: string, options?: ToastOptions) => show('default', message, options),
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  info: (message: string, options?: ToastOptions) => show('info', message, options),
  warning: (message: string, options?: ToastOptions) => show('warning', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
};

/** Hands the pending toasts to the caller and empties the queue. */
export function takePendingToasts(): ToastMessage[] {
  const pending = $pendingToasts.get();
  if (pending.length) $pendingToasts.set([]);
  return pending;
}
