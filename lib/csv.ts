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
  // Only the first record is looked at: skip a byte order mark without copying the whole text.
  for (const char of text.slice(text.charCodeAt(0) === 0xfeff ? 1 : 0)) {
    if (char === '"') quoted = !quoted
    else if (!quoted && (char === '\n' || char === '\r')) break
    else if (!quoted && char in counts) counts[char as keyof typeof counts]++
  }
  if (counts[';'] > counts[','] && counts[';'] >= counts['\t']) return ';'
  if (counts['\t'] > counts[','] && counts['\t'] > counts[';']) return '\t'
  return ','
}

/** One record of a CSV text: its fields, and the line of the file it starts on (1 is the first). */
export type CsvRecord = { fields: string[]; line: number }

const QUOTE = 0x22
const CR = 0x0d
const LF = 0x0a

/** How many line feeds `text` holds between `from` and `to`. */
function lineFeeds(text: string, from: number, to: number): number {
  let count = 0
  for (let at = text.indexOf('\n', from); at !== -1 && at < to; at = text.indexOf('\n', at + 1)) count++
  return count
}

/**
 * The records of a CSV text (UTF-8, with or without a byte order mark) one at a time, each an array of fields with
 * the line it starts on. Quoted fields may hold separators, doubled quotes and line breaks (CRLF or LF). A quote left
 * open is an error naming its line, raised when the reader gets there. One record at a time, so that a reader can stop
 * at a limit without parsing the rest of a large file; runs of plain characters are taken as slices, not character by
 * character, so a long value costs one string.
 */
export function* csvRecords(input: string, separator: string = detectSeparator(input)): Generator<CsvRecord> {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input
  const separatorCode = separator.charCodeAt(0)
  const length = text.length
  let record: string[] = []
  let field = ''
  let line = 1
  let recordLine = 1
  let index = 0
  while (index < length) {
    const code = text.charCodeAt(index)
    if (code === QUOTE && field === '') {
      // A quoted value: up to the quote that is not doubled.
      const quoteLine = line
      let from = index + 1
      for (;;) {
        const close = text.indexOf('"', from)
        if (close === -1) throw new CsvSyntaxError(`A quoted field opened on line ${quoteLine} is never closed`, quoteLine)
        line += lineFeeds(text, from, close)
        field += text.slice(from, close)
        if (text.charCodeAt(close + 1) !== QUOTE) {
          index = close + 1
          break
        }
        field += '"'
        from = close + 2
      }
    } else if (code === separatorCode) {
      record.push(field)
      field = ''
      index++
    } else if (code === CR || code === LF) {
      index += code === CR && text.charCodeAt(index + 1) === LF ? 2 : 1
      record.push(field)
      yield { fields: record, line: recordLine }
      record = []
      field = ''
      line++
      recordLine = line
    } else {
      // Plain characters up to the next separator, line break or quote (a quote inside a value is kept as it is).
      let end = index + 1
      while (end < length) {
        const next = text.charCodeAt(end)
        if (next === separatorCode || next === CR || next === LF || next === QUOTE) break
        end++
      }
      field += text.slice(index, end)
      index = end
    }
  }
  if (field !== '' || record.length > 0) {
    record.push(field)
    yield { fields: record, line: recordLine }
  }
}

/** Every record of a CSV text at once (`csvRecords`), each an array of fields; for small texts. */
export function parseCsv(input: string, separator: string = detectSeparator(input)): string[][] {
  return Array.from(csvRecords(input, separator), (record) => record.fields)
}
