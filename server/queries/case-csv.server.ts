import { and, eq, inArray, sql } from 'drizzle-orm'
import { maxBoundParams, runBatch, type Database } from '../../db/client.server.ts'
import { customFields } from '../../db/schema/custom-field.ts'
import { testCases } from '../../db/schema/test-case.ts'
import { customValueFromText, customValueToText, isEmptyCustom, type CustomValue } from '../../lib/domain/custom-fields.ts'
import { MAPPED_FIELDS, type CsvNote, type ImportedCase, type ImportFormat, type MappedField } from '../../lib/domain/case-import/imported-case.ts'
import { readCaseFile } from '../../lib/domain/case-import/read-file.ts'
import { isOwnValue, mappedValue, valueKey, type ValueMapping } from '../../lib/domain/case-import/values.ts'
import { writeTestCaseCsv, type CsvExportCase } from '../../lib/domain/test-case-csv.ts'
import { caseKey, parseCaseKey, type CaseStep, type StepText } from '../../lib/domain/test-management.ts'
import { TestCaseFieldsSchema, type TestCaseFields } from '../../lib/forms/test-management-schemas.ts'
import { randomId } from '../auth/tokens.server.ts'
import { nextTurn } from '../next-turn.server.ts'
import { createWorkQueue } from '../work-queue.server.ts'
import { caseContext, checkCaseFields, type CaseContext } from './case-fields.server.ts'
import { auditStatement, type ProjectRow } from './projects.server.ts'
import { sharedStepsOf } from './shared-steps.server.ts'
import { versionStatement } from './case-versions.server.ts'
import { allCases, createCasesStatements, reserveCaseNumbers, updateCaseStatements, type CaseRow } from './test-cases.server.ts'

// CSV import and export of test cases (docs/test-case-csv.md). An import is previewed row by row (create, update by
// ID, unchanged, refused with the reason) before anything is written, then applied in one batch: all of it or nothing.
// A file is read one case at a time and refused past CSV_IMPORT_MAX_ROWS rows before anything else; the preview keeps
// only what it answers per row.

/**
 * Previews and imports of a process run one at a time, up to five more waiting their turn (the rest are refused:
 * WorkQueueFull): each holds its file and a row per case, and six at once took 2.2 GB and the health checks' answers.
 */
export const CASE_IMPORT_QUEUE = createWorkQueue({ running: 1, waiting: 5 })

/** Cases planned between two turns of the event loop (about 10 ms of work). */
const PLAN_TURN_ROWS = 500

export type ImportRow = {
  line: number
  /** The case key the row matched or will get (`PRG-12`); null for a new case until it is created. */
  key: string | null
  title: string
  action: 'create' | 'update' | 'unchanged' | 'refuse'
  reasons: CsvNote[]
  /** Field names an update changes. */
  changes: string[]
  caseId: string | null
  version: number | null
}

type Planned = ImportRow & { fields: TestCaseFields | null; current: CaseRow | null; importRef: string | null }

const COMPARED: Array<keyof TestCaseFields> = ['title', 'description', 'preconditions', 'steps', 'priority', 'type', 'state', 'tags', 'estimateMinutes', 'references', 'folder', 'target', 'custom']

/** Steps without their ids (an import gives written steps new ids), shared steps written out. */
function stepTexts(steps: CaseStep[], shared: Map<string, StepText[]>): StepText[] {
  return steps.flatMap((step) => (step.kind === 'step' ? [{ action: step.action, data: step.data, expected: step.expected }] : (shared.get(step.sharedStepId) ?? [])))
}

function comparable(fields: Pick<TestCaseFields, (typeof COMPARED)[number]>, shared: Map<string, StepText[]>, key: string): unknown {
  if (key === 'steps') return stepTexts(fields.steps, shared)
  // No value, an empty one and an unticked checkbox are one state: an export of it imports as unchanged.
  if (key === 'custom') return Object.fromEntries(Object.entries(fields.custom ?? {}).filter(([, value]) => !isEmptyCustom(value) && value !== false).toSorted(([a], [b]) => a.localeCompare(b)))
  if (key === 'target') return fields.target ? { kind: fields.target.kind, id: fields.target.id } : null
  return fields[key as keyof typeof fields]
}

function issueNotes(issues: Record<string, string>): CsvNote[] {
  return Object.entries(issues).map(([path, key]) => ({ code: 'cases.csvFieldIssue', params: { field: path, issue: key } }))
}

