import { useId, useState } from 'react'
import { css } from '../../styled-system/css'
import { MAP_BANDS, MAP_FAMILIES, type MapColourBy } from '../../lib/domain/map.ts'
import { useIntl, useT } from '../../lib/i18n/I18nProvider.tsx'
import type { Theme } from '../../lib/theme/pre-paint.ts'
import { LayersIcon } from './map-icons.tsx'
import { bandKey, familyKey } from './map-types.ts'
import { cssRgb } from '../../lib/domain/map-palette.ts'
import { schemeColours } from '../../lib/domain/map-scheme-colours.ts'

const card = css({ bg: 'surface', color: 'text', borderWidth: '1px', borderStyle: 'solid', borderColor: 'border', borderRadius: 'l2', boxShadow: 'e1', fontSize: 'sm', maxW: '17rem' })
const summary = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  minH: '10',
  px: '3',
  cursor: 'pointer',
  fontWeight: '600',
  listStyle: 'none',
  '&::-webkit-details-marker': { display: 'none' },
  _hover: { bg: 'surface.hover' },
})
const swatch = css({ display: 'inline-block', w: '3.5', h: '3.5', borderRadius: 'full', flexShrink: 0, borderWidth: '1px', borderStyle: 'solid', borderColor: 'border.strong' })
const segmented = css({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'border.strong',
  borderRadius: 'l2',
  overflow: 'hidden',
  '& label': { display: 'flex', alignItems: 'center', justifyContent: 'center', minH: '10', px: '2', cursor: 'pointer', textAlign: 'center', lineHeight: '1.2' },
  '& label:has(input:checked)': { bg: 'primary', color: 'primary.fg', fontWeight: '600' },
  '& label:has(input:focus-visible)': { outline: '2px solid', outlineColor: 'focus', outlineOffset: '-3px' },
  '& input': { srOnly: true },
})

/**
 * The map's legend and layer switches, in a corner of the map: what each colour means with its count in view
 * (names and figures, never colour alone), the colouring (format family or quality band) and the extents layer.
 * Collapsed on screens up to a tablet's 768 px, where it would cover half the map; open on wider ones.
 */
export function MapLegend({ colourBy, onColourBy, counts, theme, showExtents, onShowExtents }: { colourBy: MapColourBy; onColourBy: (value: MapColourBy) => void; counts: number[]; theme: Theme; showExtents: boolean; onShowExtents: (value: boolean) => void }) {
  const t = useT()
  const intl = useIntl()
  const name = useId()
  // Rendered only in the browser (the map frame is client-only), so the width is known here.
  const [open, setOpen] = useState(() => window.matchMedia('(min-width: 769px)').matches)
  const colours = schemeColours(colourBy, theme)
  const categories = colourBy === 'family' ? MAP_FAMILIES.map((family) => t(familyKey(family))) : MAP_BANDS.map((band) => t(bandKey(band)))
  return (
    <details className={card} open={open} onToggle={(event) => setOpen(event.currentTarget.open)} data-testid="map-legend">
      <summary className={summary}>
        <LayersIcon />
        {t('map.legend')}
      </summary>
      <div className={css({ display: 'grid', gap: '3', px: '3', pb: '3' })}>
        <fieldset className={css({ display: 'grid', gap: '1.5', border: 'none', p: '0', m: '0' })}>
          <legend className={css({ fontSize: 'xs', fontWeight: '600', color: 'text.muted', mb: '1' })}>{t('map.colourBy')}</legend>
          <div className={segmented}>
            {(['family', 'band'] as const).map((value) => (
              <label key={value}>
                <input type="radio" name={name} value={value} checked={colourBy === value} onChange={() => onColourBy(value)} />
                {t(value === 'family' ? 'map.colourFamily' : 'map.colourBand')}
              </label>
            ))}
          </div>
        </fieldset>
        <ul className={css({ listStyle: 'none', p: '0', m: '0', display: 'grid', gap: '1' })} aria-label={t('map.legend')}>
          {categories.map((label, index) => (
            <li key={label} className={css({ display: 'flex', alignItems: 'center', gap: '2' })} data-count={counts[index] ?? 0}>
              <span aria-hidden="true" className={swatch} style={{ background: cssRgb(colours[index]!) }} />
              <span className={css({ flex: '1', minW: '0' })}>{label}</span>
              <span className={css({ color: 'text.muted', fontVariantNumeric: 'tabular-nums' })}>
                <span aria-hidden="true">{intl.formatNumber(counts[index] ?? 0)}</span>
                <span className={css({ srOnly: true })}>{t('map.legendCount', { count: counts[index] ?? 0 })}</span>
              </span>
            </li>
          ))}
        </ul>
        <label className={css({ display: 'flex', alignItems: 'center', gap: '2', minH: '10', cursor: 'pointer', '& input': { w: '5', h: '5', accentColor: 'primary' } })}>
          <input type="checkbox" checked={showExtents} onChange={(event) => onShowExtents(event.target.checked)} aria-describedby={`${name}-extents`} />
          {t('map.showExtents')}
        </label>
        <p id={`${name}-extents`} className={css({ fontSize: 'xs', color: 'text.muted', mt: '-2' })}>
          {t('map.extentsHint')}
        </p>
      </div>
    </details>
  )
}
