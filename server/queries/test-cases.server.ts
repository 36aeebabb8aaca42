import { and, asc, desc, eq, getTableColumns, inArray, isNull, like, ne, or, sql, type SQL } from 'drizzle-orm'
import { affectedRows, runBatch, type Database } from '../../db/client.server.ts'
import { auditEvents } from '../../db/schema/audit-event.ts'
import { projects } from '../../db/schema/project.ts'
import { testCases } from '../../db/schema/test-case.ts'
import { testSuiteCases } from '../../db/schema/test-suite-case.ts'
import { testSuites } from '../../db/schema/test-suite.ts'
import { PRIORITIES, type CaseState, type CaseType, type Priority, type TargetKind } from '../../lib/domain/test-management.ts'
import type { TestCaseFields } from '../../lib/forms/test-management-schemas.ts'
import { randomId } from '../auth/tokens.server.ts'
import { nextTurn } from '../next-turn.server.ts'
import { versionStatement } from './case-versions.server.ts'
import { auditStatement } from './projects.server.ts'

// Test cases: their rows, saves and bulk edits (their versions: case-versions.server.ts; shared steps:
// shared-steps.server.ts). Writes that belong together are one batch (D1 has no interactive transactions; libSQL runs a
// batch as one), and every statement that must happen only if a save happened checks the save's id (`save_id`) in the
// row it wrote.

export type CaseRow = typeof testCases.$inferSelect

export async function caseById(db: Database, caseId: string): Promise<(CaseRow & { projectKey: string }) | null> {
  const [row] = await db
    .select({ testCase: testCases, projectKey: projects.key })
    .from(testCases)
    .innerJoin(projects, eq(projects.id, testCases.projectId))
    .where(eq(testCases.id, caseId))
    .limit(1)
  return row ? { ...row.testCase, projectKey: row.projectKey } : null
}

export async function casesByIds(db: Database, projectId: string, caseIds: string[]): Promise<CaseRow[]> {
  if (caseIds.length === 0) return []
  return db
    .select()
    .from(testCases)
    .where(and(eq(testCases.projectId, projectId), inArray(testCases.id, caseIds)))
}

export async function caseByNumber(db: Database, projectId: string, number: number): Promise<CaseRow | null> {
  const [row] = await db.select().from(testCases).where(and(eq(testCases.projectId, projectId), eq(testCases.number, number))).limit(1)
  return row ?? null
}

export type CaseFilters = {
  q?: string
  priorities?: Priority[]
  types?: CaseType[]
  states?: CaseState[]
  tags?: string[]
  folder?: string | null
  /** Only cases in no folder (the project's top level). */
  noFolder?: boolean
  /** Cases about this target (a portal slug, or a dataset id), or of this kind of target. */
  targetKind?: TargetKind | null
  targetId?: string | null
}

export type CaseSort = 'key' | 'title' | 'priority' | 'updated'

