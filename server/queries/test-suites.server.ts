import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import { runBatch, type Database } from '../../db/client.server.ts'
import { testCases } from '../../db/schema/test-case.ts'
import { testSuiteCases } from '../../db/schema/test-suite-case.ts'
import { testSuiteSections } from '../../db/schema/test-suite-section.ts'
import { testSuites } from '../../db/schema/test-suite.ts'
import { PRIORITIES, type SuiteKind, type SuiteRule } from '../../lib/domain/test-management.ts'
import { randomId } from '../auth/tokens.server.ts'
import { auditStatement } from './projects.server.ts'

// Test suites: a static suite lists cases in sections, in order; a dynamic one holds a rule that is resolved when
// asked (and, when a run starts, frozen into the run).

export type SuiteRow = typeof testSuites.$inferSelect

export async function suiteById(db: Database, suiteId: string): Promise<SuiteRow | null> {
  const [row] = await db.select().from(testSuites).where(eq(testSuites.id, suiteId)).limit(1)
  return row ?? null
}

export async function suitesOf(db: Database, projectId: string) {
  return db
    .select({
      id: testSuites.id,
      name: testSuites.name,
      description: testSuites.description,
      kind: testSuites.kind,
      rule: testSuites.rule,
      updatedAt: testSuites.updatedAt,
      // The outer suite qualified by hand (a bare "id" inside would be the case's).
      cases: sql<number>`CASE "test_suite"."kind" WHEN 'static' THEN (SELECT count(*) FROM ${testSuiteCases} sc JOIN ${testCases} c ON c.id = sc.case_id WHERE sc.suite_id = "test_suite"."id" AND c.deleted_at IS NULL) ELSE NULL END`,
    })
    .from(testSuites)
    .where(eq(testSuites.projectId, projectId))
    .orderBy(sql`${testSuites.name} COLLATE NOCASE`)
}

export async function createSuite(
  db: Database,
  projectId: string,
  suite: { name: string; description: string; kind: SuiteKind; rule: SuiteRule | null },
  actorId: string,
  now = new Date(),
): Promise<string> {
  const id = randomId()
  await runBatch(db, [
    db.insert(testSuites).values({ id, projectId, ...suite, rule: suite.kind === 'dynamic' ? suite.rule : null, createdBy: actorId, createdAt: now, updatedAt: now }),
    auditStatement(db, { projectId, actorId, entity: 'suite', entityId: id, action: 'created', detail: { name: suite.name, kind: suite.kind } }, now),
  ])
  return id
}

/** Saves a suite's fields over `expectedVersion`; false when someone saved it meanwhile. */
export async function updateSuite(
  db: Database,
  suite: SuiteRow,
  expectedVersion: number,
  changes: { name: string; description: string; kind: SuiteKind; rule: SuiteRule | null },
  actorId: string,
  now = new Date(),
): Promise<boolean> {
  const [updated] = await runBatch(db, [
    db
      .update(testSuites)
      .set({ ...changes, rule: changes.kind === 'dynamic' ? changes.rule : null, version: sql`${testSuites.version} + 1`, updatedAt: now })
      .where(and(eq(testSuites.id, suite.id), eq(testSuites.version, expectedVersion)))
      .returning({ version: testSuites.version }),
    auditStatement(db, { projectId: suite.projectId, actorId, entity: 'suite', entityId: suite.id, action: 'updated', detail: { name: changes.name, kind: changes.kind } }, now, { afterChange: true }),
  ])
  return (updated as unknown[]).length > 0
}

export async function deleteSuite(db: Database, suite: SuiteRow, actorId: string, now = new Date()): Promise<void> {
  await runBatch(db, [
    db.delete(testSuites).where(eq(testSuites.id, suite.id)),
    auditStatement(db, { projectId: suite.projectId, actorId, entity: 'suite', entityId: suite.id, action: 'deleted', detail: { name: suite.name } }, now),
  ])
}

