import type { SuiteRule } from '../../lib/domain/test-management.ts'
import { useIntl, useT } from '../../lib/i18n/I18nProvider.tsx'
import { describeRule } from './rule-text.ts'

/** describeRule in the page's language, naming portals from the project's list. */
export function useRuleText(portals: ReadonlyArray<{ id: string; name: string }>): (rule: SuiteRule) => string {
  const t = useT()
  const intl = useIntl()
  return (rule) =>
    describeRule(rule, {
      t,
      formatList: (items) => intl.formatList(items, { type: 'conjunction' }),
      portalName: (portalId) => portals.find((portal) => portal.id === portalId)?.name,
    })
}