function filterConditions(projectId: string, filters: CaseFilters): SQL[] {
  const conditions: SQL[] = [eq(testCases.projectId, projectId), isNull(testCases.deletedAt)]
  if (filters.q) {
    const pattern = `%${filters.q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
    conditions.push(sql`(${testCases.title} LIKE ${pattern} ESCAPE '\\' OR ${testCases.description} LIKE ${pattern} ESCAPE '\\')`)
  }
  if (filters.priorities?.length) conditions.push(inArray(testCases.priority, filters.priorities))
  if (filters.types?.length) conditions.push(inArray(testCases.type, filters.types))
  if (filters.states?.length) conditions.push(inArray(testCases.state, filters.states))
  for (const tag of filters.tags ?? []) {
    conditions.push(sql`EXISTS (SELECT 1 FROM json_each(${testCases.tags}) t WHERE lower(t.value) = lower(${tag}))`)
  }
  if (filters.folder) {
    // A folder and everything under it.
    conditions.push(or(eq(testCases.folder, filters.folder), like(testCases.folder, `${filters.folder.replace(/[\\%_]/g, (char) => `\\${char}`)}/%`))!)
  }
  if (filters.noFolder) conditions.push(eq(testCases.folder, ''))
  if (filters.targetKind) conditions.push(sql`json_extract(${testCases.target}, '$.kind') = ${filters.targetKind}`)
  if (filters.targetId) conditions.push(sql`json_extract(${testCases.target}, '$.id') = ${filters.targetId}`)
  return conditions
}

const SORTS: Record<CaseSort, SQL[]> = {
  key: [asc(testCases.number)],
  title: [sql`${testCases.title} COLLATE NOCASE`, asc(testCases.number)],
  priority: [sql`CASE ${testCases.priority} ${sql.raw(PRIORITIES.map((p, i) => `WHEN '${p}' THEN ${i}`).join(' '))} END DESC`, asc(testCases.number)],
  updated: [desc(testCases.updatedAt), asc(testCases.number)],
}

export async function listCases(db: Database, projectId: string, filters: CaseFilters, options: { sort: CaseSort; page: number; pageSize: number }) {
  const where = and(...filterConditions(projectId, filters))
  const [items, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select({
        id: testCases.id,
        number: testCases.number,
        title: testCases.title,
        priority: testCases.priority,
        type: testCases.type,
        state: testCases.state,
        tags: testCases.tags,
        folder: testCases.folder,
        target: testCases.target,
        version: testCases.version,
        updatedAt: testCases.updatedAt,
        steps: sql<number>`json_array_length(${testCases.steps})`,
      })
      .from(testCases)
      .where(where)
      .orderBy(...SORTS[options.sort])
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize),
    db.select({ total: sql<number>`count(*)` }).from(testCases).where(where),
  ])
  return { items, total }
}

/** Every folder that holds cases, with how many it holds itself (not deleted). */
export async function folderCounts(db: Database, projectId: string) {
  return db
    .select({ folder: testCases.folder, cases: sql<number>`count(*)` })
    .from(testCases)
    .where(and(eq(testCases.projectId, projectId), isNull(testCases.deletedAt)))
    .groupBy(testCases.folder)
    .orderBy(asc(testCases.folder))
}

/** The tags in use, with how many cases carry each. */
export async function tagCounts(db: Database, projectId: string) {
  return db.all<{ tag: string; cases: number }>(
    sql`SELECT t.value AS tag, count(*) AS cases FROM ${testCases}, json_each(${testCases.tags}) t
      WHERE ${testCases.projectId} = ${projectId} AND ${testCases.deletedAt} IS NULL GROUP BY lower(t.value) ORDER BY lower(t.value)`,
  )
}

/** Cases whose title is the same as this one (ignoring case and spacing). */
export async function sameTitle(db: Database, projectId: string, title: string, excludeId: string | null) {
  const normalised = title.trim().replace(/\s+/g, ' ').toLowerCase()
  if (!normalised) return []
  return db
    .select({ id: testCases.id, number: testCases.number, title: testCases.title })
    .from(testCases)
    .where(
      and(
        eq(testCases.projectId, projectId),
        isNull(testCases.deletedAt),
        sql`lower(trim(${testCases.title})) = ${normalised}`,
        excludeId ? sql`${testCases.id} <> ${excludeId}` : undefined,
      ),
    )
    .limit(5)
}

/** Hands out `count` case numbers of a project, never to be used again. */
export async function reserveCaseNumbers(db: Database, projectId: string, count: number): Promise<number> {
  const [row] = await db
    .update(projects)
    .set({ nextCaseNumber: sql`${projects.nextCaseNumber} + ${count}` })
    .where(eq(projects.id, projectId))
    .returning({ next: projects.nextCaseNumber })
  if (!row) throw new Error(`No project ${projectId}`)
  return row.next - count
}

function columnsOf(fields: TestCaseFields) {
  return {
    title: fields.title,
    description: fields.description,
    preconditions: fields.preconditions,
    steps: fields.steps,
    priority: fields.priority,
    type: fields.type,
    state: fields.state,
    tags: fields.tags,
    estimateMinutes: fields.estimateMinutes,
    references: fields.references,
    folder: fields.folder,
    target: fields.target,
    ...(fields.check === undefined ? {} : { check: fields.check }),
    custom: fields.custom,
  }
}

/** The columns of test_case, for writing rows as one JSON value (createCasesStatements). */
const CASE_COLUMNS = Object.entries(getTableColumns(testCases))

/** The most JSON one statement of createCasesStatements binds: at most 1.5 MB in UTF-8 (D1 takes values of up to 2 MB). */
const CASES_JSON_CHARS = 512 * 1024

/**
 * The statements that create cases, numbered from `first` (reserved): the rows as JSON, read by json_each, half a
 * megabyte to a statement, each value as drizzle would bind it; then one audit event per case taken by SQL from the
 * rows this save wrote. Their first versions: versionStatement(saveId). Imports create tens of thousands at once, and
 * statements per case, or multi-row inserts with a parameter per value, cost far more to build and hold than SQLite
 * takes to run them: 50,000 imported cases held half a gigabyte (bench/case-import.ts).
 */
export async function createCasesStatements(
  db: Database,
  projectId: string,
  first: number,
  cases: readonly TestCaseFields[],
  actorId: string,
  change: 'created' | 'imported',
  saveId: string,
  now: Date,
  importRefs: ReadonlyArray<string | null> = [],
) {
  const ids = cases.map(() => randomId())
  // Every row sets the same columns (a case without a check gets NULL).
  const valuesOf = (fields: TestCaseFields, index: number): Record<string, unknown> => ({
    id: ids[index],
    projectId,
    number: first + index,
    ...columnsOf(fields),
    check: fields.check ?? null,
    importRef: importRefs[index] ?? null,
    version: 1,
    saveId,
    createdBy: actorId,
    createdAt: now,
    updatedBy: actorId,
    updatedAt: now,
  })
  const columns = cases.length > 0 ? CASE_COLUMNS.filter(([key]) => key in valuesOf(cases[0]!, 0)) : []
  const insert = (rows: string[]) =>
    db.run(
      sql`INSERT INTO ${testCases} (${sql.join(
        columns.map(([, column]) => sql.identifier(column.name)),
        sql`, `,
      )}) SELECT ${sql.join(
        columns.map(([, column]) => sql.raw(`json_extract(j.value, '$.${column.name}')`)),
        sql`, `,
      )} FROM json_each(${`[${rows.join(',')}]`}) j ORDER BY j.key`,
    )
  const statements: unknown[] = []
  let chunk: string[] = []
  let chars = 0
  for (const [index, fields] of cases.entries()) {
    const values = valuesOf(fields, index)
    const row: Record<string, unknown> = {}
    for (const [key, column] of columns) row[column.name] = values[key] === null ? null : column.mapToDriverValue(values[key])
    const json = JSON.stringify(row)
    if (chunk.length > 0 && chars + json.length > CASES_JSON_CHARS) {
      statements.push(insert(chunk))
      chunk = []
      chars = 0
      // Tens of thousands of rows take a second to encode: the server answers others meanwhile.
      await nextTurn()
    }
    chunk.push(json)
    chars += json.length
  }
  if (chunk.length > 0) statements.push(insert(chunk))
  if (cases.length > 0) {
    statements.push(
      db.run(
        sql`INSERT INTO ${auditEvents} (project_id, actor_id, at, entity, entity_id, action, detail)
          SELECT project_id, ${actorId}, ${now.getTime()}, 'case', id, ${change}, json_object('number', number, 'title', title) FROM ${testCases} WHERE save_id = ${saveId} ORDER BY number`,
      ),
    )
  }
  return { ids, statements }
}

export async function createCase(db: Database, projectId: string, fields: TestCaseFields, actorId: string, now = new Date()): Promise<{ id: string; number: number }> {
  const number = await reserveCaseNumbers(db, projectId, 1)
  const saveId = randomId()
  const { ids, statements } = await createCasesStatements(db, projectId, number, [fields], actorId, 'created', saveId, now)
  await runBatch(db, [...statements, versionStatement(db, saveId, 'created', actorId, now)])
  return { id: ids[0]!, number }
}

/**
 * The statements that save a case over `expectedVersion`: the row only if it is still at that version, then its
 * version and audit event only if that save happened. The first statement returns the new version (none: a conflict).
 */
export function updateCaseStatements(
  db: Database,
  current: { id: string; projectId: string; number: number; state: CaseState },
  expectedVersion: number,
  fields: TestCaseFields,
  actorId: string,
  change: 'edited' | 'imported',
  saveId: string,
  now: Date,
) {
  const stateChange = fields.state !== current.state ? { from: current.state, to: fields.state } : null
  return [
    db
      .update(testCases)
      .set({ ...columnsOf(fields), version: sql`${testCases.version} + 1`, saveId, updatedBy: actorId, updatedAt: now })
      .where(and(eq(testCases.id, current.id), eq(testCases.version, expectedVersion), isNull(testCases.deletedAt)))
      .returning({ version: testCases.version }),
    auditStatement(
      db,
      { projectId: current.projectId, actorId, entity: 'case', entityId: current.id, action: stateChange ? 'state-changed' : change === 'imported' ? 'imported' : 'updated', detail: { number: current.number, title: fields.title, ...(stateChange ? { state: stateChange } : {}) } },
      now,
      { afterChange: true },
    ),
  ]
}

export type SaveOutcome = { ok: true; version: number } | { ok: false; reason: 'conflict' }

export async function updateCase(db: Database, current: CaseRow, expectedVersion: number, fields: TestCaseFields, actorId: string, now = new Date()): Promise<SaveOutcome> {
  const saveId = randomId()
  const [updated] = await runBatch(db, [...updateCaseStatements(db, current, expectedVersion, fields, actorId, 'edited', saveId, now), versionStatement(db, saveId, 'edited', actorId, now)])
  const row = (updated as Array<{ version: number }>)[0]
  return row ? { ok: true, version: row.version } : { ok: false, reason: 'conflict' }
}

export type BulkChange =
  | { kind: 'priority'; priority: Priority }
  | { kind: 'state'; state: CaseState }
  | { kind: 'addTags'; tags: string[] }
  | { kind: 'removeTags'; tags: string[] }
  | { kind: 'folder'; folder: string }
  | { kind: 'delete' }

/**
 * One change to many cases as one batch: every case of the project among `caseIds` (others are ignored) that the
 * change would alter gets it and a new version; a case that already has the value is left as it is. An audit event
 * when any changed. Returns the save id (a deletion can be undone with it) and how many changed.
 */
export async function bulkChange(db: Database, projectId: string, caseIds: string[], change: BulkChange, actorId: string, now = new Date()): Promise<{ saveId: string; changed: number }> {
  const saveId = randomId()
  const scope = and(eq(testCases.projectId, projectId), inArray(testCases.id, caseIds), isNull(testCases.deletedAt))
  const bump = { version: sql`${testCases.version} + 1`, saveId, updatedBy: actorId, updatedAt: now }
  let set: Record<string, unknown>
  // Only the cases the change alters.
  let alters: SQL
  switch (change.kind) {
    case 'priority':
      set = { priority: change.priority }
      alters = ne(testCases.priority, change.priority)
      break
    case 'state':
      set = { state: change.state }
      alters = ne(testCases.state, change.state)
      break
    case 'folder':
      set = { folder: change.folder }
      alters = sql`${testCases.folder} IS NOT ${change.folder}`
      break
    case 'addTags':
      // Appended in order, skipping tags the case has already (ignoring case).
      set = {
        tags: sql`(SELECT json_group_array(value) FROM (
          SELECT value FROM json_each(${testCases.tags})
          UNION ALL SELECT n.value FROM json_each(${JSON.stringify(change.tags)}) n
            WHERE NOT EXISTS (SELECT 1 FROM json_each(${testCases.tags}) o WHERE lower(o.value) = lower(n.value))))`,
      }
      alters = sql`EXISTS (SELECT 1 FROM json_each(${JSON.stringify(change.tags)}) n
        WHERE NOT EXISTS (SELECT 1 FROM json_each(${testCases.tags}) o WHERE lower(o.value) = lower(n.value)))`
      break
    case 'removeTags':
      set = {
        tags: sql`(SELECT json_group_array(value) FROM json_each(${testCases.tags}) o
          WHERE NOT EXISTS (SELECT 1 FROM json_each(${JSON.stringify(change.tags)}) r WHERE lower(r.value) = lower(o.value)))`,
      }
      alters = sql`EXISTS (SELECT 1 FROM json_each(${testCases.tags}) o
        WHERE EXISTS (SELECT 1 FROM json_each(${JSON.stringify(change.tags)}) r WHERE lower(r.value) = lower(o.value)))`
      break
    case 'delete':
      set = { deletedAt: now }
      alters = sql`1`
      break
  }
  const [updated] = await runBatch(db, [
    db.update(testCases).set({ ...set, ...bump }).where(and(scope, alters)).returning({ id: testCases.id }),
    versionStatement(db, saveId, change.kind === 'delete' ? 'deleted' : 'bulk', actorId, now),
    auditStatement(db, { projectId, actorId, entity: 'case', entityId: null, action: change.kind === 'delete' ? 'deleted' : 'bulk-updated', detail: { change, caseIds } }, now, {
      when: sql`EXISTS (SELECT 1 FROM ${testCases} WHERE ${testCases.saveId} = ${saveId})`,
    }),
  ])
  return { saveId, changed: (updated as unknown[]).length }
}

/** Undoes a bulk deletion: the cases it deleted come back, each with a new version. */
export async function restoreDeleted(db: Database, projectId: string, deletionSaveId: string, actorId: string, now = new Date()): Promise<number> {
  const saveId = randomId()
  const [restored] = await runBatch(db, [
    db
      .update(testCases)
      .set({ deletedAt: null, version: sql`${testCases.version} + 1`, saveId, updatedBy: actorId, updatedAt: now })
      .where(and(eq(testCases.projectId, projectId), eq(testCases.saveId, deletionSaveId), sql`${testCases.deletedAt} IS NOT NULL`))
      .returning({ id: testCases.id }),
    versionStatement(db, saveId, 'restored', actorId, now),
    auditStatement(db, { projectId, actorId, entity: 'case', entityId: null, action: 'restored', detail: { deletion: deletionSaveId } }, now, { afterChange: true }),
  ])
  return (restored as unknown[]).length
}

/**
 * Adds cases to the end of a static suite (those already in it stay where they are) and answers how many were added.
 * The suite's version and the audit log change only when one was: the statements after the insert ask SQLite's
 * changes() about the one just before them.
 */
export async function addToSuite(db: Database, projectId: string, suiteId: string, caseIds: string[], actorId: string, now: Date): Promise<number> {
  const [inserted] = await runBatch(db, [
    db.run(
      sql`INSERT OR IGNORE INTO ${testSuiteCases} (suite_id, case_id, section_id, position)
        SELECT ${suiteId}, c.id, NULL, (SELECT coalesce(max(position), -1) FROM ${testSuiteCases} WHERE suite_id = ${suiteId}) + row_number() OVER (ORDER BY c.number)
        FROM ${testCases} c WHERE c.project_id = ${projectId} AND c.deleted_at IS NULL AND c.id IN (SELECT value FROM json_each(${JSON.stringify(caseIds)}))`,
    ),
    db
      .update(testSuites)
      .set({ version: sql`${testSuites.version} + 1`, updatedAt: now })
      .where(and(eq(testSuites.id, suiteId), eq(testSuites.projectId, projectId), sql`changes() > 0`)),
    auditStatement(db, { projectId, actorId, entity: 'suite', entityId: suiteId, action: 'cases-added', detail: { caseIds } }, now, { afterChange: true }),
  ])
  return affectedRows(inserted)
}

/** Every case of a project (deleted ones too when asked), in key order, for exports. */
export async function allCases(db: Database, projectId: string, options: { includeDeleted: boolean; caseIds?: string[] }): Promise<CaseRow[]> {
  return db
    .select()
    .from(testCases)
    .where(and(eq(testCases.projectId, projectId), options.includeDeleted ? undefined : isNull(testCases.deletedAt), options.caseIds ? inArray(testCases.id, options.caseIds) : undefined))
    .orderBy(asc(testCases.number))
}
