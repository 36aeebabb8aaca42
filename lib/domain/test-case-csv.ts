// Test cases as CSV (docs/test-case-csv.md): the columns, the two layouts of steps (a row per step, or numbered steps
// in one cell), and the values as spreadsheets hold them. Pure: the server previews and imports with it, the export
// writes with it, and nothing here touches the database.

import { csvField, CsvSyntaxError, csvRecords, detectSeparator, fromCsvText } from '../csv.ts'
import { madeBy } from '../made-by.ts'
import { folderFromPath, htmlToText, keptSteps, type CaseContent, type CaseFileReader, type CsvNote, type ImportedCase } from './case-import/imported-case.ts'
import { CASE_STATES, CASE_TYPES, formatEstimate, normaliseTags, parseEstimate, PRIORITIES, TARGET_KINDS, type CaseState, type CaseType, type Priority, type StepText, type TargetKind } from './test-management.ts'

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

type ReadColumn = Column | 'Script' | 'Issue Type' | 'Precondition Ref'

// Header names as other tools and languages write them, lower-cased, each column's names in order of preference: where
// a file has two (TestRail's `Section` and `Section Hierarchy`, its `Steps (Step)` and the Text template's `Steps`),
// a row's value is the first of them that is not empty (docs/test-case-csv.md, "Other tools").
const COLUMN_NAMES: ReadonlyArray<readonly [ReadColumn, readonly string[]]> = [
  ['ID', ['id', 'key', 'case id', 'klíč', 'issue id', 'work item id', 'test case id']],
  ['Title', ['title', 'name', 'název', 'titel', 'titre', 'tytuł', '标题', 'test summary', 'summary']],
  ['Section', ['section hierarchy', 'section', 'folder', 'sekce', 'složka', 'test repo', 'area path']],
  ['Priority', ['priority', 'priorita', 'priorität', 'priorité', 'priorytet', '优先级', 'test priority']],
  ['Type', ['type', 'typ', '类型', 'test type', 'automation type', 'automation status']],
  ['State', ['state', 'status', 'stav', 'état', '状态']],
  ['Description', ['description', 'popis', 'beschreibung', 'opis', '描述', 'objective']],
  ['Preconditions', ['preconditions', 'předpoklady', 'vorbedingungen', 'préconditions', 'warunki wstępne', '前置条件', 'precondition']],
  ['Steps (Step)', ['steps (step)', 'steps', 'step', 'kroky (krok)', 'kroky', 'krok', 'action', 'step action', 'test script (step-by-step) - step']],
  ['Steps (Data)', ['steps (data)', 'data', 'kroky (data)', 'test data', 'steps (additional info)', 'test script (step-by-step) - test data']],
  [
    'Steps (Expected Result)',
    ['steps (expected result)', 'expected result', 'expected', 'kroky (očekávaný výsledek)', 'očekávaný výsledek', 'result', 'step expected', 'test script (step-by-step) - expected result'],
  ],
  ['References', ['references', 'refs', 'odkazy', 'coverage (issues)']],
  ['Estimate', ['estimate', 'odhad', 'schätzung', 'estimated time']],
  ['Tags', ['tags', 'štítky', 'labels']],
  ['Target', ['target', 'cíl', 'ziel']],
  ['Script', ['test script (plain text)', 'test script (bdd)', 'unstructured definition', 'gherkin definition']],
  ['Issue Type', ['issue type']],
]
const COLUMN_ALIASES = new Map<string, { column: ReadColumn; rank: number }>(COLUMN_NAMES.flatMap(([column, names]) => names.map((name, rank) => [name, { column, rank }] as const)))
// Columns every tool's export has that say nothing about a case itself: read, never offered as custom fields.
const IGNORED_COLUMNS = new Set(['work item type', 'test step', 'suite', 'suite id', 'section depth', 'section description', 'issue key', 'precondition type', 'test set', 'steps (shared step id)', 'steps (references)'])

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1)

export type { CsvNote }
/** One case as a CSV file describes it, before it is matched to the project. */
export type CsvCase = ImportedCase

export type CsvParseResult = { cases: CsvCase[]; fileErrors: CsvNote[]; customColumns: string[]; separator: string }

/**
 * The most data rows (records after the header, a row per step counted as a row) one import reads. A preview
 * answers a row per case and an import writes them in one transaction, so this bounds the memory and the time of
 * both; a larger file is refused before anything else is done with it (docs/test-case-csv.md).
 */
export const CSV_IMPORT_MAX_ROWS = 50_000

/** The most characters of an imported file (the request of an import is capped at 20 MB too: IMPORT_BODY_MAX). */
export const CSV_IMPORT_MAX_CHARS = 20 * 1024 * 1024

/** A CSV file checked for import: its refusals, or its cases one at a time (`cases()`, read again from the text each call). */
export type CsvReader = CaseFileReader & { separator: string }

const NUMBERED = /^\s*(\d+)[.)]\s+/

