import { css } from '../../styled-system/css'
import type { CaseCheck } from '../../lib/domain/checks.ts'
import type { MessageKey } from '../../lib/i18n/catalog.ts'
import type { Translate } from '../../lib/i18n/intl.ts'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import { checkParameters, hasScope, type CheckField } from './check-fields.ts'
import type { PortalOption } from './editor-types.ts'

// A check in words, for the case's read view and the conflict comparison: its type, the portal, the scope where it
// has one, and the values of the fields its type uses.

/** Each field's label (the same in the editor and in the read view). */
export const CHECK_FIELD_KEYS: Record<Exclude<CheckField, 'scope'>, MessageKey> = {
  dataset: 'checks.fieldDataset',
  resource: 'checks.fieldResource',
  organization: 'checks.fieldOrganization',
  limit: 'checks.fieldLimit',
  minVersion: 'checks.fieldMinVersion',
  format: 'checks.fieldFormat',
  contentType: 'checks.fieldContentType',
  columns: 'checks.fieldColumns',
  tableSchema: 'checks.fieldTableSchema',
  maxErrors: 'checks.fieldMaxErrors',
  days: 'checks.fieldDays',
  minimum: 'checks.fieldMinimum',
  fields: 'checks.fieldFields',
}

/** The check's lines as label and value, the type first. */
export function checkLines(t: Translate, check: CaseCheck, portals: readonly PortalOption[]): Array<{ label: string; value: string }> {
  const portal = check.portal ? (portals.find((candidate) => candidate.id === check.portal)?.name ?? check.portal) : t('checks.portalOfRun')
  return [
    { label: t('checks.typeLabel'), value: t(`checktypes.${check.type}` as MessageKey) },
    { label: t('checks.portalLabel'), value: portal },
    ...(hasScope(check.type) ? [{ label: t('checks.scopeLabel'), value: t(`checks.scope_${check.scope}` as MessageKey) }] : []),
    ...checkParameters(check).map(({ field, value }) => ({ label: t(CHECK_FIELD_KEYS[field as Exclude<CheckField, 'scope'>]), value })),
  ]
}

/** The check as a definition list (rendered on the server in the read view). */
export function CheckSummary({ check, portals }: { check: CaseCheck; portals: readonly PortalOption[] }) {
  const t = useT()
  return (
    <dl className={css({ display: 'grid', gap: '2', gridTemplateColumns: { base: 'minmax(0, 1fr)', sm: 'max-content minmax(0, 1fr)' }, columnGap: '4' })} data-testid="check-summary">
      {checkLines(t, check, portals).map((line) => (
        <div key={line.label} className={css({ display: 'contents' })}>
          <dt className={css({ fontSize: 'sm', fontWeight: '600', color: 'text.muted' })}>{line.label}</dt>
          <dd className={css({ overflowWrap: 'anywhere', m: '0' })}>{line.value}</dd>
        </div>
      ))}
    </dl>
  )
}
