import type { ReactNode } from 'react'
import { css } from '../../styled-system/css'

const sectionStyle = css({ scrollMarginTop: '24', display: 'flex', flexDirection: 'column', gap: '6' })
const headingStyle = css({ fontSize: '2xl', fontWeight: '600', lineHeight: '1.3', color: 'text' })
const leadStyle = css({ color: 'text.muted', maxW: '70ch', mt: '1' })
const demoTitleStyle = css({ fontSize: 'md', fontWeight: '600', color: 'text', mb: '3' })
const rowStyle = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3' })

/** One group of the gallery: an h2 and its demos. */
export function GallerySection({ id, title, lead, children }: { id: string; title: string; lead?: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={sectionStyle}>
      <header>
        <h2 id={`${id}-title`} className={headingStyle}>
          {title}
        </h2>
        {lead ? <p className={leadStyle}>{lead}</p> : null}
      </header>
      {children}
    </section>
  )
}

/** One demo inside a section: an h3 over a wrapping row (or whatever `layout` is given). */
export function Demo({ title, children, layout = rowStyle }: { title: string; children: ReactNode; layout?: string }) {
  return (
    <div>
      <h3 className={demoTitleStyle}>{title}</h3>
      <div className={layout}>{children}</div>
    </div>
  )
}

export const layouts = {
  row: rowStyle,
  stack: css({ display: 'flex', flexDirection: 'column', gap: '4', maxW: '32rem' }),
  grid: css({ display: 'grid', gap: '6', gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }),
  cards: css({ display: 'grid', gap: '6', gridTemplateColumns: { base: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' } }),
}
