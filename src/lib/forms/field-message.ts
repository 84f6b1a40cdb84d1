// TanStack Form keeps whatever a validator returned: a Standard Schema validator (valibot) gives an
// array of issues, a server error or a hand-written validator gives a string. A field shows one text.

/** The text of one validation error, whatever shape the validator gave it in. */
export function messageOfError(error: unknown): string | undefined {
  if (typeof error === 'string') return error || undefined;
  if (Array.isArray(error)) return firstMessage(error);
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') return error.message || undefined;
  return undefined;
}

/** The first readable message among a field's errors: one message at a time, the most basic rule first. */
export function firstMessage(errors: readonly unknown[]): string | undefined {
  for (const error of errors) {
    const message = messageOfError(error);
    if (message) return message;
  }
  return undefined;
}
