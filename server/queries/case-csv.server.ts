import { and, eq, inArray, sql } from 'drizzle-orm'
import { maxBoundParams, runBatch, type Database } from '../../db/client.server.ts'
import { testCases } from '../../db/schema/test-case.ts'
import { customValueFromText, customValueToText, type CustomValue } from '../../lib/domain/custom-fields.ts'
import { readTestCaseCsv, writeTestCaseCsv, type CsvCase, type CsvExportCase, type CsvNote } from '../../lib/domain/test-case-csv.ts'
import { caseKey, type CaseStep, type StepText } from '../../lib/domain/test-management.ts'
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

type Planned = ImportRow & { fields: TestCaseFields | null; current: CaseRow | null }

const COMPARED: Array<keyof TestCaseFields> = ['title', 'description', 'preconditions', 'steps', 'priority', 'type', 'state', 'tags', 'estimateMinutes', 'references', 'folder', 'target', 'custom']

/** Steps without their ids (an import gives written steps new ids), shared steps written out. */
function stepTexts(steps: CaseStep[], shared: Map<string, StepText[]>): StepText[] {
  return steps.flatMap((step) => (step.kind === 'step' ? [{ action: step.action, data: step.data, expected: step.expected }] : (shared.get(step.sharedStepId) ?? [])))
}

function comparable(fields: Pick<TestCaseFields, (typeof COMPARED)[number]>, shared: Map<string, StepText[]>, key: string): unknown {
  if (key === 'steps') return stepTexts(fields.steps, shared)
  if (key === 'target') return fields.target ? { kind: fields.target.kind, id: fields.target.id } : null
  return fields[key as keyof typeof fields]
}

function issueNotes(issues: Record<string, string>): CsvNote[] {
  return Object.entries(issues).map(([path, key]) => ({ code: 'cases.csvFieldIssue', params: { field: path, issue: key } }))
}

/**
 * What an import of `text` does, row by row. `keep: 'answer'` (a preview) keeps only what is answered per row;
 * `'write'` also the fields of the rows to create or update.
 */
async function plan(db: Database, project: ProjectRow, text: string, keep: 'answer' | 'write'): Promise<{ rows: Planned[]; fileErrors: CsvNote[] }> {
  const file = readTestCaseCsv(text)
  if (file.fileErrors.length > 0) return { rows: [], fileErrors: file.fileErrors }
  const context = await caseContext(db, project.id)
  const byNumber = await casesNumbered(db, project.id, [...new Set(file.caseKeys.filter((key) => key.projectKey === project.key).map((key) => key.number))])
  const shared = new Map((await sharedStepsOf(db, project.id)).map((step) => [step.id, step.steps]))
  const fieldByLabel = new Map(context.fields.map((field) => [field.label.toLowerCase(), field]))
  const seenKeys = new Set<number>()
  const rows: Planned[] = []
  const add = (row: Planned) => rows.push(keep === 'write' && (row.action === 'create' || row.action === 'update') ? row : { ...publicRow(row), fields: null, current: null })

  let read = 0
  for (const item of file.cases()) {
    // Reads of the file client resolve at once: without a turn now and then, the server answers no one else meanwhile.
    if (++read % PLAN_TURN_ROWS === 0) await nextTurn()
    const reasons: CsvNote[] = [...item.errors]
    const ours = item.key?.projectKey === project.key ? item.key : null
    let current: CaseRow | null = null
    if (ours) {
      current = byNumber.get(ours.number) ?? null
      if (!current) reasons.push({ code: 'cases.csvNoSuchCase', params: { key: caseKey(project.key, ours.number) } })
      else if (current.deletedAt) reasons.push({ code: 'cases.csvDeletedCase', params: { key: caseKey(project.key, ours.number) } })
      if (seenKeys.has(ours.number)) reasons.push({ code: 'cases.csvDuplicateKey', params: { key: caseKey(project.key, ours.number) } })
      seenKeys.add(ours.number)
    }
    if (!current && !item.title) reasons.push({ code: 'cases.csvNoTitle' })
    const key = current ? caseKey(project.key, current.number) : null
    const base = { line: item.line, key, title: item.title || current?.title || '', changes: [] as string[], caseId: current?.id ?? null, version: current?.version ?? null }
    if (reasons.length > 0) {
      add({ ...base, action: 'refuse', reasons, fields: null, current })
      continue
    }

    const { values: custom, notes } = customFromRow(item, fieldByLabel, context, current)
    reasons.push(...notes)
    const candidate = candidateFields(item, current, custom)
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
      const checked = await checkCaseFields(db, project.id, validated.data, context)
      reasons.push(...issueNotes(checked.issues))
      fields = checked.fields
    }
    if (reasons.length > 0 || !fields) {
      add({ ...base, action: 'refuse', reasons, fields: null, current })
      continue
    }
    if (!current) {
      add({ ...base, action: 'create', reasons: item.key ? [{ code: 'cases.csvOtherProject', params: { key: item.rawKey } }] : [], fields, current })
      continue
    }
    const currentFields = current as unknown as TestCaseFields
    const changes = COMPARED.filter((name) => JSON.stringify(comparable(fields!, shared, name)) !== JSON.stringify(comparable(currentFields, shared, name)))
    add({ ...base, action: changes.length > 0 ? 'update' : 'unchanged', changes, reasons: [], fields, current })
  }
  return { rows, fileErrors: [] }
}

