// Everything a kit field shows besides its control, derived in one place so every field behaves the
// same: ids that bind label, input and message; the message under the field once it has been left
// (blurred) or the form submitted, 'once touched and in error' (docs/product.md#form-fields); a server message until the
// value changes; and the icon at the right (error, success or loading).
import { useStore as useNanoStore } from '@nanostores/react';
import { useSelector } from '@tanstack/react-form';
import { useId } from 'react';
import { firstMessage } from './field-message.ts';
import { useFieldContext } from './form-context.ts';
import { clearServerError, serverErrorsOf } from './server-errors.ts';

export type FieldStatus = 'error' | 'success' | 'loading' | 'none';

/** What <FieldShell> needs to draw the frame around a control. */
export interface FieldShellView {
  inputId: string;
  messageId: string;
  hintId: string;
  /** The message to show under the field now, if any. */
  message: string | undefined;
  status: FieldStatus;
}

export interface FieldView<T> {
  field: ReturnType<typeof useFieldContext<T>>;
  value: T;
  /** True once the field was left or the form submitted, and the value passes its validator. */
  valid: boolean;
  shell: FieldShellView;
  /** Props every kit control spreads: name, id, the ARIA links, and the change and blur handlers. */
  controlProps: {
    id: string;
    name: string;
    'aria-invalid': boolean;
    'aria-describedby': string | undefined;
    onBlur: () => void;
  };
  change: (value: T) => void;
}

export function useFieldView<T>(options: { hint?: boolean; describedBy?: string } = {}): FieldView<T> {
  const field = useFieldContext<T>();
  const baseId = useId();
  const value = useSelector(field.store, (state) => state.value);
  const meta = useSelector(field.store, (state) => state.meta);
  const submitted = useSelector(field.form.store, (state) => state.submissionAttempts > 0);
  const serverError = useNanoStore(serverErrorsOf(field.form))[field.name];

  const clientError = firstMessage(meta.errors);
  const left = meta.isBlurred || submitted;
  // An empty server message doubts the value without a message of its own (see doubtFields).
  const doubted = serverError !== undefined;
  const message = serverError || (left ? clientError : undefined);
  const filled = value !== '' && value !== undefined && value !== null;
  // A tick on a field nothing checks (a read-only name, a free note) would claim more than it knows.
  const checked = Object.values(field.options.validators ?? {}).some(Boolean);
  const status: FieldStatus = meta.isValidating
    ? 'loading'
    : message
      ? 'error'
      : checked && left && filled && !clientError && !doubted
        ? 'success'
        : 'none';

  const inputId = `${baseId}-input`;
  const messageId = `${baseId}-message`;
  const hintId = `${baseId}-hint`;
  const describedBy =
    [options.describedBy, options.hint ? hintId : undefined, message ? messageId : undefined].filter(Boolean).join(' ') || undefined;

  return {
    field,
    value,
    valid: left && !clientError && !doubted,
    shell: { inputId, messageId, hintId, message, status },
    controlProps: {
      id: inputId,
      name: field.name,
      'aria-invalid': !!message,
      'aria-describedby': describedBy,
      onBlur: () => {
        field.handleBlur();
        // The field's validator is its onChange one; running it on blur too makes a field someone
        // left empty say 'required' without a second validator whose stale message would linger.
        void field.validate('change');
      },
    },
    change: (next: T) => {
      clearServerError(field.form, field.name);
      field.handleChange(next);
    },
  };
}
