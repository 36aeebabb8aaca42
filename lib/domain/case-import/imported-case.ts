// The one shape every reader of another tool's export produces (docs/test-case-csv.md, "Other tools"), and the text
// rules they share: folders from any separator, HTML and re-indented text made plain. Pure.

import { MAX_FOLDER_DEPTH, MAX_FOLDER_SEGMENT, type StepText, type TargetKind } from '../test-management.ts'

/** A reason a case is refused or a note about it: a message key (`cases.csv…`) with its parameters. */
export type CsvNote = { code: string; params?: Record<string, string | number> }

/** The values that are mapped to ours (priority, type, state) rather than taken as they are. */
export const MAPPED_FIELDS = ['priority', 'type', 'state'] as const
export type MappedField = (typeof MAPPED_FIELDS)[number]

/** The texts of a case as a file holds them, read or written alike. */
export type CaseContent = {
  title: string
  folder: string
  description: string
  preconditions: string
  steps: StepText[]
  references: string[]
  estimateMinutes: number | null
  tags: string[]
  target: { kind: TargetKind; id: string } | null
}

/** One case as an imported file describes it, before it is matched to the project. */
export type ImportedCase = CaseContent & {
  /** Where the case starts: the file's line for a CSV (1 is the header), its position for XML and JSON. */
  line: number
  /** The ID as written: our key (`PRG-12`) or another tool's (`C28028`, `CE-T3`, a TestLink external id); '' for none. */
  rawKey: string
  /** Priority, type and state as written ('' when the file gives none): mapped to ours by the import (values.ts). */
  values: Record<MappedField, string>
  /** Other fields by their name in the file, as written (foreign names are data: a Map, never an object's keys). */
  custom: Map<string, string>
  /** Which of our fields the file has: one it lacks leaves that field as it is on an update. */
  columns: ReadonlySet<string>
  errors: CsvNote[]
}

/** The formats an import recognises, from the file's content. */
export const IMPORT_FORMATS = ['csv', 'qase-csv', 'testrail-xml', 'testlink-xml', 'zephyr-xml', 'kiwi-json', 'qase-json'] as const
export type ImportFormat = (typeof IMPORT_FORMATS)[number]

/** A file checked for import: its refusals, or its cases one at a time, and the other fields it carries. */
export type CaseFileReader = {
  format: ImportFormat
  fileErrors: CsvNote[]
  /** Names of the file's fields that are none of ours: each may become a custom field. */
  customColumns: string[]
  /** The IDs the file names, so that only those cases need looking up. */
  rawKeys: string[]
  cases: () => Generator<ImportedCase>
}

/** The most cases one import of a structured file (XML, JSON) reads, as CSV_IMPORT_MAX_ROWS bounds a CSV's rows. */
export const IMPORT_MAX_CASES = 50_000

/** Every field of ours that a structured export can fill: a case from XML or JSON sets them all. */
export const ALL_COLUMNS: ReadonlySet<string> = new Set(['Title', 'Section', 'Priority', 'Type', 'State', 'Description', 'Preconditions', 'Steps (Step)', 'References', 'Estimate', 'Tags'])

const ELLIPSIS = '…'

/**
 * A folder path of ours (`A/B/C`) from another tool's levels: a `/` inside a name becomes `∕` so that it stays one
 * level, a name over the length limit is shortened, and levels past the depth limit are joined into the last one.
 */
export function folderOf(levels: readonly string[]): string {
  const names = levels.map((level) => level.replace(/\s+/g, ' ').trim().replaceAll('/', '∕')).filter(Boolean)
  const kept = names.length > MAX_FOLDER_DEPTH ? [...names.slice(0, MAX_FOLDER_DEPTH - 1), names.slice(MAX_FOLDER_DEPTH - 1).join(' › ')] : names
  return kept.map((name) => (name.length > MAX_FOLDER_SEGMENT ? `${name.slice(0, MAX_FOLDER_SEGMENT - 1)}${ELLIPSIS}` : name)).join('/')
}

/** A folder path as written in a CSV cell: `A > B > C` (TestRail), `A\B\C` (Azure DevOps) or `A/B/C`. */
export function folderFromPath(path: string): string {
  const separator = path.includes(' > ') ? ' > ' : path.includes('\\') ? '\\' : '/'
  return folderOf(path.split(separator))
}

const ENTITIES = new Map([
  ['amp', '&'],
  ['lt', '<'],
  ['gt', '>'],
  ['quot', '"'],
  ['apos', "'"],
  ['nbsp', ' '],
])

/** HTML entities as text: the named few that exports use, and numeric references. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1))
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
    }
    return ENTITIES.get(name.toLowerCase()) ?? whole
  })
}

/** Rich text (HTML as TestLink, Zephyr and Azure DevOps keep it) as plain text with its line breaks and list items. */
export function htmlToText(html: string): string {
  if (!/<[a-z/!]/i.test(html)) return dedent(decodeEntities(html))
  const text = html
    .replace(/\r\n?/g, '\n')
    .replace(/\n/g, ' ')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '\n- ')
    .replace(/<\/(p|div|h[1-6]|tr|ul|ol|table)>/gi, '\n')
    .replace(/<\/t[dh]>/gi, ' | ')
    .replace(/<[^>]{0,2000}>/g, '')
  return dedent(decodeEntities(text))
}

/** Text with the indentation a pretty-printed export added taken off, trailing spaces and blank edges trimmed. */
export function dedent(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n').map((line) => line.replace(/[ \t]+$/, ''))
  while (lines.length > 0 && lines[0] === '') lines.shift()
  while (lines.length > 0 && lines.at(-1) === '') lines.pop()
  const indents = lines.filter((line) => line.trim()).map((line) => /^[ \t]*/.exec(line)![0].length)
  const common = indents.length > 0 ? Math.min(...indents) : 0
  return lines
    .map((line) => line.slice(Math.min(common, /^[ \t]*/.exec(line)![0].length)))
    .join('\n')
    .trim()
}

/** An estimate given in seconds (Kiwi TCMS) or a number of minutes as text (TestRail, TestLink) as whole minutes. */
export function minutesOf(value: number | string | null | undefined, unit: 'seconds' | 'minutes'): number | null {
  const number = typeof value === 'number' ? value : value && value.trim() ? Number(value.trim()) : Number.NaN
  if (!Number.isFinite(number) || number <= 0) return null
  return Math.max(1, Math.round(unit === 'seconds' ? number / 60 : number))
}

/** A case with nothing set, for readers to fill. */
export function emptyCase(line: number, columns: ReadonlySet<string> = ALL_COLUMNS): ImportedCase {
  return {
    line,
    rawKey: '',
    title: '',
    folder: '',
    values: { priority: '', type: '', state: '' },
    description: '',
    preconditions: '',
    steps: [],
    references: [],
    estimateMinutes: null,
    tags: [],
    target: null,
    custom: new Map(),
    columns,
    errors: [],
  }
}

/** Steps with neither action, data nor expected result dropped; one with no action gets NO_ACTION, so none is lost. */
export function keptSteps(steps: readonly StepText[]): StepText[] {
  return steps.filter((step) => step.action.trim() || step.data.trim() || step.expected.trim()).map((step) => (step.action.trim() ? step : { ...step, action: NO_ACTION }))
}

/** The action of a step that another tool keeps without one (an expected result alone): ours needs an action. */
export const NO_ACTION = '–'
