import type { Database } from '../../db/client.server.ts'
import { runCheck } from '../checks/run-check.server.ts'
import type { OutboundPolicy } from '../outbound/guarded-fetch.server.ts'
import { advanceSchedule, claimCheck, hasPendingChecks, dueSuites, finishCheck, queueRunChecks } from '../queries/check-queue.server.ts'
import { createRun } from '../queries/test-runs.server.ts'
import { suiteCasesForRun, suiteById } from '../queries/test-suites.server.ts'
import type { CheckEvidence } from '../../lib/domain/checks.ts'

// Background work of automated checks (docs/checks.md): queued checks run by a few workers at once, each taking one
// case at a time from the queue; and scheduled suites start their runs when due. Registered in the job registry, so
// the Node helper process and the Workers Cron Trigger run the same code.

export type AutomatedChecksOptions = {
  /** Stop taking new checks after this long (checks already running finish). */
  budgetMs: number
  /** Checks run at once (each portal's gate keeps its own politeness whatever this is). */
  concurrency?: number
  policy?: OutboundPolicy
  timeoutMs?: number
}

function noCheckEvidence(): CheckEvidence {
  const now = new Date().toISOString()
  return {
    kind: 'check',
    check: 'dataset-active',
    scope: 'single',
    startedAt: now,
    durationMs: 0,
    items: [],
    subject: '',
    outcome: 'skipped',
    messages: [{ code: 'noCheck' }],
    request: null,
    finalUrl: null,
    status: null,
    latencyMs: null,
    headers: { contentType: null, contentLength: null, etag: null, lastModified: null },
    redirects: [],
    hash: null,
    bytes: null,
    excerpt: null,
    attempts: [],
  }
}

/** Runs queued checks until the queue is empty or the budget is spent; answers how many were recorded. */
export async function runQueuedChecks(db: Database, options: AutomatedChecksOptions): Promise<{ checked: number }> {
  const deadline = Date.now() + options.budgetMs
  let checked = 0
  if (!(await hasPendingChecks(db))) return { checked }
  const worker = async () => {
    while (Date.now() < deadline) {
      const claim = await claimCheck(db)
      if (!claim) return
      const evidence = claim.check
        ? await runCheck(claim.check, { portal: claim.portal, previous: claim.previous, ...(options.policy ? { policy: options.policy } : {}), ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}) })
        : noCheckEvidence()
      if (await finishCheck(db, claim, evidence)) checked++
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 4) }, worker))
  return { checked }
}

/** Starts a run of every suite whose schedule is due and queues its automated checks; answers the runs started. */
export async function startScheduledRuns(db: Database, now = new Date()): Promise<Array<{ suiteId: string; runId: string; queued: number }>> {
  const started: Array<{ suiteId: string; runId: string; queued: number }> = []
  for (const due of await dueSuites(db, now)) {
    // Whoever moves the schedule on starts the run: two workers never start the same one twice.
    if (!(await advanceSchedule(db, due, now))) continue
    // A schedule runs on behalf of the member who set it; without them (account deleted) it has nobody to act for.
    if (!due.by) continue
    const suite = await suiteById(db, due.id)
    if (!suite) continue
    const cases = await suiteCasesForRun(db, suite)
    if (cases.length === 0) continue
    const name = `${due.name} · ${now.toISOString().slice(0, 16).replace('T', ' ')} UTC`
    const runId = await createRun(db, due.projectId, { name, assignees: [], environment: '', build: null, commit: null, portalId: due.portalId }, { kind: 'suite', suiteId: due.id }, cases, due.by)
    started.push({ suiteId: due.id, runId, queued: await queueRunChecks(db, { id: runId, projectId: due.projectId }, due.by, null, now) })
  }
  return started
}
