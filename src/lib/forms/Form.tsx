// The <form> element of every kit form. It submits through TanStack Form (no native navigation,
// no browser bubbles: the kit shows the field messages of docs/product.md#field-messages itself) and then puts keyboard focus where a
// person needs it: on the first field in error after a refusal, or back on the first field when a
// successful send emptied the form and disabled the button that had focus. What was typed before
// the island was ready is kept, and a submit pressed then is sent (typed-before-ready.ts).
import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent, type FormHTMLAttributes } from 'react';
import { isApiError, isNetworkError } from '../errors.ts';
import { focusAfterSubmit } from './focus-after-submit.ts';
import { useFormContext } from './form-context.ts';
import { canSend, serverErrorsOf } from './server-errors.ts';
import { followTyped, readTyped, replayTyped } from './typed-before-ready.ts';
import './forms.css';

export type FormProps = Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'noValidate'>;

export function Form({ children, className, id, ...rest }: FormProps) {
  const form = useFormContext();
  const ref = useRef<HTMLFormElement>(null);
  const ownId = useId();
  const formId = id ?? ownId;
  // Read while hydrating, before React puts the fields back to their first values, and kept up to
  // date with what is typed until the replay.
  const [typed] = useState(() => {
    const snapshot = readTyped(formId);
    followTyped(formId, snapshot);
    return snapshot;
  });

  // Enter right after the last key, on a slow phone: the button may still be disabled for the
  // values of a moment ago (React has not drawn the last key yet), and the browser drops the press.
  // The form's store already holds the last key: if it may be sent, it is, as the person meant.
  // Listening from the commit, before the effect below makes the form live: listening any later
  // would leave a moment in which BaseHead's guard no longer held a press and nobody answered it.
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const sendOnEnter = (event: KeyboardEvent) => {
      const button = element.querySelector<HTMLButtonElement>('button[type="submit"]');
      if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement) || !button?.disabled) return;
      const { isFieldsValid: fieldsValid, values } = form.state;
      const schema: unknown = form.options.validators?.onSubmit;
      if (!canSend({ fieldsValid, schema, values, serverErrors: serverErrorsOf(form).get() })) return;
      event.preventDefault();
      element.requestSubmit();
    };
    element.addEventListener('keydown', sendOnEnter);
    return () => element.removeEventListener('keydown', sendOnEnter);
  }, [form]);

  // After the fields' own effects, which subscribe them to the form's store: typed again before
  // that, a value could reach the store unseen by a field still drawing the first one (a code
  // typed into the first box while the page hydrated was lost 2 times in 24). The submit guard
  // holds a press until data-ready below.
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    replayTyped(element, typed);
    element.dataset.ready = '';
    if (element.dataset.held === undefined) return;
    delete element.dataset.held;
    // After React has drawn the replayed values, as a person's own press would find them.
    requestAnimationFrame(() => element.requestSubmit());
  }, [typed]);

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
    <form
      ref={ref}
      id={formId}
      {...rest}
      className={['form', className].filter(Boolean).join(' ')}
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      {children}
    </form>
  );
}
