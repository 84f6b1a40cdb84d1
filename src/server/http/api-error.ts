// The one error type a handler throws to answer with a status other than 500. The app's onError
// turns it into the error envelope `{message, errors?}` of the API (docs/product.md#api-conventions).
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: ContentfulStatusCode;
  readonly fieldErrors: FieldErrors | undefined;
  readonly headers: Record<string, string>;

  constructor(
    status: ContentfulStatusCode,
    message: string,
    options: { fieldErrors?: FieldErrors; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.status = status;
    this.fieldErrors = options.fieldErrors;
    this.headers = options.headers ?? {};
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** The body of an error answer: `errors` only when there are field messages to show. */
export function errorBody(message: string, fieldErrors?: FieldErrors) {
  return fieldErrors && Object.keys(fieldErrors).length > 0 ? { message, errors: fieldErrors } : { message };
}

/** One broken rule of a checked input: the field (dotted path, 'body' for the whole) and valibot's issue type ('max_value', ...). */
export interface BrokenRule {
  field: string;
  type: string;
}

/**
 * An input that breaks its schema: 400 with the field messages. It keeps which rules were broken,
 * so a route can answer one of them otherwise (a picture over 5 MB is 413) without reading messages.
 */
export class ValidationError extends ApiError {
  override name = 'ValidationError';
  readonly broken: readonly BrokenRule[];

  constructor(message: string, fieldErrors: FieldErrors, broken: readonly BrokenRule[]) {
    super(400, message, { fieldErrors });
    this.broken = broken;
  }
}
