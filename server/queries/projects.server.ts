import { and, asc, count, desc, eq, inArray, isNull, lt, max, sql, type SQL } from 'drizzle-orm'
import { runBatch, type Database } from '../../db/client.server.ts'
import { auditEvents } from '../../db/schema/audit-event.ts'
import { customFields } from '../../db/schema/custom-field.ts'
import { portals } from '../../db/schema/portal.ts'
import { projectMembers } from '../../db/schema/project-member.ts'
import { projectPortals } from '../../db/schema/project-portal.ts'
import { projects } from '../../db/schema/project.ts'
import { sharedSteps } from '../../db/schema/shared-step.ts'
import { testCases } from '../../db/schema/test-case.ts'
import { users } from '../../db/schema/user.ts'
import type { CustomFieldType, ProjectRole } from '../../lib/domain/test-management.ts'
import { randomId } from '../auth/tokens.server.ts'

// Projects, their members and target portals, custom fields, and the audit log every test-management change writes.

export type AuditEntry = {
  projectId: string
  actorId: string | null
  entity: 'project' | 'member' | 'case' | 'suite' | 'field' | 'shared-step' | 'portal' | 'run' | 'result'
  entityId: string | null
  action: string
  detail?: Record<string, unknown>
}

/**
 * The insert of one audit event, to run in the batch of the change it records. `afterChange`: only when the statement
 * just before it in the batch changed a row (SQLite's changes()), so a refused change leaves no event; `when`: only
 * when a condition holds.
 */
export function auditStatement(db: Database, entry: AuditEntry, at = new Date(), options: { afterChange?: boolean; when?: SQL } = {}) {
  const detail = JSON.stringify(entry.detail ?? {})
  const condition = options.when ?? (options.afterChange ? sql`changes() > 0` : sql`1`)
  return db.run(
    sql`INSERT INTO ${auditEvents} (project_id, actor_id, at, entity, entity_id, action, detail)
      SELECT ${entry.projectId}, ${entry.actorId}, ${at.getTime()}, ${entry.entity}, ${entry.entityId}, ${entry.action}, ${detail}
      WHERE ${condition}`,
  )
}

export async function membershipOf(db: Database, projectId: string, userId: string): Promise<ProjectRole | null> {
  const [row] = await db
    .select({ role: projectMembers.role })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)))
    .limit(1)
  return row?.role ?? null
}

export type ProjectRow = typeof projects.$inferSelect

export async function projectById(db: Database, projectId: string): Promise<ProjectRow | null> {
  const [row] = await db.select().from(projects).where(eq(projects.id, projectId)).limit(1)
  return row ?? null
}

export async function projectByKey(db: Database, key: string): Promise<ProjectRow | null> {
  const [row] = await db.select().from(projects).where(eq(projects.key, key)).limit(1)
  return row ?? null
}

/** The projects a user is a member of, with their role, case and suite counts and the time of the last change. */
export async function projectsOf(db: Database, userId: string) {
  return db
    .select({
      id: projects.id,
      key: projects.key,
      name: projects.name,
      description: projects.description,
      role: projectMembers.role,
      cases: sql<number>`(SELECT count(*) FROM test_case c WHERE c.project_id = "project"."id" AND c.deleted_at IS NULL)`,
      suites: sql<number>`(SELECT count(*) FROM test_suite s WHERE s.project_id = "project"."id")`,
      members: sql<number>`(SELECT count(*) FROM project_member m WHERE m.project_id = "project"."id")`,
      lastActivityAt: sql<number | null>`(SELECT max(a.at) FROM audit_event a WHERE a.project_id = "project"."id")`,
      createdAt: projects.createdAt,
    })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(eq(projectMembers.userId, userId))
    .orderBy(asc(projects.name))
}

export type NewProject = { name: string; key: string; description: string; portalIds: string[] }