/** The project's cases (deleted ones too) with the numbers a file names, looked up as many at a time as the database binds. */
async function casesNumbered(db: Database, projectId: string, numbers: number[]): Promise<Map<number, CaseRow>> {
  const found = new Map<number, CaseRow>()
  const perQuery = Math.max(1, maxBoundParams(db) - 1)
  for (let start = 0; start < numbers.length; start += perQuery) {
    const rows = await db
      .select()
      .from(testCases)
      .where(and(eq(testCases.projectId, projectId), inArray(testCases.number, numbers.slice(start, start + perQuery))))
    for (const row of rows) found.set(row.number, row)
  }
  return found
}

/** The custom values a row sets: for an update, columns the file lacks keep the case's values. */
function customFromRow(item: CsvCase, fieldByLabel: Map<string, CaseContext['fields'][number]>, context: CaseContext, current: CaseRow | null) {
  const values: Record<string, CustomValue | null> = { ...(current?.custom as Record<string, CustomValue> | undefined) }
  const notes: CsvNote[] = []
  for (const [label, text] of Object.entries(item.custom)) {
    const field = fieldByLabel.get(label.toLowerCase())
    if (!field) continue
    const value = customValueFromText(field, text, context.memberEmails)
    if (value === undefined) notes.push({ code: 'cases.csvCustomValue', params: { field: field.label, value: text } })
    else if (value === null) delete values[field.id]
    else values[field.id] = value
  }
  return { values, notes }
}

/** The fields a row gives a case: what the file has; for an update, the case's own values where the file has no column. */
function candidateFields(item: CsvCase, current: CaseRow | null, custom: Record<string, unknown>): Record<string, unknown> {
  const has = (column: string) => item.columns.has(column)
  const keep = <T>(column: string, fromFile: T, fromCase: T | undefined, fallback: T): T => (has(column) ? fromFile : (fromCase ?? fallback))
  const stepsInFile = has('Steps (Step)') || has('Steps (Data)') || has('Steps (Expected Result)')
  return {
    title: item.title || current?.title || '',
    description: keep('Description', item.description, current?.description, ''),
    preconditions: keep('Preconditions', item.preconditions, current?.preconditions, ''),
    steps: stepsInFile ? item.steps.map((step) => ({ kind: 'step', id: randomId().slice(0, 12), ...step })) : (current?.steps ?? []),
    priority: (has('Priority') ? item.priority : null) ?? current?.priority ?? 'medium',
    type: (has('Type') ? item.type : null) ?? current?.type ?? 'manual',
    state: (has('State') ? item.state : null) ?? current?.state ?? 'draft',
    tags: keep('Tags', item.tags, current?.tags, []),
    estimateMinutes: keep('Estimate', item.estimateMinutes, current?.estimateMinutes ?? null, null),
    references: keep('References', item.references, current?.references, []),
    folder: keep('Section', item.folder, current?.folder, ''),
    target: has('Target') ? (item.target ? { ...item.target, label: '' } : null) : (current?.target ?? null),
    custom,
  }
}

function publicRow({ fields: _fields, current: _current, ...row }: Planned): ImportRow {
  return row
}

/** What an import of `text` would do, row by row (queued: CASE_IMPORT_QUEUE). */
export async function previewCaseImport(db: Database, project: ProjectRow, text: string): Promise<{ rows: ImportRow[]; fileErrors: CsvNote[] }> {
  return CASE_IMPORT_QUEUE.run(async () => {
    const { rows, fileErrors } = await plan(db, project, text, 'answer')
    return { rows: rows.map(publicRow), fileErrors }
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
export async function applyCaseImport(db: Database, project: ProjectRow, text: string, expectedVersions: Record<string, number>, actorId: string, now = new Date()): Promise<ImportOutcome> {
  return CASE_IMPORT_QUEUE.run(() => applyPlanned(db, project, text, expectedVersions, actorId, now))
}

async function applyPlanned(db: Database, project: ProjectRow, text: string, expectedVersions: Record<string, number>, actorId: string, now: Date): Promise<ImportOutcome> {
  const { rows, fileErrors } = await plan(db, project, text, 'write')
  if (fileErrors.length > 0) return { ok: false, reason: 'file', fileErrors }
  const creates = rows.filter((row) => row.action === 'create')
  const updates = rows.filter((row) => row.action === 'update')
  if (updates.some((row) => expectedVersions[row.caseId!] !== row.version)) return { ok: false, reason: 'changed' }

  const createSave = randomId()
  const updateSave = randomId()
  const first = creates.length > 0 ? await reserveCaseNumbers(db, project.id, creates.length) : 0
  const created = await createCasesStatements(db, project.id, first, creates.map((row) => row.fields!), actorId, 'imported', createSave, now)
  const statements: unknown[] = [...created.statements]
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
