// Day, month and year to the form's value and back, and the date in words that echoes it.
import { describe, expect, it } from 'vitest';
import { inWords, partsOf, valueOf } from './date-parts.ts';
import { isRealIsoDate } from './local-date.ts';

describe('date parts', () => {
  it('make the ISO date a day-first reader meant, whatever the zero padding', () => {
    expect(valueOf({ day: '14', month: '05', year: '2000' })).toBe('2000-05-14');
    expect(valueOf({ day: '4', month: '12', year: '1999' })).toBe('1999-12-04');
    expect(valueOf({ day: '04', month: '12', year: '1999' })).toBe('1999-12-04');
  });
  it('hold nothing when empty, and no ISO date while a part is missing', () => {
    expect(valueOf({ day: '', month: '', year: '' })).toBe('');
    for (const parts of [
      { day: '14', month: '', year: '2000' },
      { day: '14', month: '05', year: '200' },
      { day: '', month: '05', year: '2000' },
    ]) {
      expect(valueOf(parts), JSON.stringify(parts)).not.toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });
  it('hold a filled-in day that does not exist as it was given, for the schema to name it', () => {
    expect(valueOf({ day: '31', month: '04', year: '2000' })).toBe('2000-04-31');
    expect(isRealIsoDate('2000-04-31')).toBe(false);
    expect(isRealIsoDate('2001-02-29')).toBe(false);
    expect(isRealIsoDate('2000-02-29')).toBe(true);
  });
  it('come back from a stored value', () => {
    expect(partsOf('2000-05-04')).toEqual({ day: '4', month: '05', year: '2000' });
    expect(partsOf('')).toEqual({ day: '', month: '', year: '' });
  });
  it('say the date in words, with the weekday, and nothing for a date that does not exist', () => {
    expect(inWords('2000-05-14')).toBe('Sunday, 14 May 2000');
    expect(inWords('2000-02-30')).toBeNull();
    expect(inWords('14-05-2000')).toBeNull();
  });
});