/** A project with its creator as owner and its target portals, in one batch. */
export async function createProject(db: Database, input: NewProject, ownerId: string, now = new Date()): Promise<string> {
  const id = randomId()
  await runBatch(db, [
    db.insert(projects).values({ id, key: input.key, name: input.name, description: input.description, createdBy: ownerId, createdAt: now, updatedAt: now }),
    db.insert(projectMembers).values({ projectId: id, userId: ownerId, role: 'owner', addedAt: now, addedBy: ownerId }),
    ...input.portalIds.map((portalId) => db.insert(projectPortals).values({ projectId: id, portalId })),
    auditStatement(db, { projectId: id, actorId: ownerId, entity: 'project', entityId: id, action: 'created', detail: { name: input.name, key: input.key } }, now),
  ])
  return id
}

export async function updateProject(db: Database, projectId: string, changes: { name?: string; key?: string; description?: string }, actorId: string, now = new Date()): Promise<void> {
  await runBatch(db, [
    db.update(projects).set({ ...changes, updatedAt: now }).where(eq(projects.id, projectId)),
    auditStatement(db, { projectId, actorId, entity: 'project', entityId: projectId, action: 'updated', detail: changes }, now),
  ])
}

export async function deleteProject(db: Database, projectId: string): Promise<void> {
  await db.delete(projects).where(eq(projects.id, projectId))
}

/** Whether a unique index refused a second project with the same key. */
export function isProjectKeyTaken(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const message = (current as { message?: unknown }).message
    if (typeof message === 'string' && message.includes('project.key')) return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

export async function membersOf(db: Database, projectId: string) {
  return db
    .select({ userId: users.id, name: users.name, email: users.email, role: projectMembers.role, addedAt: projectMembers.addedAt })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(eq(projectMembers.projectId, projectId))
    .orderBy(asc(users.name))
}

export async function addMember(db: Database, projectId: string, userId: string, role: ProjectRole, actorId: string, detail: Record<string, unknown>, now = new Date()) {
  await runBatch(db, [
    db.insert(projectMembers).values({ projectId, userId, role, addedAt: now, addedBy: actorId }),
    auditStatement(db, { projectId, actorId, entity: 'member', entityId: userId, action: 'added', detail: { ...detail, role } }, now),
  ])
}

/**
 * Changes a member's role; false when that would leave the project without an owner (checked inside the statement,
 * so two owners demoting each other at once cannot both succeed).
 */
export async function changeMemberRole(db: Database, projectId: string, userId: string, role: ProjectRole, actorId: string, detail: Record<string, unknown>, now = new Date()): Promise<boolean> {
  const keepsAnOwner = sql`(${role} = 'owner' OR (SELECT count(*) FROM ${projectMembers} o WHERE o.project_id = ${projectId} AND o.role = 'owner' AND o.user_id <> ${userId}) > 0)`
  const [updated] = await runBatch(db, [
    db
      .update(projectMembers)
      .set({ role })
      .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId), keepsAnOwner))
      .returning({ userId: projectMembers.userId }),
    auditStatement(db, { projectId, actorId, entity: 'member', entityId: userId, action: 'role-changed', detail: { ...detail, role } }, now, { afterChange: true }),
  ])
  return (updated as unknown[]).length > 0
}

/** Removes a member; false when they are the last owner. */
export async function removeMember(db: Database, projectId: string, userId: string, actorId: string, detail: Record<string, unknown>, now = new Date()): Promise<boolean> {
  const notLastOwner = sql`(${projectMembers.role} <> 'owner' OR (SELECT count(*) FROM ${projectMembers} o WHERE o.project_id = ${projectId} AND o.role = 'owner') > 1)`
  const [removed] = await runBatch(db, [
    db
      .delete(projectMembers)
      .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId), notLastOwner))
      .returning({ userId: projectMembers.userId }),
    auditStatement(db, { projectId, actorId, entity: 'member', entityId: userId, action: 'removed', detail }, now, { afterChange: true }),
  ])
  return (removed as unknown[]).length > 0
}

export async function projectPortalsOf(db: Database, projectId: string) {
  return db
    .select({ id: portals.id, name: portals.name, isDemo: portals.isDemo })
    .from(projectPortals)
    .innerJoin(portals, eq(portals.id, projectPortals.portalId))
    .where(eq(projectPortals.projectId, projectId))
    .orderBy(asc(portals.name))
}

