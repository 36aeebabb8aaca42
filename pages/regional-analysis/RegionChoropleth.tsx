import { lazy, Suspense, useCallback } from 'react'
import { useData } from 'vike-react/useData'
import { css } from '../../styled-system/css'
import { binFill } from '../../features/portals/choropleth.ts'
import { legendSwatch as swatch, regionMapStyle as mapStyle } from './region-map-style.ts'
import { useIntl, useT } from '../../lib/i18n/I18nProvider.tsx'
import type { Data } from './+data.ts'
import { useMetricText } from './metric-text.ts'
import { useFirstInteraction } from '../../features/map/first-interaction.ts'
import { LoadBoundary } from '../../components/LoadBoundary.tsx'

// The interactive map (and the outlines it colours) loads on the first interaction with the page; the SVG, with a link
// per region, is the map until then (decision 022).
const RegionsMap = lazy(() => import('./RegionsMap.tsx').then((module) => ({ default: module.RegionsMap })))

type Summary = Extract<Data['summary'], { ok: true }>['value']

// The picture and the map that replaces it share one box, so nothing moves when the map arrives; taller than the
// kraje's own shape, so that the map's buttons do not cover Moravia.
const MAP_ASPECT = 4 / 3

const legendItem = css({ display: 'flex', alignItems: 'center', gap: '1.5' })

/**
 * The regions coloured by the chosen metric on a server-rendered map: the first paint and the view without JavaScript.
 * Every region with figures is a link to its page, named for screen readers and titled for a pointer; countries
 * without datasets are drawn as context only.
 */
export function RegionChoropleth({ summary, map, metricLabel, metricPhrase }: { summary: Summary; map: NonNullable<Summary['map']>; metricLabel: string; metricPhrase: string }) {
  const t = useT()
  const intl = useIntl()
  const { query, basemap } = useData<Data>()
  const interacted = useFirstInteraction()
  const { valueText, classLabel } = useMetricText()
  const byId = new Map(summary.regions.map((region) => [region.id, region]))
  const count = summary.classes.length
  const labelOf = useCallback((region: Summary['regions'][number]) => t('regions.regionLink', { region: region.name, value: valueText(region) }), [t, valueText])
  const svg = (
    <svg viewBox={`0 0 ${map.width} ${map.height}`} role="group" aria-label={t('regions.mapLabel', { metric: metricPhrase })} data-testid="region-svg-map" className={mapStyle} style={{ aspectRatio: String(MAP_ASPECT) }}>
      {map.outlines.map((outline) => {
        const region = byId.get(outline.id)
        if (!region) return <path key={outline.id} d={outline.d} data-context="" aria-hidden="true" />
        const label = labelOf(region)
        return (
          <a key={outline.id} href={`/location/${outline.id}`} aria-label={label} data-region={outline.id}>
            <title>{label}</title>
            <path d={outline.d} style={{ fill: binFill(region.classIndex, count) }} />
          </a>
        )
      })}
    </svg>
  )
  return (
    <figure className={css({ display: 'grid', gap: '3', m: '0', minW: '0' })}>
      {interacted ? (
        <LoadBoundary fallback={svg}>
          <Suspense fallback={svg}>
            <RegionsMap level={query.level} summary={summary} map={map} aspect={MAP_ASPECT} basemap={basemap} labelOf={labelOf} fallback={svg} />
          </Suspense>
        </LoadBoundary>
      ) : (
        svg
      )}
      <figcaption>
        <p className={css({ fontSize: 'sm', fontWeight: '600', mb: '1' })}>{metricLabel}</p>
        <ul className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', listStyle: 'none', p: '0', fontSize: 'sm', color: 'text.muted' })} data-testid="region-legend">
          <li className={legendItem}>
            <span aria-hidden="true" className={swatch} style={{ background: binFill(-1, count) }} />
            {t('regions.legendNone')}
          </li>
          {summary.classes.map((item, index) => (
            <li key={item.min} className={legendItem}>
              <span aria-hidden="true" className={swatch} style={{ background: binFill(index, count) }} />
              {classLabel(item)}
            </li>
          ))}
        </ul>
        {summary.offMap.length ? (
          <p className={css({ fontSize: 'sm', color: 'text.muted', mt: '2' })} data-testid="off-map">
            {t('regions.offMap', { names: intl.formatList(summary.offMap.map((region) => region.name), { type: 'conjunction' }) })}
          </p>
        ) : null}
      </figcaption>
    </figure>
  )
}
