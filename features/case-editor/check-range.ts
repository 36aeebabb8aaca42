import type { CheckType } from '../../lib/domain/checks.ts'
import { MQA_MAX } from '../../lib/domain/mqa.ts'

// Apart from ./check-fields.ts, which the drafts use: only the check editor needs the MQA scale (lib/domain/mqa.ts).

/** The range a check's minimum takes, for the hint under it. */
export function minimumRange(type: CheckType): { min: number; max: number } | null {
  if (type === 'mqa-at-least') return { min: 0, max: MQA_MAX }
  if (type === 'stars-at-least') return { min: 0, max: 5 }
  return null
}
