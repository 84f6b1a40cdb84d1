import { describe, expect, it } from 'vitest';
import { decimalToKobo, koboToDecimal, nairaToKobo } from './money.ts';

describe('money at the edges', () => {
  it('writes kobo as the API writes naira', () => {
    expect(koboToDecimal(15_000_000)).toBe('150000.00');
    expect(koboToDecimal(15_000_050)).toBe('150000.50');
    expect(koboToDecimal(5)).toBe('0.05');
  });

  it('reads the API form back to kobo, and refuses anything else', () => {
    expect(decimalToKobo('150000.00')).toBe(15_000_000);
    expect(decimalToKobo('150000.5')).toBe(15_000_050);
    expect(decimalToKobo('150000')).toBe(15_000_000);
    for (const bad of ['-1.00', '1.234', 'abc', '', '1e5']) expect(decimalToKobo(bad)).toBeNull();
  });

  it('turns whole naira into kobo without floating-point drift', () => {
    expect(nairaToKobo(150_000)).toBe(15_000_000);
    expect(nairaToKobo(0.29)).toBe(29);
  });

  it('refuses what is not a whole number of kobo', () => {
    expect(() => koboToDecimal(1.5)).toThrow(RangeError);
    expect(() => koboToDecimal(-1)).toThrow(RangeError);
  });
});