/** "1. Open\n2. Search" -> ["Open", "Search"]; text without numbering is one item. */
export function splitNumbered(cell: string): string[] {
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

const EXPECTED_BLOCK = /\n\s*Expected Result:\s*\n/i

/** "Open\nExpected Result:\nIt opens\n\nType\nExpected Result:\nTyped" as steps with their expected results. */
function expectedBlocks(cell: string): StepText[] {
  const parts = cell.replace(/\r\n?/g, '\n').split(EXPECTED_BLOCK)
  const steps: StepText[] = []
  let action = parts[0]!.trim()
  for (let index = 1; index < parts.length; index++) {
    const body = parts[index]!
    // The last paragraph of a block is the next step's action, unless this is the last block.
    const cut = index < parts.length - 1 ? body.lastIndexOf('\n\n') : -1
    const expected = (cut === -1 ? body : body.slice(0, cut)).trim()
    steps.push({ action, data: '', expected })
    action = cut === -1 ? '' : body.slice(cut).trim()
  }
  if (action) steps.push({ action, data: '', expected: '' })
  return steps
}

/** Lines of a cell without numbering (TestRail CSV joins a case's steps with line breaks). */
const plainLines = (cell: string) => cell.split(/\r?\n/).map((line) => line.trim()).filter(Boolean)

/** The steps of one row: numbered items paired by position, or, when actions and results have as many lines, line by line. */
function stepsOfCells(actionCell: string, dataCell: string, expectedCell: string): StepText[] {
  // TestRail's text rendering of separated steps: blocks of "step\nExpected Result:\nexpected" in one cell.
  if (!expectedCell.trim() && EXPECTED_BLOCK.test(actionCell)) return expectedBlocks(actionCell)
  let [actions, data, expected] = [actionCell, dataCell, expectedCell].map(splitNumbered) as [string[], string[], string[]]
  const numbered = [actionCell, expectedCell].some((cell) => cell.split(/\r?\n/).some((line) => NUMBERED.test(line)))
  if (!numbered && plainLines(actionCell).length > 1 && plainLines(actionCell).length === plainLines(expectedCell).length) {
    ;[actions, expected] = [plainLines(actionCell), plainLines(expectedCell)]
    data = plainLines(dataCell).length === actions.length ? plainLines(dataCell) : data
  }
  const count = Math.max(actions.length, data.length, expected.length)
  return Array.from({ length: count }, (_, index) => ({ action: actions[index] ?? '', data: data[index] ?? '', expected: expected[index] ?? '' }))
}

function listCell(cell: string): string[] {
  return cell
    .split(/[,;\n]/)
    .map((item) => item.trim())
    .filter(Boolean)
}

/** `html`: the step cells hold HTML (Azure DevOps keeps step text so), read as plain text. */
type Header = { columnAt: Map<ReadColumn, number[]>; customAt: Map<string, number>; columns: ReadonlySet<string>; html: boolean }

function readHeader(record: string[]): Header {
  const found = new Map<ReadColumn, Array<{ index: number; rank: number }>>()
  const customAt = new Map<string, number>()
  const names = record.map((raw) => fromCsvText(raw).trim())
  // In Xray's importer files `Precondition` names the precondition's Issue ID, not its text.
  const xray = names.some((name) => name.toLowerCase() === 'issue type')
  names.forEach((name, index) => {
    const lower = name.toLowerCase()
    const alias = xray && lower === 'precondition' ? { column: 'Precondition Ref' as const, rank: 0 } : COLUMN_ALIASES.get(lower)
    if (alias) found.set(alias.column, [...(found.get(alias.column) ?? []), { index, rank: alias.rank }])
    else if (name && !IGNORED_COLUMNS.has(lower) && !customAt.has(name)) customAt.set(name, index)
  })
  const columnAt = new Map([...found].map(([column, at]) => [column, at.toSorted((a, b) => a.rank - b.rank).map((item) => item.index)]))
  const columns = new Set<string>([...columnAt.keys()])
  if (columns.has('Script')) columns.add('Steps (Step)')
  return { columnAt, customAt, columns, html: names.some((name) => name.toLowerCase() === 'work item type') }
}

/** The first line `sep=;` that Excel and TestRail write names the separator and is not the header. */
function separatorLine(text: string): { separator: string; body: string; skipped: number } | null {
  const match = /^\uFEFF?sep=(.)\r?\n/i.exec(text)
  return match ? { separator: match[1]!, body: text.slice(match[0].length), skipped: 1 } : null
}

/**
 * Checks a CSV file of test cases for import without keeping its rows: the header, a quote left open, and at most
 * CSV_IMPORT_MAX_ROWS data rows (it stops reading at the first row over). The cases are then read one at a time,
 * either layout of steps, comma or semicolon, with or without a byte order mark, so that nothing is held per row
 * beyond what the caller keeps (and the text of Xray's precondition rows, which tests point to).
 */
export function readTestCaseCsv(input: string): CsvReader {
  const declared = separatorLine(input)
  const text = declared ? declared.body : input
  const separator = declared?.separator ?? detectSeparator(text)
  const refused = (note: CsvNote): CsvReader => ({ format: 'csv', fileErrors: [note], customColumns: [], separator, rawKeys: [], cases: function* () {} })
  let header: Header | null = null
  const rawKeys: string[] = []
  const preconditions = new Map<string, string>()
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
        const issueType = cellOf(header!, record.fields, 'Issue Type').trim().toLowerCase()
        if (issueType === 'precondition') preconditions.set(key, preconditionText(header!, record.fields))
        else if (key && rawKeys.at(-1) !== key) rawKeys.push(key)
      }
    }
  } catch (error) {
    if (!madeBy(error, CsvSyntaxError)) throw error
    return refused({ code: 'cases.csvUnclosedQuote', params: { line: error.line + (declared?.skipped ?? 0) } })
  }
  if (!header) return refused({ code: 'cases.csvEmpty' })
  const known = header
  const offset = declared?.skipped ?? 0
  return { format: 'csv', fileErrors: [], customColumns: [...known.customAt.keys()], separator, rawKeys, cases: () => casesOf(text, separator, known, preconditions, offset) }
}

