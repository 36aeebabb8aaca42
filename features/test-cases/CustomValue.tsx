import type { ReactNode } from 'react'
import { css } from '../../styled-system/css'
import type { CustomFieldDefinition } from '../../lib/domain/custom-fields.ts'
import { isEmptyCustom } from '../../lib/domain/custom-fields.ts'
import { useIntl, useT } from '../../lib/i18n/I18nProvider.tsx'

const muted = css({ color: 'text.muted' })

/**
 * A custom field's value as its type reads: numbers and dates in the reader's language, yes or no, options joined, a
 * link for a URL and a member's name for a user (an account no longer in the project says so).
 */
export function CustomValue({ field, value, memberNames }: { field: Pick<CustomFieldDefinition, 'type'> | null; value: unknown; memberNames: ReadonlyMap<string, string> }): ReactNode {
  const t = useT()
  const intl = useIntl()
  if (isEmptyCustom(value) && field?.type !== 'checkbox') return <span className={muted}>{t('cases.noValue')}</span>
  switch (field?.type) {
    case 'checkbox':
      return value === true ? t('common.yes') : t('common.no')
    case 'number':
      return typeof value === 'number' ? intl.formatNumber(value) : String(value)
    case 'date':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? (
        <time dateTime={value}>{intl.formatDate(new Date(`${value}T00:00:00Z`), { dateStyle: 'medium', timeZone: 'UTC' })}</time>
      ) : (
        String(value)
      )
    case 'multiselect':
      return Array.isArray(value) ? intl.formatList(value.map(String), { type: 'conjunction' }) : String(value)
    case 'url':
      return typeof value === 'string' && /^https?:\/\//i.test(value) ? (
        <a href={value} rel="noopener noreferrer nofollow" className={css({ overflowWrap: 'anywhere' })}>
          {value}
        </a>
      ) : (
        String(value)
      )
    case 'user':
      return typeof value === 'string' ? (memberNames.get(value) ?? <span className={muted}>{t('cases.formerMember')}</span>) : String(value)
    default:
      return Array.isArray(value) ? value.map(String).join(', ') : String(value)
  }
}
