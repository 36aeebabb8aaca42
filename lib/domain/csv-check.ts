// The "CSV resource parses" check (docs/checks.md): which encoding and delimiter a file uses, whether every record has
// the header's number of fields, whether the named columns are there and, with a Table Schema, whether the values have
// their types, required values are present and unique ones are unique. Pure, so it is tested without a network.

import { CsvSyntaxError, detectSeparator, parseCsv } from '../csv.ts'
import { madeBy } from '../made-by.ts'
import type { CheckMessage, TableSchemaField } from './checks.ts'

export type CsvCheckOptions = { columns: string[]; tableSchema: string; maxErrors: number }
export type CsvCheckResult = { ok: boolean; encoding: string | null; delimiter: string | null; rows: number; columns: string[]; messages: CheckMessage[] }

/** The text of a file: UTF-8 when it is valid UTF-8 (a BOM is dropped), else Windows-1250 (Czech files), else Latin-1. */
export function decodeCsvBytes(bytes: Uint8Array): { text: string; encoding: string } {
  for (const encoding of ['utf-8', 'windows-1250', 'latin1']) {
    try {
      const text = new TextDecoder(encoding, { fatal: true }).decode(bytes)
      return { text: text.replace(/^\uFEFF/, ''), encoding }
    } catch {
      // not this one (or a runtime without it): try the next
    }
  }
  return { text: new TextDecoder().decode(bytes), encoding: 'utf-8' }
}

const DELIMITER_NAMES: Record<string, string> = { ',': 'comma', ';': 'semicolon', '\t': 'tab' }

function fieldsOf(tableSchema: string): TableSchemaField[] {
  if (!tableSchema.trim()) return []
  const parsed = JSON.parse(tableSchema) as { fields?: unknown }
  if (!Array.isArray(parsed.fields)) return []
  return parsed.fields.flatMap((field): TableSchemaField[] => {
    if (typeof field !== 'object' || field === null) return []
    const { name, type, constraints } = field as Record<string, unknown>
    if (typeof name !== 'string' || !name) return []
    const rules = typeof constraints === 'object' && constraints !== null ? (constraints as Record<string, unknown>) : {}
    return [{ name, ...(typeof type === 'string' ? { type } : {}), constraints: { required: rules.required === true, unique: rules.unique === true } }]
  })
}

const TYPE_TESTS: Record<string, (value: string) => boolean> = {
  string: () => true,
  any: () => true,
  integer: (value) => /^[+-]?\d+$/.test(value),
  number: (value) => /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(value) || /^[+-]?(NaN|INF|-INF)$/.test(value),
  boolean: (value) => /^(true|false|True|False|TRUE|FALSE|1|0)$/.test(value),
  date: (value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && Number.isFinite(Date.parse(`${value}T00:00:00Z`)),
  datetime: (value) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/.test(value) && Number.isFinite(Date.parse(value)),
  time: (value) => /^\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value),
  year: (value) => /^-?\d{4}$/.test(value),
}

/** Checks a CSV file's bytes; messages are capped at `maxErrors` problems plus one saying how many more there were. */
export function checkCsv(bytes: Uint8Array, options: CsvCheckOptions): CsvCheckResult {
  const { text, encoding } = decodeCsvBytes(bytes)
  const messages: CheckMessage[] = [{ code: 'csvEncoding', params: { encoding } }]
  const result: CsvCheckResult = { ok: false, encoding, delimiter: null, rows: 0, columns: [], messages }
  if (!text.trim()) {
    messages.push({ code: 'csvEmpty' })
    return result
  }
  const delimiter = detectSeparator(text)
  result.delimiter = delimiter
  messages.push({ code: 'csvDelimiter', params: { delimiter: DELIMITER_NAMES[delimiter] ?? delimiter } })
  let records: string[][]
  try {
    records = parseCsv(text, delimiter).filter((record) => !(record.length === 1 && record[0] === ''))
  } catch (error) {
    messages.push({ code: 'csvSyntax', params: { line: madeBy(error, CsvSyntaxError) ? error.line : 0 } })
    return result
  }
  const header = (records[0] ?? []).map((name) => name.trim())
  result.columns = header
  result.rows = Math.max(0, records.length - 1)
  messages.push({ code: 'csvRows', params: { rows: result.rows, columns: header.length } })

  let problems = 0
  const report = (message: CheckMessage) => {
    problems++
    if (problems <= options.maxErrors) messages.push(message)
  }
  const position = new Map(header.map((name, index) => [name.toLowerCase(), index]))
  for (const [index, record] of records.entries()) {
    if (index > 0 && record.length !== header.length) report({ code: 'csvRowWidth', params: { row: index + 1, found: record.length, expected: header.length } })
  }
  for (const column of options.columns) {
    if (!position.has(column.trim().toLowerCase())) report({ code: 'csvMissingColumn', params: { column } })
  }
  const fields = fieldsOf(options.tableSchema)
  for (const field of fields) {
    const column = position.get(field.name.toLowerCase())
    if (column === undefined) {
      report({ code: 'csvMissingColumn', params: { column: field.name } })
      continue
    }
    const test = TYPE_TESTS[field.type ?? 'string'] ?? TYPE_TESTS.string!
    const seen = new Set<string>()
    for (let row = 1; row < records.length; row++) {
      const value = (records[row]![column] ?? '').trim()
      if (value === '') {
        if (field.constraints?.required) report({ code: 'csvRequired', params: { row: row + 1, column: field.name } })
        continue
      }
      if (!test(value)) report({ code: 'csvType', params: { row: row + 1, column: field.name, type: field.type ?? 'string', value: value.slice(0, 60) } })
      if (field.constraints?.unique) {
        if (seen.has(value)) report({ code: 'csvUnique', params: { row: row + 1, column: field.name, value: value.slice(0, 60) } })
        seen.add(value)
      }
    }
  }
  if (problems > options.maxErrors) messages.push({ code: 'csvMoreErrors', params: { count: problems - options.maxErrors } })
  result.ok = problems === 0 && header.length > 0
  return result
}