export type SuiteSection = { id: string | null; name: string; cases: SuiteCase[] }
export type SuiteCase = { id: string; number: number; title: string; priority: (typeof PRIORITIES)[number]; state: string; type: string; folder: string; tags: string[]; deleted: boolean }

const CASE_COLUMNS = {
  id: testCases.id,
  number: testCases.number,
  title: testCases.title,
  priority: testCases.priority,
  state: testCases.state,
  type: testCases.type,
  folder: testCases.folder,
  tags: testCases.tags,
  deletedAt: testCases.deletedAt,
}

/** A static suite's sections in order, each with its cases in order (deleted cases marked, for the integrity check). */
export async function staticSuiteContent(db: Database, suiteId: string): Promise<SuiteSection[]> {
  const [sections, rows] = await Promise.all([
    db.select().from(testSuiteSections).where(eq(testSuiteSections.suiteId, suiteId)).orderBy(asc(testSuiteSections.position)),
    db
      .select({ ...CASE_COLUMNS, sectionId: testSuiteCases.sectionId, position: testSuiteCases.position })
      .from(testSuiteCases)
      .innerJoin(testCases, eq(testCases.id, testSuiteCases.caseId))
      .where(eq(testSuiteCases.suiteId, suiteId))
      .orderBy(asc(testSuiteCases.position)),
  ])
  const toCase = (row: (typeof rows)[number]): SuiteCase => ({
    id: row.id,
    number: row.number,
    title: row.title,
    priority: row.priority,
    state: row.state,
    type: row.type,
    folder: row.folder,
    tags: row.tags,
    deleted: row.deletedAt !== null,
  })
  const known = new Set(sections.map((section) => section.id))
  return [
    { id: null, name: '', cases: rows.filter((row) => row.sectionId === null || !known.has(row.sectionId)).map(toCase) },
    ...sections.map((section) => ({ id: section.id, name: section.name, cases: rows.filter((row) => row.sectionId === section.id).map(toCase) })),
  ]
}

function ruleConditions(projectId: string, rule: SuiteRule): SQL[] {
  const conditions: SQL[] = [eq(testCases.projectId, projectId), isNull(testCases.deletedAt), eq(testCases.state, 'active')]
  for (const tag of rule.tags) conditions.push(sql`EXISTS (SELECT 1 FROM json_each(${testCases.tags}) t WHERE lower(t.value) = lower(${tag}))`)
  if (rule.minPriority) conditions.push(inArray(testCases.priority, PRIORITIES.slice(PRIORITIES.indexOf(rule.minPriority))))
  if (rule.folder) conditions.push(sql`(${testCases.folder} = ${rule.folder} OR substr(${testCases.folder}, 1, ${rule.folder.length + 1}) = ${`${rule.folder}/`})`)
  if (rule.portalId) {
    // About the portal itself, or about a dataset or resource on it (their ids start with `<portal>:`).
    conditions.push(
      sql`(json_extract(${testCases.target}, '$.id') = ${rule.portalId} OR substr(json_extract(${testCases.target}, '$.id'), 1, ${rule.portalId.length + 1}) = ${`${rule.portalId}:`})`,
    )
  }
  return conditions
}

/** The cases a dynamic suite's rule matches now, in key order. */
export async function casesMatchingRule(db: Database, projectId: string, rule: SuiteRule): Promise<SuiteCase[]> {
  const rows = await db
    .select(CASE_COLUMNS)
    .from(testCases)
    .where(and(...ruleConditions(projectId, rule)))
    .orderBy(asc(testCases.number))
  return rows.map(({ deletedAt, ...row }) => ({ ...row, deleted: deletedAt !== null }))
}

/**
 * Replaces a static suite's sections and order in one batch, over `expectedVersion`. Only the project's cases are
 * kept; each case appears once (its first place wins). Returns false when the suite changed meanwhile.
 */
