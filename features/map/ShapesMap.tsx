import { useCallback, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { navigate } from 'vike/client/router'
import { css } from '../../styled-system/css'
import type { BBox } from '../../lib/domain/map.ts'
import type { BasemapConfig } from './basemap-style.ts'
import { viewForBox } from './fit-view.ts'
import { LazyMap, type DeckLayerLib } from './LazyMap.tsx'
import { LoadBoundary } from '../../components/LoadBoundary.tsx'
import { MAP_THEMES, type Rgb } from '../../lib/domain/map-palette.ts'
import { useHydrated } from '../../lib/use-hydrated.ts'
import { useTheme } from './use-theme.ts'

// A map of a few shapes over the basemap, with points on top: the regional choropleth, a region's outline with its
// datasets, a dataset's extent. It is an enhancement of a server-rendered SVG picture (`fallback`): that picture is
// the first paint and the view without JavaScript; after hydration, where WebGL2 works, the map loads lazily in a
// box of the picture's proportions and takes its place. A map that fails to load leaves the picture.

export type MapShape = {
  id: string
  /** Any GeoJSON geometry: polygons are filled, lines stroked, points drawn as dots. */
  geometry: { type: string; coordinates: unknown }
  /** Told on hover. */
  label: string
  /** Followed on click (the page's links are the keyboard way to the same places). */
  href?: string
  /** The fill of a choropleth class; without one the shape is drawn as an outlined area in the map's highlight. */
  fill?: Rgb | null
}

export type MapPoint = { id: string; lon: number; lat: number; label: string; href?: string }

type ShapeProps = { id: string; label: string; href?: string; fill: Rgb | null }
type Hover = { x: number; y: number; label: string }

// Room around the shapes for the zoom buttons in the top-right corner.
const FIT_PADDING = 48

let webgl2: boolean | null = null
/** Asked once per page, the test context released at once: browsers limit how many live. */
function hasWebgl2(): boolean {
  if (webgl2 === null) {
    try {
      const gl = document.createElement('canvas').getContext('webgl2')
      webgl2 = !!gl
      gl?.getExtension('WEBGL_lose_context')?.loseContext()
    } catch {
      webgl2 = false
    }
  }
  return webgl2
}

const frame = css({ position: 'relative', w: '100%', minH: '240px', borderRadius: 'l2', overflow: 'hidden', borderWidth: '1px', borderStyle: 'solid', borderColor: 'border' })
const tooltip = css({
  position: 'absolute',
  zIndex: '3',
  pointerEvents: 'none',
  transform: 'translate(-50%, calc(-100% - 10px))',
  bg: 'surface',
  color: 'text',
  fontSize: 'sm',
  px: '2',
  py: '1',
  borderRadius: 'l2',
  boxShadow: 'e1',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'border',
  maxW: '16rem',
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
})

export function ShapesMap({
  label,
  basemap,
  box,
  aspect,
  shapes,
  points,
  fallback,
  overlay,
  testId,
}: {
  /** The map's accessible name. */
  label: string
  basemap: BasemapConfig
  /** What the first view fits. */
  box: BBox
  /** Width / height of the picture the map replaces, so nothing moves when it does. */
  aspect: number
  /** null while they load. */
  shapes: readonly MapShape[] | null
  points?: readonly MapPoint[] | null
  fallback: ReactNode
  overlay?: ReactNode
  testId?: string
}) {
  const theme = useTheme()
  const hydrated = useHydrated()
  const [supported] = useState(() => typeof document !== 'undefined' && hasWebgl2())
  const container = useRef<HTMLDivElement>(null)
  const [size, setSize] = useState<{ width: number; height: number } | null>(null)
  const [hover, setHover] = useState<Hover | null>(null)

  useLayoutEffect(() => {
    const element = container.current
    if (element) setSize({ width: element.clientWidth, height: element.clientHeight })
  }, [hydrated, supported])

  const features = useMemo(
    () => ({
      type: 'FeatureCollection' as const,
      features: (shapes ?? []).map((shape) => ({ type: 'Feature' as const, geometry: shape.geometry, properties: { id: shape.id, label: shape.label, href: shape.href, fill: shape.fill ?? null } satisfies ShapeProps })),
    }),
    [shapes],
  )

  const layers = useCallback(
    (lib: DeckLayerLib) => {
      const colours = MAP_THEMES[theme]
      const onHover = (info: { x: number; y: number; object?: unknown }, pick: (object: never) => string) =>
        setHover(info.object ? { x: info.x, y: info.y, label: pick(info.object as never) } : null)
      const follow = (href: string | undefined) => {
        if (href) void navigate(href)
      }
      return [
        new lib.GeoJsonLayer({
          id: 'shapes',
          data: features as never,
          filled: true,
          stroked: true,
          pickable: true,
          autoHighlight: true,
          highlightColor: [...colours.highlight, 110],
          getFillColor: (feature: { properties: ShapeProps }) => (feature.properties.fill ? [...feature.properties.fill, 215] : [...colours.extentFill, 40]),
          getLineColor: (feature: { properties: ShapeProps }) => (feature.properties.fill ? [...colours.countryLine, 255] : [...colours.extentLine, 230]),
          lineWidthUnits: 'pixels',
          getLineWidth: (feature: { properties: ShapeProps }) => (feature.properties.fill ? 1 : 2),
          pointType: 'circle',
          pointRadiusUnits: 'pixels',
          getPointRadius: 7,
          onHover: (info: { x: number; y: number; object?: unknown }) => onHover(info, (object: { properties: ShapeProps }) => object.properties.label),
          onClick: (info: { object?: unknown }) => follow((info.object as { properties: ShapeProps } | undefined)?.properties.href),
          updateTriggers: { getFillColor: theme, getLineColor: theme },
        }),
        ...(points?.length
          ? [
              new lib.ScatterplotLayer({
                id: 'points',
                data: points as never,
                getPosition: (point: MapPoint) => [point.lon, point.lat],
                radiusUnits: 'pixels',
                getRadius: 4,
                stroked: true,
                lineWidthUnits: 'pixels',
                getLineWidth: 1,
                getFillColor: [...colours.highlight, 255],
                getLineColor: [...colours.outline, 255],
                pickable: true,
                autoHighlight: true,
                highlightColor: [...colours.label, 255],
                onHover: (info: { x: number; y: number; object?: unknown }) => onHover(info, (point: MapPoint) => point.label),
                onClick: (info: { object?: unknown }) => follow((info.object as MapPoint | undefined)?.href),
                updateTriggers: { getFillColor: theme, getLineColor: theme },
              }),
            ]
          : []),
      ]
    },
    [features, points, theme],
  )

  if (!hydrated || !supported) return <>{fallback}</>
  return (
    <div ref={container} className={frame} style={{ aspectRatio: String(aspect) }} data-testid={testId}>
      {size ? (
        <LoadBoundary fallback={fallback}>
          <LazyMap
            label={label}
            basemap={basemap}
            initialView={viewForBox(box, size.width, size.height, FIT_PADDING)}
            layers={layers}
            fallback={fallback}
            overlay={
              <>
                {overlay}
                {hover ? (
                  <p className={tooltip} style={{ left: hover.x, top: hover.y }} data-testid="map-tooltip">
                    {hover.label}
                  </p>
                ) : null}
              </>
            }
          />
        </LoadBoundary>
      ) : (
        fallback
      )}
    </div>
  )
}
