// The contact and tutor-request payload, as the form checks it and the API receives it.
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ContactSchema } from './schemas.ts';

const valid = {
  first_name: ' Ada ',
  last_name: 'Obi',
  email: 'Ada@Example.com',
  phone_number: '+234 803 123 4567',
  message: 'When does the next pattern-drafting class start?',
};

// One message per field, the first rule it breaks: what the form shows and the API answers.
const fieldMessages = (input: unknown) => {
  const result = v.safeParse(ContactSchema, input, { abortPipeEarly: true });
  if (result.success) return {};
  return v.flatten<typeof ContactSchema>(result.issues).nested ?? {};
};

describe('ContactSchema', () => {
  it('outputs what the API expects: trimmed names, a lower-case e-mail, the national phone', () => {
    expect(v.parse(ContactSchema, valid)).toEqual({
      first_name: 'Ada',
      last_name: 'Obi',
      email: 'ada@example.com',
      phone_number: '08031234567',
      message: 'When does the next pattern-drafting class start?',
    });
  });

  it('gives every empty field its own message (docs/product.md#field-messages)', () => {
    expect(fieldMessages({ first_name: '', last_name: '', email: '', phone_number: '', message: '' })).toEqual({
      first_name: ['First name is required'],
      last_name: ['Last name is required'],
      email: ['Email is required'],
      phone_number: ['Phone number is required'],
      message: ['Message is required'],
    });
  });

  it("says 'Email must be valid' and 'Phone number is not valid' for malformed values", () => {
    expect(fieldMessages({ ...valid, email: 'ada@example', phone_number: '0803' })).toEqual({
      email: ['Email must be valid'],
      phone_number: ['Phone number is not valid'],
    });
  });

  it('requires the phone: the contact form has all keys required (docs/product.md#field-messages)', () => {
    const { phone_number: _omitted, ...withoutPhone } = valid;
    expect(v.safeParse(ContactSchema, withoutPhone).success).toBe(false);
    // A missing key is reported by valibot's object schema in its own words; the form always sends
    // every key, and the API asks the field's schema for this message.
    expect(v.safeParse(ContactSchema.entries.phone_number, undefined).issues?.[0]?.message).toBe('Phone number is required');
  });

  it('refuses unknown keys, as the API does', () => {
    expect(v.safeParse(ContactSchema, { ...valid, role: 'admin' }).success).toBe(false);
  });
});
