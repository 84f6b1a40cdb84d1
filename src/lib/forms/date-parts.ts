// A date as three parts a person fills (day, month, year) and the 'YYYY-MM-DD' a form holds; the
// date in words, for echoing it back. Used by DateField.tsx.
import { isRealIsoDate } from './local-date.ts';

export interface Parts {
  day: string;
  month: string;
  year: string;
}

export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const IN_WORDS = new Intl.DateTimeFormat('en-NG', { dateStyle: 'full', timeZone: 'UTC' });

/** The parts of a 'YYYY-MM-DD' value; empty parts for anything else. */
export function partsOf(value: string): Parts {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? { year: match[1]!, month: match[2]!, day: String(Number(match[3])) } : { day: '', month: '', year: '' };
}

/**
 * 'YYYY-MM-DD' once all three parts are filled (the schema refuses a day like 31 April with its
 * own message); '' when all are empty; a partial date in a shape no ISO date check accepts.
 */
export function valueOf({ day, month, year }: Parts): string {
  const [d, y] = [day.trim(), year.trim()];
  if (!d && !month && !y) return '';
  if (/^\d{1,2}$/.test(d) && month && /^\d{4}$/.test(y)) return `${y}-${month}-${d.padStart(2, '0')}`;
  return `${y}-${month}-${d}-`;
}

/** 'Sunday, 14 May 2000' for a real 'YYYY-MM-DD' date (no 31 April), else null. */
export function inWords(iso: string): string | null {
  return isRealIsoDate(iso) ? IN_WORDS.format(new Date(`${iso}T00:00:00Z`)) : null;
}
