import { useId, type ReactNode } from 'react'
import { css, cx } from '../../styled-system/css'
import { FormAlert } from '../../components/FormAlert.tsx'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import type { Section } from '../../lib/section.ts'

const panel = css({
  bg: 'surface',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'border',
  borderRadius: 'l3',
  boxShadow: 'e1',
  p: { base: '4', md: '5' },
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  minW: '0',
})

/** One part of the overview: a titled region (h2) with its link onward. */
export function Panel({ title, more, className, children, testId }: { title: string; more?: { href: string; label: string }; className?: string; children: ReactNode; testId?: string }) {
  const id = useId()
  return (
    <section aria-labelledby={id} className={cx(panel, className)} data-testid={testId}>
      <h2 id={id} className={css({ fontSize: 'lg', fontWeight: '600' })}>
        {title}
      </h2>
      {children}
      {more ? (
        <p className={css({ mt: 'auto', pt: '1' })}>
          <a href={more.href}>{more.label}</a>
        </p>
      ) : null}
    </section>
  )
}

/** A part's own content, or why it could not be loaded, while the rest of the page renders. */
export function SectionBody<T>({ section, children }: { section: Section<T>; children: (value: T) => ReactNode }) {
  const t = useT()
  if (!section.ok) return <FormAlert tone="error">{section.error ?? t('overview.sectionError')}</FormAlert>
  return <>{children(section.value)}</>
}

export function NoData() {
  const t = useT()
  return <p className={css({ color: 'text.muted' })}>{t('common.noData')}</p>
}
