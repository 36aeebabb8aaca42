import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client.server.ts'
import { caseKey } from '../../lib/domain/test-management.ts'
import { customFieldsOf, membersOf, projectPortalsOf, type ProjectRow } from './projects.server.ts'
import { caseFields } from './case-dto.server.ts'
import { sharedStepsOf } from './shared-steps.server.ts'
import { allCases } from './test-cases.server.ts'
import { runsExport } from './test-runs.server.ts'
import { attachmentHref } from '../../lib/domain/attachments.ts'
import { attachmentsForExport } from './attachments.server.ts'
import { staticSuiteContent, suitesOf } from './test-suites.server.ts'

// The owners' view of a project's insides: how much it holds, what does not add up, and all of it as JSON.

type Count = { n: number }

export async function projectDebug(db: Database, project: ProjectRow) {
  const one = async (query: ReturnType<typeof sql>) => (await db.all<Count>(query))[0]?.n ?? 0
  const id = project.id
  const [cases, deletedCases, versions, suites, members, fields, sharedSteps, auditEvents] = await Promise.all([
    one(sql`SELECT count(*) AS n FROM test_case WHERE project_id = ${id} AND deleted_at IS NULL`),
    one(sql`SELECT count(*) AS n FROM test_case WHERE project_id = ${id} AND deleted_at IS NOT NULL`),
    one(sql`SELECT count(*) AS n FROM test_case_version v JOIN test_case c ON c.id = v.case_id WHERE c.project_id = ${id}`),
    one(sql`SELECT count(*) AS n FROM test_suite WHERE project_id = ${id}`),
    one(sql`SELECT count(*) AS n FROM project_member WHERE project_id = ${id}`),
    one(sql`SELECT count(*) AS n FROM custom_field WHERE project_id = ${id}`),
    one(sql`SELECT count(*) AS n FROM shared_step WHERE project_id = ${id}`),
    one(sql`SELECT count(*) AS n FROM audit_event WHERE project_id = ${id}`),
  ])
  const listed = (rows: Array<{ number: number; title: string }>) => rows.map((row) => ({ key: caseKey(project.key, row.number), title: row.title }))
  const [casesInNoSuite, suitesWithDeletedCases, unknownCustomValues, missingSharedSteps, casesWithoutVersions, casesInOtherProjectSuites] = await Promise.all([
    // Active cases no static suite lists (a dynamic rule may still pick them).
    db.all<{ number: number; title: string }>(sql`SELECT c.number, c.title FROM test_case c WHERE c.project_id = ${id} AND c.deleted_at IS NULL
      AND NOT EXISTS (SELECT 1 FROM test_suite_case sc WHERE sc.case_id = c.id) ORDER BY c.number LIMIT 200`),
    db.all<{ suite: string; number: number; title: string }>(sql`SELECT s.name AS suite, c.number, c.title FROM test_suite_case sc
      JOIN test_suite s ON s.id = sc.suite_id JOIN test_case c ON c.id = sc.case_id
      WHERE s.project_id = ${id} AND c.deleted_at IS NOT NULL ORDER BY s.name, c.number LIMIT 200`),
    // Values kept for custom fields that were deleted since.
    db.all<{ number: number; title: string; field: string }>(sql`SELECT c.number, c.title, f.key AS field FROM test_case c, json_each(c.custom) f
      WHERE c.project_id = ${id} AND c.deleted_at IS NULL AND NOT EXISTS (SELECT 1 FROM custom_field cf WHERE cf.id = f.key AND cf.project_id = ${id}) LIMIT 200`),
    db.all<{ number: number; title: string; sharedStepId: string }>(sql`SELECT c.number, c.title, json_extract(e.value, '$.sharedStepId') AS sharedStepId
      FROM test_case c, json_each(c.steps) e WHERE c.project_id = ${id} AND json_extract(e.value, '$.kind') = 'shared'
      AND NOT EXISTS (SELECT 1 FROM shared_step s WHERE s.id = json_extract(e.value, '$.sharedStepId') AND s.project_id = ${id}) LIMIT 200`),
    db.all<{ number: number; title: string }>(sql`SELECT c.number, c.title FROM test_case c WHERE c.project_id = ${id}
      AND NOT EXISTS (SELECT 1 FROM test_case_version v WHERE v.case_id = c.id AND v.version = c.version) LIMIT 200`),
    // A suite of this project listing a case of another project (the API never does this; a damaged database might).
    db.all<{ suite: string; number: number; title: string }>(sql`SELECT s.name AS suite, c.number, c.title FROM test_suite_case sc
      JOIN test_suite s ON s.id = sc.suite_id JOIN test_case c ON c.id = sc.case_id WHERE s.project_id = ${id} AND c.project_id <> ${id} LIMIT 200`),
  ])
  return {
    counts: { cases, deletedCases, versions, suites, members, fields, sharedSteps, auditEvents },
    integrity: {
      casesInNoSuite: listed(casesInNoSuite),
      suitesWithDeletedCases: suitesWithDeletedCases.map((row) => ({ suite: row.suite, key: caseKey(project.key, row.number), title: row.title })),
      unknownCustomValues: unknownCustomValues.map((row) => ({ key: caseKey(project.key, row.number), title: row.title, field: row.field })),
      missingSharedSteps: missingSharedSteps.map((row) => ({ key: caseKey(project.key, row.number), title: row.title, sharedStepId: row.sharedStepId })),
      casesWithoutCurrentVersion: listed(casesWithoutVersions),
      casesFromOtherProjects: casesInOtherProjectSuites.map((row) => ({ suite: row.suite, key: `?-${row.number}`, title: row.title })),
    },
  }
}

