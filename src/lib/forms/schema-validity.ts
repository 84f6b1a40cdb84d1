// 'Disabled until the form is valid' (docs/product.md#form-fields) means valid by the form's whole schema, not only
// by the fields someone has touched so far: TanStack Form's canSubmit is true on a fresh, empty form
// because no validator has run yet. So the submit button asks the form's onSubmit schema directly.
import { isStandardSchemaValidator } from '@tanstack/react-form';

/**
 * Whether `values` satisfy `schema` right now. Without a schema there is nothing to ask, and an
 * asynchronous schema cannot answer while rendering: both count as satisfied here, and the form's
 * own validation judges them when it is submitted.
 */
export function satisfiesSchema(schema: unknown, values: unknown): boolean {
  if (!isStandardSchemaValidator(schema)) return true;
  const result = schema['~standard'].validate(values);
  if (result instanceof Promise) return true;
  return !result.issues?.length;
}
