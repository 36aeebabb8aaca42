import type { ResultStatus, StepStatus } from '../../../lib/domain/test-runs.ts'
import { parseDefects, parseElapsed } from './execution.ts'

// What a tester has typed for one case, kept per case while they move around the run (and after a refused record).

export type Draft = {
  steps: Record<string, { status: StepStatus; actual: string }>
  comment: string
  elapsed: string
  defects: string
  retest: boolean
  /**
   * The latest result shown when the tester started typing (null: none; undefined: nothing typed yet, so the latest
   * shown now). A record names it, so a result someone stored meanwhile is caught instead of stacked silently.
   */
  baseline?: number | null
}

export const EMPTY_DRAFT: Draft = { steps: {}, comment: '', elapsed: '', defects: '', retest: false }

/** The result to send for a draft, or the field the form cannot read. */
export function resultOf(draft: Draft, status: ResultStatus, stepIds: readonly string[]) {
  const elapsedSeconds = parseElapsed(draft.elapsed)
  if (elapsedSeconds === undefined) return { ok: false as const, field: 'elapsed' as const }
  const steps = stepIds
    .map((stepId) => ({ stepId, status: draft.steps[stepId]?.status ?? 'untested', actual: draft.steps[stepId]?.actual ?? '' }))
    .filter((step) => step.status !== 'untested' || step.actual.trim() !== '')
  return { ok: true as const, result: { status, steps, comment: draft.comment, elapsedSeconds, defects: parseDefects(draft.defects), retest: draft.retest } }
}

/** Whether the tester has typed or chosen anything. */
export function isDirty(draft: Draft): boolean {
  return draft.comment !== '' || draft.elapsed !== '' || draft.defects !== '' || draft.retest || Object.values(draft.steps).some((step) => step.status !== 'untested' || step.actual !== '')
}
