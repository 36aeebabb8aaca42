// Qase's repository export, CSV v2 (SOURCES.md): suite rows first (no `v2.id`, `suite_without_cases` 1), then a row
// per case; steps are three numbered cells (`steps_actions`, `steps_result`, `steps_data`) whose items are JSON
// strings (`1. "Click \"Login\""`), Gherkin cases unquoted. Suites nest by id, not by name.

import { csvRecords, CsvSyntaxError, detectSeparator, fromCsvText } from '../../csv.ts'
import { madeBy } from '../../made-by.ts'
import { CSV_IMPORT_MAX_ROWS, splitNumbered } from '../test-case-csv.ts'
import { normaliseTags } from '../test-management.ts'
import { emptyCase, folderOf, keptSteps, type CaseFileReader, type CsvNote, type ImportedCase } from './imported-case.ts'

const OWN = new Set(['v2.id', 'title', 'description', 'preconditions', 'tags', 'priority', 'automation', 'status', 'steps_type', 'steps_actions', 'steps_result', 'steps_data', 'suite_id', 'suite_parent_id', 'suite', 'suite_without_cases'])
/** How deep suites may nest before the rest of the chain is ignored (a loop of parents ends there too). */
const MAX_SUITE_DEPTH = 64

/** A header that is Qase's v2 export. */
export function isQaseCsvHeader(firstLine: string): boolean {
  const names = firstLine.toLowerCase()
  return names.includes('v2.id') && names.includes('steps_actions')
}

/** An item of a step cell: a JSON string as Qase writes it, or text as it is (Gherkin, older exports). */
function itemText(item: string): string {
  const trimmed = item.trim()
  if (trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')) {
    try {
      const value: unknown = JSON.parse(trimmed)
      if (typeof value === 'string') return value.trim()
    } catch {
      // not a JSON string: the text as written
    }
  }
  return trimmed
}

type Suite = { name: string; parent: string }

function folderPath(suiteId: string, suites: ReadonlyMap<string, Suite>): string {
  const levels: string[] = []
  for (let id = suiteId, depth = 0; id && depth < MAX_SUITE_DEPTH; depth++) {
    const suite = suites.get(id)
    if (!suite) break
    levels.unshift(suite.name)
    id = suite.parent
  }
  return folderOf(levels)
}

export function readQaseCsv(text: string): CaseFileReader {
  const separator = detectSeparator(text)
  const refused = (note: CsvNote): CaseFileReader => ({ format: 'qase-csv', fileErrors: [note], customColumns: [], rawKeys: [], cases: function* () {} })
  let header: string[] = []
  const suites = new Map<string, Suite>()
  const rawKeys: string[] = []
  const at = (fields: string[], name: string) => {
    const index = header.indexOf(name)
    return index === -1 ? '' : fromCsvText(fields[index] ?? '')
  }
  try {
    let rows = -1
    for (const { fields } of csvRecords(text, separator)) {
      if (++rows === 0) {
        header = fields.map((name) => fromCsvText(name).trim().toLowerCase())
        continue
      }
      if (rows > CSV_IMPORT_MAX_ROWS) return refused({ code: 'cases.csvTooManyRows', params: { max: CSV_IMPORT_MAX_ROWS } })
      const id = at(fields, 'v2.id').trim()
      const suiteId = at(fields, 'suite_id').trim()
      if (suiteId && !suites.has(suiteId)) suites.set(suiteId, { name: at(fields, 'suite').trim(), parent: at(fields, 'suite_parent_id').trim() })
      if (id) rawKeys.push(`qase:${id}`)
    }
  } catch (error) {
    if (!madeBy(error, CsvSyntaxError)) throw error
    return refused({ code: 'cases.csvUnclosedQuote', params: { line: error.line } })
  }
  const names = header
  const customColumns = names.filter((name) => name && !OWN.has(name))
  function* cases(): Generator<ImportedCase> {
    let first = true
    for (const { fields, line } of csvRecords(text, separator)) {
      if (first) {
        first = false
        continue
      }
      const id = at(fields, 'v2.id').trim()
      if (!id && !at(fields, 'title').trim()) continue
      const item = emptyCase(line)
      item.rawKey = id ? `qase:${id}` : ''
      item.title = at(fields, 'title').replace(/\s+/g, ' ').trim()
      item.folder = folderPath(at(fields, 'suite_id').trim(), suites)
      item.values = { priority: at(fields, 'priority').trim(), type: at(fields, 'automation').trim(), state: at(fields, 'status').trim() }
      item.description = at(fields, 'description').trim()
      item.preconditions = at(fields, 'preconditions').trim()
      item.tags = normaliseTags(at(fields, 'tags').split(',').map((tag) => tag.trim()))
      const [actions, results, data] = ['steps_actions', 'steps_result', 'steps_data'].map((name) => splitNumbered(at(fields, name)).map(itemText)) as [string[], string[], string[]]
      const count = Math.max(actions.length, results.length, data.length)
      item.steps = keptSteps(Array.from({ length: count }, (_, index) => ({ action: actions[index] ?? '', data: data[index] ?? '', expected: results[index] ?? '' })))
      for (const name of customColumns) {
        const value = at(fields, name).trim()
        if (value) item.custom.set(name, value)
      }
      yield item
    }
  }
  return { format: 'qase-csv', fileErrors: [], customColumns, rawKeys, cases }
}
