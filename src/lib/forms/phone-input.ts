// The phone field shows a fixed '+234' before the input, so many people type the number the way it
// follows that prefix: '803 123 4567', without the trunk 0. PhoneSchema (docs/product.md#field-messages) accepts 0803...,
// 234803... and +234 803..., so the field hands it that bare form with the 0 put back. A number the
// field is given shows in that same bare form, so the prefix is never written twice.
import * as v from 'valibot';
import { toNationalPhone } from '../schemas/fields.ts';
import { groupedNational, PHONE_MAX_INPUT } from '../schemas/phone-number.ts';

/** A Nigerian mobile number after the country code: 7, 8 or 9, then nine more digits. */
const BARE_NATIONAL = /^[789]\d{9}$/;

/** The value the form validates for what was typed: the input itself, or '0' + it when it is a bare national number. */
export function phoneFieldValue(typed: string): string {
  const digits = typed.replace(/[\s()-]/g, '');
  return BARE_NATIONAL.test(digits) ? `0${typed.trim()}` : typed;
}

/**
 * How the field shows a number it was given rather than typed (a saved profile loaded, the form
 * reset after saving): the national number after the fixed '+234', grouped as the placeholder is,
 * '803 123 4567', whichever accepted form it came in. Anything that is not a valid number is shown
 * as it is.
 */
export function phoneForField(value: string): string {
  const national = value ? toNationalPhone(phoneFieldValue(value)) : null;
  return national ? groupedNational(national) : value;
}

/**
 * An optional Nigerian phone (signup, profile): empty gives undefined, which JSON leaves out of the
 * payload (docs/product.md#field-messages: 'An empty phone is omitted from the payload'); anything else must be a valid
 * number and becomes the national form, like PhoneSchema.
 */
export const OptionalPhoneSchema = v.pipe(
  v.optional(v.string(), ''),
  v.trim(),
  v.maxLength(PHONE_MAX_INPUT, 'Phone number is not valid'),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    if (dataset.value === '') return undefined;
    const national = toNationalPhone(dataset.value);
    if (national) return national;
    addIssue({ message: 'Phone number is not valid' });
    return NEVER;
  }),
);