/** The user's choices for an import: other tools' values mapped to ours, and unrecognised columns kept as new fields. */
export type ImportChoices = { mapping: Array<{ field: MappedField; value: string; to: string }>; newFields: string[] }
export const NO_CHOICES: ImportChoices = { mapping: [], newFields: [] }

/** A value of another tool in the file, once, with ours it gets and how many cases have it. */
export type ImportValue = { field: MappedField; value: string; to: string; count: number }
/** What a file holds beyond its rows: its format, its other tools' values and its columns that match no field. */
export type ImportSummary = { format: ImportFormat; values: ImportValue[]; unmatchedColumns: string[] }

type Plan = { rows: Planned[]; fileErrors: CsvNote[]; summary: ImportSummary; newFields: CaseContext['fields'] }

/** The most custom fields one import may add. */
export const IMPORT_MAX_NEW_FIELDS = 50

function mappingOf(choices: ImportChoices): ValueMapping {
  const mapping: ValueMapping = new Map()
  for (const { field, value, to } of choices.mapping) {
    const byValue = mapping.get(field) ?? new Map<string, string>()
    byValue.set(valueKey(value), to)
    mapping.set(field, byValue)
  }
  return mapping
}

/**
 * What an import of `text` does, row by row. `keep: 'answer'` (a preview) keeps only what is answered per row;
 * `'write'` also the fields of the rows to create or update.
 */
