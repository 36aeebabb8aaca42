import { and, eq, isNotNull, lte, sql } from 'drizzle-orm'
import { runBatch, type Database } from '../../db/client.server.ts'
import { portals } from '../../db/schema/portal.ts'
import { testCaseVersions } from '../../db/schema/test-case-version.ts'
import { testCases } from '../../db/schema/test-case.ts'
import { testResults } from '../../db/schema/test-result.ts'
import { testRunCases } from '../../db/schema/test-run-case.ts'
import { testRuns } from '../../db/schema/test-run.ts'
import { testSuites } from '../../db/schema/test-suite.ts'
import { decidingMessage, isCheckEvidence, nextScheduledAt, pausedByBreaker, type CaseCheck, type CheckEvidence } from '../../lib/domain/checks.ts'
import { loadMessageGroups } from '../../lib/i18n/catalog.ts'
import { checkMessageText } from '../../lib/i18n/check-message.ts'
import { intlFor, translator } from '../../lib/i18n/intl.ts'
import { auditStatement } from './projects.server.ts'

// The queue of automated checks: a run case waits as `queued`, a worker claims it (`running`, with a lease so that a
// worker that died gives it back), runs its check and records the result. Claims and results are single statements
// or one batch (decision 012), so two workers never take the same case and a result is never recorded twice.
// Completing or deleting a run takes its checks off the queue; a worker running one sees that and stops (its lease,
// the claim's token, no longer matches).

export const CHECK_LEASE_MS = 5 * 60 * 1000

export type ClaimedCheck = {
  runCaseId: string
  runId: string
  projectId: string
  caseId: string
  caseVersion: number
  requestedBy: string | null
  /** The claim's lease, which also tells this claim from a later one of the same case. */
  leaseUntil: number
  /** The check as the pinned case version holds it (the case's current one for versions saved before checks). */
  check: CaseCheck | null
  portal: { id: string; apiBase: string; isDemo: boolean } | null
  /** content-unchanged: hash and size by subject from this case's last passed check, in any run. */
  previous: Map<string, { hash: string | null; bytes: number | null }>
  /** Whether this is the check again after its last result was blocked by the circuit breaker's pause. */
  afterPause: boolean
}

/** The run cases of a run (or the given ones) whose checks can be queued: automated, not queued, run not completed. */
function queueable(runId: string, runCaseIds: string[] | null) {
  const only = runCaseIds ? sql` AND test_run_case.id IN (SELECT value FROM json_each(${JSON.stringify(runCaseIds)}))` : sql``
  return sql`run_id = ${runId} AND check_state IS NULL
    AND (SELECT state FROM ${testRuns} WHERE id = ${runId}) <> 'completed'
    AND case_id IN (SELECT id FROM ${testCases} WHERE type = 'automated')${only}`
}

/** How many checks queueRunChecks would queue now (what a quota counts before they are queued). */
export async function queueableChecksOf(db: Database, runId: string, runCaseIds: string[] | null): Promise<number> {
  const [row] = await db.all<{ n: number }>(sql`SELECT count(*) AS n FROM ${testRunCases} WHERE ${queueable(runId, runCaseIds)}`)
  return row?.n ?? 0
}

/**
 * Queues the automated cases of a run (or the given ones) that are not queued already; answers how many were queued.
 * A completed run queues nothing.
 */
export async function queueRunChecks(db: Database, run: { id: string; projectId: string }, actorId: string | null, runCaseIds: string[] | null, now = new Date()): Promise<number> {
  const [queued] = await runBatch(db, [
    db.all<{ id: string }>(sql`UPDATE ${testRunCases} SET check_state = 'queued', check_lease_until = NULL, check_requested_by = ${actorId}
      WHERE ${queueable(run.id, runCaseIds)}
      RETURNING id`),
    auditStatement(db, { projectId: run.projectId, actorId, entity: 'run', entityId: run.id, action: 'checks-queued', detail: {} }, now, { afterChange: true }),
  ])
  return (queued as unknown[]).length
}

