import { useMemo, type ReactNode } from 'react'
import { MapOverlay } from '../../../features/map/MapOverlay.tsx'
import { ShapesMap, type MapPoint, type MapShape } from '../../../features/map/ShapesMap.tsx'
import { useOutlines } from '../../../features/map/use-outlines.ts'
import { useApiQuery } from '../../../lib/api/use-api-query.ts'
import { useT } from '../../../lib/i18n/I18nProvider.tsx'
import type { Data } from './+data.ts'

// Enough to show where the region's datasets are; the list below pages through all of them.
const POINTS = 1000

type Props = { region: Data['region']; map: NonNullable<Data['map']>; basemap: Data['basemap']; fallback: ReactNode }

/**
 * The interactive map, loaded once a person interacts with the page (the page shows the server's SVG until then): the
 * region's outline over the basemap with its newest datasets as points (hover names one, a click opens it), replacing
 * the SVG picture once loaded; the only part of a location's page that calls the API after the first paint, its client
 * loaded with the first call. The dataset list below is the keyboard way to the same datasets.
 */
export default function LocationMap({ region, map, basemap, fallback }: Props) {
  const t = useT()
  const outlines = useOutlines(region.level === 'cz-kraj' ? 'kraje' : 'countries')
  const points = useApiQuery({ id: region.id, limit: POINTS }, (client, input, signal) => client.regions.points.query(input, { signal }), { freshMs: 60_000, retries: 1 })
  const pointsFailed = points.failure !== null && points.data === undefined
  const name = region.name
  const shapes = useMemo<MapShape[] | null>(() => {
    if (!outlines.data) return null
    const outline = outlines.data.find((feature) => feature.id === region.id)
    return outline ? [{ id: region.id, geometry: outline.geometry, label: name }] : []
  }, [outlines.data, region.id, name])
  const mapPoints = useMemo<MapPoint[] | null>(() => points.data?.items.map((item) => ({ id: item.id, lon: item.lon, lat: item.lat, label: item.title, href: `/dataset/${encodeURIComponent(item.id)}` })) ?? null, [points.data])

  // Neither the outline nor the points: the SVG says more than an empty basemap.
  if (outlines.isError && pointsFailed) return <>{fallback}</>
  const loading = !shapes || (!mapPoints && !pointsFailed)
  return (
    <ShapesMap
      label={t('regions.locationMapLabel', { region: name })}
      basemap={basemap}
      box={map.box}
      aspect={map.width / map.height}
      shapes={shapes}
      points={mapPoints}
      fallback={fallback}
      testId="location-map"
      overlay={
        loading ? (
          <MapOverlay tone="quiet" busy>
            {t('regions.loadingPlaces')}
          </MapOverlay>
        ) : pointsFailed ? (
          <MapOverlay tone="error">{t('regions.pointsFailed')}</MapOverlay>
        ) : null
      }
    />
  )
}
