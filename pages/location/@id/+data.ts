import type { PageContextServer } from 'vike/types'
import { simplifyPath } from '../../../lib/svg-path.ts'
import { mapSection, settle } from '../../../lib/section.ts'
import { z } from '../../../lib/zod.ts'
import { basemapConfig } from '../../../server/env.server.ts'
import { regionOutline } from '../../../server/geo/svg-outline.server.ts'
import { pageCaller } from '../../../server/trpc/page-caller.server.ts'
import { regionName } from '../../../lib/i18n/region-names.ts'
import { pageTranslator } from '../../../lib/i18n/page-text.ts'
import { orErrorPage } from '../../../server/trpc/project-frame.server.ts'

export type Data = Awaited<ReturnType<typeof data>>

const PAGE_SIZE = 20
const MAP_WIDTH = 480
// The newest datasets drawn on the map; a few thousand dots would tell no more at this size.
const POINTS = 1000

// The datasets' page is in the URL; a value that does not fit shows the first page.
const PageParamSchema = z.object({ page: z.coerce.number().int().min(1).max(1000).catch(1) })

/** The region's outline for the page's SVG map, with its datasets as dots (one per pixel at most). */
function outlineWithDots(id: string, points: ReadonlyArray<{ lon: number; lat: number }>) {
  const outline = regionOutline(id, MAP_WIDTH)
  if (!outline) return null
  const seen = new Set<string>()
  let dots = ''
  for (const point of points) {
    const [x, y] = outline.project(point.lon, point.lat).map(Math.round) as [number, number]
    const key = `${x} ${y}`
    if (x < 0 || y < 0 || x > outline.width || y > outline.height || seen.has(key)) continue
    seen.add(key)
    dots += `M${key}h0`
  }
  const [west, south, east, north] = outline.box
  return {
    width: outline.width,
    height: outline.height,
    box: { west, south, east, north },
    outlines: outline.outlines.map((item) => ({ id: item.id, focus: item.focus, d: simplifyPath(item.d) })).filter((item) => item.d),
    dots,
  }
}

export async function data(pageContext: PageContextServer) {
  const id = pageContext.routeParams.id ?? ''
  const { page } = PageParamSchema.parse(pageContext.urlParsed.search)
  const caller = await pageCaller(pageContext)
  // An unknown or malformed id is the 404 page; the points are a part of their own that may fail alone.
  const pointsWork = caller.regions.points({ id, limit: POINTS })
  // Asked alongside; when the region does not exist, the 404 page answers and this refusal is not worth a log line.
  pointsWork.catch(() => undefined)
  const found = await orErrorPage(caller.regions.byId({ id, page, pageSize: PAGE_SIZE }))
  const points = await settle(pointsWork, 'the region points')
  const { quality, formats } = found
  const portalNames = new Map(quality.byPortal.map((portal) => [portal.instanceId, portal.name]))
  return {
    region: { id: found.id, level: found.level, name: regionName(found.id, pageContext.locale, pageTranslator(pageContext)) },
    figures: {
      datasets: quality.datasets,
      averageScore: quality.averageScore,
      band: quality.band,
      resources: formats.resources,
      machineReadableShare: formats.machineReadableShare,
    },
    map: outlineWithDots(found.id, points.ok ? points.value.items : []),
    basemap: basemapConfig(),
    points: mapSection(points, (value) => ({ total: value.total, shown: value.items.length })),
    publishers: found.publishers,
    formats: {
      resources: formats.resources,
      machineReadableShare: formats.machineReadableShare,
      openStandardShare: formats.openStandardShare,
      items: formats.formats.slice(0, 12).map((format) => ({ format: format.format, resources: format.resources, share: format.share, stars: format.openness })),
    },
    quality: { datasets: quality.datasets, partial: quality.partial, bands: quality.bands, dimensions: quality.dimensions, portalWatch: quality.portalWatch },
    datasets: {
      total: quality.datasets,
      page: found.page,
      pageSize: found.pageSize,
      items: found.items.map((item) => ({
        id: item.id,
        title: item.title,
        portalName: portalNames.get(item.instanceId) ?? item.instanceId,
        publisher: item.organizationTitle,
        score: item.score,
        band: item.band,
      })),
    },
  }
}
