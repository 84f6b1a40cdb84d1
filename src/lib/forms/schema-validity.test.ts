import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ContactSchema } from '#features/contact/schemas.ts';
import { satisfiesSchema } from './schema-validity.ts';

const filled = { first_name: 'Ada', last_name: 'Obi', email: 'ada@example.com', phone_number: '0803 123 4567', message: 'Hello' };

describe('satisfiesSchema', () => {
  it('is false for a fresh, empty form and true once every field is valid', () => {
    expect(satisfiesSchema(ContactSchema, { first_name: '', last_name: '', email: '', phone_number: '', message: '' })).toBe(false);
    expect(satisfiesSchema(ContactSchema, filled)).toBe(true);
  });
  it('is false while any single field is invalid', () => {
    expect(satisfiesSchema(ContactSchema, { ...filled, phone_number: '0803' })).toBe(false);
    expect(satisfiesSchema(ContactSchema, { ...filled, message: '   ' })).toBe(false);
  });
  it('leaves a form without a schema, or with an async one, to its own validation', () => {
    expect(satisfiesSchema(undefined, {})).toBe(true);
    const Async = v.pipeAsync(
      v.string(),
      v.checkAsync(() => Promise.resolve(false), 'never'),
    );
    expect(satisfiesSchema(Async, '')).toBe(true);
  });
});
