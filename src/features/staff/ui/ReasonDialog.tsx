// A change that needs a reason (deactivate, activate, refund, revoke): a modal dialog with the reason's
// field, focus kept inside until it is sent or cancelled, and the opener focused again after.
import { useId, type ReactNode } from 'react';
import { submitWithSchema } from '#lib/forms/submit-with-schema.ts';
import { useAppForm } from '#lib/forms/use-app-form.ts';
import { ReasonBodySchema as ReasonSchema } from '../schemas.ts';
import { useModal } from './use-modal.ts';

interface ReasonDialogProps {
  title: string;
  open: boolean;
  submitLabel: string;
  children?: ReactNode;
  onClose: () => void;
  onSubmit: (reason: string) => Promise<unknown>;
}

export function ReasonDialog({ title, open, submitLabel, children, onClose, onSubmit }: ReasonDialogProps) {
  const ref = useModal(open);
  // A page may hold more than one dialog (a student's: activate and revoke): each title its own id.
  const titleId = useId();
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
  return (
    <dialog ref={ref} className="staff-dialog" aria-labelledby={titleId} onClose={onClose}>
      <h2 id={titleId}>{title}</h2>
      {children}
      <form.AppForm>
        <form.Form aria-labelledby={titleId}>
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
