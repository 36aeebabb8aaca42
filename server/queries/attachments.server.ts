import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.server.ts'
import { attachments } from '../../db/schema/attachment.ts'
import { testResults } from '../../db/schema/test-result.ts'
import type { AttachmentKind, AttachmentTarget, AttachmentView } from '../../lib/domain/attachments.ts'
import { randomId } from '../auth/tokens.server.ts'

export type AttachmentRow = typeof attachments.$inferSelect

const VIEW_COLUMNS = {
  id: attachments.id,
  filename: attachments.filename,
  size: attachments.size,
  kind: attachments.kind,
  contentType: attachments.contentType,
  stepId: attachments.stepId,
  createdAt: attachments.createdAt,
  createdBy: attachments.createdBy,
}

/** Chunks of ids per statement: D1 binds at most 100 parameters. */
const CHUNK = 90

function targetCondition(target: AttachmentTarget) {
  if (target.kind === 'case') return and(eq(attachments.caseId, target.caseId), target.stepId ? eq(attachments.stepId, target.stepId) : isNull(attachments.stepId))
  if (target.kind === 'result') return eq(attachments.resultId, target.resultId)
  return eq(attachments.runId, target.runId)
}

/** The files on one target, oldest first (a case's own files: those on no step). */
export async function attachmentsOf(db: Database, target: AttachmentTarget): Promise<AttachmentView[]> {
  return db.select(VIEW_COLUMNS).from(attachments).where(targetCondition(target)).orderBy(asc(attachments.createdAt), asc(attachments.id)).limit(500)
}

/** Every file of a case, its steps' included, oldest first. */
export async function attachmentsOfCase(db: Database, caseId: string): Promise<AttachmentView[]> {
  return db.select(VIEW_COLUMNS).from(attachments).where(eq(attachments.caseId, caseId)).orderBy(asc(attachments.createdAt), asc(attachments.id)).limit(2000)
}

/** The files of some results, by result id. */
export async function attachmentsOfResults(db: Database, resultIds: number[]): Promise<Map<number, AttachmentView[]>> {
  const byResult = new Map<number, AttachmentView[]>()
  for (let at = 0; at < resultIds.length; at += CHUNK) {
    const rows = await db
      .select({ ...VIEW_COLUMNS, resultId: attachments.resultId })
      .from(attachments)
      .where(inArray(attachments.resultId, resultIds.slice(at, at + CHUNK)))
      .orderBy(asc(attachments.createdAt), asc(attachments.id))
    for (const { resultId, ...view } of rows) {
      const list = byResult.get(resultId!) ?? []
      list.push(view)
      byResult.set(resultId!, list)
    }
  }
  return byResult
}

export async function countAttachmentsOf(db: Database, target: AttachmentTarget): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)` }).from(attachments).where(targetCondition(target))
  return Number(row?.n ?? 0)
}

/** The bytes a project's files take together (each row counts, as the quota is a project's). */
export async function projectAttachmentBytes(db: Database, projectId: string): Promise<number> {
  const [row] = await db.select({ total: sql<number>`coalesce(sum(${attachments.size}), 0)` }).from(attachments).where(eq(attachments.projectId, projectId))
  return Number(row?.total ?? 0)
}

export async function attachmentById(db: Database, id: string): Promise<AttachmentRow | null> {
  const [row] = await db.select().from(attachments).where(eq(attachments.id, id)).limit(1)
  return row ?? null
}

/** A result's run case and run, to check access to it. */
export async function resultOwner(db: Database, resultId: number): Promise<{ runCaseId: string; runId: string } | null> {
  const [row] = await db.select({ runCaseId: testResults.runCaseId, runId: testResults.runId }).from(testResults).where(eq(testResults.id, resultId)).limit(1)
  return row ?? null
}

export type NewAttachment = { projectId: string; target: AttachmentTarget; hash: string; size: number; contentType: string; kind: AttachmentKind; filename: string; createdBy: string }

export async function insertAttachment(db: Database, file: NewAttachment, now = new Date()): Promise<AttachmentView> {
  const { target } = file
  const row = {
    id: randomId(),
    projectId: file.projectId,
    caseId: target.kind === 'case' ? target.caseId : null,
    stepId: target.kind === 'case' ? (target.stepId ?? null) : null,
    resultId: target.kind === 'result' ? target.resultId : null,
    runId: target.kind === 'run' ? target.runId : null,
    hash: file.hash,
    size: file.size,
    contentType: file.contentType,
    kind: file.kind,
    filename: file.filename,
    createdBy: file.createdBy,
    createdAt: now,
  }
  await db.insert(attachments).values(row)
  return { id: row.id, filename: row.filename, size: row.size, kind: row.kind, contentType: row.contentType, stepId: row.stepId, createdAt: now, createdBy: row.createdBy }
}

/** Removes one row; answers its hash, or null when it was gone. */
export async function deleteAttachment(db: Database, id: string): Promise<string | null> {
  const [row] = await db.delete(attachments).where(eq(attachments.id, id)).returning({ hash: attachments.hash })
  return row?.hash ?? null
}

/** The content hashes a project's files use, before the project goes. */
export async function hashesOfProject(db: Database, projectId: string): Promise<string[]> {
  const rows = await db.selectDistinct({ hash: attachments.hash }).from(attachments).where(eq(attachments.projectId, projectId))
  return rows.map((row) => row.hash)
}

/** The content hashes a run's files use (the run's own and its results'), before the run goes. */
export async function hashesOfRun(db: Database, runId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ hash: attachments.hash })
    .from(attachments)
    .where(sql`${attachments.runId} = ${runId} OR ${attachments.resultId} IN (SELECT id FROM ${testResults} WHERE run_id = ${runId})`)
  return rows.map((row) => row.hash)
}

/** Of these hashes, the ones no row names any longer: their stored files may go. */
export async function unreferencedHashes(db: Database, hashes: string[]): Promise<string[]> {
  const unreferenced: string[] = []
  for (let at = 0; at < hashes.length; at += CHUNK) {
    const chunk = hashes.slice(at, at + CHUNK)
    const used = new Set((await db.selectDistinct({ hash: attachments.hash }).from(attachments).where(inArray(attachments.hash, chunk))).map((row) => row.hash))
    unreferenced.push(...chunk.filter((hash) => !used.has(hash)))
  }
  return unreferenced
}

/** A project's files as its JSON export lists them (the bytes stay in the store, fetched by id). */
export async function attachmentsForExport(db: Database, projectId: string) {
  return db
    .select({
      id: attachments.id,
      caseId: attachments.caseId,
      stepId: attachments.stepId,
      resultId: attachments.resultId,
      runId: attachments.runId,
      filename: attachments.filename,
      size: attachments.size,
      contentType: attachments.contentType,
      sha256: attachments.hash,
      createdAt: attachments.createdAt,
    })
    .from(attachments)
    .where(eq(attachments.projectId, projectId))
    .orderBy(asc(attachments.createdAt), asc(attachments.id))
}
