// A saved number as a phone field shows it before its rules have come (the settings page's profile).
import { describe, expect, it } from 'vitest';
import { phoneForField } from '../forms/phone-input.ts';
import { groupedNational } from './phone-number.ts';

describe('groupedNational', () => {
  it('writes a national number after the +234 as the placeholder is, the same as the live field', () => {
    expect(groupedNational('08031234567')).toBe('803 123 4567');
    expect(groupedNational('08031234567')).toBe(phoneForField('08031234567'));
  });

  it('leaves anything else as it is: nothing, or a number not in the national form', () => {
    expect(groupedNational('')).toBe('');
    expect(groupedNational('+2348031234567')).toBe('+2348031234567');
  });
});