/** How many of a run's checks are still waiting or running. */
export async function pendingChecksOf(db: Database, runId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)` })
    .from(testRunCases)
    .where(and(eq(testRunCases.runId, runId), isNotNull(testRunCases.checkState)))
  return row?.count ?? 0
}

/** The run cases of a run whose checks are pending, for the execution view. */
export async function pendingCheckIdsOf(db: Database, runId: string): Promise<string[]> {
  const rows = await db.select({ id: testRunCases.id }).from(testRunCases).where(and(eq(testRunCases.runId, runId), isNotNull(testRunCases.checkState)))
  return rows.map((row) => row.id)
}

/** Whether any check waits anywhere: a read on the index, so that an idle worker never takes the write lock. */
export async function hasPendingChecks(db: Database): Promise<boolean> {
  const rows = await db.select({ id: testRunCases.id }).from(testRunCases).where(isNotNull(testRunCases.checkState)).limit(1)
  return rows.length > 0
}

/** Takes the next queued check (or one whose worker's lease ran out) for this worker; null when there is none. */
export async function claimCheck(db: Database, now = new Date(), leaseMs = CHECK_LEASE_MS): Promise<ClaimedCheck | null> {
  const leaseUntil = now.getTime() + leaseMs
  const [claimed] = await db.all<{ id: string; run_id: string; case_id: string; case_version: number; check_requested_by: string | null }>(
    sql`UPDATE ${testRunCases} SET check_state = 'running', check_lease_until = ${leaseUntil}
      WHERE id = (SELECT id FROM ${testRunCases} WHERE check_state = 'queued' OR (check_state = 'running' AND check_lease_until < ${now.getTime()}) LIMIT 1)
        AND (check_state = 'queued' OR check_lease_until < ${now.getTime()})
      RETURNING id, run_id, case_id, case_version, check_requested_by`,
  )
  if (!claimed) return null
  const [details] = await db
    .select({
      projectId: testRuns.projectId,
      runPortalId: testRuns.portalId,
      pinned: sql<string | null>`json_extract(${testCaseVersions.snapshot}, '$.check')`,
      current: testCases.check,
    })
    .from(testRuns)
    .innerJoin(testCases, eq(testCases.id, claimed.case_id))
    .leftJoin(testCaseVersions, and(eq(testCaseVersions.caseId, claimed.case_id), eq(testCaseVersions.version, claimed.case_version)))
    .where(eq(testRuns.id, claimed.run_id))
    .limit(1)
  const check = details?.pinned ? (JSON.parse(details.pinned) as CaseCheck) : (details?.current ?? null)
  const portalId = check?.portal || details?.runPortalId || null
  const [portal] = portalId ? await db.select({ id: portals.id, apiBase: portals.apiBase, isDemo: portals.isDemo }).from(portals).where(eq(portals.id, portalId)).limit(1) : []
  return {
    runCaseId: claimed.id,
    runId: claimed.run_id,
    projectId: details?.projectId ?? '',
    caseId: claimed.case_id,
    caseVersion: claimed.case_version,
    requestedBy: claimed.check_requested_by,
    leaseUntil,
    check,
    portal: portal ?? null,
    previous: check?.type === 'content-unchanged' ? await previousContent(db, claimed.case_id) : new Map(),
    afterPause: await lastPaused(db, claimed.id),
  }
}

/** Whether the run case's latest result is a check blocked by the circuit breaker's pause. */
async function lastPaused(db: Database, runCaseId: string): Promise<boolean> {
  const [row] = await db.select({ evidence: testResults.evidence }).from(testResults).where(eq(testResults.runCaseId, runCaseId)).orderBy(sql`${testResults.id} DESC`).limit(1)
  const evidence: unknown = row?.evidence ?? null
  return isCheckEvidence(evidence) && pausedByBreaker(evidence)
}

/** What the case's last passed check saw of each resource (content-unchanged compares against it). */
async function previousContent(db: Database, caseId: string): Promise<Map<string, { hash: string | null; bytes: number | null }>> {
  const [row] = await db
    .select({ evidence: testResults.evidence })
    .from(testResults)
    .innerJoin(testRunCases, eq(testRunCases.id, testResults.runCaseId))
    .where(and(eq(testRunCases.caseId, caseId), eq(testResults.status, 'passed'), sql`json_extract(${testResults.evidence}, '$.kind') = 'check'`))
    .orderBy(sql`${testResults.id} DESC`)
    .limit(1)
  const previous = new Map<string, { hash: string | null; bytes: number | null }>()
  const evidence: unknown = row?.evidence ?? null
  if (!isCheckEvidence(evidence)) return previous
  for (const entry of evidence.items.length ? evidence.items : [evidence]) if (entry.hash) previous.set(entry.subject, { hash: entry.hash, bytes: entry.bytes })
  return previous
}

/**
 * A result's comment, for lists and logs that do not read the evidence (the CLI's summary, exports): the check and the
 * message that decided its outcome, in English as CI logs are (each page shows the evidence in its reader's language).
 */
async function summaryOf(evidence: CheckEvidence): Promise<string> {
  const deciding = decidingMessage(evidence)
  if (!deciding) return evidence.check
  const t = translator(intlFor('en', await loadMessageGroups('en', ['checks'])))
  return `${evidence.check}: ${checkMessageText(t, deciding)}`
}

/** Whether a claim still stands: its case is running under this very lease, and its run is there and not completed. */
function claimStands(claim: ClaimedCheck) {
  return sql`EXISTS (SELECT 1 FROM ${testRunCases} c JOIN ${testRuns} r ON r.id = c.run_id
    WHERE c.id = ${claim.runCaseId} AND c.check_state = 'running' AND c.check_lease_until = ${claim.leaseUntil} AND r.state <> 'completed')`
}

/** Whether the worker should go on with a claimed check (a read: the run may have been completed, deleted, or requeued). */
export async function claimStillStands(db: Database, claim: ClaimedCheck): Promise<boolean> {
  const [row] = await db.all<{ stands: number }>(sql`SELECT ${claimStands(claim)} AS stands`)
  return row?.stands === 1
}

/**
 * Takes a run's checks off the queue, waiting and running alike, once the run is completed (a statement for the batch
 * that completes it); a worker running one stops when it sees its claim gone (server/jobs/automated-checks.server.ts).
 */
export function cancelRunChecks(db: Database, runId: string) {
  return db
    .update(testRunCases)
    .set({ checkState: null, checkLeaseUntil: null })
    .where(and(eq(testRunCases.runId, runId), isNotNull(testRunCases.checkState), sql`(SELECT state FROM ${testRuns} WHERE id = ${runId}) = 'completed'`))
}

/**
 * Records a claimed check's result and releases the case, in one batch. Nothing is recorded when the run was
 * completed or deleted meanwhile, or the claim was taken over by another worker after its lease ran out. Answers
 * whether it was. With `againAt`, the case is not released but waits to be checked again then (a claim whose lease
 * runs out then: `claimCheck` takes it as it takes a dead worker's).
 */
export async function finishCheck(db: Database, claim: ClaimedCheck, evidence: CheckEvidence, now = new Date(), againAt?: Date): Promise<boolean> {
  const ours = claimStands(claim)
  const comment = await summaryOf(evidence)
  const outcome = await runBatch(db, [
    db
      .update(testRuns)
      .set({ state: 'in_progress', startedBy: claim.requestedBy, startedAt: now, version: sql`${testRuns.version} + 1`, updatedAt: now })
      .where(and(eq(testRuns.id, claim.runId), eq(testRuns.state, 'open'), ours))
      .returning({ id: testRuns.id }),
    db.all<{ id: number }>(
      sql`INSERT INTO ${testResults} (run_id, run_case_id, status, steps, comment, elapsed_ms, defects, retest, case_version, recorded_by, recorded_at, evidence)
        SELECT ${claim.runId}, ${claim.runCaseId}, ${evidence.outcome}, '[]', ${comment}, ${Math.round(evidence.durationMs)}, '[]', 0,
          ${claim.caseVersion}, ${claim.requestedBy}, ${now.getTime()}, ${JSON.stringify(evidence)}
        WHERE ${ours}
        RETURNING id`,
    ),
    db
      .update(testRunCases)
      .set(againAt ? { checkState: 'running', checkLeaseUntil: againAt } : { checkState: null, checkLeaseUntil: null })
      .where(and(eq(testRunCases.id, claim.runCaseId), eq(testRunCases.checkLeaseUntil, new Date(claim.leaseUntil)))),
  ])
  return (outcome[1] as unknown[]).length > 0
}

/** Suites whose schedule is due, to start a run of their automated cases. */
export async function dueSuites(db: Database, now = new Date()) {
  return db
    .select({ id: testSuites.id, projectId: testSuites.projectId, name: testSuites.name, schedule: testSuites.schedule, portalId: testSuites.schedulePortalId, by: testSuites.scheduleBy, nextAt: testSuites.scheduleNextAt })
    .from(testSuites)
    .where(and(isNotNull(testSuites.schedule), lte(testSuites.scheduleNextAt, now)))
    .limit(20)
}

/** Moves a suite's schedule to its next time, only if no other worker did (answers whether this one did). */
export async function advanceSchedule(db: Database, suite: { id: string; schedule: 'daily' | 'weekly' | null; nextAt: Date | null }, now = new Date()): Promise<boolean> {
  if (!suite.schedule || !suite.nextAt) return false
  let next = nextScheduledAt(suite.schedule, suite.nextAt)
  while (next <= now) next = nextScheduledAt(suite.schedule, next)
  const moved = await db
    .update(testSuites)
    .set({ scheduleNextAt: next })
    .where(and(eq(testSuites.id, suite.id), eq(testSuites.scheduleNextAt, suite.nextAt)))
    .returning({ id: testSuites.id })
  return moved.length > 0
}

/** Sets or clears a suite's schedule (the first run falls due at `firstAt`). */
export async function setSuiteSchedule(db: Database, suiteId: string, schedule: { every: 'daily' | 'weekly'; portalId: string | null; firstAt: Date } | null, actorId: string): Promise<void> {
  await db
    .update(testSuites)
    .set(schedule ? { schedule: schedule.every, schedulePortalId: schedule.portalId, scheduleBy: actorId, scheduleNextAt: schedule.firstAt } : { schedule: null, schedulePortalId: null, scheduleBy: null, scheduleNextAt: null })
    .where(eq(testSuites.id, suiteId))
}

