// Dates a person picks are calendar days where they are, not UTC instants: at 00:30 in Lagos the
// UTC date is still yesterday, so toISOString() would cap a date of birth one day early.

/** 'YYYY-MM-DD' of `date` in the browser's own time zone (the format of <input type="date">). */
export function localIsoDate(date: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** True for a 'YYYY-MM-DD' day that exists on the calendar (no 30 February), from the year 1900. */
export function isRealIsoDate(iso: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso) || iso < '1900-01-01') return false;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso;
}
