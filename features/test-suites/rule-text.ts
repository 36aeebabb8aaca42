import type { MessageKey } from '../../lib/i18n/catalog.ts'
import type { Translate } from '../../lib/i18n/intl.ts'
import type { Priority, SuiteRule } from '../../lib/domain/test-management.ts'

// A dynamic suite's rule in words, the same sentence on the list, the suite's page and under the rule builder.

/** The rule of a new dynamic suite: every case of the project. */
export const EMPTY_RULE: SuiteRule = { tags: [], minPriority: null, folder: null, portalId: null }

export const PRIORITY_KEYS = {
  low: 'suites.priority_low',
  medium: 'suites.priority_medium',
  high: 'suites.priority_high',
  critical: 'suites.priority_critical',
} as const satisfies Record<Priority, MessageKey>

export type RuleTextOptions = {
  t: Translate
  /** Joins clauses and tags with "and" in the user's language (Intl.ListFormat through react-intl's formatList). */
  formatList: (items: string[]) => string
  /** The portal's name for its id, when known. */
  portalName?: (portalId: string) => string | undefined
}

/** "Active cases tagged “search”, with priority High or higher and in folder “Search” (or below it)." */
export function describeRule(rule: SuiteRule, { t, formatList, portalName }: RuleTextOptions): string {
  const quoted = (text: string) => t('suites.quoted', { text })
  const clauses: string[] = []
  if (rule.tags.length > 0) clauses.push(t('suites.ruleTags', { count: rule.tags.length, tags: formatList(rule.tags.map(quoted)) }))
  // Nothing is above critical: "critical or higher" would be odd.
  if (rule.minPriority) clauses.push(t(rule.minPriority === 'critical' ? 'suites.rulePriorityOnly' : 'suites.rulePriority', { priority: t(PRIORITY_KEYS[rule.minPriority]) }))
  if (rule.folder) clauses.push(t('suites.ruleFolder', { folder: quoted(rule.folder) }))
  if (rule.portalId) clauses.push(t('suites.rulePortal', { portal: quoted(portalName?.(rule.portalId) ?? rule.portalId) }))
  return clauses.length === 0 ? t('suites.ruleAll') : t('suites.ruleSome', { conditions: formatList(clauses) })
}