/** What an Xray precondition row says: its definition, else its description, else its summary. */
function preconditionText(header: Header, record: string[]): string {
  for (const column of ['Script', 'Description', 'Title'] as const) {
    const value = cellOf(header, record, column).trim()
    if (value) return value
  }
  return ''
}

/** Reads a CSV file of test cases whole (`readTestCaseCsv`, every case in an array): for small files. */
export function parseTestCaseCsv(text: string): CsvParseResult {
  const { fileErrors, customColumns, separator, cases } = readTestCaseCsv(text)
  return { cases: [...cases()], fileErrors, customColumns, separator }
}

/**
 * The cases of a checked file, one at a time: a case is its first row and the step rows after it. A row continues
 * the case before it when it has no title and either no ID or the same ID (Xray repeats the ID on every step row).
 * Rows of other issue types (Xray's preconditions and test sets) are no cases.
 */
function* casesOf(text: string, separator: string, header: Header, preconditions: ReadonlyMap<string, string>, offset: number): Generator<CsvCase> {
  let group = null as { line: number; id: string; rows: string[][] } | null
  let first = true
  for (const { fields, line } of csvRecords(text, separator)) {
    if (first) {
      first = false
      continue
    }
    if (fields.every((value) => !value.trim())) continue
    const issueType = cellOf(header, fields, 'Issue Type').trim().toLowerCase()
    if (issueType && issueType !== 'test') continue
    const id = cellOf(header, fields, 'ID').trim()
    const opensCase = cellOf(header, fields, 'Title').trim() !== '' || (id !== '' && id !== group?.id)
    if (opensCase || !group) {
      if (group) yield caseOf(header, group.line, group.rows, preconditions)
      group = { line: line + offset, id, rows: [fields] }
    } else group.rows.push(fields)
  }
  if (group) yield caseOf(header, group.line, group.rows, preconditions)
}

function cellOf(header: Header, record: string[], column: ReadColumn): string {
  for (const index of header.columnAt.get(column) ?? []) {
    const value = fromCsvText(record[index] ?? '')
    if (value.trim()) return value
  }
  return ''
}

function caseOf(header: Header, startLine: number, rows: string[][], preconditions: ReadonlyMap<string, string>): CsvCase {
  const cell = (record: string[], column: ReadColumn) => cellOf(header, record, column)
  const [first] = rows as [string[], ...string[][]]
  const errors: CsvNote[] = []
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

  // Steps: a row per step, or numbered steps in the case's one row; a script (plain text, Gherkin) with no steps is one.
  const stepCell = (record: string[], column: ReadColumn) => (header.html ? htmlToText(cell(record, column)) : cell(record, column))
  const stepCells = (record: string[]) => [stepCell(record, 'Steps (Step)'), stepCell(record, 'Steps (Data)'), stepCell(record, 'Steps (Expected Result)')] as const
  let steps: StepText[] =
    rows.length === 1
      ? stepsOfCells(...stepCells(first))
      : rows.map(stepCells).map(([action, data, expected]) => ({ action: action.trim(), data: data.trim(), expected: expected.trim() }))
  steps = keptSteps(steps)
  const script = cell(first, 'Script').trim()
  if (steps.length === 0 && script) steps = [{ action: script, data: '', expected: '' }]

  const custom = new Map<string, string>()
  for (const [name, index] of header.customAt) custom.set(name, fromCsvText(first[index] ?? '').trim())
  const preconditionRefs = listCell(cell(first, 'Precondition Ref'))
  const preconditionText = [cell(first, 'Preconditions').trim(), ...preconditionRefs.map((ref) => preconditions.get(ref) ?? '')].filter(Boolean).join('\n\n')

  return {
    line: startLine,
    rawKey: cell(first, 'ID').trim(),
    title: cell(first, 'Title').replace(/\s+/g, ' ').trim(),
    folder: folderFromPath(cell(first, 'Section')),
    values: { priority: cell(first, 'Priority').trim(), type: cell(first, 'Type').trim(), state: cell(first, 'State').trim() },
    description: cell(first, 'Description').trim(),
    preconditions: preconditionText,
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
export type CsvExportCase = CaseContent & {
  key: string
  priority: Priority
  type: CaseType
  state: CaseState
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
