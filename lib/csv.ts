// CSV (RFC 4180) for exports and imports, in the browser and on the server: fields separated by commas, records by
// CRLF; a field holding the separator, a quote, CR or LF is quoted, with its quotes doubled. Numbers are written as
// JavaScript prints them (a dot for decimals) so spreadsheets and scripts read them alike whatever the language.

import { madeBy } from './made-by.ts'

export type CsvValue = string | number | boolean | Date | null | undefined

/**
 * Text that a spreadsheet would run as a formula (`=HYPERLINK(...)`, `+`, `-`, `@`, or a leading tab or CR that some
 * programs strip first) gets a leading apostrophe, which spreadsheets show as text (OWASP: CSV injection); so does
 * text already starting with apostrophes before such a character, so that the round trip is exact. Numbers stay
 * numbers. `fromCsvText` takes one apostrophe off again, so our own exports import unchanged.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/

export function csvField(value: CsvValue, separator = ','): string {
  if (value === null || value === undefined) return ''
  let text = madeBy(value, Date) ? value.toISOString() : String(value)
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`
  return text.includes(separator) || /["\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

export function toCsv(header: string[], rows: ReadonlyArray<ReadonlyArray<CsvValue>>, separator = ','): string {
  return [header, ...rows].map((row) => row.map((value) => csvField(value, separator)).join(separator)).join('\r\n') + '\r\n'
}

/** A cell as the exporter meant it: the apostrophe that kept a formula-like text inert is taken off. */
export function fromCsvText(cell: string): string {
  return /^'+[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell
}

/**
 * A `data:` URI for a download link, so the export is a plain link that works without JavaScript or another
 * request. The byte order mark makes spreadsheet programs read the file as UTF-8 (Czech names stay intact).
 */
export function csvDataUri(csv: string): string {
  return `data:text/csv;charset=utf-8,${encodeURIComponent(`\uFEFF${csv}`)}`
}

export class CsvSyntaxError extends Error {
  readonly line: number
  constructor(message: string, line: number) {
    super(message)
    this.name = 'CsvSyntaxError'
    this.line = line
  }
}

/**
 * The separator of a CSV text: a comma, or a semicolon (Czech and other locales' Excel write semicolons) or a tab,
 * whichever the first record holds more of outside quotes.
 */
export function detectSeparator(text: string): ',' | ';' | '\t' {
  const counts = { ',': 0, ';': 0, '\t': 0 }
  let quoted = false
  for (const char of text.replace(/^\uFEFF/, '')) {
    if (char === '"') quoted = !quoted
    else if (!quoted && (char === '\n' || char === '\r')) break
    else if (!quoted && char in counts) counts[char as keyof typeof counts]++
  }
  if (counts[';'] > counts[','] && counts[';'] >= counts['\t']) return ';'
  if (counts['\t'] > counts[','] && counts['\t'] > counts[';']) return '\t'
  return ','
}

/**
 * Records of a CSV text (UTF-8, with or without a byte order mark), each an array of fields. Quoted fields may hold
 * separators, doubled quotes and line breaks (CRLF or LF). A quote left open is an error naming its line.
 */
export function parseCsv(input: string, separator: string = detectSeparator(input)): string[][] {
  const text = input.replace(/^\uFEFF/, '')
  const records: string[][] = []
  let record: string[] = []
  let field = ''
  let quoted = false
  let line = 1
  let quoteLine = 1
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!
    if (quoted) {
      if (char === '"') {
        if (text[index + 1] === '"') {
          field += '"'
          index++
        } else quoted = false
      } else {
        if (char === '\n') line++
        field += char
      }
      continue
    }
    if (char === '"' && field === '') {
      quoted = true
      quoteLine = line
    } else if (char === separator) {
      record.push(field)
      field = ''
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && text[index + 1] === '\n') index++
      record.push(field)
      records.push(record)
      record = []
      field = ''
      line++
    } else field += char
  }
  if (quoted) throw new CsvSyntaxError(`A quoted field opened on line ${quoteLine} is never closed`, quoteLine)
  if (field !== '' || record.length > 0) {
    record.push(field)
    records.push(record)
  }
  return records
}
