import type { ReactNode } from 'react'
import { css } from '../styled-system/css'
import { ErrorIcon } from './ui/icons.tsx'
import { useT } from '../lib/i18n/I18nProvider.tsx'

// Blocks of the pages made of titled sections of figures (the analysis pages, a project's report): a section, key
// figures, and what a section shows when its data failed. Apart from the analysis parts, so a page that uses them
// loads no analysis texts.

const sectionClass = css({ display: 'grid', gap: '4', minW: '0' })
const headingClass = css({ fontSize: 'xl', fontWeight: '600' })
export const leadClass = css({ color: 'text.muted', maxW: '70ch', fontSize: 'sm' })

/** A landmark section named by its h2. */
export function SectionBlock({ id, title, lead, children, testId }: { id: string; title: string; lead?: string; children: ReactNode; testId?: string }) {
  return (
    <section aria-labelledby={id} className={sectionClass} data-testid={testId}>
      <div>
        <h2 id={id} className={headingClass}>
          {title}
        </h2>
        {lead ? <p className={leadClass}>{lead}</p> : null}
      </div>
      {children}
    </section>
  )
}

const failedClass = css({
  display: 'flex',
  gap: '2',
  alignItems: 'flex-start',
  borderRadius: 'l2',
  px: '4',
  py: '3',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'error',
  bg: 'error.subtle',
  color: 'error.text',
  fontSize: 'sm',
  '& svg': { mt: '0.5', flexShrink: 0 },
})

/** What a section shows when its query failed: the rest of the page still renders. */
export function SectionFailed({ retryHref }: { retryHref: string }) {
  const t = useT()
  return (
    <div className={failedClass} data-testid="section-failed">
      <ErrorIcon />
      <p>
        {t('common.sectionFailed')} <a href={retryHref}>{t('common.retry')}</a>
      </p>
    </div>
  )
}

const statGrid = css({
  display: 'grid',
  gridTemplateColumns: { base: 'repeat(auto-fit, minmax(10rem, 1fr))' },
  gap: '3',
})
const statCard = css({ display: 'flex', flexDirection: 'column', gap: '1', p: '4', borderRadius: 'l3', borderWidth: '1px', borderStyle: 'solid', borderColor: 'border', bg: 'surface' })

export type Stat = { key: string; label: string; value: ReactNode; raw?: number | string | null }

/** Key figures as a description list; `data-value` carries the unformatted number for scripts and tests. */
export function StatGrid({ stats }: { stats: Stat[] }) {
  return (
    <dl className={statGrid}>
      {stats.map((stat) => (
        <div key={stat.key} className={statCard} data-testid={`stat-${stat.key}`} data-value={stat.raw ?? undefined}>
          <dt className={css({ color: 'text.muted', fontSize: 'sm' })}>{stat.label}</dt>
          <dd className={css({ fontSize: '2xl', fontWeight: '700', lineHeight: '1.2', display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap' })}>{stat.value}</dd>
        </div>
      ))}
    </dl>
  )
}