async function plan(db: Database, project: ProjectRow, text: string, keep: 'answer' | 'write', choices: ImportChoices): Promise<Plan> {
  const file = readCaseFile(text)
  const emptySummary: ImportSummary = { format: file.format, values: [], unmatchedColumns: [] }
  if (file.fileErrors.length > 0) return { rows: [], fileErrors: file.fileErrors, summary: emptySummary, newFields: [] }
  const context = await caseContext(db, project.id)
  const fieldByLabel = new Map(context.fields.map((field) => [field.label.toLowerCase(), field]))
  const unmatchedColumns = file.customColumns.filter((name) => !fieldByLabel.has(name.toLowerCase()))
  // Columns the user chose to keep become text fields, created with the import (applyPlanned).
  const wanted = new Set(choices.newFields.map((name) => name.toLowerCase()))
  const newFields = unmatchedColumns
    .filter((name) => wanted.has(name.toLowerCase()))
    .slice(0, IMPORT_MAX_NEW_FIELDS)
    .map((name) => ({ id: randomId(), label: name.replace(/\s+/g, ' ').trim().slice(0, 80), type: 'text' as const, options: [], required: false }))
  for (const field of newFields) fieldByLabel.set(field.label.toLowerCase(), field)
  const fullContext: CaseContext = { ...context, fields: [...context.fields, ...newFields] }

  const ourKeys = file.rawKeys.map((raw) => parseCaseKey(raw)).filter((key) => key?.projectKey === project.key)
  const byNumber = await casesNamed(db, project.id, 'number', [...new Set(ourKeys.map((key) => key!.number))])
  const byRef = await casesNamed(db, project.id, 'importRef', [...new Set(file.rawKeys.filter((raw) => parseCaseKey(raw)?.projectKey !== project.key))])
  const shared = new Map((await sharedStepsOf(db, project.id)).map((step) => [step.id, step.steps]))
  const mapping = mappingOf(choices)
  const values = new Map<MappedField, Map<string, ImportValue>>()
  const seenKeys = new Set<string>()
  const rows: Planned[] = []
  const add = (row: Planned) => rows.push(keep === 'write' && (row.action === 'create' || row.action === 'update') ? row : { ...publicRow(row), fields: null, current: null, importRef: null })

  let read = 0
  for (const item of file.cases()) {
    // Reads of the file client resolve at once: without a turn now and then, the server answers no one else meanwhile.
    if (++read % PLAN_TURN_ROWS === 0) await nextTurn()
    const reasons: CsvNote[] = [...item.errors]
    const parsed = item.rawKey ? parseCaseKey(item.rawKey) : null
    const ours = parsed?.projectKey === project.key ? parsed : null
    // Another tool's ID (or another project's key) is kept on the case, so that a second import updates it.
    const importRef = !ours && item.rawKey ? item.rawKey : null
    const current = ours ? (byNumber.get(ours.number) ?? null) : importRef ? (byRef.get(importRef) ?? null) : null
    const seenAs = ours ? caseKey(project.key, ours.number) : importRef
    if (ours && !current) reasons.push({ code: 'cases.csvNoSuchCase', params: { key: caseKey(project.key, ours.number) } })
    else if (current?.deletedAt) reasons.push({ code: 'cases.csvDeletedCase', params: { key: current ? caseKey(project.key, current.number) : item.rawKey } })
    if (seenAs && seenKeys.has(seenAs)) reasons.push({ code: 'cases.csvDuplicateKey', params: { key: seenAs } })
    if (seenAs) seenKeys.add(seenAs)
    if (!current && !item.title) reasons.push({ code: 'cases.csvNoTitle' })
    for (const field of MAPPED_FIELDS) {
      const value = item.values[field]
      if (!value.trim() || isOwnValue(field, value)) continue
      const byValue = values.get(field) ?? new Map<string, ImportValue>()
      const seen = byValue.get(valueKey(value)) ?? { field, value: value.replace(/\s+/g, ' ').trim(), to: mappedValue(field, value, mapping), count: 0 }
      seen.count++
      byValue.set(valueKey(value), seen)
      values.set(field, byValue)
    }
    const key = current ? caseKey(project.key, current.number) : null
    const base = { line: item.line, key, title: item.title || current?.title || '', changes: [] as string[], caseId: current?.id ?? null, version: current?.version ?? null, importRef }
    if (reasons.length > 0) {
      add({ ...base, action: 'refuse', reasons, fields: null, current })
      continue
    }

    const { values: custom, notes } = customFromRow(item, fieldByLabel, fullContext, current)
    reasons.push(...notes)
    const candidate = candidateFields(item, current, custom, mapping)
    const validated = TestCaseFieldsSchema.safeParse(candidate)
    if (!validated.success) {
      reasons.push(
        ...validated.error.issues.map((issue) => ({
          code: 'cases.csvFieldIssue',
          params: { field: issue.path.join('.'), issue: issue.message, ...('maximum' in issue ? { max: Number(issue.maximum) } : {}), ...('minimum' in issue ? { min: Number(issue.minimum) } : {}) },
        })),
      )
    }
    let fields: TestCaseFields | null = null
    if (validated.success) {
      const checked = await checkCaseFields(db, project.id, validated.data, fullContext)
      reasons.push(...issueNotes(checked.issues))
      fields = checked.fields
    }
    if (reasons.length > 0 || !fields) {
      add({ ...base, action: 'refuse', reasons, fields: null, current })
      continue
    }
    if (!current) {
      add({ ...base, action: 'create', reasons: [], fields, current })
      continue
    }
    const currentFields = current as unknown as TestCaseFields
    const changes = COMPARED.filter((name) => JSON.stringify(comparable(fields!, shared, name)) !== JSON.stringify(comparable(currentFields, shared, name)))
    add({ ...base, action: changes.length > 0 ? 'update' : 'unchanged', changes, reasons: [], fields, current })
  }
  const summary: ImportSummary = { format: file.format, values: [...values.values()].flatMap((byValue) => [...byValue.values()]), unmatchedColumns }
  return { rows, fileErrors: [], summary, newFields }
}

/**
 * The project's cases (deleted ones too) that a file names, by their number or by another tool's ID, looked up as
 * many at a time as the database binds. Of two cases with one reference, one not deleted wins.
 */
async function casesNamed<K extends 'number' | 'importRef'>(db: Database, projectId: string, column: K, values: Array<NonNullable<CaseRow[K]>>): Promise<Map<NonNullable<CaseRow[K]>, CaseRow>> {
  const found = new Map<NonNullable<CaseRow[K]>, CaseRow>()
  const perQuery = Math.max(1, maxBoundParams(db) - 1)
  for (let start = 0; start < values.length; start += perQuery) {
    const rows = await db
      .select()
      .from(testCases)
      .where(and(eq(testCases.projectId, projectId), inArray(testCases[column], values.slice(start, start + perQuery))))
    for (const row of rows) {
      const value = row[column] as NonNullable<CaseRow[K]> | null
      if (value !== null && (!found.has(value) || found.get(value)!.deletedAt)) found.set(value, row)
    }
  }
  return found
}

