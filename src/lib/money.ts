// Money is integer kobo wherever it is stored or added up; the API's decimal strings ('150000.00',
// naira with two decimals) exist only at the edges, made and read here.

/** 15000000 -> '150000.00' */
export function koboToDecimal(kobo: number): string {
  if (!Number.isSafeInteger(kobo) || kobo < 0) throw new RangeError(`Not an amount in kobo: ${kobo}`);
  return `${Math.floor(kobo / 100)}.${String(kobo % 100).padStart(2, '0')}`;
}

/** '150000.00' or '150000' -> 15000000; anything else is null. */
export function decimalToKobo(decimal: string): number | null {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(decimal.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

/** Whole naira (as content/ writes prices) to kobo. */
export const nairaToKobo = (naira: number) => Math.round(naira * 100);
