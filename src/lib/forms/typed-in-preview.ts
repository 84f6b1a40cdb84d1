// What a person did in a form drawn before its form library came (the settings page's profile:
// the fields are filled from the API as the page opens, and TanStack Form is fetched when a person
// reaches for one). The live form replaces the drawn one, new elements with new ids, so what was
// typed, left, focused or sent there is read by the fields' names just before the swap, and handed
// to the live form's own replay (typed-before-ready.ts) by the ids its fields then have.
import type { TypedBeforeReady } from './typed-before-ready.ts';

type TextControl = HTMLInputElement | HTMLTextAreaElement;

export interface TypedInPreview {
  /** Changed values, by field name. */
  fields: { name: string; value: string }[];
  /** Fields the person had moved on from. */
  left: string[];
  /** The field that had focus, and where its caret was. */
  focus?: { name: string; start: number | null; end: number | null };
  /** A submit was pressed (held by BaseHead's guard): the live form sends it. */
  held: boolean;
}

const textControls = (form: HTMLFormElement): TextControl[] =>
  [...form.elements].filter(
    (control): control is TextControl =>
      (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement) && !!control.name && !control.readOnly,
  );

/** Reads the drawn form as it stands; `left` is the names of the fields a person moved on from. */
export function readPreview(form: HTMLFormElement, left: Iterable<string>): TypedInPreview {
  const fields = textControls(form)
    .filter((control) => control.value !== control.defaultValue)
    .map((control) => ({ name: control.name, value: control.value }));
  const active = form.ownerDocument.activeElement;
  const focused = textControls(form).find((control) => control === active);
  return {
    fields,
    left: [...left],
    focus: focused && { name: focused.name, start: focused.selectionStart, end: focused.selectionEnd },
    held: form.dataset.held !== undefined,
  };
}

/** The same, by the ids the live form's fields have; fields it has no control for are dropped. */
export function byIdIn(form: HTMLFormElement, typed: TypedInPreview): TypedBeforeReady & { left: string[] } {
  const idOf = (name: string) => {
    const control = form.elements.namedItem(name);
    return control instanceof HTMLElement && control.id ? control.id : undefined;
  };
  const fields = typed.fields.flatMap(({ name, value }) => {
    const id = idOf(name);
    return id ? [{ id, value }] : [];
  });
  const focusId = typed.focus && idOf(typed.focus.name);
  return {
    fields,
    left: typed.left.flatMap((name) => idOf(name) ?? []),
    focus: typed.focus && focusId ? { id: focusId, start: typed.focus.start, end: typed.focus.end } : undefined,
  };
}
