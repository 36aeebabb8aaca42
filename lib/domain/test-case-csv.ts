// Test cases as CSV (docs/test-case-csv.md): the columns, the two layouts of steps (a row per step, or numbered steps
// in one cell), and the values as spreadsheets hold them. Pure: the server previews and imports with it, the export
// writes with it, and nothing here touches the database.

import { csvField, CsvSyntaxError, csvRecords, detectSeparator, fromCsvText } from '../csv.ts'
import { madeBy } from '../made-by.ts'
import {
  CASE_STATES,
  CASE_TYPES,
  formatEstimate,
  normaliseFolder,
  normaliseTags,
  parseCaseKey,
  parseEstimate,
  PRIORITIES,
  TARGET_KINDS,
  type CaseState,
  type CaseType,
  type Priority,
  type StepText,
  type TargetKind,
} from './test-management.ts'

export const CSV_COLUMNS = [
  'ID',
  'Title',
  'Section',
  'Priority',
  'Type',
  'State',
  'Description',
  'Preconditions',
  'Steps (Step)',
  'Steps (Data)',
  'Steps (Expected Result)',
  'References',
  'Estimate',
  'Tags',
  'Target',
] as const
type Column = (typeof CSV_COLUMNS)[number]

// Header names as other tools and languages write them, lower-cased: a file from a spreadsheet in Czech or from
// another test-management tool reads the same.
const COLUMN_ALIASES: Record<string, Column> = {
  id: 'ID', key: 'ID', 'case id': 'ID', klíč: 'ID',
  title: 'Title', name: 'Title', název: 'Title', titel: 'Title', titre: 'Title', tytuł: 'Title', 标题: 'Title',
  section: 'Section', folder: 'Section', 'section hierarchy': 'Section', sekce: 'Section', složka: 'Section',
  priority: 'Priority', priorita: 'Priority', priorität: 'Priority', priorité: 'Priority', priorytet: 'Priority', 优先级: 'Priority',
  type: 'Type', typ: 'Type', 类型: 'Type',
  state: 'State', status: 'State', stav: 'State', état: 'State', 状态: 'State',
  description: 'Description', popis: 'Description', beschreibung: 'Description', opis: 'Description', 描述: 'Description',
  preconditions: 'Preconditions', předpoklady: 'Preconditions', vorbedingungen: 'Preconditions', 'préconditions': 'Preconditions', 'warunki wstępne': 'Preconditions', 前置条件: 'Preconditions',
  'steps (step)': 'Steps (Step)', steps: 'Steps (Step)', step: 'Steps (Step)', 'kroky (krok)': 'Steps (Step)', kroky: 'Steps (Step)', krok: 'Steps (Step)',
  'steps (data)': 'Steps (Data)', data: 'Steps (Data)', 'kroky (data)': 'Steps (Data)', 'test data': 'Steps (Data)',
  'steps (expected result)': 'Steps (Expected Result)', 'expected result': 'Steps (Expected Result)', expected: 'Steps (Expected Result)',
  'kroky (očekávaný výsledek)': 'Steps (Expected Result)', 'očekávaný výsledek': 'Steps (Expected Result)',
  references: 'References', refs: 'References', odkazy: 'References',
  estimate: 'Estimate', odhad: 'Estimate', schätzung: 'Estimate',
  tags: 'Tags', štítky: 'Tags', labels: 'Tags',
  target: 'Target', cíl: 'Target', ziel: 'Target',
}

// Values as people write them in the six languages, lower-cased.
const PRIORITY_WORDS: Record<string, Priority> = {
  low: 'low', medium: 'medium', high: 'high', critical: 'critical',
  nízká: 'low', střední: 'medium', vysoká: 'high', kritická: 'critical',
  niedrig: 'low', mittel: 'medium', hoch: 'high', kritisch: 'critical',
  basse: 'low', moyenne: 'medium', haute: 'high', critique: 'critical',
  niski: 'low', średni: 'medium', wysoki: 'high', krytyczny: 'critical',
  低: 'low', 中: 'medium', 高: 'high', 严重: 'critical',
}
const TYPE_WORDS: Record<string, CaseType> = {
  manual: 'manual', automated: 'automated', manuální: 'manual', automatizovaný: 'automated', ruční: 'manual', automatický: 'automated',
  manuell: 'manual', automatisiert: 'automated', manuel: 'manual', automatisé: 'automated', ręczny: 'manual', automatyczny: 'automated', 手动: 'manual', 自动: 'automated',
}
const STATE_WORDS: Record<string, CaseState> = {
  draft: 'draft', active: 'active', deprecated: 'deprecated', koncept: 'draft', aktivní: 'active', zastaralý: 'deprecated', vyřazený: 'deprecated',
  entwurf: 'draft', aktiv: 'active', veraltet: 'deprecated', brouillon: 'draft', actif: 'active', obsolète: 'deprecated',
  szkic: 'draft', aktywny: 'active', przestarzały: 'deprecated', 草稿: 'draft', 有效: 'active', 已弃用: 'deprecated',
}

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1)

