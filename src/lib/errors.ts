// Errors are data: every failed call becomes one of these, and the message is what a person reads.
export const FALLBACK_MESSAGE = 'Something went wrong, please try again!';
/** docs/product.md#error-messages: a 500 answer is shown with this exact text (note the capital P). */
export const SERVER_ERROR_MESSAGE = 'Something went wrong, Please try again!';
export const DEACTIVATED_MESSAGE = 'Admin account is deactivated, kindly contact support team';
/** A member with the staff role on an admin-only staff call (403). */
export const NOT_PERMITTED_MESSAGE = 'You do not have permission to do this.';
export const TIMEOUT_MESSAGE = 'The request took too long. Check your connection and try again.';
export const NETWORK_MESSAGE = 'Network error: check your internet connection and try again.';

export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly fieldErrors: FieldErrors;
  constructor(status: number, message: string, fieldErrors: FieldErrors = {}) {
    super(message);
    this.status = status;
    this.fieldErrors = fieldErrors;
  }
}

export class NetworkError extends Error {
  override name = 'NetworkError';
  readonly timedOut: boolean;
  constructor(timedOut: boolean) {
    super(timedOut ? TIMEOUT_MESSAGE : NETWORK_MESSAGE);
    this.timedOut = timedOut;
  }
}

/**
 * A successful answer whose body does not match the schema the call expects: the server broke the
 * contract, so the person reads the fallback message and the call's path names the culprit.
 */
export class UnexpectedAnswerError extends Error {
  override name = 'UnexpectedAnswerError';
  readonly path: string;
  constructor(path: string) {
    super(FALLBACK_MESSAGE);
    this.path = path;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
export const isNetworkError = (error: unknown): error is NetworkError => error instanceof NetworkError;

/** The text to show for any error a call can end in (docs/product.md#error-messages). */
export function messageOf(error: unknown): string {
  if (isApiError(error)) return error.status >= 500 && error.status !== 503 ? SERVER_ERROR_MESSAGE : error.message || FALLBACK_MESSAGE;
  if (isNetworkError(error)) return error.message;
  return FALLBACK_MESSAGE;
}
