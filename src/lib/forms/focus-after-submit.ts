// Where keyboard focus goes once a submit has finished (WCAG 2.4.3 focus order, 3.3.1 error
// identification): to the first field the form marks invalid, so its message is read out; or, if
// focus was lost because the focused button became disabled, to the first field of the form.
const CONTROLS = 'input:not([disabled]):not([type="hidden"]), textarea:not([disabled]), select:not([disabled])';

export function focusAfterSubmit(form: HTMLFormElement | null) {
  if (!form) return;
  const invalid = form.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (invalid) {
    invalid.focus();
    return;
  }
  const active = document.activeElement;
  const lost = !active || active === document.body || (form.contains(active) && (active as HTMLButtonElement).disabled === true);
  if (lost) form.querySelector<HTMLElement>(CONTROLS)?.focus();
}
