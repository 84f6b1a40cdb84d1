import { describe, expect, it } from 'vitest';
import { firstMessage, messageOfError } from './field-message.ts';

describe('messageOfError', () => {
  it('reads a string, an issue and an array of issues', () => {
    expect(messageOfError('Email must be valid')).toBe('Email must be valid');
    expect(messageOfError({ message: 'First name is required', path: [] })).toBe('First name is required');
    expect(messageOfError([{ message: 'Message is required' }, { message: 'other' }])).toBe('Message is required');
  });
  it('gives nothing for empty or unreadable errors', () => {
    for (const error of [undefined, null, '', [], {}, { message: '' }, 42]) expect(messageOfError(error)).toBeUndefined();
  });
});

describe('firstMessage', () => {
  it('skips errors without text and returns the first readable one', () => {
    expect(firstMessage([undefined, '', [{ message: 'Phone number is not valid' }], 'Later'])).toBe('Phone number is not valid');
    expect(firstMessage([])).toBeUndefined();
  });
});
