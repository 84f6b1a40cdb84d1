// What every form does on submit: turn the checked values into what the API expects (the schema's
// output: trimmed text, a lower-case e-mail, the national phone form), call the action, and on a
// refusal put the server's field messages under the fields. The HTTP client has already shown the
// error toast (docs/product.md#error-messages); the values the person typed stay in the form.
import type { AnyFormApi } from '@tanstack/react-form';
import * as v from 'valibot';
import { isApiError } from '../errors.ts';
import { clearServerErrors, setServerErrors } from './server-errors.ts';

export interface SubmitWithSchemaOptions {
  /** Empty the form after a successful call (contact: yes; profile: no, it shows the saved values). */
  resetOnSuccess?: boolean;
}

export function submitWithSchema<TSchema extends v.GenericSchema>(
  schema: TSchema,
  action: (output: v.InferOutput<TSchema>) => Promise<unknown>,
  { resetOnSuccess = false }: SubmitWithSchemaOptions = {},
) {
  return async ({ value, formApi }: { value: v.InferInput<TSchema>; formApi: AnyFormApi }) => {
    clearServerErrors(formApi);
    const output = v.parse(schema, value);
    try {
      await action(output);
    } catch (error) {
      if (isApiError(error)) setServerErrors(formApi, error.fieldErrors, Object.keys(formApi.fieldInfo));
      // Rethrown so TanStack Form records the submit as unsuccessful; the kit's <Form> catches it.
      throw error;
    }
    if (resetOnSuccess) formApi.reset();
  };
}
