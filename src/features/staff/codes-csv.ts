// The codes just made, as the CSV a partner hands out: made in the browser from the answer, since
// the server keeps only their hashes and cannot give them again. Formula-safe like every download.
import { csvTable } from '#lib/csv.ts';
import { saveFile } from './save-file.ts';

export interface CodesFor {
  name: string;
  partner: string;
}

export const codesCsv = (codes: readonly string[], scholarship: CodesFor): string =>
  `${csvTable(
    ['code', 'scholarship', 'partner'],
    codes.map((code) => ({ code, scholarship: scholarship.name, partner: scholarship.partner })),
  )}\r\n`;

/** `codes-<partner>-<date>.csv`, e.g. codes-lsetf-2026-11-27.csv. */
export function downloadCodes(codes: readonly string[], scholarship: CodesFor, today = new Date()) {
  const filename = `codes-${scholarship.partner}-${today.toISOString().slice(0, 10)}.csv`;
  saveFile(new Blob([codesCsv(codes, scholarship)], { type: 'text/csv;charset=utf-8' }), filename);
}
