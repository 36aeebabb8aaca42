import type { ReactNode } from 'react'
import { css } from '../styled-system/css'

/** A page's heading and lead paragraph. */
export function PageIntro({ title, description, children }: { title: string; description: string; children?: ReactNode }) {
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title" className={css({ fontSize: '2xl', fontWeight: '600', mb: '2' })}>
        {title}
      </h1>
      <p className={css({ color: 'text.muted', mb: '6', maxW: '70ch' })}>{description}</p>
      {children}
    </section>
  )
}
