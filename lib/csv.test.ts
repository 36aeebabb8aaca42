import { describe, expect, it } from 'vitest'
import { csvDataUri, csvField, csvRecords, detectSeparator, fromCsvText, parseCsv, toCsv } from './csv.ts'

describe('csvField', () => {
  it('leaves plain values bare', () => {
    expect(csvField('Praha')).toBe('Praha')
    expect(csvField(275)).toBe('275')
    expect(csvField(0.682)).toBe('0.682')
    expect(csvField(true)).toBe('true')
  })

  it('writes nothing for missing values', () => {
    expect(csvField(null)).toBe('')
    expect(csvField(undefined)).toBe('')
  })

  it('quotes fields with commas, quotes and line breaks, doubling the quotes (RFC 4180)', () => {
    expect(csvField('Povodí Ohře, státní podnik')).toBe('"Povodí Ohře, státní podnik"')
    expect(csvField('Say "open"')).toBe('"Say ""open"""')
    expect(csvField('two\nlines')).toBe('"two\nlines"')
    expect(csvField('carriage\rreturn')).toBe('"carriage\rreturn"')
  })

  it('writes dates as ISO 8601', () => {
    expect(csvField(new Date('2026-01-02T03:04:05.000Z'))).toBe('2026-01-02T03:04:05.000Z')
  })
})

describe('toCsv', () => {
  it('joins fields with commas and records with CRLF, header first', () => {
    expect(toCsv(['id', 'name'], [['a', 'x, y'], ['b', null]])).toBe('id,name\r\na,"x, y"\r\nb,\r\n')
  })

  it('keeps a line break inside a quoted field within its record', () => {
    const csv = toCsv(['note'], [['one\r\ntwo']])
    expect(csv).toBe('note\r\n"one\r\ntwo"\r\n')
  })
})

describe('csvDataUri', () => {
  it('is a UTF-8 CSV data URI that decodes back to the text with a byte order mark', () => {
    const uri = csvDataUri('název\r\nČeský statistický úřad\r\n')
    expect(uri.startsWith('data:text/csv;charset=utf-8,')).toBe(true)
    expect(decodeURIComponent(uri.slice('data:text/csv;charset=utf-8,'.length))).toBe('\uFEFFnázev\r\nČeský statistický úřad\r\n')
    expect(uri).not.toMatch(/[\s#"]/)
  })
})

describe('formula injection', () => {
  it('keeps text that a spreadsheet would run as a formula inert, and numbers numbers', () => {
    for (const text of ['=HYPERLINK("http://evil.example","click")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1']) {
      expect(csvField(text).replace(/^"/, '')).toMatch(/^'/)
    }
    expect(csvField(-5)).toBe('-5')
    expect(csvField('Praha')).toBe('Praha')
  })

  it('reads its own exports back unchanged', () => {
    const values = ['=HYPERLINK("http://evil.example")', '+420 123', '-', '@mention', "'quoted already", "'=already inert", "''+twice", 'plain, with comma', 'line\nbreak']
    const parsed = parseCsv(toCsv(['value'], values.map((value) => [value]))).slice(1).map(([cell]) => fromCsvText(cell!))
    expect(parsed).toEqual(values)
  })
})

describe('parseCsv', () => {
  it('reads quoted fields with separators, doubled quotes and line breaks', () => {
    expect(parseCsv('a,b,c\r\n"1,5","say ""hi""","two\nlines"\r\n')).toEqual([
      ['a', 'b', 'c'],
      ['1,5', 'say "hi"', 'two\nlines'],
    ])
  })

  it('takes what Czech Excel writes: a byte order mark and semicolons', () => {
    const text = '\uFEFFID;Název;Priorita\r\nPRG-1;"Ověřit; datovou sadu";vysoká\r\n'
    expect(detectSeparator(text)).toBe(';')
    expect(parseCsv(text)).toEqual([
      ['ID', 'Název', 'Priorita'],
      ['PRG-1', 'Ověřit; datovou sadu', 'vysoká'],
    ])
  })

  it('keeps empty fields and a last line without a line break', () => {
    expect(parseCsv('a,,c\n,,')).toEqual([
      ['a', '', 'c'],
      ['', '', ''],
    ])
  })

  it('names the line of a quote left open', () => {
    expect(() => parseCsv('a,b\n1,"open\n2,3')).toThrow(/line 2/)
  })
})

describe('csvRecords', () => {
  it('gives each record with the line it starts on, one at a time: a reader that stops early never reads the rest', () => {
    const records = csvRecords('Title;Steps\r\n"Two\nlines";x\r\nNext;y\n"open\n', ';')
    expect(records.next().value).toEqual({ fields: ['Title', 'Steps'], line: 1 })
    expect(records.next().value).toEqual({ fields: ['Two\nlines', 'x'], line: 2 })
    expect(records.next().value).toEqual({ fields: ['Next', 'y'], line: 4 })
    // The quote left open is met only by a reader that goes on.
    expect(() => records.next()).toThrow(/line 5/)
  })
})
