// CSV that a spreadsheet opens safely: the admin command's enrolment report and the staff console's
// downloads. RFC 4180 records separated by CRLF; a cell that would run as a formula is defused.

/**
 * One field: a leading =, +, -, @, tab or CR would make a spreadsheet read it as a formula, so it
 * gets an apostrophe first; then RFC 4180 quoting for a comma, a quote or a line break.
 */
function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The header and one record per row, separated by CRLF (RFC 4180); no rows, the header alone. */
export function csvTable<C extends string>(columns: readonly C[], rows: readonly Record<C, string>[]): string {
  const records = [columns.join(','), ...rows.map((row) => columns.map((column) => csvField(row[column])).join(','))];
  return records.join('\r\n');
}