/** A reason a row is refused or a note about it: a message key (`testCases.csv…`) with its parameters. */
export type CsvNote = { code: string; params?: Record<string, string | number> }

/** One case as a CSV file describes it, before it is matched to the project. */
export type CsvCase = {
  /** The file's line where the case starts (1 is the header). */
  line: number
  key: { projectKey: string; number: number } | null
  /** The ID cell as written, when it is not a case key. */
  rawKey: string
  title: string
  folder: string
  priority: Priority | null
  type: CaseType | null
  state: CaseState | null
  description: string
  preconditions: string
  steps: StepText[]
  references: string[]
  estimateMinutes: number | null
  tags: string[]
  target: { kind: TargetKind; id: string } | null
  /** Custom field values by column header, as written. */
  custom: Record<string, string>
  /** Which columns the file has: a column it lacks leaves that field as it is on an update. */
  columns: ReadonlySet<string>
  errors: CsvNote[]
}

export type CsvParseResult = { cases: CsvCase[]; fileErrors: CsvNote[]; customColumns: string[]; separator: string }

/**
 * The most data rows (records after the header, a row per step counted as a row) one import reads. A preview
 * answers a row per case and an import writes them in one transaction, so this bounds the memory and the time of
 * both; a larger file is refused before anything else is done with it (docs/test-case-csv.md).
 */
export const CSV_IMPORT_MAX_ROWS = 50_000

/** The most characters of an imported file (the request of an import is capped at 20 MB too: IMPORT_BODY_MAX). */
export const CSV_IMPORT_MAX_CHARS = 20 * 1024 * 1024

/**
 * A file checked for import: its refusals, or its cases one at a time (`cases()`, read again from the text each call)
 * and the case keys its ID column names (so that only those cases need to be looked up).
 */
export type CsvReader = { fileErrors: CsvNote[]; customColumns: string[]; separator: string; caseKeys: Array<{ projectKey: string; number: number }>; cases: () => Generator<CsvCase> }

const NUMBERED = /^\s*(\d+)[.)]\s+/

/** "1. Open\n2. Search" -> ["Open", "Search"]; text without numbering is one item. */
function splitNumbered(cell: string): string[] {
  const lines = cell.split(/\r?\n/)
  if (!lines.some((line) => NUMBERED.test(line))) return cell.trim() ? [cell.trim()] : []
  const items: string[] = []
  for (const line of lines) {
    if (NUMBERED.test(line)) items.push(line.replace(NUMBERED, ''))
    else if (items.length > 0) items[items.length - 1] += `\n${line}`
    else if (line.trim()) items.push(line)
  }
  return items.map((item) => item.trim())
}

function listCell(cell: string): string[] {
  return cell
    .split(/[,;\n]/)
    .map((item) => item.trim())
    .filter(Boolean)
}

type Header = { columnAt: Map<Column, number>; customAt: Map<string, number>; columns: ReadonlySet<string> }

function readHeader(record: string[]): Header {
  const columnAt = new Map<Column, number>()
  const customAt = new Map<string, number>()
  record.forEach((raw, index) => {
    const name = fromCsvText(raw).trim()
    const column = COLUMN_ALIASES[name.toLowerCase()]
    if (column && !columnAt.has(column)) columnAt.set(column, index)
    else if (name && !customAt.has(name)) customAt.set(name, index)
  })
  return { columnAt, customAt, columns: new Set<string>([...columnAt.keys(), ...customAt.keys()]) }
}

/**
 * Checks a CSV file of test cases for import without keeping its rows: the header, a quote left open, and at most
 * CSV_IMPORT_MAX_ROWS data rows (it stops reading at the first row over). The cases are then read one at a time,
 * either layout of steps, comma or semicolon, with or without a byte order mark, so that nothing is held per row
 * beyond what the caller keeps.
 */
