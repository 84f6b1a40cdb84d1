// The footer's newsletter form: checks the address with the schema the server uses, sends nothing
// when it fails (the message shows under the field), and shows the server's answer as a toast.
import * as v from 'valibot';
import { subscribeToNewsletter } from './api.ts';
import { NewsletterSchema } from './schemas.ts';

export function enhanceNewsletter(form: HTMLFormElement) {
  const input = form.querySelector<HTMLInputElement>('input[name="email"]')!;
  const error = form.querySelector<HTMLElement>('[data-newsletter-error]')!;
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  let touched = false;

  const check = () => {
    const result = v.safeParse(NewsletterSchema, { email: input.value });
    const message = result.success ? '' : (result.issues[0]?.message ?? '');
    const show = touched && !!message;
    error.textContent = show ? message : '';
    error.hidden = !show;
    input.setAttribute('aria-invalid', String(show));
    return result;
  };

  input.addEventListener('blur', () => {
    if (input.value) touched = true;
    check();
  });
  input.addEventListener('input', () => touched && check());
  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    touched = true;
    const result = check();
    if (!result.success) {
      input.focus();
      return;
    }
    button.disabled = true;
    try {
      await subscribeToNewsletter(result.output);
      form.reset();
      touched = false;
    } catch {
      // The client has shown the error as a toast; the address stays in the field to try again.
    } finally {
      button.disabled = false;
    }
  };
  form.addEventListener('submit', (event) => void submit(event));
}
