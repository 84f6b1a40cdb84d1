// Field errors the server answered with (ApiError.fieldErrors), kept beside the form rather than in
// TanStack Form's own error map: the form clears its submit and server errors on the next blur of
// the field, so a message like 'An account with this email already exists' would vanish when a
// keyboard user merely tabs past it. Here a server error stays until that field's value changes, or
// until the next submit.
import { map, type MapStore } from 'nanostores';
import type { FieldErrors } from '../errors.ts';
import { satisfiesSchema } from './schema-validity.ts';

export type ServerErrors = Record<string, string | undefined>;

/**
 * A form as the kit meets it: the FormApi inside onSubmit and under field.form, or the React
 * wrapper useFormContext() returns. The wrapper is a copy of the FormApi, but both hold the same
 * store, so the store is what identifies one form.
 */
export interface FormLike {
  store: object;
}

const stores = new WeakMap<object, MapStore<ServerErrors>>();

/** The server errors of one form instance. */
export function serverErrorsOf(form: FormLike): MapStore<ServerErrors> {
  let store = stores.get(form.store);
  if (!store) {
    store = map<ServerErrors>({});
    stores.set(form.store, store);
  }
  return store;
}

/** Shows each server message under its field; keys that name no field of this form are ignored (the toast has said it). */
export function setServerErrors(form: FormLike, fieldErrors: FieldErrors, fieldNames: readonly string[]) {
  const next: ServerErrors = {};
  for (const name of fieldNames) {
    const message = fieldErrors[name]?.find(Boolean);
    if (message) next[name] = message;
  }
  serverErrorsOf(form).set(next);
}

/**
 * An answer that refused the values together (a wrong e-mail and password pair): `message` under
 * `messageField`, and the other fields lose their tick with no message of their own, until changed.
 */
export function doubtFields(form: FormLike, fieldNames: readonly string[], messageField: string, message: string) {
  serverErrorsOf(form).set(Object.fromEntries(fieldNames.map((name) => [name, name === messageField ? message : ''])));
}

export function clearServerError(form: FormLike, name: string) {
  const store = serverErrorsOf(form);
  if (store.get()[name] !== undefined) store.setKey(name, undefined);
}

export function clearServerErrors(form: FormLike) {
  serverErrorsOf(form).set({});
}

export const hasServerErrors = (errors: ServerErrors) => Object.values(errors).some(Boolean);

/** What decides whether a kit form may be sent: its fields' own checks, its onSubmit schema, and no server message waiting. */
export interface SendState {
  fieldsValid: boolean;
  schema: unknown;
  values: unknown;
  serverErrors: ServerErrors;
}

/**
 * 'Disabled until the form is valid' (docs/product.md#form-fields): what the submit button shows
 * (SubmitButton), and what Enter in a field asks of the form's store before the button has caught
 * up with the last key (Form).
 */
export const canSend = ({ fieldsValid, schema, values, serverErrors }: SendState) =>
  fieldsValid && satisfiesSchema(schema, values) && !hasServerErrors(serverErrors);
