import type { ReactNode } from 'react'
import { css, cx } from '../styled-system/css'

const base = css({ borderRadius: 'l2', px: '4', py: '3', borderWidth: '1px', borderStyle: 'solid', fontSize: 'sm' })
const tones = {
  error: css({ bg: 'error.subtle', color: 'error.text', borderColor: 'error' }),
  success: css({ bg: 'success.subtle', color: 'success.text', borderColor: 'success' }),
  info: css({ bg: 'info.subtle', color: 'info.text', borderColor: 'info' }),
}

/** A message about a whole form: errors are announced at once (role=alert), confirmations politely (role=status). */
export function FormAlert({ tone, children }: { tone: keyof typeof tones; children: ReactNode }) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={cx(base, tones[tone])}>
      {children}
    </div>
  )
}
