// The one place money, dates and titles are formatted (docs/product.md#limits-and-timings, docs/product.md#rules-that-hold-everywhere).

const naira = [0, 2].map(
  (digits) =>
    new Intl.NumberFormat('en-NG', {
      style: 'currency',
      currency: 'NGN',
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }),
);

/**
 * Naira with the ₦ sign and thousands separators: 2 decimals by default, none when asked.
 * Accepts the API's decimal strings ('150000.00') as well as numbers.
 */
export function formatNaira(amount: number | string, { decimals = 2 }: { decimals?: 0 | 2 } = {}): string {
  const value = typeof amount === 'string' ? Number(amount) : amount;
  if (!Number.isFinite(value)) throw new RangeError(`Not an amount of money: ${String(amount)}`);
  return naira[decimals === 0 ? 0 : 1]!.format(value);
}

/** docs/product.md#course-pages: a course price shows its integer part only ('150000.50' -> '150000'). */
export function integerPart(price: string): string {
  return price.split('.')[0]!;
}

const dateFormat = new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'long', year: 'numeric' });

/** Dates are shown in en-NG form: '22 November 2026'. */
export function formatDate(date: Date | string): string {
  return dateFormat.format(typeof date === 'string' ? new Date(date) : date);
}

/** docs/product.md#limits-and-timings: words of 3 or more letters get a capital; shorter ones ('of', 'in') stay as written. */
export function titleCase(text: string): string {
  return text.replace(/\p{L}[\p{L}'’]*/gu, (word) => (word.length >= 3 ? word.charAt(0).toUpperCase() + word.slice(1) : word));
}

const timeFormat = new Intl.DateTimeFormat('en-NG', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** A time of day on the phone's clock, 24-hour: '10:42'. */
export function formatTime(date: Date | string): string {
  return timeFormat.format(typeof date === 'string' ? new Date(date) : date);
}

/** A size as people read it on a phone: '850 KB', '12.4 MB' (1 KB = 1,000 bytes, as phones count). */
export function formatBytes(bytes: number): string {
  if (bytes < 1_000_000) return `${Math.max(1, Math.round(bytes / 1000))} KB`;
  return `${(bytes / 1_000_000).toFixed(bytes < 10_000_000 ? 1 : 0)} MB`;
}
