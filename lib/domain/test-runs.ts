// Rules of test runs that both the browser and the server need: states and their transitions, result statuses, and
// how a run's figures are counted.

import { roleAtLeast, type ProjectRole } from './test-management.ts'

export const RUN_STATES = ['open', 'in_progress', 'completed'] as const
export type RunState = (typeof RUN_STATES)[number]
export const RUN_SOURCES = ['suite', 'selection'] as const
export type RunSource = (typeof RUN_SOURCES)[number]
/** What a tester records. A run case without a result is untested; there is no "untested" result. */
export const RESULT_STATUSES = ['passed', 'failed', 'blocked', 'skipped'] as const
export type ResultStatus = (typeof RESULT_STATUSES)[number]
export const STEP_STATUSES = [...RESULT_STATUSES, 'untested'] as const
export type StepStatus = (typeof STEP_STATUSES)[number]

/** One step's outcome within a result; `stepId` is the case step's id at the pinned version. */
export type StepResult = { stepId: string; status: StepStatus; actual: string }
/** What an automated check attached to its result (kept as given; read by the run's evidence view). */
export type ResultEvidence = Record<string, unknown>

export type RunCounts = Record<ResultStatus | 'untested', number>

export function emptyCounts(): RunCounts {
  return { passed: 0, failed: 0, blocked: 0, skipped: 0, untested: 0 }
}

/**
 * The share of a run's cases whose latest result passed, from 0 to 1 (null for a run without cases). Untested and
 * skipped cases count as not passed, so a run half done never shows 100 %.
 */
export function passRate(counts: RunCounts): number | null {
  const total = counts.passed + counts.failed + counts.blocked + counts.skipped + counts.untested
  return total === 0 ? null : counts.passed / total
}

/**
 * The least role a state change needs, or null when it is not allowed. A run starts by itself with its first result;
 * an editor may also start it or complete it; only an owner reopens a completed run (its figures were reported).
 */
export function transitionRole(from: RunState, to: RunState): ProjectRole | null {
  if (from === to) return 'editor'
  if (from === 'open' && to === 'in_progress') return 'editor'
  if (to === 'completed') return 'editor'
  if (from === 'completed' && to === 'in_progress') return 'owner'
  return null
}

export function mayTransition(role: ProjectRole, from: RunState, to: RunState): boolean {
  const needed = transitionRole(from, to)
  return needed !== null && roleAtLeast(role, needed)
}
