import { describe, expect, it } from 'vitest';
import { formatDuration } from './format-duration.ts';

describe('formatDuration', () => {
  it('keeps a duration that names its unit as given', () => {
    expect(formatDuration('3 months')).toBe('3 months');
    expect(formatDuration('1 month')).toBe('1 month');
    expect(formatDuration('12 Months')).toBe('12 Months');
    expect(formatDuration('6 weeks')).toBe('6 weeks');
  });

  it("appends ' month(s)' to a bare number of months", () => {
    expect(formatDuration('4')).toBe('4 month(s)');
    expect(formatDuration(' 6 ')).toBe('6 month(s)');
    expect(formatDuration('1.5')).toBe('1.5 month(s)');
  });
});
