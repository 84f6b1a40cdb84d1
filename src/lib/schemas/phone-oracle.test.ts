// Our Nigeria-only phone check must agree with libphonenumber itself (the oracle), which the
// browser no longer ships: any 10-digit national number, written in each accepted form.
import fc from 'fast-check';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { describe, expect, it } from 'vitest';
import { toNationalPhone } from './fields.ts';

const libphonenumber = (national: string) => {
  const parsed = parsePhoneNumberFromString('+234' + national, 'NG');
  // With the 'min' metadata, isValid() checks Nigeria's number pattern and possible lengths.
  return parsed?.country === 'NG' && parsed.isValid() && parsed.nationalNumber.length === 10 ? '0' + parsed.nationalNumber : null;
};

describe('Nigerian phone numbers', () => {
  it('agree with libphonenumber on 2,000 generated numbers in three written forms', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{10}$/), (national) => {
        const expected = libphonenumber(national);
        expect(toNationalPhone('0' + national)).toBe(expected);
        expect(toNationalPhone('234' + national)).toBe(expected);
        expect(toNationalPhone(`+234 ${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`)).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it('accepts the usual mobile prefixes and refuses what is not Nigerian', () => {
    for (const ok of ['08031234567', '07061234567', '09051234567', '08161234567']) expect(toNationalPhone(ok)).toBe(ok);
    for (const bad of ['01234567890', '+2341234567890', '+4420 7946 0958', '0803123456', '080312345678', 'abc', ''])
      expect(toNationalPhone(bad)).toBeNull();
  });
});
