import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react'
import { css, cx } from '../../styled-system/css'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import { useFirstInteraction } from './first-interaction.ts'
import type { MapFrameProps } from './MapFrame.tsx'
import { LoadBoundary } from '../../components/LoadBoundary.tsx'
import { MapOverlay } from './MapOverlay.tsx'

export type { DeckLayerLib, MapFrameProps, MapHandle, MapPopup, MapMarker } from './MapFrame.tsx'

// maplibre, deck.gl and maplibre's stylesheet are one chunk loaded only when a map mounts in the browser: pages
// without a map never download them, and pages with one paint their server-rendered content first.
const MapFrame = lazy(() => import('./MapFrame.tsx'))

type Support = 'checking' | 'supported' | 'unsupported'

let support: Support | null = null
/** maplibre 6 draws with WebGL2 only. Asked once per page: a context is costly and browsers limit how many live. */
function webgl2Support(): Support {
  if (!support) {
    try {
      const canvas = document.createElement('canvas')
      const gl = canvas.getContext('webgl2')
      support = gl ? 'supported' : 'unsupported'
      gl?.getExtension('WEBGL_lose_context')?.loseContext()
    } catch {
      support = 'unsupported'
    }
  }
  return support
}
const noSubscription = () => () => {}
const notChecked = () => 'checking' as const

function LoadFailed() {
  const t = useT()
  return (
    <MapOverlay
      tone="error"
      title={t('mapview.loadFailedTitle')}
      action={
        <button type="button" className={css({ color: 'primary.text', textDecoration: 'underline', cursor: 'pointer', minH: '10' })} onClick={() => window.location.reload()}>
          {t('mapview.reload')}
        </button>
      }
    >
      {t('mapview.loadFailed')}
    </MapOverlay>
  )
}

const frame = css({ position: 'relative', w: '100%', h: '100%', minH: '0', bg: 'surface.raised', overflow: 'hidden' })

/**
 * The map frame (basemap, controls, popups, deck.gl layers) loaded on demand. On the server and until the chunk has
 * loaded it is an empty box of the same size with a loading note (and, without JavaScript, a note that the map
 * needs it); without WebGL2 it says so and the rest of the page keeps working. `fallback` is shown in the box while
 * the map cannot be drawn (a server-rendered picture, say). `loadOnInteraction` keeps the box as it is (state
 * `waiting`, from the server's render on) until a person first interacts with the page (first-interaction.ts), for
 * maps whose first frame the server already drew; only then does it ask whether WebGL2 is there.
 */
export function LazyMap({ className, fallback, loadOnInteraction = false, ...props }: MapFrameProps & { className?: string; fallback?: ReactNode; loadOnInteraction?: boolean }) {
  const t = useT()
  const wanted = useFirstInteraction(loadOnInteraction)
  // 'checking' on the server and while hydrating, so the first render matches the server's HTML. A map that waits for
  // the first interaction asks only then: creating a WebGL context blocks the page for a long task (hundreds of
  // milliseconds where it is drawn in software), which a reader who never touches the map should not wait through.
  const support = useSyncExternalStore(noSubscription, wanted ? webgl2Support : notChecked, notChecked)
  const waiting = loadOnInteraction && !wanted
  const placeholder = (
    <div className={cx(frame, className)} role="region" aria-label={props.label} data-map-state={support === 'unsupported' ? 'unsupported' : waiting ? 'waiting' : 'loading'}>
      {fallback}
      <noscript>
        <MapOverlay tone="info">{t('mapview.needsJavaScript')}</MapOverlay>
      </noscript>
      {support === 'unsupported' ? (
        <MapOverlay tone="error" title={t('mapview.noWebglTitle')}>
          {t('mapview.noWebgl')}
        </MapOverlay>
      ) : support === 'supported' && !waiting ? (
        <MapOverlay tone="quiet" busy>
          {t('mapview.loadingMap')}
        </MapOverlay>
      ) : null}
    </div>
  )
  if (support !== 'supported' || waiting) return placeholder
  return (
    <LoadBoundary
      fallback={
        <div className={cx(frame, className)} role="region" aria-label={props.label} data-map-state="failed">
          {fallback}
          <LoadFailed />
        </div>
      }
    >
      <Suspense fallback={placeholder}>
        <MapFrame {...props} className={cx(frame, className)} />
      </Suspense>
    </LoadBoundary>
  )
}