export async function setProjectPortals(db: Database, projectId: string, portalIds: string[], actorId: string, now = new Date()): Promise<void> {
  await runBatch(db, [
    db.delete(projectPortals).where(eq(projectPortals.projectId, projectId)),
    ...portalIds.map((portalId) => db.insert(projectPortals).values({ projectId, portalId })),
    auditStatement(db, { projectId, actorId, entity: 'portal', entityId: null, action: 'targets-changed', detail: { portalIds } }, now),
  ])
}

/** Portals that exist in the registry, of those given (unknown ids are dropped). */
export async function existingPortalIds(db: Database, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return []
  return (await db.select({ id: portals.id }).from(portals).where(inArray(portals.id, ids))).map((row) => row.id)
}

export type CustomFieldRow = typeof customFields.$inferSelect

export async function customFieldsOf(db: Database, projectId: string): Promise<CustomFieldRow[]> {
  return db.select().from(customFields).where(eq(customFields.projectId, projectId)).orderBy(asc(customFields.position))
}

export async function createCustomField(
  db: Database,
  projectId: string,
  field: { label: string; type: CustomFieldType; options: string[]; required: boolean },
  actorId: string,
  now = new Date(),
): Promise<string> {
  const id = randomId()
  const [{ position } = { position: 0 }] = await db.select({ position: sql<number>`coalesce(max(${customFields.position}) + 1, 0)` }).from(customFields).where(eq(customFields.projectId, projectId))
  await runBatch(db, [
    db.insert(customFields).values({ id, projectId, ...field, position, createdAt: now }),
    auditStatement(db, { projectId, actorId, entity: 'field', entityId: id, action: 'created', detail: { label: field.label, type: field.type } }, now),
  ])
  return id
}

export async function updateCustomField(db: Database, projectId: string, fieldId: string, changes: { label: string; options: string[]; required: boolean }, actorId: string, now = new Date()): Promise<boolean> {
  const [updated] = await runBatch(db, [
    db
      .update(customFields)
      .set(changes)
      .where(and(eq(customFields.id, fieldId), eq(customFields.projectId, projectId)))
      .returning({ id: customFields.id }),
    auditStatement(db, { projectId, actorId, entity: 'field', entityId: fieldId, action: 'updated', detail: changes }, now, { afterChange: true }),
  ])
  return (updated as unknown[]).length > 0
}

/** Deletes a field; its values stay in the cases' history but no longer show. */
export async function deleteCustomField(db: Database, projectId: string, fieldId: string, actorId: string, now = new Date()): Promise<boolean> {
  const [deleted] = await runBatch(db, [
    db
      .delete(customFields)
      .where(and(eq(customFields.id, fieldId), eq(customFields.projectId, projectId)))
      .returning({ id: customFields.id }),
    auditStatement(db, { projectId, actorId, entity: 'field', entityId: fieldId, action: 'deleted' }, now, { afterChange: true }),
  ])
  return (deleted as unknown[]).length > 0
}

export async function auditLog(db: Database, projectId: string, options: { before?: number; limit: number }) {
  const rows = await db
    .select({
      id: auditEvents.id,
      at: auditEvents.at,
      actorId: auditEvents.actorId,
      actorName: users.name,
      entity: auditEvents.entity,
      entityId: auditEvents.entityId,
      action: auditEvents.action,
      detail: auditEvents.detail,
    })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorId))
    .where(and(eq(auditEvents.projectId, projectId), options.before ? lt(auditEvents.id, options.before) : undefined))
    .orderBy(desc(auditEvents.id))
    .limit(options.limit)
  return rows
}

/** Counts a dashboard shows: cases by priority and by state (not deleted). */
export async function caseCounts(db: Database, projectId: string) {
  const rows = await db
    .select({ priority: testCases.priority, state: testCases.state, cases: count() })
    .from(testCases)
    .where(and(eq(testCases.projectId, projectId), isNull(testCases.deletedAt)))
    .groupBy(testCases.priority, testCases.state)
  return rows
}

export async function lastActivity(db: Database, projectId: string): Promise<Date | null> {
  const [row] = await db.select({ at: max(auditEvents.at) }).from(auditEvents).where(eq(auditEvents.projectId, projectId))
  return row?.at ?? null
}

export async function sharedStepCount(db: Database, projectId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(sharedSteps).where(eq(sharedSteps.projectId, projectId))
  return row?.n ?? 0
}