/** Everything in the project as one document: settings, people, fields, shared steps, cases with their versions, suites, runs with their results. */
export async function projectExport(db: Database, project: ProjectRow) {
  const [members, portals, fields, sharedSteps, cases, suites, versions, audit] = await Promise.all([
    membersOf(db, project.id),
    projectPortalsOf(db, project.id),
    customFieldsOf(db, project.id),
    sharedStepsOf(db, project.id),
    allCases(db, project.id, { includeDeleted: true }),
    suitesOf(db, project.id),
    db.all<{ case_id: string; version: number; snapshot: string; change: string; changed_at: number; changed_by: string | null }>(
      sql`SELECT v.case_id, v.version, v.snapshot, v.change, v.changed_at, u.email AS changed_by FROM test_case_version v
        JOIN test_case c ON c.id = v.case_id LEFT JOIN user u ON u.id = v.changed_by WHERE c.project_id = ${project.id} ORDER BY v.case_id, v.version`,
    ),
    db.all<{ at: number; actor: string | null; entity: string; entity_id: string | null; action: string; detail: string }>(
      sql`SELECT a.at, u.email AS actor, a.entity, a.entity_id, a.action, a.detail FROM audit_event a LEFT JOIN user u ON u.id = a.actor_id
        WHERE a.project_id = ${project.id} ORDER BY a.id`,
    ),
  ])
  const versionsByCase = new Map<string, typeof versions>()
  for (const version of versions) versionsByCase.set(version.case_id, [...(versionsByCase.get(version.case_id) ?? []), version])
  const runs = await runsExport(db, project.id, project.key)
  const files = await attachmentsForExport(db, project.id)
  const suitesWithContent = await Promise.all(
    suites.map(async (suite) => ({
      id: suite.id,
      name: suite.name,
      description: suite.description,
      kind: suite.kind,
      rule: suite.rule,
      sections: suite.kind === 'static' ? (await staticSuiteContent(db, suite.id)).map((section) => ({ name: section.name, cases: section.cases.map((item) => caseKey(project.key, item.number)) })) : [],
    })),
  )
  return {
    format: 'portalscope-project/1',
    exportedAt: new Date(),
    project: { key: project.key, name: project.name, description: project.description, createdAt: project.createdAt },
    members: members.map((member) => ({ name: member.name, email: member.email, role: member.role, addedAt: member.addedAt })),
    portals: portals.map((portal) => portal.id),
    customFields: fields.map(({ id, label, type, options, required }) => ({ id, label, type, options, required })),
    sharedSteps: sharedSteps.map(({ id, title, steps, version }) => ({ id, title, steps, version })),
    cases: cases.map((row) => ({
      key: caseKey(project.key, row.number),
      id: row.id,
      ...caseFields(row),
      custom: row.custom,
      version: row.version,
      deletedAt: row.deletedAt,
      versions: (versionsByCase.get(row.id) ?? []).map((version) => ({ version: version.version, change: version.change, changedAt: new Date(version.changed_at), changedBy: version.changed_by, snapshot: JSON.parse(version.snapshot) as unknown })),
    })),
    suites: suitesWithContent,
    runs,
    // The files' descriptions; each one's bytes at `href` (GET, the same access as the item it is on).
    attachments: files.map((file) => ({ ...file, href: attachmentHref(file.id) })),
    audit: audit.map((event) => ({ at: new Date(event.at), actor: event.actor, entity: event.entity, entityId: event.entity_id, action: event.action, detail: JSON.parse(event.detail) as unknown })),
  }
}
