// A Nigerian phone number's shape (docs/product.md#field-messages), without the schemas around it
// (./fields.ts): the settings page draws a saved number in the field's format before any form code
// has come (lib/forms/phone-input.ts), and the rules stay one.
// Nigeria's numbering plan from libphonenumber's data (scripts/content/make-phone-metadata.mjs); the
// library itself would cost the browser about 20 KB, for one country.
import nigeria from './phone-metadata-ng.json' with { type: 'json' };

const NATIONAL_NUMBER = new RegExp(`^(?:${nigeria.pattern})$`);

/** The longest input a phone field takes (docs/product.md#limits-and-timings: 'input max 19'). */
export const PHONE_MAX_INPUT = 19;

/** '0' + 10 digits for a valid Nigerian number written in any accepted form, else null. */
export function toNationalPhone(input: string): string | null {
  const compact = input.replace(/[\s()-]/g, '');
  if (!/^\+?\d+$/.test(compact)) return null;
  const digits = compact.replace(/^\+/, '');
  let national: string;
  if (digits.startsWith(nigeria.callingCode)) {
    // docs/product.md#field-messages: the international form is 13 to 15 characters long.
    if (digits.length < 13 || digits.length > 15) return null;
    // The country prefix goes, and so does a trunk 0 written after it (+234 0803...).
    national = digits.slice(nigeria.callingCode.length).replace(/^0/, '');
  } else if (/^0\d{10}$/.test(digits)) {
    national = digits.slice(1);
  } else {
    return null;
  }
  // The API (docs/product.md#field-messages) keeps numbers as '0' + 10 digits, so only 10-digit national numbers fit.
  if (national.length !== 10 || !nigeria.lengths.includes(national.length) || !NATIONAL_NUMBER.test(national)) return null;
  return '0' + national;
}
