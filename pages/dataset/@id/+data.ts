import { TRPCError } from '@trpc/server'
import { redirect, render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { descriptionHtml } from '../../../server/markdown/description-html.server.ts'
import { licenceInfo } from '../../../server/analysis/licences.server.ts'
import { licenceNameKey } from '../../../lib/domain/licence-names.ts'
import { basemapConfig } from '../../../server/env.server.ts'
import { bboxRect, czFrame, krajPaths } from '../../../server/geo/svg-outline.server.ts'
import { pageCaller } from '../../../server/trpc/page-caller.server.ts'
import { regionName } from '../../../lib/i18n/region-names.ts'
import { pageTranslator } from '../../../lib/i18n/page-text.ts'
import { madeBy } from '../../../lib/made-by.ts'

export type Data = Awaited<ReturnType<typeof data>>

const MAP_WIDTH = 320

// The kraje outline is the same for every dataset: computed once per process.
const FRAME = czFrame(MAP_WIDTH)
const KRAJE = krajPaths(FRAME).map(({ id, d }) => ({ id, d }))

// An extent's own geometry goes into the page for the interactive map up to this size; a larger one (a detailed
// boundary) is drawn as its bounding box, which the page has anyway.
const EXTENT_GEOMETRY_MAX_CHARS = 20_000

const notFound = (error: unknown) => madeBy(error, TRPCError) && (error.code === 'NOT_FOUND' || error.code === 'BAD_REQUEST')

export async function data(pageContext: PageContextServer) {
  const id = pageContext.routeParams.id ?? ''
  const t = pageTranslator(pageContext)
  const caller = await pageCaller(pageContext)
  const dataset = await caller.datasets.byId({ id }).catch((error: unknown) => {
    if (notFound(error)) throw render(404, `No dataset with the id ${id}`)
    throw error
  })
  // `<portal>:<CKAN name>` answers with the dataset; its page lives at the canonical id.
  if (dataset.id !== id) throw redirect(`/dataset/${encodeURIComponent(dataset.id)}`, 301)

  // The quality breakdown is a section of its own: if it fails, the rest of the page still renders.
  const quality = await caller.quality
    .dataset({ id: dataset.id })
    .then((found) => ({
      ok: true as const,
      score: found.score,
      portalWatch: { existence: found.portalWatch.existence, conformance: found.portalWatch.conformance, openness: found.portalWatch.openness },
      regions: found.regions.map((region) => ({ id: region.id, name: regionName(region.id, pageContext.locale, t) })),
    }))
    .catch((error: unknown) => {
      console.error(`quality.dataset failed for ${dataset.id}`, error)
      return { ok: false as const }
    })

  const licence = licenceInfo(dataset.license.id, dataset.license.title)
  const declaredLicence = dataset.license.title?.trim() || dataset.license.id?.trim() || null
  const licenceName = licence.key ? licenceNameKey(licence.key) : null
  const bbox = dataset.extent?.bbox ?? null
  return {
    dataset: {
      title: dataset.title,
      descriptionHtml: dataset.notes?.trim() ? descriptionHtml(dataset.notes) : null,
      portal: { name: dataset.portal.name, isDemo: dataset.portal.isDemo },
      portalUrl: dataset.portalUrl,
      deletedAt: dataset.deletedAt,
      created: dataset.metadataCreated,
      modified: dataset.metadataModified,
      harvestedAt: dataset.harvestedAt,
      publisher: dataset.organization ? { id: dataset.organization.publisherId, title: dataset.organization.title } : null,
      // A licence the vocabulary translates by its name in the reader's language (as the explorer's facet names it),
      // any other by what the portal calls it; whether it is open comes from the vocabulary (docs/quality.md).
      // null: none declared (an empty licence or CKAN's `notspecified`).
      licence: licence.known || licence.title !== null ? { title: licenceName ? t(licenceName) : (declaredLicence ?? licence.title ?? ''), open: licence.open } : null,
      tags: dataset.tags,
      groups: dataset.groups.map((group) => group.title || group.name),
      resources: dataset.resources.map((resource) => ({
        position: resource.position,
        name: resource.name,
        url: resource.url,
        format: resource.canonicalFormat,
        formatConflict: resource.formatConflict,
        stars: resource.openness,
        size: resource.size,
        linkCheck: resource.linkCheck,
      })),
      bbox,
    },
    map: {
      width: FRAME.width,
      height: FRAME.height,
      kraje: KRAJE,
      extent: bbox ? bboxRect(FRAME, bbox) : null,
      // An extent wholly outside the frame would be clamped to a sliver on its edge: say so instead.
      extentInFrame: bbox ? overlaps(bbox) : false,
      extentGeometry: dataset.extent ? extentGeometry(dataset.extent) : null,
      basemap: basemapConfig(),
    },
    quality,
  }
}

function extentGeometry({ geometry, bbox: [west, south, east, north] }: { geometry: { type: string; coordinates: unknown }; bbox: [number, number, number, number] }) {
  if (JSON.stringify(geometry.coordinates).length <= EXTENT_GEOMETRY_MAX_CHARS) return geometry
  return { type: 'Polygon', coordinates: [[[west, south], [east, south], [east, north], [west, north], [west, south]]] }
}

function overlaps([west, south, east, north]: [number, number, number, number]): boolean {
  const [x0, y0] = FRAME.project(west, north)
  const [x1, y1] = FRAME.project(east, south)
  return x1 > 0 && x0 < FRAME.width && y1 > 0 && y0 < FRAME.height
}
