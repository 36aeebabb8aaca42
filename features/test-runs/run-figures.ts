import { RUN_STATES, type RunCounts, type RunState } from '../../lib/domain/test-runs.ts'

// What the run pages compute from a run's counts and from the address: the bar's segments, the state filter, and the
// name a new run is given before anyone types one.

/** The order of the bar's segments and of the counts next to it: what went well first, what is left last. */
export const BAR_ORDER = ['passed', 'failed', 'blocked', 'skipped', 'untested'] as const satisfies ReadonlyArray<keyof RunCounts>

export type Segment = { status: (typeof BAR_ORDER)[number]; count: number; percent: number }

/**
 * The bar's segments, leaving out empty ones; the percentages add up to exactly 100 (the rounding remainder goes to the
 * largest segment), so the bar is always full and never wider than its track.
 */
export function barSegments(counts: RunCounts): Segment[] {
  const total = BAR_ORDER.reduce((sum, status) => sum + counts[status], 0)
  if (total === 0) return []
  const segments = BAR_ORDER.filter((status) => counts[status] > 0).map((status) => ({ status, count: counts[status], percent: Math.round((counts[status] / total) * 1000) / 10 }))
  const rest = Math.round((100 - segments.reduce((sum, segment) => sum + segment.percent, 0)) * 10) / 10
  if (rest !== 0) {
    const largest = segments.reduce((best, segment) => (segment.count > best.count ? segment : best), segments[0]!)
    largest.percent = Math.round((largest.percent + rest) * 10) / 10
  }
  return segments
}

/** The state filter of the run list from `?state=`: a known state, else all runs. */
export function stateFromQuery(value: string | undefined): RunState | null {
  return (RUN_STATES as readonly string[]).includes(value ?? '') ? (value as RunState) : null
}

/** A new run's name before the user types one: the suite's name and the day, as a team would write it. */
export function defaultRunName(suiteName: string | null, day: string): string {
  return suiteName ? `${suiteName} ${day}` : ''
}