export function readTestCaseCsv(text: string): CsvReader {
  const separator = detectSeparator(text)
  const refused = (note: CsvNote): CsvReader => ({ fileErrors: [note], customColumns: [], separator, caseKeys: [], cases: function* () {} })
  let header: Header | null = null
  const caseKeys: CsvReader['caseKeys'] = []
  try {
    let rows = -1
    for (const record of csvRecords(text, separator)) {
      rows++
      if (rows === 0) {
        if (record.fields.every((cell) => !cell.trim())) return refused({ code: 'cases.csvEmpty' })
        header = readHeader(record.fields)
        if (!header.columnAt.has('Title') && !header.columnAt.has('ID')) return refused({ code: 'cases.csvNoTitleColumn' })
      } else if (rows > CSV_IMPORT_MAX_ROWS) {
        return refused({ code: 'cases.csvTooManyRows', params: { max: CSV_IMPORT_MAX_ROWS } })
      } else {
        const key = cellOf(header!, record.fields, 'ID').trim()
        const parsed = key ? parseCaseKey(key) : null
        if (parsed) caseKeys.push(parsed)
      }
    }
  } catch (error) {
    if (!madeBy(error, CsvSyntaxError)) throw error
    return refused({ code: 'cases.csvUnclosedQuote', params: { line: error.line } })
  }
  if (!header) return refused({ code: 'cases.csvEmpty' })
  const known = header
  return { fileErrors: [], customColumns: [...known.customAt.keys()], separator, caseKeys, cases: () => casesOf(text, separator, known) }
}

/** Reads a CSV file of test cases whole (`readTestCaseCsv`, every case in an array): for small files. */
export function parseTestCaseCsv(text: string): CsvParseResult {
  const { fileErrors, customColumns, separator, cases } = readTestCaseCsv(text)
  return { cases: [...cases()], fileErrors, customColumns, separator }
}

/** The cases of a checked file, one at a time: a case is its first row and the step rows after it. */
function* casesOf(text: string, separator: string, header: Header): Generator<CsvCase> {
  let group: { line: number; rows: string[][] } | null = null
  let first = true
  for (const { fields, line } of csvRecords(text, separator)) {
    if (first) {
      first = false
      continue
    }
    if (fields.every((value) => !value.trim())) continue
    const opensCase = cellOf(header, fields, 'ID').trim() !== '' || cellOf(header, fields, 'Title').trim() !== ''
    if (opensCase || !group) {
      if (group) yield caseOf(header, group.line, group.rows)
      group = { line, rows: [fields] }
    } else group.rows.push(fields)
  }
  if (group) yield caseOf(header, group.line, group.rows)
}

function cellOf(header: Header, record: string[], column: Column): string {
  const index = header.columnAt.get(column)
  return index === undefined ? '' : fromCsvText(record[index] ?? '')
}

