import { useMemo, type ReactNode } from 'react'
import { binFill } from '../../features/portals/choropleth.ts'
import { resolveCssColours } from '../../features/map/fit-view.ts'
import { MapOverlay } from '../../features/map/MapOverlay.tsx'
import { ShapesMap, type MapShape } from '../../features/map/ShapesMap.tsx'
import { useOutlines } from '../../features/map/use-outlines.ts'
import { useTheme } from '../../features/map/use-theme.ts'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import type { Data } from './+data.ts'

type Summary = Extract<Data['summary'], { ok: true }>['value']
/**
 * The interactive choropleth (maplibre with a deck.gl GeoJSON layer) over the same regions and colours as the SVG it
 * replaces: hover names a region and its figure, a click opens its page. Until it has loaded, and if it cannot, the
 * SVG stays.
 */
export function RegionsMap({ level, summary, map, aspect, basemap, labelOf, fallback }: { level: 'cz-kraj' | 'country'; summary: Summary; map: NonNullable<Summary['map']>; aspect: number; basemap: Data['basemap']; labelOf: (region: Summary['regions'][number]) => string; fallback: ReactNode }) {
  const t = useT()
  const theme = useTheme()
  const outlines = useOutlines(level === 'cz-kraj' ? 'kraje' : 'countries')
  const count = summary.classes.length
  const shapes = useMemo(() => {
    if (!outlines.data) return null
    const byId = new Map(summary.regions.filter((region) => level === 'cz-kraj' || region.datasets > 0).map((region) => [region.id, region]))
    const features = outlines.data.filter((feature) => byId.has(feature.id))
    // Read after the theme class has changed, so the fills are this theme's.
    const fills = resolveCssColours(features.map((feature) => binFill(byId.get(feature.id)!.classIndex, count)))
    return features.map((feature, index): MapShape => {
      const region = byId.get(feature.id)!
      return { id: feature.id, geometry: feature.geometry, label: labelOf(region), href: `/location/${feature.id}`, fill: fills[index] ?? null }
    })
    // The theme changes the colours the fills resolve to; the labels change with the summary (metric, language).
  }, [outlines.data, summary, level, count, theme]) // eslint-disable-line react-hooks/exhaustive-deps

  // Without the outlines there is nothing to colour: the SVG is the better picture.
  if (outlines.isError) return <>{fallback}</>
  return (
    <ShapesMap
      label={t('regions.interactiveMapLabel')}
      basemap={basemap}
      box={map.box}
      aspect={aspect}
      shapes={shapes}
      fallback={fallback}
      testId="regions-map"
      overlay={
        shapes ? null : (
          <MapOverlay tone="quiet" busy>
            {t('regions.loadingOutlines')}
          </MapOverlay>
        )
      }
    />
  )
}
