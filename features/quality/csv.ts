// CSV for the export links (RFC 4180): fields separated by commas, records by CRLF; a field holding a comma, a
// quote, CR or LF is quoted, with its quotes doubled. Numbers are written as JavaScript prints them (a dot for
// decimals) so spreadsheets and scripts read them alike whatever the interface language.

export type CsvValue = string | number | boolean | Date | null | undefined

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return ''
  const text = value instanceof Date ? value.toISOString() : String(value)
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

export function toCsv(header: string[], rows: ReadonlyArray<ReadonlyArray<CsvValue>>): string {
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n'
}

/**
 * A `data:` URI for a download link, so the export is a plain link that works without JavaScript or another
 * request. The byte order mark makes spreadsheet programs read the file as UTF-8 (Czech names stay intact).
 */
export function csvDataUri(csv: string): string {
  return `data:text/csv;charset=utf-8,${encodeURIComponent(`\uFEFF${csv}`)}`
}
