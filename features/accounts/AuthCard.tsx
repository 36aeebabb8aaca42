import type { ReactNode } from 'react'
import { css } from '../../styled-system/css'

/** The frame of the sign-in, sign-up and password reset forms. */
export function AuthCard({ title, description, children, footer }: { title: string; description: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <section
      aria-labelledby="auth-title"
      className={css({ maxW: '440px', mx: 'auto', mt: { base: '4', md: '12' }, bg: 'surface', borderRadius: 'l3', boxShadow: 'e1', borderWidth: '1px', borderStyle: 'solid', borderColor: { base: 'transparent', _dark: 'border' }, p: { base: '5', md: '8' } })}
    >
      <h1 id="auth-title" className={css({ fontSize: '2xl', fontWeight: '600', mb: '1' })}>
        {title}
      </h1>
      <p className={css({ color: 'text.muted', mb: '6' })}>{description}</p>
      {children}
      {footer ? <div className={css({ mt: '6', pt: '4', borderTopWidth: '1px', borderTopStyle: 'solid', borderColor: 'border', color: 'text.muted', fontSize: 'sm' })}>{footer}</div> : null}
    </section>
  )
}
