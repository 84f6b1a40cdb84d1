import { describe, expect, it } from 'vitest';
import { formatBytes, formatDate, formatNaira, formatTime, integerPart, titleCase } from './format.ts';

describe('formatNaira', () => {
  it('shows the naira sign, thousands separators and 2 decimals by default', () => {
    expect(formatNaira(150000)).toBe('₦150,000.00');
    expect(formatNaira('1250000.5')).toBe('₦1,250,000.50');
  });
  it('shows no decimals when asked', () => {
    expect(formatNaira('150000.00', { decimals: 0 })).toBe('₦150,000');
    expect(formatNaira(999.6, { decimals: 0 })).toBe('₦1,000');
  });
  it('refuses what is not an amount', () => {
    expect(() => formatNaira('abc')).toThrow(RangeError);
  });
});

describe('integerPart', () => {
  it('keeps what is before the decimal point', () => {
    expect(integerPart('150000.99')).toBe('150000');
    expect(integerPart('75000')).toBe('75000');
  });
});

describe('formatDate', () => {
  it('writes dates the Nigerian way', () => {
    expect(formatDate('2026-11-22T10:00:00Z')).toBe('22 November 2026');
  });
});

describe('titleCase', () => {
  it('capitalises words of 3 or more letters only', () => {
    expect(titleCase('introduction to pattern drafting')).toBe('Introduction to Pattern Drafting');
    expect(titleCase('art of adire in lagos')).toBe('Art of Adire in Lagos');
    expect(titleCase("women's enterprise")).toBe("Women's Enterprise");
  });
});

describe('formatBytes and formatTime', () => {
  it('says sizes in KB under a megabyte and in MB above, as phones count them', () => {
    expect(formatBytes(0)).toBe('1 KB');
    expect(formatBytes(41_606)).toBe('42 KB');
    expect(formatBytes(1_250_000)).toBe('1.3 MB');
    expect(formatBytes(12_400_000)).toBe('12 MB');
  });
  it('says a time of day on the 24-hour clock', () => {
    expect(formatTime(new Date(2026, 10, 26, 10, 42))).toBe('10:42');
    expect(formatTime(new Date(2026, 10, 26, 21, 5))).toBe('21:05');
  });
});
