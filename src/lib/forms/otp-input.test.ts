import { describe, expect, it } from 'vitest';
import { clearDigit, digitsOf, enterDigits } from './otp-input.ts';

describe('the code boxes', () => {
  it('takes one digit per box and moves on', () => {
    expect(enterDigits('', 0, '4', 6)).toEqual({ value: '4', focus: 1 });
    expect(enterDigits('4', 1, '2', 6)).toEqual({ value: '42', focus: 2 });
  });

  it('ignores letters and keeps focus where it was', () => {
    expect(enterDigits('42', 2, 'a', 6)).toEqual({ value: '42', focus: 2 });
  });

  it('fills every box from a pasted code, wherever it was pasted', () => {
    expect(enterDigits('', 3, '123 456', 6)).toEqual({ value: '123456', focus: 5 });
    expect(enterDigits('99', 1, '12-34-56-78', 6)).toEqual({ value: '123456', focus: 5 });
  });

  it('fills from the box a shorter paste went into', () => {
    expect(enterDigits('12', 2, '345', 6)).toEqual({ value: '12345', focus: 5 });
  });

  it('replaces a digit in the middle without shifting the rest', () => {
    expect(enterDigits('123456', 2, '9', 6)).toEqual({ value: '129456', focus: 3 });
    expect(clearDigit('123456', 2, 6)).toBe('12 456');
    expect(clearDigit('123456', 5, 6)).toBe('12345');
  });

  it('reads only digits', () => {
    expect(digitsOf(' 1a2b3 ')).toBe('123');
  });
});
