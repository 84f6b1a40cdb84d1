// The field rules and messages (docs/product.md#field-messages), word for word: forms and the API show these texts, and the e2e
// tests look for them.
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  EmailSchema,
  FirstNameSchema,
  LastNameSchema,
  MessageSchema,
  PASSWORD_RULES,
  PasswordSchema,
  PhoneSchema,
  toNationalPhone,
} from './fields.ts';

const messagesOf = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? [] : result.issues.map((issue) => issue.message);
};
const firstMessage = (schema: v.GenericSchema, input: unknown) => messagesOf(schema, input)[0];

describe('toNationalPhone', () => {
  it.each([
    ['08031234567', '08031234567'],
    ['0803 123 4567', '08031234567'],
    ['2348031234567', '08031234567'],
    ['+2348031234567', '08031234567'],
    ['+234 803 123 4567', '08031234567'],
    ['+234 (803) 123-4567', '08031234567'],
    ['07061234567', '07061234567'],
    ['+234 906 123 4567', '09061234567'],
  ])('normalises %s to %s', (input, national) => {
    expect(toNationalPhone(input)).toBe(national);
  });

  it.each([
    ['', 'empty'],
    ['8031234567', 'no trunk 0 and no country code'],
    ['0803123456', 'one digit short'],
    ['080312345678', 'one digit long'],
    ['234803123456', 'international form shorter than 13'],
    ['+2348031234567890', 'international form longer than 15'],
    ['+4420 7946 0018', 'another country'],
    ['0803-ABC-4567', 'letters'],
    ['00000000000', 'not a Nigerian numbering-plan number'],
  ])('rejects %s (%s)', (input) => {
    expect(toNationalPhone(input)).toBeNull();
  });
});

describe('PhoneSchema', () => {
  it('outputs the national form', () => {
    expect(v.parse(PhoneSchema, ' +234 803 123 4567 ')).toBe('08031234567');
  });
  it("says 'Phone number is required' when missing or blank", () => {
    expect(firstMessage(PhoneSchema, undefined)).toBe('Phone number is required');
    expect(firstMessage(PhoneSchema, '')).toBe('Phone number is required');
    expect(firstMessage(PhoneSchema, '   ')).toBe('Phone number is required');
  });
  it("says 'Phone number is not valid' for a wrong number and for input over 19 characters", () => {
    expect(messagesOf(PhoneSchema, '12345')).toEqual(['Phone number is not valid']);
    expect(messagesOf(PhoneSchema, '+234 803 123 4567 000')).toEqual(['Phone number is not valid']);
  });
});

describe('EmailSchema', () => {
  it('trims and lower-cases a valid address', () => {
    expect(v.parse(EmailSchema, '  Ada.Obi+news@Example.COM.ng ')).toBe('ada.obi+news@example.com.ng');
  });
  it("says 'Email is required' when missing or blank", () => {
    expect(firstMessage(EmailSchema, undefined)).toBe('Email is required');
    expect(firstMessage(EmailSchema, ' ')).toBe('Email is required');
  });
  it.each(['ada', 'ada@', 'ada@example', 'ada@example.c', 'ada obi@example.com', 'ada@example.com.n'])(
    "says 'Email must be valid' for %s",
    (input) => {
      expect(messagesOf(EmailSchema, input)).toEqual(['Email must be valid']);
    },
  );
});

describe('required texts', () => {
  it.each([
    [FirstNameSchema, 'First name is required'],
    [LastNameSchema, 'Last name is required'],
    [MessageSchema, 'Message is required'],
  ] as const)('%#: missing, empty and blank give the exact message', (schema, message) => {
    for (const input of [undefined, '', '  \n ']) expect(messagesOf(schema, input)).toEqual([message]);
  });
  it('trims what it keeps', () => {
    expect(v.parse(FirstNameSchema, '  Ada ')).toBe('Ada');
  });
  it('limits length with the generic fallback', () => {
    expect(firstMessage(FirstNameSchema, 'a'.repeat(81))).toBe('first_name must be at most 80 characters');
  });
});

describe('PasswordSchema', () => {
  it.each([
    ['', 'Password is required'],
    ['Abc1', 'Password must be at least 8 characters long.'],
    ['A1' + 'a'.repeat(49), 'Password must be at most 50 characters long.'],
    ['abcdefg1', 'Password must contain at least one uppercase letter.'],
    ['Abcdefgh', 'Password must contain at least one number.'],
  ])('%s -> %s', (input, message) => {
    expect(firstMessage(PasswordSchema, input)).toBe(message);
  });
  it('accepts a password that meets every rule, trimmed', () => {
    expect(v.parse(PasswordSchema, ' Secret123 ')).toBe('Secret123');
  });
  it('agrees with the live list of rules the forms show: every rule met exactly when the schema passes', () => {
    const samples = [
      '',
      'Abc1',
      'abcdefg1',
      'Abcdefgh',
      'Secret123',
      ' Secret123 ',
      'A1' + 'a'.repeat(48),
      'A1' + 'a'.repeat(49),
      '12345678A',
      'ÀBCDEFG1',
      '        A1',
    ];
    for (const sample of samples) {
      expect(
        PASSWORD_RULES.every((rule) => rule.met(sample)),
        sample,
      ).toBe(v.safeParse(PasswordSchema, sample).success);
    }
  });
});
