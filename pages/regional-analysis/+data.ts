import type { PageContextServer } from 'vike/types'
import { simplifyPath } from '../../lib/svg-path.ts'
import { mapSection, settle } from '../../lib/section.ts'
import { COUNTRIES } from '../../server/geo/countries.server.ts'
import type { BBox } from '../../server/geo/polygons.server.ts'
import { basemapConfig } from '../../server/env.server.ts'
import { countryPaths, czFrame, frameAround, krajPaths, mainlandBox, type OutlineFrame } from '../../server/geo/svg-outline.server.ts'
import { pageCaller } from '../../server/trpc/page-caller.server.ts'
import { regionName } from '../../lib/i18n/region-names.ts'
import { pageTranslator } from '../../lib/i18n/page-text.ts'
import { classIndex, framedCountries, metricClasses, rankRegions, parseRegionQuery } from './region-metrics.ts'

export type Data = Awaited<ReturnType<typeof data>>

// 640 px tells the kraje apart at a glance and keeps their outlines near 12 kB; the page scales the SVG down on phones.
const MAP_WIDTH = 640
const KRAJ_FRAME = czFrame(MAP_WIDTH)

/** The frame's corners in degrees, for the interactive map's first view of the same area. */
function boxOf(frame: OutlineFrame) {
  const unproject = (x: number, y: number) => {
    // The frames are linear in longitude and latitude: two projected points give the inverse.
    const [x0, y0] = frame.project(0, 0)
    const [x1, y1] = frame.project(1, 1)
    return [(x - x0) / (x1 - x0), (y - y0) / (y1 - y0)] as const
  }
  const [west, north] = unproject(0, 0)
  const [east, south] = unproject(frame.width, frame.height)
  return { west, south, east, north }
}

const KRAJ_MAP = { width: KRAJ_FRAME.width, height: KRAJ_FRAME.height, box: boxOf(KRAJ_FRAME), outlines: krajPaths(KRAJ_FRAME).map(({ id, d }) => ({ id, d: simplifyPath(d) })) }

// Country maps are framed around the countries that hold datasets, so the same few frames recur: kept per frame.
const countryMaps = new Map<string, typeof KRAJ_MAP>()
const COUNTRY_MAPS_KEPT = 20

/** A map around the countries' mainlands with a margin, its neighbours drawn for context; the world past a hemisphere. */
function countryMap(ids: readonly string[]) {
  const boxes = COUNTRIES.filter((country) => ids.includes(country.id)).map(mainlandBox)
  if (boxes.length === 0) return null
  let box: BBox = boxes.reduce((a, b) => [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])])
  const margin = Math.max(1.5, (box[2] - box[0]) * 0.1, (box[3] - box[1]) * 0.1)
  box = [Math.max(-180, box[0] - margin), Math.max(-58, box[1] - margin), Math.min(180, box[2] + margin), Math.min(84, box[3] + margin)]
  if (box[2] - box[0] > 180) box = [-180, -58, 180, 84]
  const key = box.map((value) => value.toFixed(2)).join(',')
  let map = countryMaps.get(key)
  if (!map) {
    const frame = frameAround(box, MAP_WIDTH)
    map = { width: frame.width, height: frame.height, box: boxOf(frame), outlines: countryPaths(frame).map(({ id, d }) => ({ id, d: simplifyPath(d) })).filter((outline) => outline.d) }
    if (countryMaps.size >= COUNTRY_MAPS_KEPT) countryMaps.delete(countryMaps.keys().next().value ?? '')
    countryMaps.set(key, map)
  }
  return map
}

// https://vike.dev/data: the switches are in the URL, so the page works without JavaScript and reloads as it was.
export async function data(pageContext: PageContextServer) {
  const query = parseRegionQuery(pageContext.urlParsed.search)
  const t = pageTranslator(pageContext)
  const caller = await pageCaller(pageContext)
  const summary = await settle(caller.regions.summary({ level: query.level }), 'the regions summary')
  return {
    query,
    basemap: basemapConfig(),
    summary: mapSection(summary, (found) => {
      const named = found.regions.map((region) => ({ ...region, name: regionName(region.id, pageContext.locale, t) }))
      const ranked = rankRegions(named, query.metric, query.dir)
      const classes = metricClasses(query.metric, ranked.map((region) => region.value))
      const map = query.level === 'cz-kraj' ? KRAJ_MAP : countryMap(framedCountries(found.regions))
      const drawn = new Set(map?.outlines.map((outline) => outline.id))
      return {
        datasets: found.datasets,
        noExtent: found.noExtent,
        placed: found.placed,
        unplaced: found.unplaced,
        asOf: found.asOf,
        classes,
        regions: ranked.map((region) => ({
          id: region.id,
          name: region.name,
          rank: region.rank,
          datasets: region.datasets,
          averageScore: region.averageScore,
          band: region.band,
          machineReadableShare: region.machineReadableShare,
          // Three fit the table's column beside the map; the API gives five.
          topFormats: region.topFormats.slice(0, 3).map((format) => format.format),
          classIndex: classIndex(query.metric, region.value, classes),
        })),
        map,
        // Countries with datasets that the map's frame does not reach: the page names them under the map.
        offMap: ranked.filter((region) => region.datasets > 0 && !drawn.has(region.id)).map((region) => ({ id: region.id, name: region.name })),
      }
    }),
  }
}
