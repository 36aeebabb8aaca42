import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.server.ts'
import { datasets } from '../../db/schema/dataset.ts'
import { portals } from '../../db/schema/portal.ts'
import { resources } from '../../db/schema/resource.ts'
import { checkCustomValues } from '../../lib/domain/custom-field-checks.ts'
import type { CustomFieldDefinition } from '../../lib/domain/custom-fields.ts'
import type { CaseTarget } from '../../lib/domain/test-management.ts'
import type { TestCaseFields } from '../../lib/forms/test-management-schemas.ts'
import { customFieldsOf, membersOf } from './projects.server.ts'
import { ftsQuery } from './datasets.server.ts'
import { sharedStepIdsIn } from './shared-steps.server.ts'

// What a case's fields must agree with in its project: custom values of the project's fields, shared steps of the
// project, a target that exists in the harvested catalogue. Used by the editors' saves and by the CSV import.

export type CaseContext = { fields: CustomFieldDefinition[]; memberIds: Set<string>; memberEmails: Map<string, string> }

export async function caseContext(db: Database, projectId: string): Promise<CaseContext> {
  const [fields, members] = await Promise.all([customFieldsOf(db, projectId), membersOf(db, projectId)])
  return {
    fields: fields.map((field) => ({ id: field.id, label: field.label, type: field.type, options: field.options, required: field.required })),
    memberIds: new Set(members.map((member) => member.userId)),
    memberEmails: new Map(members.map((member) => [member.email, member.userId])),
  }
}

/** Issues by field path (`custom.<id>`, `steps.<n>`, `target`) as message keys; none means the fields may be saved. */
export async function checkCaseFields(db: Database, projectId: string, fields: TestCaseFields, context: CaseContext): Promise<{ fields: TestCaseFields; issues: Record<string, string> }> {
  const { kept, issues: customIssues } = checkCustomValues(context.fields, fields.custom, context.memberIds)
  const issues: Record<string, string> = Object.fromEntries(Object.entries(customIssues).map(([id, key]) => [`custom.${id}`, key]))
  const sharedIds = fields.steps.flatMap((step) => (step.kind === 'shared' ? [step.sharedStepId] : []))
  const known = await sharedStepIdsIn(db, projectId, sharedIds)
  fields.steps.forEach((step, index) => {
    if (step.kind === 'shared' && !known.has(step.sharedStepId)) issues[`steps.${index}`] = 'cases.sharedStepUnknown'
  })
  let target = fields.target
  if (target) {
    const label = await targetLabel(db, target)
    if (label === null) issues.target = 'cases.targetUnknown'
    else target = { ...target, label }
  }
  if (fields.check?.portal && (await targetLabel(db, { kind: 'portal', id: fields.check.portal })) === null) issues['check.portal'] = 'cases.checkPortalUnknown'
  return { fields: { ...fields, custom: kept, target }, issues }
}

/**
 * The label of a target as the catalogue names it (a portal's name, a dataset's title, a resource's name with its
 * dataset's title), or null when it is not in the registry or the harvested snapshot. Resource ids are
 * `<dataset id>#<position>`.
 */
export async function targetLabel(db: Database, target: Pick<CaseTarget, 'kind' | 'id'>): Promise<string | null> {
  if (target.kind === 'portal') {
    const [row] = await db.select({ name: portals.name }).from(portals).where(eq(portals.id, target.id)).limit(1)
    return row?.name ?? null
  }
  const [datasetId, position] = target.kind === 'resource' ? target.id.split('#') : [target.id, undefined]
  if (!datasetId) return null
  const [dataset] = await db
    .select({ key: datasets.key, title: datasets.title })
    .from(datasets)
    .where(and(eq(datasets.id, datasetId), isNull(datasets.deletedAt)))
    .limit(1)
  if (!dataset) return null
  if (target.kind === 'dataset') return dataset.title
  const index = Number(position)
  if (!Number.isInteger(index)) return null
  const [resource] = await db
    .select({ name: resources.name, format: resources.format })
    .from(resources)
    .where(and(eq(resources.datasetKey, dataset.key), eq(resources.position, index)))
    .limit(1)
  return resource ? `${resource.name || resource.format || `#${index + 1}`} (${dataset.title})` : null
}

/** Portals of the registry by id, for labels. */
export async function portalNames(db: Database, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map()
  const rows = await db.select({ id: portals.id, name: portals.name }).from(portals).where(inArray(portals.id, ids))
  return new Map(rows.map((row) => [row.id, row.name]))
}

export type TargetOption = { kind: 'portal' | 'dataset' | 'resource'; id: string; label: string; detail: string | null }

/**
 * Portals or datasets a case can be about, matching the words typed: the project's target portals (all registered
 * portals when it has none); datasets by the full-text index of the harvested snapshot.
 */
export async function snapshotTargets(db: Database, kind: 'portal' | 'dataset', q: string, projectPortalIds: string[]): Promise<TargetOption[]> {
  if (kind === 'portal') {
    const rows = await db.select({ id: portals.id, name: portals.name }).from(portals).orderBy(portals.name)
    const words = q.toLowerCase()
    return rows
      .filter((row) => !words || row.name.toLowerCase().includes(words) || row.id.includes(words))
      .sort((a, b) => Number(projectPortalIds.includes(b.id)) - Number(projectPortalIds.includes(a.id)))
      .slice(0, 20)
      .map((row) => ({ kind: 'portal', id: row.id, label: row.name, detail: row.id }))
  }
  const match = ftsQuery(q)
  if (!match) return []
  const scope = projectPortalIds.length > 0 ? sql`AND d.portal_id IN (${sql.join(projectPortalIds.map((id) => sql`${id}`), sql`, `)})` : sql``
  const rows = await db.all<{ id: string; title: string; portal: string }>(
    sql`SELECT d.id, d.title, p.name AS portal FROM dataset d JOIN (SELECT rowid, bm25(dataset_fts, 10.0, 1.0, 4.0) AS rank FROM dataset_fts WHERE dataset_fts MATCH ${match}) f ON f.rowid = d.key
      JOIN portal p ON p.id = d.portal_id WHERE d.deleted_at IS NULL ${scope} ORDER BY f.rank LIMIT 20`,
  )
  return rows.map((row) => ({ kind: 'dataset', id: row.id, label: row.title, detail: row.portal }))
}

/** A dataset's resources, as targets (`<dataset id>#<position>`). */
export async function datasetResourceTargets(db: Database, datasetId: string): Promise<TargetOption[]> {
  const [dataset] = await db.select({ key: datasets.key, title: datasets.title }).from(datasets).where(and(eq(datasets.id, datasetId), isNull(datasets.deletedAt))).limit(1)
  if (!dataset) return []
  const rows = await db
    .select({ position: resources.position, name: resources.name, format: resources.format })
    .from(resources)
    .where(eq(resources.datasetKey, dataset.key))
    .orderBy(resources.position)
  return rows.map((row) => ({ kind: 'resource', id: `${datasetId}#${row.position}`, label: `${row.name || row.format || `#${row.position + 1}`} (${dataset.title})`, detail: row.format }))
}
