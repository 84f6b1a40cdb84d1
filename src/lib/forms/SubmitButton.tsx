// The form's submit button (docs/product.md#form-fields): disabled until the values satisfy the form's schema and no
// server message is waiting to be answered; while the form is being sent, aria-busy with a spinner.
// While sending it stays focusable (aria-disabled, not disabled) so keyboard focus is not thrown
// back to the top of the page; the kit's <Form> ignores a second submit meanwhile.
import { useStore as useNanoStore } from '@nanostores/react';
import { useSelector } from '@tanstack/react-form';
import type { ReactNode } from 'react';
import { useFormContext } from './form-context.ts';
import { canSend, serverErrorsOf } from './server-errors.ts';
import './forms.css';

export interface SubmitButtonProps {
  children: ReactNode;
  /** Extra classes, e.g. 'btn-outline'; the button is always a .btn. */
  className?: string;
}

export function SubmitButton({ children, className }: SubmitButtonProps) {
  const form = useFormContext();
  const values = useSelector(form.store, (state) => state.values);
  const submitting = useSelector(form.store, (state) => state.isSubmitting);
  const fieldsValid = useSelector(form.store, (state) => state.isFieldsValid);
  const serverErrors = useNanoStore(serverErrorsOf(form));
  // The React wrapper's options are those the form was created with: a form whose onSubmit schema
  // changes between renders would need the button told; none does so far.
  const valid = canSend({ fieldsValid, schema: form.options.validators?.onSubmit, values, serverErrors });

  return (
    <button
      type="submit"
      className={['btn', 'form-submit', className].filter(Boolean).join(' ')}
      disabled={!valid && !submitting}
      aria-disabled={submitting || undefined}
      aria-busy={submitting || undefined}
    >
      {submitting && <span className="form-spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
