// A price as staff type it into the editor ('195,000', '195000', '₦195,000.00'), read as the whole
// naira content/ stores (price_naira: 195000), or a plain-English reason it cannot be read. Decap's
// number field read '195000.50' as 1950005 and saved it without a word: this is its replacement.
import { formatNaira } from '#lib/format.ts';

export type NairaReading = { naira: number } | { problem: string };

// Digits with commas between groups of three, or plain digits; then optionally kobo (.5 or .50).
const PRICE = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;

export function readNaira(text: string, bounds: { min?: number; max?: number } = {}): NairaReading {
  const typed = text.trim().replace(/^(₦|NGN|N)\s*/i, '');
  if (!typed) return { problem: 'Type the price in naira, for example 150,000.' };
  const match = PRICE.exec(typed);
  if (!match) return { problem: `“${text.trim()}” is not a price: type naira in digits, with or without commas, for example 150,000.` };
  const naira = Number(match[1]!.replace(/,/g, ''));
  const kobo = Number((match[2] ?? '0').padEnd(2, '0'));
  if (!Number.isSafeInteger(naira)) return { problem: 'That price is too large.' };
  if (kobo)
    return {
      problem: `Prices are whole naira: ${formatNaira(naira + kobo / 100)} has ${kobo} kobo. Type ${formatNaira(naira, { decimals: 0 })} or ${formatNaira(naira + 1, { decimals: 0 })}.`,
    };
  const { min, max } = bounds;
  if ((min !== undefined && naira < min) || (max !== undefined && naira > max))
    return {
      problem: `The price must be between ${formatNaira(min ?? 0, { decimals: 0 })} and ${formatNaira(max ?? Number.MAX_SAFE_INTEGER, { decimals: 0 })}.`,
    };
  return { naira };
}

/** What the field says it will save, in SPEC's naira format (no decimals, as the course page shows a price). */
export const savedAs = (naira: number) => `Will be saved as ${formatNaira(naira, { decimals: 0 })}.`;
