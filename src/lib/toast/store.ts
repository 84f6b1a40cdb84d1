// Toasts are data: any script or island calls toast.error(...) and the one Solid toaster shows
// them. The toaster's code is fetched only when the first toast is raised (see loader.ts).
import { atom } from 'nanostores';

type ToastType = 'success' | 'info' | 'warning' | 'error' | 'default';

export interface ToastMessage {
  id: number;
  type: ToastType;
  message: string;
  /** Milliseconds on screen: errors 3000, everything else 5000 (docs/product.md#error-messages). */
  duration: number;
}

export const TOAST_POSITION = 'top-right';
const ERROR_TOAST_MS = 3000;
const TOAST_MS = 5000;

/** Toasts raised but not yet taken by the toaster. */
export const $pendingToasts = atom<ToastMessage[]>([]);

let nextId = 1;

function show(type: ToastType, message: string): number {
  const id = nextId++;
  $pendingToasts.set([...$pendingToasts.get(), { id, type, message, duration: type === 'error' ? ERROR_TOAST_MS : TOAST_MS }]);
  return id;
}

export const toast = {
  show: (message: string) => show('default', message),
  success: (message: string) => show('success', message),
  info: (message: string) => show('info', message),
  warning: (message: string) => show('warning', message),
  error: (message: string) => show('error', message),
};

/** Hands the pending toasts to the caller and empties the queue. */
export function takePendingToasts(): ToastMessage[] {
  const pending = $pendingToasts.get();
  if (pending.length) $pendingToasts.set([]);
  return pending;
}
