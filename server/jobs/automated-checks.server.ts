import type { Database } from '../../db/client.server.ts'
import { runCheck } from '../checks/run-check.server.ts'
import type { OutboundPolicy } from '../outbound/guarded-fetch.server.ts'
import { DEFAULT_GATE_OPTIONS } from '../outbound/portal-gate.server.ts'
import { advanceSchedule, claimCheck, claimStillStands, hasPendingChecks, dueSuites, finishCheck, queueRunChecks, type ClaimedCheck } from '../queries/check-queue.server.ts'
import { createRun } from '../queries/test-runs.server.ts'
import { suiteCasesForRun, suiteById } from '../queries/test-suites.server.ts'
import { pausedByBreaker, type CheckEvidence } from '../../lib/domain/checks.ts'

// Background work of automated checks (docs/checks.md): queued checks run by a few workers at once, each taking one
// case at a time from the queue; and scheduled suites start their runs when due. Registered in the job registry, so
// the Node helper process and the Workers Cron Trigger run the same code. A check whose run is completed or deleted
// stops: at once in the process that did it, and within CANCEL_POLL_MS in any other (the Node helper).

export type AutomatedChecksOptions = {
  /** Stop taking new checks after this long (checks already running finish). */
  budgetMs: number
  /** Checks run at once (each portal's gate keeps its own politeness whatever this is). */
  concurrency?: number
  policy?: OutboundPolicy
  timeoutMs?: number
  /** How long a check blocked by the circuit breaker's pause waits before it is checked again (once). */
  afterPauseMs?: number
}

/** How often a worker looks whether the run of its check was completed or deleted elsewhere (one indexed read). */
export const CANCEL_POLL_MS = 1_000

/** The checks running in this process, by run. */
const runningByRun = new Map<string, Set<AbortController>>()

/** Stops this process's running checks of a run, once it is completed or deleted: their requests are aborted at once. */
export function abortRunChecks(runId: string): void {
  for (const controller of runningByRun.get(runId) ?? []) controller.abort()
}

/** A signal for one claimed check that aborts when its claim is gone: from this process at once, else at the next look. */
function watchClaim(db: Database, claim: ClaimedCheck): { signal: AbortSignal; stop: () => void } {
  const controller = new AbortController()
  const running = runningByRun.get(claim.runId) ?? new Set<AbortController>()
  runningByRun.set(claim.runId, running.add(controller))
  let looking = false
  const timer = setInterval(() => {
    if (looking || controller.signal.aborted) return
    looking = true
    claimStillStands(db, claim)
      .then((stands) => stands || controller.abort(), () => undefined)
      .finally(() => (looking = false))
  }, CANCEL_POLL_MS)
  timer.unref?.()
  return {
    signal: controller.signal,
    stop() {
      clearInterval(timer)
      running.delete(controller)
      if (running.size === 0) runningByRun.delete(claim.runId)
    },
  }
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
      const watch = watchClaim(db, claim)
      try {
        const context = { portal: claim.portal, previous: claim.previous, signal: watch.signal, ...(options.policy ? { policy: options.policy } : {}), ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}) }
        const found = claim.check ? await runCheck(claim.check, context) : noCheckEvidence()
        // A check that asked nothing because calls were paused is recorded as blocked, and checked again once, after
        // the pause; the second result says so.
        const evidence = claim.afterPause ? { ...found, messages: [{ code: 'retriedAfterPause' }, ...found.messages] } : found
        const againAt = !claim.afterPause && pausedByBreaker(evidence) ? new Date(Date.now() + (options.afterPauseMs ?? DEFAULT_GATE_OPTIONS.openMs + 1_000)) : undefined
        // A stopped check's evidence is partial and its claim gone: there is nothing to record.
        if (!watch.signal.aborted && (await finishCheck(db, claim, evidence, new Date(), againAt))) checked++
      } finally {
        watch.stop()
      }
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
