import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { PhoneSchema } from '../schemas/fields.ts';
import { OptionalPhoneSchema, phoneFieldValue, phoneForField } from './phone-input.ts';

describe('phoneFieldValue', () => {
  it('puts the trunk 0 back on a number typed after the +234 prefix', () => {
    expect(phoneFieldValue('803 123 4567')).toBe('0803 123 4567');
    expect(phoneFieldValue('8031234567')).toBe('08031234567');
    expect(v.parse(PhoneSchema, phoneFieldValue('906 123 4567'))).toBe('09061234567');
  });
  it('leaves the forms PhoneSchema accepts, and anything partial, as typed', () => {
    for (const typed of ['08031234567', '2348031234567', '+234 803 123 4567', '803 123', '', '5031234567'])
      expect(phoneFieldValue(typed)).toBe(typed);
  });
});

describe('phoneForField', () => {
  it('shows a valid number in any accepted form as the national number after +234, grouped like the placeholder', () => {
    for (const given of ['08031234567', '2348031234567', '+234 803 123 4567', '+234 0803 123 4567', '0803-123-4567', '803 123 4567'])
      expect(phoneForField(given)).toBe('803 123 4567');
  });
  it('shows anything else as it is', () => {
    for (const given of ['', '0803', '12345', '+44 20 7946 0958']) expect(phoneForField(given)).toBe(given);
  });
});

describe('OptionalPhoneSchema', () => {
  it('turns an empty or blank phone into undefined, which JSON leaves out of the payload', () => {
    const Profile = v.object({ home_address: v.string(), phone_number: OptionalPhoneSchema });
    for (const phone_number of ['', '   ', undefined]) {
      const output = v.parse(Profile, { home_address: '3 Allen Avenue', phone_number });
      expect(output.phone_number).toBeUndefined();
      expect(JSON.parse(JSON.stringify(output))).toEqual({ home_address: '3 Allen Avenue' });
    }
  });
  it('normalises a given phone like PhoneSchema', () => {
    expect(v.parse(OptionalPhoneSchema, '+234 803 123 4567')).toBe('08031234567');
  });
  it("says 'Phone number is not valid' for a wrong one", () => {
    expect(v.safeParse(OptionalPhoneSchema, '0803').issues?.map((issue) => issue.message)).toEqual(['Phone number is not valid']);
    expect(v.safeParse(OptionalPhoneSchema, '+234 803 123 4567 0000').issues?.[0]?.message).toBe('Phone number is not valid');
  });
});
