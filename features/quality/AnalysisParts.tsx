import { css, cx } from '../../styled-system/css'
import { leadClass } from '../../components/SectionParts.tsx'
import { useIntl, useT } from '../../lib/i18n/I18nProvider.tsx'

// Building blocks shared by the analysis pages (/data-formats, /data-quality).

export const subheadingClass = css({ fontSize: 'lg', fontWeight: '600' })

/** Nothing analysed yet: no portal has been harvested, so there are no rollups to show. */
export function NothingAnalysed() {
  const t = useT()
  return (
    <div className={css({ display: 'grid', gap: '2', py: '6' })} data-testid="analysis-empty">
      <p className={css({ fontSize: 'lg', fontWeight: '600' })}>{t('common.noData')}</p>
      <p className={leadClass}>
        {t('quality.nothingAnalysed')} <a href="/ckan-instances">{t('quality.goToInstances')}</a>
      </p>
    </div>
  )
}

/** "Figures as of …": the time of the newest rollup; in the reader's time zone, hence no hydration check on it. */
export function AsOf({ date }: { date: Date }) {
  const t = useT()
  const intl = useIntl()
  return (
    <p className={leadClass} data-testid="as-of">
      {t('quality.asOf')}{' '}
      <time dateTime={date.toISOString()} suppressHydrationWarning>
        {intl.formatDate(date, { dateStyle: 'medium', timeStyle: 'short' })}
      </time>
    </p>
  )
}

export const tableTitleClass = css({ whiteSpace: 'normal', minW: '14rem' })
export const mutedClass = css({ color: 'text.muted' })
export const codeClass = css({ fontFamily: 'mono', fontSize: 'sm', bg: 'surface.raised', px: '1', borderRadius: 'l1', overflowWrap: 'anywhere' })
export const linkButtonClass = cx(css({ display: 'inline-flex', alignItems: 'center', gap: '1.5', fontSize: 'sm', fontWeight: '500' }))
