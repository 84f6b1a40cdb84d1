// What a person typed into a kit form before its island was ready. The page paints the form from
// the build's HTML, and on a slow phone the script that brings it to life arrives half a second to a
// second later; hydrating puts every field back to its empty first value, so 'Ngozi' typed by then
// became 'i'. The form reads the fields while hydrating (before React touches them), follows what is
// typed while hydration goes on, and once
// ready, types each value again through the field's own change handler (so a phone number is
// shaped, a code box moves on, the tick and message follow as if typed), marks the fields already
// left as left, and puts focus and caret back. A choice made in a native <select> (the date of
// birth's month) is kept the same way. A submit pressed meanwhile was held by BaseHead's guard (the
// browser would have put the fields, the password too, in the address): it goes now.

interface TypedField {
  id: string;
  value: string;
}

export interface TypedBeforeReady {
  fields: TypedField[];
  /** The field that had focus, and where its caret was. */
  focus?: { id: string; start: number | null; end: number | null };
  /** Stops following the typing (followTyped); replayTyped calls it. */
  stop?: () => void;
}

type TextControl = HTMLInputElement | HTMLTextAreaElement;
type KeptControl = TextControl | HTMLSelectElement;

const TEXT_CONTROLS = 'input:not([type=checkbox]):not([type=radio]):not([type=hidden]):not([type=file]), textarea';
const KEPT_CONTROLS = `${TEXT_CONTROLS}, select`;

const isKept = (control: unknown): control is KeptControl =>
  (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement || control instanceof HTMLSelectElement) &&
  control.matches(KEPT_CONTROLS);

/** The value a control had in the page's own HTML: a select's is its option marked selected, else its first. */
function firstValueOf(control: KeptControl): string {
  if (!(control instanceof HTMLSelectElement)) return control.defaultValue;
  const options = [...control.options];
  return (options.find((option) => option.defaultSelected) ?? options[0])?.value ?? '';
}

/** Reads what differs from the page's own HTML in the form with this id; nothing outside a browser. */
export function readTyped(formId: string): TypedBeforeReady {
  if (typeof document === 'undefined') return { fields: [] };
  const form = document.getElementById(formId);
  if (!form) return { fields: [] };
  const fields = [...form.querySelectorAll<KeptControl>(KEPT_CONTROLS)]
    .filter((control) => control.id && control.value !== firstValueOf(control))
    .map((control) => ({ id: control.id, value: control.value }));
  const active = document.activeElement;
  const focus =
    active instanceof HTMLElement && active.id && form.contains(active)
      ? { id: active.id, start: caretOf(active, 'selectionStart'), end: caretOf(active, 'selectionEnd') }
      : undefined;
  return { fields, focus };
}

/**
 * Keeps `typed` up to date while the island hydrates: hydrating yields to the browser, so keys
 * pressed between the reading and the replay (a password's first letter, on a slow phone) would
 * otherwise be put back to the first value with the rest and lost.
 */
export function followTyped(formId: string, typed: TypedBeforeReady): void {
  if (typeof document === 'undefined') return;
  const form = document.getElementById(formId);
  if (!form) return;
  const onInput = (event: Event) => {
    const control = event.target;
    if (!isKept(control) || !control.id) return;
    typed.fields = [...typed.fields.filter((field) => field.id !== control.id), { id: control.id, value: control.value }];
    if (document.activeElement === control)
      typed.focus = { id: control.id, start: caretOf(control, 'selectionStart'), end: caretOf(control, 'selectionEnd') };
  };
  // And where focus goes: a person who moved on to the next field while it hydrated, before typing in
  // it, keeps focus there (put back in the last field typed in, their next keys went into it).
  const onFocus = (event: Event) => {
    const control = event.target;
    if (control instanceof HTMLElement && control.id)
      typed.focus = { id: control.id, start: caretOf(control, 'selectionStart'), end: caretOf(control, 'selectionEnd') };
  };
  form.addEventListener('input', onInput, true);
  form.addEventListener('focusin', onFocus, true);
  typed.stop = () => {
    form.removeEventListener('input', onInput, true);
    form.removeEventListener('focusin', onFocus, true);
  };
}

/**
 * Types `value` into a field of a live React island as if the person typed it. The field may still
 * show the value, but React's state holds the first one and its next render would put that back.
 * React notices a change by comparing with the value it last saw: let it see '' (its own setter on
 * the element), then the value through the prototype's setter, which it does not see, so the input
 * event reads as the person's change. Also used by the client:interaction directive.
 */
export function typeAgain(control: TextControl, value: string): void {
  control.value = '';
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control), 'value')?.set?.call(control, value);
  control.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Chooses `value` again in a select of a live React island, which hears a choice as a change event. */
function chooseAgain(control: HTMLSelectElement, value: string): void {
  control.value = value;
  control.dispatchEvent(new Event('change', { bubbles: true }));
}

/** A field the person had moved on from before the island was live counts as left: its message or tick shows, as it would have. */
export function countAsLeft(control: Element): void {
  control.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
}

/** Types the read values again, once the form is live; then focus and caret as they were. */
export function replayTyped(form: HTMLFormElement, typed: TypedBeforeReady): void {
  typed.stop?.();
  const focusedBefore = form.ownerDocument.activeElement;
  for (const { id, value } of typed.fields) {
    const control = form.ownerDocument.getElementById(id);
    if (control instanceof HTMLSelectElement) chooseAgain(control, value);
    else if (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement) typeAgain(control, value);
    else continue;
    if (id !== typed.focus?.id) countAsLeft(control);
  }
  const focus = typed.focus;
  // A field's own handler moved focus on as it took the text (a code typed into the first box
  // fills the boxes and moves to the next empty one): typing goes on there, not back where it began.
  const movedOn = form.ownerDocument.activeElement !== focusedBefore && form.contains(form.ownerDocument.activeElement);
  if (!focus || movedOn) return;
  const control = form.ownerDocument.getElementById(focus.id);
  if (!(control instanceof HTMLElement)) return;
  if (form.ownerDocument.activeElement !== control) control.focus();
  if ((control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement) && focus.start !== null) {
    try {
      control.setSelectionRange(focus.start, focus.end ?? focus.start);
    } catch {
      // e-mail and number inputs have no caret to set; the browser keeps it at the end.
    }
  }
}

function caretOf(element: HTMLElement, end: 'selectionStart' | 'selectionEnd'): number | null {
  try {
    return element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement ? element[end] : null;
  } catch {
    return null;
  }
}
