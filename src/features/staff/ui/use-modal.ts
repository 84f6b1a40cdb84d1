// A <dialog> shown as a modal while `open` holds, closed when it stops: the browser keeps focus inside
// it and gives it back to the opener. The staff console's confirm and reason dialogs share it.
import { useEffect, useRef } from 'react';

export function useModal(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return ref;
}
