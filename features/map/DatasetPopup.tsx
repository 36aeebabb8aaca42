import { css } from '../../styled-system/css'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import type { Theme } from '../../lib/theme/pre-paint.ts'
import { bandKey, familyKey, type MapDatasetItem } from './map-types.ts'
import { cssRgb } from '../../lib/domain/map-palette.ts'
import { bandColour, familyColour } from '../../lib/domain/map-scheme-colours.ts'

const MAX_FORMATS = 6

const term = css({ fontSize: 'xs', color: 'text.muted' })
const swatch = css({ display: 'inline-block', w: '2.5', h: '2.5', borderRadius: 'full', me: '1.5', verticalAlign: 'baseline', borderWidth: '1px', borderStyle: 'solid', borderColor: 'border.strong' })

/** What a popup on the map says about one dataset: enough to decide whether to open it. */
export function DatasetPopup({ state, theme }: { state: { status: 'ready'; item: MapDatasetItem } | { status: 'loading' } | { status: 'error' }; theme: Theme }) {
  const t = useT()
  if (state.status === 'loading') return <p className={css({ fontSize: 'sm', color: 'text.muted', py: '1' })}>{t('map.popupLoading')}</p>
  if (state.status === 'error') return <p className={css({ fontSize: 'sm', color: 'error.text', py: '1' })}>{t('map.popupError')}</p>
  const { item } = state
  const formats = item.formats.slice(0, MAX_FORMATS)
  return (
    <article className={css({ display: 'grid', gap: '2', fontSize: 'sm', minW: '0' })} data-testid="map-popup" data-key={item.key}>
      <h3 className={css({ fontSize: 'md', fontWeight: '600', lineHeight: '1.3', overflowWrap: 'anywhere' })}>{item.title}</h3>
      <dl className={css({ display: 'grid', gap: '1.5', m: '0' })}>
        <div>
          <dt className={term}>{t('map.publisher')}</dt>
          <dd className={css({ overflowWrap: 'anywhere' })}>{item.publisher ?? t('map.unknownPublisher')}</dd>
        </div>
        <div>
          <dt className={term}>{t('map.formats')}</dt>
          <dd>
            <span aria-hidden="true" className={swatch} style={{ background: cssRgb(familyColour(item.family, theme)) }} />
            {formats.length === 0 ? t('map.noFormats') : formats.join(', ')}
            {item.formats.length > MAX_FORMATS ? ` ${t('map.moreFormats', { count: item.formats.length - MAX_FORMATS })}` : null}
            <span className={css({ display: 'block', fontSize: 'xs', color: 'text.muted' })}>{t(familyKey(item.family))}</span>
          </dd>
        </div>
        <div>
          <dt className={term}>{t('map.quality')}</dt>
          <dd>
            <span aria-hidden="true" className={swatch} style={{ background: cssRgb(bandColour(item.band, theme)) }} />
            {t(bandKey(item.band))}
          </dd>
        </div>
      </dl>
      <a href={`/dataset/${encodeURIComponent(item.id)}`} className={css({ fontWeight: '600', justifySelf: 'start', minH: '10', display: 'inline-flex', alignItems: 'center' })}>
        {t('map.openDataset')}
      </a>
    </article>
  )
}
