import type { ReactNode } from 'react'
import { css, cx } from '../../styled-system/css'
import { SpinnerIcon } from '../../components/ui/icons.tsx'

const layer = css({
  position: 'absolute',
  inset: '0',
  display: 'grid',
  placeItems: 'center',
  p: '4',
  zIndex: '2',
  // The map stays usable around a quiet note; a blocking state (no WebGL, nothing built) covers it.
  pointerEvents: 'none',
})
const card = css({
  pointerEvents: 'auto',
  maxW: '26rem',
  display: 'grid',
  gap: '2',
  justifyItems: 'center',
  textAlign: 'center',
  bg: 'surface',
  color: 'text',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'border',
  borderRadius: 'l3',
  boxShadow: 'e8',
  px: '5',
  py: '4',
  fontSize: 'sm',
})
const tones = {
  info: css({ borderColor: 'info' }),
  error: css({ borderColor: 'error' }),
  quiet: css({ color: 'text.muted', boxShadow: 'e1' }),
}
const spinner = css({ w: '6', h: '6', color: 'primary', animation: 'spin', _motionReduce: { animation: 'none' } })

/**
 * A state of the map told over it: loading, being prepared, nothing to show, an error (with an action). Announced
 * politely; errors at once.
 */
export function MapOverlay({ tone, title, busy, action, children }: { tone: keyof typeof tones; title?: string; busy?: boolean; action?: ReactNode; children: ReactNode }) {
  return (
    <div className={layer} data-testid="map-overlay" data-tone={tone}>
      <div className={cx(card, tones[tone])} role={tone === 'error' ? 'alert' : 'status'}>
        {busy ? <SpinnerIcon className={spinner} /> : null}
        {title ? <p className={css({ fontWeight: '600', fontSize: 'md' })}>{title}</p> : null}
        <p>{children}</p>
        {action}
      </div>
    </div>
  )
}