function caseOf(header: Header, startLine: number, rows: string[][]): CsvCase {
  const cell = (record: string[], column: Column) => cellOf(header, record, column)
  const [first] = rows as [string[], ...string[][]]
  const errors: CsvNote[] = []
  const rawKey = cell(first, 'ID').trim()
  const key = rawKey ? parseCaseKey(rawKey) : null
  if (rawKey && !key) errors.push({ code: 'cases.csvBadKey', params: { value: rawKey } })
  const word = <T extends string>(column: Column, words: Record<string, T>, code: string): T | null => {
    const value = cell(first, column).trim()
    if (!value) return null
    const found = words[value.toLowerCase()]
    if (!found) errors.push({ code, params: { value } })
    return found ?? null
  }
  const priority = word('Priority', PRIORITY_WORDS, 'cases.csvBadPriority')
  const type = word('Type', TYPE_WORDS, 'cases.csvBadType')
  const state = word('State', STATE_WORDS, 'cases.csvBadState')
  const estimateText = cell(first, 'Estimate')
  const estimate = parseEstimate(estimateText)
  if (estimate === undefined) errors.push({ code: 'cases.csvBadEstimate', params: { value: estimateText.trim() } })
  const targetText = cell(first, 'Target').trim()
  let target: CsvCase['target'] = null
  if (targetText) {
    const match = /^([a-z]+):(.+)$/i.exec(targetText)
    const kind = match?.[1]?.toLowerCase() as TargetKind | undefined
    if (match && kind && (TARGET_KINDS as readonly string[]).includes(kind)) target = { kind, id: match[2]!.trim() }
    else errors.push({ code: 'cases.csvBadTarget', params: { value: targetText } })
  }

  // Steps: a row per step, or numbered steps in the case's one row.
  let steps: StepText[]
  const stepCells = (record: string[]) => [cell(record, 'Steps (Step)'), cell(record, 'Steps (Data)'), cell(record, 'Steps (Expected Result)')] as const
  if (rows.length === 1) {
    const [actions, data, expected] = stepCells(first).map(splitNumbered) as [string[], string[], string[]]
    const count = Math.max(actions.length, data.length, expected.length)
    steps = Array.from({ length: count }, (_, index) => ({ action: actions[index] ?? '', data: data[index] ?? '', expected: expected[index] ?? '' }))
  } else {
    steps = rows
      .map(stepCells)
      .filter((values) => values.some((value) => value.trim()))
      .map(([action, data, expected]) => ({ action: action.trim(), data: data.trim(), expected: expected.trim() }))
  }
  steps.forEach((step, index) => {
    if (!step.action) errors.push({ code: 'cases.csvStepWithoutAction', params: { step: index + 1 } })
  })

  const custom: Record<string, string> = {}
  for (const [name, index] of header.customAt) custom[name] = fromCsvText(first[index] ?? '').trim()

  return {
    line: startLine,
    key,
    rawKey,
    title: cell(first, 'Title').trim(),
    folder: normaliseFolder(cell(first, 'Section')),
    priority,
    type,
    state,
    description: cell(first, 'Description').trim(),
    preconditions: cell(first, 'Preconditions').trim(),
    steps,
    references: listCell(cell(first, 'References')),
    estimateMinutes: estimate ?? null,
    tags: normaliseTags(listCell(cell(first, 'Tags'))),
    target,
    custom,
    columns: header.columns,
    errors,
  }
}

/** One case to write: its key, fields, steps already written out (shared steps expanded), custom values as text. */
export type CsvExportCase = {
  key: string
  title: string
  folder: string
  priority: Priority
  type: CaseType
  state: CaseState
  description: string
  preconditions: string
  steps: StepText[]
  references: string[]
  estimateMinutes: number | null
  tags: string[]
  target: { kind: TargetKind; id: string } | null
  custom: Record<string, string>
}

/** Writes cases a row per step (further steps on rows that leave ID and Title empty), custom fields after the rest. */
export function writeTestCaseCsv(cases: readonly CsvExportCase[], customColumns: readonly string[], separator = ','): string {
  const header = [...CSV_COLUMNS, ...customColumns]
  const lines = [header.map((value) => csvField(value, separator)).join(separator)]
  for (const item of cases) {
    const steps = item.steps.length > 0 ? item.steps : [{ action: '', data: '', expected: '' }]
    steps.forEach((step, index) => {
      const row: Record<Column, string> = {
        ID: index === 0 ? item.key : '',
        Title: index === 0 ? item.title : '',
        Section: index === 0 ? item.folder : '',
        Priority: index === 0 ? capital(item.priority) : '',
        Type: index === 0 ? capital(item.type) : '',
        State: index === 0 ? capital(item.state) : '',
        Description: index === 0 ? item.description : '',
        Preconditions: index === 0 ? item.preconditions : '',
        'Steps (Step)': step.action,
        'Steps (Data)': step.data,
        'Steps (Expected Result)': step.expected,
        References: index === 0 ? item.references.join(', ') : '',
        Estimate: index === 0 ? formatEstimate(item.estimateMinutes) : '',
        Tags: index === 0 ? item.tags.join(', ') : '',
        Target: index === 0 && item.target ? `${item.target.kind}:${item.target.id}` : '',
      }
      const values = [...CSV_COLUMNS.map((column) => row[column]), ...customColumns.map((column) => (index === 0 ? (item.custom[column] ?? '') : ''))]
      lines.push(values.map((value) => csvField(value, separator)).join(separator))
    })
  }
  return `${lines.join('\r\n')}\r\n`
}

export const CSV_PRIORITY_VALUES = PRIORITIES.map(capital)
export const CSV_TYPE_VALUES = CASE_TYPES.map(capital)
export const CSV_STATE_VALUES = CASE_STATES.map(capital)