export async function setSuiteContent(
  db: Database,
  suite: SuiteRow,
  expectedVersion: number,
  sections: Array<{ id: string | null; name: string; caseIds: string[] }>,
  projectCaseIds: Set<string>,
  actorId: string,
  now = new Date(),
): Promise<boolean> {
  const seen = new Set<string>()
  const placed: Array<{ caseId: string; sectionId: string | null }> = []
  const newSections: Array<{ id: string; name: string; position: number }> = []
  sections.forEach((section, index) => {
    // The first group is the unnamed one before any section.
    const sectionId = index === 0 && section.id === null ? null : (section.id ?? randomId())
    if (sectionId) newSections.push({ id: sectionId, name: section.name || '—', position: newSections.length })
    for (const caseId of section.caseIds) {
      if (seen.has(caseId) || !projectCaseIds.has(caseId)) continue
      seen.add(caseId)
      placed.push({ caseId, sectionId })
    }
  })
  // A batch cannot branch: each statement after the version update checks that this save made it.
  const saveId = randomId()
  const applied = sql`EXISTS (SELECT 1 FROM ${testSuites} WHERE id = ${suite.id} AND save_id = ${saveId})`
  const [updated] = await runBatch(db, [
    db
      .update(testSuites)
      .set({ version: sql`${testSuites.version} + 1`, saveId, updatedAt: now })
      .where(and(eq(testSuites.id, suite.id), eq(testSuites.version, expectedVersion), eq(testSuites.kind, 'static')))
      .returning({ version: testSuites.version }),
    db.run(sql`DELETE FROM ${testSuiteCases} WHERE suite_id = ${suite.id} AND ${applied}`),
    db.run(sql`DELETE FROM ${testSuiteSections} WHERE suite_id = ${suite.id} AND ${applied}`),
    db.run(
      sql`INSERT INTO ${testSuiteSections} (id, suite_id, name, position)
        SELECT json_extract(value, '$.id'), ${suite.id}, json_extract(value, '$.name'), key FROM json_each(${JSON.stringify(newSections)}) WHERE ${applied}`,
    ),
    db.run(
      sql`INSERT INTO ${testSuiteCases} (suite_id, case_id, section_id, position)
        SELECT ${suite.id}, json_extract(value, '$.caseId'), json_extract(value, '$.sectionId'), key FROM json_each(${JSON.stringify(placed)}) WHERE ${applied}`,
    ),
    auditStatement(db, { projectId: suite.projectId, actorId, entity: 'suite', entityId: suite.id, action: 'reordered', detail: { sections: newSections.length, cases: placed.length } }, now, { when: applied }),
  ])
  return (updated as unknown[]).length > 0
}

/** Whether every id is a case of the project (not deleted). */
export async function projectCaseIds(db: Database, projectId: string, caseIds: string[]): Promise<Set<string>> {
  if (caseIds.length === 0) return new Set()
  const rows = await db
    .select({ id: testCases.id })
    .from(testCases)
    .where(and(eq(testCases.projectId, projectId), isNull(testCases.deletedAt), inArray(testCases.id, caseIds)))
  return new Set(rows.map((row) => row.id))
}

/** The cases a run of a suite freezes, in order: a static suite's live cases by section, a dynamic suite's rule now. */
export async function suiteCasesForRun(db: Database, suite: { id: string; projectId: string; kind: 'static' | 'dynamic'; rule: SuiteRule | null }): Promise<Array<{ caseId: string; sectionName: string }>> {
  if (suite.kind === 'static') {
    return (await staticSuiteContent(db, suite.id)).flatMap((section) => section.cases.filter((item) => !item.deleted).map((item) => ({ caseId: item.id, sectionName: section.name })))
  }
  return suite.rule ? (await casesMatchingRule(db, suite.projectId, suite.rule)).map((item) => ({ caseId: item.id, sectionName: '' })) : []
}
