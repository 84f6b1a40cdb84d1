// A change that needs a reason (deactivate, activate, refund): a modal dialog with the reason's
// field, focus kept inside until it is sent or cancelled, and the opener focused again after.
import { useEffect, useRef, type ReactNode } from 'react';
import { submitWithSchema } from '#lib/forms/submit-with-schema.ts';
import { useAppForm } from '#lib/forms/use-app-form.ts';
import { ReasonBodySchema as ReasonSchema } from '../schemas.ts';

interface ReasonDialogProps {
  title: string;
  open: boolean;
  submitLabel: string;
  children?: ReactNode;
  onClose: () => void;
  onSubmit: (reason: string) => Promise<unknown>;
}

export function ReasonDialog({ title, open, submitLabel, children, onClose, onSubmit }: ReasonDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const form = useAppForm({
    defaultValues: { reason: '' },
    validators: { onSubmit: ReasonSchema },
    onSubmit: submitWithSchema(
      ReasonSchema,
      async ({ reason }) => {
        await onSubmit(reason);
        onClose();
      },
      { resetOnSuccess: true },
    ),
  });
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} className="staff-dialog" aria-labelledby="reason-dialog-title" onClose={onClose}>
      <h2 id="reason-dialog-title">{title}</h2>
      {children}
      <form.AppForm>
        <form.Form aria-labelledby="reason-dialog-title">
          <form.AppField name="reason" validators={{ onChange: ReasonSchema.entries.reason }}>
            {(field) => <field.TextArea label="Reason" rows={3} maxLength={500} required />}
          </form.AppField>
          <div className="staff-actions">
            <form.SubmitButton>{submitLabel}</form.SubmitButton>
            <button type="button" className="btn btn-outline" onClick={onClose}>
              Cancel
            </button>
          </div>
        </form.Form>
      </form.AppForm>
    </dialog>
  );
}
