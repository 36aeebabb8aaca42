import type { PageContextServer } from 'vike/types'
import { choroplethBins } from '../../features/portals/choropleth.ts'
import { simplifyPath } from '../../lib/svg-path.ts'
import { healthCounts, problemPortals } from '../../features/portals/health.ts'
import { mapSection, settle } from '../../lib/section.ts'
import { basemapConfig } from '../../server/env.server.ts'
import { czFrame, krajPaths } from '../../server/geo/svg-outline.server.ts'
import type { MapPictureSource } from '../../features/map/MapPicture.tsx'
import { pageCaller } from '../../server/trpc/page-caller.server.ts'
import { regionName } from '../../lib/i18n/region-names.ts'
import { pageTranslator } from '../../lib/i18n/page-text.ts'
import { firstFrameMarkup } from './first-frame.server.ts'

export type Data = Awaited<ReturnType<typeof data>>

// The overview map is small: 480 px wide is enough to tell the kraje apart and keeps the outlines near 9 kB.
const MAP_WIDTH = 480
const FRAME = czFrame(MAP_WIDTH)
const OUTLINES = krajPaths(FRAME).map((kraj) => ({ id: kraj.id, d: simplifyPath(kraj.d) }))
const TOP_FORMATS = 5
const LISTED_PROBLEMS = 5

/** The overview's first paint: each section from its tRPC procedure, in-process; a section that fails fails alone. */
export async function data(pageContext: PageContextServer) {
  const caller = await pageCaller(pageContext)
  const t = pageTranslator(pageContext)
  const [portals, quality, formats, regions, publishers, mapMeta, mapFirstView] = await Promise.all([
    settle(caller.portals.list()),
    settle(caller.quality.summary({})),
    settle(caller.formats.summary({})),
    settle(caller.regions.summary({ level: 'cz-kraj' })),
    settle(caller.publishers.list({ sort: 'datasets', page: 1, pageSize: 1 })),
    settle(caller.map.meta()),
    settle(caller.map.firstView({})),
  ])
  const firstView = mapFirstView.ok ? mapFirstView.value : null
  // The first frame is in the page once: the server's render takes it from +onBeforeRender.server.ts, and only a
  // client-side navigation, which has no page to read it from, gets it here. Without datasets on the map yet (a first
  // start while the demo catalogue loads) it is the basemap alone, which the list beside it says is empty.
  const picture: MapPictureSource = !firstView
    ? null
    : pageContext.isClientSideNavigation
      ? { in: 'data', markup: firstFrameMarkup(firstView.tiles, pageContext.locale) }
      : { in: 'page' }
  return {
    // The map's first view: its tiles (decoded in the browser, so the first paint asks for none), the list beside it
    // and its total. The map itself is drawn in the browser; when these fail, it loads them there.
    homeMap: {
      meta: mapMeta.ok ? mapMeta.value : null,
      firstView,
      basemap: basemapConfig(),
      picture,
    },
    totals: {
      portals: mapSection(portals, (list) => list.length),
      datasets: mapSection(quality, (summary) => summary.datasets),
      resources: mapSection(quality, (summary) => summary.resources),
      publishers: mapSection(publishers, (list) => list.total),
    },
    // Demo catalogues are generated data: the page says so wherever their figures are counted.
    demo: {
      registered: portals.ok && portals.value.some((portal) => portal.isDemo),
      analysed: quality.ok && quality.value.byPortal.some((portal) => portal.isDemo && portal.datasets > 0),
    },
    health: mapSection(portals, (list) => {
      const problems = problemPortals(list)
      return {
        counts: healthCounts(list),
        problems: problems.slice(0, LISTED_PROBLEMS).map((portal) => ({
          id: portal.id,
          name: portal.name,
          status: portal.health.status,
          error: portal.health.error,
          responseMs: portal.health.responseMs,
        })),
        moreProblems: Math.max(0, problems.length - LISTED_PROBLEMS),
      }
    }),
    formats: mapSection(formats, (summary) => ({
      resources: summary.resources,
      top: summary.formats.slice(0, TOP_FORMATS).map((format) => ({ format: format.format, share: format.share, resources: format.resources })),
      machineReadableShare: summary.machineReadableShare,
      openStandardShare: summary.openStandardShare,
    })),
    quality: mapSection(quality, (summary) => ({
      datasets: summary.datasets,
      averageScore: summary.averageScore,
      band: summary.band,
      mostFailed: summary.mostFailed[0] ? { indicator: summary.mostFailed[0].indicator, share: summary.mostFailed[0].share } : null,
    })),
    regions: mapSection(regions, (summary) => {
      const bins = choroplethBins(summary.regions.map((region) => region.datasets))
      return {
        datasets: summary.datasets,
        noExtent: summary.noExtent,
        bins,
        regions: summary.regions.map((region) => ({ id: region.id, name: regionName(region.id, pageContext.locale, t), datasets: region.datasets })),
      }
    }),
    map: { width: FRAME.width, height: FRAME.height, outlines: OUTLINES },
  }
}
