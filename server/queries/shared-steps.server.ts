import { and, asc, eq, inArray, or, sql } from 'drizzle-orm'
import { runBatch, type Database } from '../../db/client.server.ts'
import { sharedStepVersions } from '../../db/schema/shared-step-version.ts'
import { sharedSteps } from '../../db/schema/shared-step.ts'
import { testCases } from '../../db/schema/test-case.ts'
import type { StepText } from '../../lib/domain/test-management.ts'
import { randomId } from '../auth/tokens.server.ts'
import { auditStatement } from './projects.server.ts'
import { versionStatement } from './case-versions.server.ts'

// Shared steps: steps several test cases of a project include by reference, each edit a new version. Editing one is
// also a new version of every case that uses it (versionStatement, the cases' own history), in the same batch.

export type SharedStepRow = typeof sharedSteps.$inferSelect

export async function sharedStepsOf(db: Database, projectId: string) {
  return db
    .select({
      id: sharedSteps.id,
      title: sharedSteps.title,
      steps: sharedSteps.steps,
      version: sharedSteps.version,
      updatedAt: sharedSteps.updatedAt,
      // Qualified by hand: in a one-table select drizzle writes the outer column unqualified, and inside this subquery
      // a bare "id" would be the case's.
      usedBy: sql<number>`(SELECT count(*) FROM ${testCases} c, json_each(c.steps) e WHERE c.project_id = ${projectId} AND c.deleted_at IS NULL AND json_extract(e.value, '$.sharedStepId') = "shared_step"."id")`,
    })
    .from(sharedSteps)
    .where(eq(sharedSteps.projectId, projectId))
    .orderBy(asc(sharedSteps.title))
}

export async function sharedStepById(db: Database, id: string): Promise<SharedStepRow | null> {
  const [row] = await db.select().from(sharedSteps).where(eq(sharedSteps.id, id)).limit(1)
  return row ?? null
}

/** The text of shared steps at given versions (a case's history shows what they said then). */
export async function sharedStepTexts(db: Database, refs: Array<{ id: string; version: number }>): Promise<Map<string, { title: string; steps: StepText[] }>> {
  const out = new Map<string, { title: string; steps: StepText[] }>()
  if (refs.length === 0) return out
  const rows = await db
    .select()
    .from(sharedStepVersions)
    .where(or(...refs.map((ref) => and(eq(sharedStepVersions.sharedStepId, ref.id), eq(sharedStepVersions.version, ref.version))))!)
  for (const row of rows) out.set(`${row.sharedStepId}@${row.version}`, { title: row.title, steps: row.steps })
  return out
}

export async function createSharedStep(db: Database, projectId: string, input: { title: string; steps: StepText[] }, actorId: string, now = new Date()): Promise<string> {
  const id = randomId()
  await runBatch(db, [
    db.insert(sharedSteps).values({ id, projectId, title: input.title, steps: input.steps, version: 1, createdAt: now, updatedBy: actorId, updatedAt: now }),
    db.insert(sharedStepVersions).values({ sharedStepId: id, version: 1, title: input.title, steps: input.steps }),
    auditStatement(db, { projectId, actorId, entity: 'shared-step', entityId: id, action: 'created', detail: { title: input.title } }, now),
  ])
  return id
}

/**
 * A new version of a shared step, and of every case that uses it (their history shows the change), in one batch;
 * refused (false) when the step moved past `expectedVersion` meanwhile.
 */
export async function updateSharedStep(db: Database, step: SharedStepRow, expectedVersion: number, input: { title: string; steps: StepText[] }, actorId: string, now = new Date()): Promise<boolean> {
  const saveId = randomId()
  const [updated] = await runBatch(db, [
    db
      .update(sharedSteps)
      .set({ title: input.title, steps: input.steps, version: sql`${sharedSteps.version} + 1`, updatedBy: actorId, updatedAt: now })
      .where(and(eq(sharedSteps.id, step.id), eq(sharedSteps.version, expectedVersion)))
      .returning({ version: sharedSteps.version }),
    db.run(
      sql`INSERT INTO ${sharedStepVersions} (shared_step_id, version, title, steps)
        SELECT id, version, title, steps FROM ${sharedSteps} WHERE id = ${step.id} AND version = ${expectedVersion + 1} AND changes() > 0`,
    ),
    db.run(
      sql`UPDATE ${testCases} SET version = version + 1, save_id = ${saveId}, updated_by = ${actorId}, updated_at = ${now.getTime()}
        WHERE project_id = ${step.projectId} AND deleted_at IS NULL
          AND EXISTS (SELECT 1 FROM json_each(${testCases}.steps) e WHERE json_extract(e.value, '$.sharedStepId') = ${step.id})
          AND EXISTS (SELECT 1 FROM ${sharedSteps} WHERE id = ${step.id} AND version = ${expectedVersion + 1})`,
    ),
    versionStatement(db, saveId, 'shared-step', actorId, now),
    auditStatement(db, { projectId: step.projectId, actorId, entity: 'shared-step', entityId: step.id, action: 'updated', detail: { title: input.title } }, now),
  ])
  return (updated as unknown[]).length > 0
}

/** Deletes a shared step that no case uses; false when one does. */
export async function deleteSharedStep(db: Database, step: SharedStepRow, actorId: string, now = new Date()): Promise<boolean> {
  const [deleted] = await runBatch(db, [
    db
      .delete(sharedSteps)
      .where(
        and(
          eq(sharedSteps.id, step.id),
          sql`NOT EXISTS (SELECT 1 FROM ${testCases} c, json_each(c.steps) e WHERE c.project_id = ${step.projectId} AND json_extract(e.value, '$.sharedStepId') = ${step.id})`,
        ),
      )
      .returning({ id: sharedSteps.id }),
    auditStatement(db, { projectId: step.projectId, actorId, entity: 'shared-step', entityId: step.id, action: 'deleted', detail: { title: step.title } }, now, { afterChange: true }),
  ])
  return (deleted as unknown[]).length > 0
}

/** The shared steps of a project among these ids (a case may only refer to its own project's). */
export async function sharedStepIdsIn(db: Database, projectId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set()
  const rows = await db.select({ id: sharedSteps.id }).from(sharedSteps).where(and(eq(sharedSteps.projectId, projectId), inArray(sharedSteps.id, ids)))
  return new Set(rows.map((row) => row.id))
}
