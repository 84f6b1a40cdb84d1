// Checks a request's body, query or path parameters against a valibot schema from
// src/features/*/schemas.ts and turns the issues into the `errors` map of the error envelope (docs/product.md#api-conventions), keyed by field, with
// the schemas' own messages word for word (docs/product.md#field-messages).
import * as v from 'valibot';
import { ApiError, ValidationError, type BrokenRule, type FieldErrors } from './api-error.ts';

type AnySchema = v.GenericSchema<unknown, unknown>;

const NOT_AN_OBJECT = 'The request body must be a JSON object.';

/** Returns the schema's output, or throws a 400 ApiError whose message is the first field message. */
export function validateInput<TSchema extends AnySchema>(schema: TSchema, input: unknown): v.InferOutput<TSchema> {
  // valibot would read an array as an object with keys '0', '1', ...: refuse it plainly instead.
  if (typeof input !== 'object' || input === null || Array.isArray(input)) throw new ApiError(400, NOT_AN_OBJECT);
  // One message per field, the first rule it breaks, as the forms show it: a blank e-mail is
  // 'Email is required', not also 'Email must be valid'.
  const result = v.safeParse(schema, input, { abortPipeEarly: true });
  const fieldErrors = result.success ? nulCharacterErrors(result.output) : toFieldErrors(schema, result.issues);
  const first = Object.values(fieldErrors)[0]?.[0];
  if (result.success && first === undefined) return result.output;
  const broken: BrokenRule[] = result.success
    ? Object.keys(fieldErrors).map((field) => ({ field, type: 'nul_character' }))
    : result.issues.map((issue) => ({ field: fieldOf(issue), type: issue.type }));
  throw new ValidationError(first ?? NOT_AN_OBJECT, fieldErrors, broken);
}

const notAllowedCharacter = (field: string) => `${field} contains a character that is not allowed`;

/**
 * PostgreSQL cannot store U+0000 in text, so a field holding it would fail at the database (a 500).
 * Whatever a schema lets through, such a field is refused here, by name.
 */
function nulCharacterErrors(output: unknown): FieldErrors {
  const errors: [string, string[]][] = [];
  for (const [field, value] of Object.entries(output as object)) {
    if (containsNul(value)) errors.push([field, [notAllowedCharacter(field)]]);
  }
  return Object.fromEntries(errors);
}

function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).some(([key, inner]) => key.includes('\0') || containsNul(inner));
  return false;
}

const pathOf = (issue: v.BaseIssue<unknown>) => issue.path?.map((item) => String(item.key)) ?? [];
const fieldOf = (issue: v.BaseIssue<unknown>) => pathOf(issue).join('.') || 'body';

function toFieldErrors(schema: AnySchema, issues: readonly v.BaseIssue<unknown>[]): FieldErrors {
  // A Map, not an object literal: a field named 'toString' or '__proto__' must not meet
  // Object.prototype's members.
  const errors = new Map<string, string[]>();
  for (const issue of issues) {
    const path = pathOf(issue);
    const field = fieldOf(issue);
    const message = messageOf(schema, issue, path);
    const list = errors.get(field) ?? [];
    if (!list.includes(message)) list.push(message);
    errors.set(field, list);
  }
  return Object.fromEntries(errors);
}

function messageOf(schema: AnySchema, issue: v.BaseIssue<unknown>, path: string[]): string {
  const fromObject = issue.type === 'strict_object' || issue.type === 'object' || issue.type === 'loose_object';
  if (fromObject && issue.expected === 'never') return `Unknown field: ${path.join('.')}`;
  // A missing key is reported by the object schema in valibot's own words; the field's schema knows
  // the message docs/product.md#field-messages wants ('Email is required'), so ask it.
  if (fromObject && issue.input === undefined && path.length > 0) return requiredMessage(schema, path) ?? issue.message;
  return issue.message;
}

function requiredMessage(schema: AnySchema, path: string[]): string | undefined {
  let field: unknown = schema;
  for (const key of path) field = (field as { entries?: Record<string, unknown> }).entries?.[key];
  if (!field) return undefined;
  const result = v.safeParse(field as AnySchema, undefined);
  return result.success ? undefined : result.issues[0].message;
}
