// What a phone field shows before any rule runs (docs/product.md#field-messages and #limits-and-timings):
// its longest input, and a number as the API answers it ('0' and 10 digits) written after the
// field's fixed +234, '803 123 4567'. Apart from the rules (./fields.ts) so that a form drawn before
// its form code has come (the settings page's profile, ProfilePreview.tsx) draws a saved number
// without them.

/** docs/product.md#limits-and-timings: 'input max 19'. */
export const PHONE_MAX_INPUT = 19;

/** A national number ('0' and 10 digits) as the field shows it after +234; anything else as it is. */
export function groupedNational(national: string): string {
  return /^0\d{10}$/.test(national) ? `${national.slice(1, 4)} ${national.slice(4, 7)} ${national.slice(7)}` : national;
}