/** The custom values a row sets: for an update, columns the file lacks keep the case's values. */
function customFromRow(item: ImportedCase, fieldByLabel: Map<string, CaseContext['fields'][number]>, context: CaseContext, current: CaseRow | null) {
  const values: Record<string, CustomValue | null> = { ...(current?.custom as Record<string, CustomValue> | undefined) }
  const notes: CsvNote[] = []
  for (const [label, text] of item.custom) {
    const field = fieldByLabel.get(label.toLowerCase())
    if (!field) continue
    const value = customValueFromText(field, text, context.memberEmails)
    if (value === undefined) notes.push({ code: 'cases.csvCustomValue', params: { field: field.label, value: text } })
    // An unticked checkbox is stored as no value, as the editor stores it: an exported "No" imports as it was.
    else if (value === null || value === false) delete values[field.id]
    else values[field.id] = value
  }
  return { values, notes }
}

/** The fields a row gives a case: what the file has; for an update, the case's own values where the file has no column. */
function candidateFields(item: ImportedCase, current: CaseRow | null, custom: Record<string, unknown>, mapping: ValueMapping): Record<string, unknown> {
  const has = (column: string) => item.columns.has(column)
  const keep = <T>(column: string, fromFile: T, fromCase: T | undefined, fallback: T): T => (has(column) ? fromFile : (fromCase ?? fallback))
  // A value the file gives is mapped (values.ts); none, or no column, keeps the case's (a new case gets the default).
  const mapped = (field: MappedField, column: string) => (has(column) && item.values[field].trim() ? mappedValue(field, item.values[field], mapping) : (current?.[field] ?? mappedValue(field, '', mapping)))
  const stepsInFile = has('Steps (Step)') || has('Steps (Data)') || has('Steps (Expected Result)')
  return {
    title: item.title || current?.title || '',
    description: keep('Description', item.description, current?.description, ''),
    preconditions: keep('Preconditions', item.preconditions, current?.preconditions, ''),
    steps: stepsInFile ? item.steps.map((step) => ({ kind: 'step', id: randomId().slice(0, 12), ...step })) : (current?.steps ?? []),
    priority: mapped('priority', 'Priority'),
    type: mapped('type', 'Type'),
    state: mapped('state', 'State'),
    tags: keep('Tags', item.tags, current?.tags, []),
    estimateMinutes: keep('Estimate', item.estimateMinutes, current?.estimateMinutes ?? null, null),
    references: keep('References', item.references, current?.references, []),
    folder: keep('Section', item.folder, current?.folder, ''),
    target: has('Target') ? (item.target ? { ...item.target, label: '' } : null) : (current?.target ?? null),
    custom,
  }
}

/** The custom fields an import adds (text fields after the project's own), as statements of its batch. */
async function newFieldStatements(db: Database, projectId: string, fields: CaseContext['fields'], now: Date): Promise<unknown[]> {
  if (fields.length === 0) return []
  const [{ position } = { position: 0 }] = await db.select({ position: sql<number>`coalesce(max(${customFields.position}) + 1, 0)` }).from(customFields).where(eq(customFields.projectId, projectId))
  return fields.map((field, index) => db.insert(customFields).values({ id: field.id, projectId, label: field.label, type: field.type, options: [], required: false, position: position + index, createdAt: now }))
}

function publicRow({ fields: _fields, current: _current, importRef: _importRef, ...row }: Planned): ImportRow {
  return row
}

/** What an import of `text` would do, row by row, and the values and columns the user may choose for (queued: CASE_IMPORT_QUEUE). */
export async function previewCaseImport(db: Database, project: ProjectRow, text: string, choices: ImportChoices = NO_CHOICES): Promise<{ rows: ImportRow[]; fileErrors: CsvNote[]; summary: ImportSummary }> {
  return CASE_IMPORT_QUEUE.run(async () => {
    const { rows, fileErrors, summary } = await plan(db, project, text, 'answer', choices)
    return { rows: rows.map(publicRow), fileErrors, summary }
  })
}

export type ImportOutcome =
  | { ok: true; rows: ImportRow[]; created: number; updated: number; refused: number }
  | { ok: false; reason: 'file'; fileErrors: CsvNote[] }
  | { ok: false; reason: 'changed' }

/**
 * Applies an import as previewed: new cases and updates, in one batch (queued: CASE_IMPORT_QUEUE). `expectedVersions`
 * are the versions the preview showed for the cases it updates; if any case moved since, nothing is written ('changed',
 * preview again).
 */
