// The <form> element of every kit form. It submits through TanStack Form (no native navigation,
// no browser bubbles: the kit shows the field messages of docs/product.md#field-messages itself) and then puts keyboard focus where a
// person needs it: on the first field in error after a refusal, or back on the first field when a
// successful send emptied the form and disabled the button that had focus.
import { useRef, type FormEvent, type FormHTMLAttributes } from 'react';
import { isApiError, isNetworkError } from '../errors.ts';
import { focusAfterSubmit } from './focus-after-submit.ts';
import { useFormContext } from './form-context.ts';
import './forms.css';

export type FormProps = Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'noValidate'>;

export function Form({ children, className, ...rest }: FormProps) {
  const form = useFormContext();
  const ref = useRef<HTMLFormElement>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (form.state.isSubmitting) return;
    try {
      await form.handleSubmit();
    } catch (error) {
      // A refused or failed call has been shown already (toast, field messages); anything else is a bug.
      if (!isApiError(error) && !isNetworkError(error)) console.error('Form submit failed', error);
    }
    // Wait for React to paint the new state (messages, aria-invalid, a reset) before moving focus.
    requestAnimationFrame(() => focusAfterSubmit(ref.current));
  };

  return (
    <form ref={ref} {...rest} className={['form', className].filter(Boolean).join(' ')} noValidate onSubmit={(event) => void submit(event)}>
      {children}
    </form>
  );
}
