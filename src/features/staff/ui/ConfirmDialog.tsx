// A change that needs no reason but cannot be undone (closing a scholarship early): a modal dialog
// that says what will happen, focus kept inside until it is confirmed or cancelled, and the opener
// focused again after, as the reason dialog does.
import { useId, useState, type ReactNode } from 'react';
import { useModal } from './use-modal.ts';

interface ConfirmDialogProps {
  title: string;
  open: boolean;
  confirmLabel: string;
  children: ReactNode;
  onClose: () => void;
  onConfirm: () => Promise<unknown>;
}

export function ConfirmDialog({ title, open, confirmLabel, children, onClose, onConfirm }: ConfirmDialogProps) {
  const ref = useModal(open);
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const confirm = () => {
    if (busy) return;
    setBusy(true);
    // A refusal has been toasted by the client; the dialog stays open to try again or cancel.
    onConfirm()
      .then(onClose, () => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <dialog ref={ref} className="staff-dialog" aria-labelledby={titleId} onClose={onClose}>
      <h2 id={titleId}>{title}</h2>
      {children}
      <div className="staff-actions">
        <button type="button" className="btn" aria-busy={busy || undefined} aria-disabled={busy || undefined} onClick={confirm}>
          {confirmLabel}
        </button>
        <button type="button" className="btn btn-outline" onClick={onClose}>
          Cancel
        </button>
      </div>
    </dialog>
  );
}