export async function applyCaseImport(
  db: Database,
  project: ProjectRow,
  text: string,
  expectedVersions: Record<string, number>,
  actorId: string,
  choices: ImportChoices = NO_CHOICES,
  now = new Date(),
): Promise<ImportOutcome> {
  return CASE_IMPORT_QUEUE.run(() => applyPlanned(db, project, text, expectedVersions, actorId, choices, now))
}

async function applyPlanned(db: Database, project: ProjectRow, text: string, expectedVersions: Record<string, number>, actorId: string, choices: ImportChoices, now: Date): Promise<ImportOutcome> {
  const { rows, fileErrors, newFields } = await plan(db, project, text, 'write', choices)
  if (fileErrors.length > 0) return { ok: false, reason: 'file', fileErrors }
  const creates = rows.filter((row) => row.action === 'create')
  const updates = rows.filter((row) => row.action === 'update')
  if (updates.some((row) => expectedVersions[row.caseId!] !== row.version)) return { ok: false, reason: 'changed' }

  const createSave = randomId()
  const updateSave = randomId()
  const first = creates.length > 0 ? await reserveCaseNumbers(db, project.id, creates.length) : 0
  const created = await createCasesStatements(
    db,
    project.id,
    first,
    creates.map((row) => row.fields!),
    actorId,
    'imported',
    createSave,
    now,
    creates.map((row) => row.importRef),
  )
  // The fields made from the file's columns come first in the same batch: with the cases, or not at all.
  const statements: unknown[] = [...(await newFieldStatements(db, project.id, newFields, now)), ...created.statements]
  creates.forEach((row, index) => {
    row.caseId = created.ids[index]!
    row.key = caseKey(project.key, first + index)
    row.version = 1
  })
  for (const row of updates) statements.push(...updateCaseStatements(db, row.current!, row.version!, row.fields!, actorId, 'imported', updateSave, now))
  statements.push(
    versionStatement(db, createSave, 'imported', actorId, now),
    versionStatement(db, updateSave, 'imported', actorId, now),
    // All or nothing: a case saved by someone else since the preview makes its update a no-op, and this statement
    // then fails the whole batch (json() of text that is not JSON is an error).
    db.run(sql`SELECT json('the import found a case changed since its preview') WHERE (SELECT count(*) FROM ${testCases} WHERE save_id = ${updateSave}) <> ${updates.length}`),
    auditStatement(db, { projectId: project.id, actorId, entity: 'case', entityId: null, action: 'imported', detail: { created: creates.length, updated: updates.length, refused: rows.filter((row) => row.action === 'refuse').length } }, now),
  )
  try {
    await runBatch(db, statements)
  } catch (error) {
    const current = new Map((await allCases(db, project.id, { includeDeleted: true })).map((row) => [row.id, row.version]))
    if (updates.some((row) => current.get(row.caseId!) !== row.version)) return { ok: false, reason: 'changed' }
    throw error
  }
  for (const row of updates) row.version = row.version! + 1
  return {
    ok: true,
    rows: rows.map(publicRow),
    created: creates.length,
    updated: updates.length,
    refused: rows.filter((row) => row.action === 'refuse').length,
  }
}

/** The cases (all, or those given) as a CSV file, a row per step, shared steps written out, custom fields by label. */
export async function exportCasesCsv(db: Database, project: ProjectRow, options: { caseIds?: string[]; separator?: ',' | ';' } = {}): Promise<string> {
  const [cases, context, shared] = await Promise.all([allCases(db, project.id, { includeDeleted: false, caseIds: options.caseIds }), caseContext(db, project.id), sharedStepsOf(db, project.id)])
  const sharedSteps = new Map(shared.map((step) => [step.id, step.steps]))
  const emailById = new Map([...context.memberEmails].map(([email, id]) => [id, email]))
  const rows: CsvExportCase[] = cases.map((row) => ({
    key: caseKey(project.key, row.number),
    title: row.title,
    folder: row.folder,
    priority: row.priority,
    type: row.type,
    state: row.state,
    description: row.description,
    preconditions: row.preconditions,
    steps: stepTexts(row.steps, sharedSteps),
    references: row.references,
    estimateMinutes: row.estimateMinutes,
    tags: row.tags,
    target: row.target ? { kind: row.target.kind, id: row.target.id } : null,
    custom: Object.fromEntries(context.fields.map((field) => [field.label, customValueToText(field, (row.custom as Record<string, unknown>)[field.id], emailById)])),
  }))
  return writeTestCaseCsv(
    rows,
    context.fields.map((field) => field.label),
    options.separator,
  )
}
