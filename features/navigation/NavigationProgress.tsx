import { useSyncExternalStore } from 'react'
import { css } from '../../styled-system/css'
import { getProgress, PROGRESS_TIMING, subscribeProgress, type ProgressState } from './progress-store.ts'

const IDLE: ProgressState = { phase: 'idle', startedAt: 0 }

const bar = css({
  position: 'fixed',
  top: '0',
  left: '0',
  zIndex: 'overlay',
  bg: 'primary',
  pointerEvents: 'none',
  transformOrigin: 'left',
})

/** The thin bar at the top of the window while a page loads. */
export function NavigationProgress() {
  const progress = useSyncExternalStore(subscribeProgress, getProgress, () => IDLE)
  if (progress.phase === 'idle') return null
  const width = progress.phase === 'running' ? '90%' : '100%'
  return (
    <div
      role="progressbar"
      aria-hidden="true"
      data-testid="navigation-progress"
      className={bar}
      style={{
        height: PROGRESS_TIMING.heightPx,
        width,
        opacity: progress.phase === 'fading' ? 0 : 1,
        transition:
          progress.phase === 'running'
            ? `width ${PROGRESS_TIMING.durationMs}ms cubic-bezier(0.1, 0.7, 0.3, 1)`
            : `width 150ms ease-out, opacity ${PROGRESS_TIMING.resetDelayMs}ms ease`,
      }}
    />
  )
}
