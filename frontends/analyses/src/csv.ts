/** One cell of a CSV row: text, a number or nothing. */
export type CsvValue = string | number | null | undefined;

/** RFC 4180 quoting: a field with a comma, quote, CR or LF is quoted and its quotes doubled; a formula start is neutralised. */
function field(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  // a spreadsheet runs a cell that starts with = + - @ as a formula (CSV injection); numbers stay as they are
  if (typeof value === 'string' && /^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The CSV text of a chart's data: a header line, then one line per row, CRLF between lines. */
export function buildCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
}

/** Cents as a plain decimal amount ('1234.50'): a spreadsheet reads it as a number. */
export function centsText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
