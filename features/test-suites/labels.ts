import type { MessageKey } from '../../lib/i18n/catalog.ts'
import type { CaseState, SuiteKind } from '../../lib/domain/test-management.ts'

export const STATE_KEYS = {
  draft: 'suites.state_draft',
  active: 'suites.state_active',
  deprecated: 'suites.state_deprecated',
} as const satisfies Record<CaseState, MessageKey>

export const KIND_KEYS = {
  static: 'suites.kind_static',
  dynamic: 'suites.kind_dynamic',
} as const satisfies Record<SuiteKind, MessageKey>

/** A case state from the API (typed as a string there) as its message key, or null for one this UI does not know. */
export function stateKey(state: string): MessageKey | null {
  return state in STATE_KEYS ? STATE_KEYS[state as CaseState] : null
}
