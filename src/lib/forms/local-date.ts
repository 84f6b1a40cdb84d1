// Dates a person picks are calendar days where they are, not UTC instants: at 00:30 in Lagos the
// UTC date is still yesterday, so toISOString() would cap a date of birth one day early.

/** 'YYYY-MM-DD' of `date` in the browser's own time zone (the format of <input type="date">). */
export function localIsoDate(date: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
