import { TRPCError } from '@trpc/server'
import { redirect, render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { z } from '../../../lib/zod.ts'
import { descriptionHtml } from '../../../server/markdown/description-html.server.ts'
import { pageCaller } from '../../../server/trpc/page-caller.server.ts'
import { madeBy } from '../../../lib/made-by.ts'

export type Data = Awaited<ReturnType<typeof data>>

const PAGE_SIZE = 20
// Enough analyses to show a direction, few enough for the page's weight.
const TREND_POINTS = 60

// The datasets' page is in the URL; a value that does not fit shows the first page.
const PageParamSchema = z.object({ page: z.coerce.number().int().min(1).max(1000).catch(1) })

export async function data(pageContext: PageContextServer) {
  const id = pageContext.routeParams.id ?? ''
  const { page } = PageParamSchema.parse(pageContext.urlParsed.search)
  const caller = await pageCaller(pageContext)
  const found = await caller.publishers.byId({ id, page, pageSize: PAGE_SIZE }).catch((error: unknown) => {
    if (madeBy(error, TRPCError) && (error.code === 'NOT_FOUND' || error.code === 'BAD_REQUEST')) throw render(404, `No organization with the id ${id}`)
    throw error
  })
  // An organization's own id (`<portal>:<name>`) answers with the publisher it is merged into: its page is the publisher's.
  if (found.id !== id) throw redirect(`/organizations/${encodeURIComponent(found.id)}${page > 1 ? `?page=${page}` : ''}`, 301)

  const portals = new Map(found.quality.byPortal.map((portal) => [portal.instanceId, portal]))
  const memberPortals = new Set(found.organizations.map((member) => member.instanceId))
  const datasets = found.organizations.reduce((total, member) => total + member.datasets, 0)
  const { quality, formats } = found
  return {
    publisher: { id: found.id, title: found.title },
    members: found.organizations.map((member) => ({
      id: member.id,
      title: member.title,
      portalId: member.instanceId,
      portalName: member.instanceName,
      isDemo: portals.get(member.instanceId)?.isDemo ?? false,
      datasets: member.datasets,
      // CKAN organization descriptions are Markdown from the portal, rendered inert like dataset descriptions.
      descriptionHtml: member.description?.trim() ? descriptionHtml(member.description, { firstHeading: 4 }) : null,
    })),
    datasets: {
      total: datasets,
      page: found.page,
      pageSize: found.pageSize,
      items: found.items.map((item) => ({
        id: item.id,
        title: item.title,
        portalName: portals.get(item.instanceId)?.name ?? item.instanceId,
        score: item.score,
        band: item.band,
        modified: item.modified,
      })),
    },
    formats: {
      resources: formats.resources,
      machineReadableShare: formats.machineReadableShare,
      openStandardShare: formats.openStandardShare,
      items: formats.formats.slice(0, 12).map((format) => ({
        format: format.format,
        resources: format.resources,
        share: format.share,
        stars: format.openness,
      })),
    },
    quality: {
      datasets: quality.datasets,
      averageScore: quality.averageScore,
      band: quality.band,
      partial: quality.partial,
      bands: quality.bands,
      dimensions: quality.dimensions,
      portalWatch: quality.portalWatch,
    },
    // The newest rollups of the member portals, oldest first, so the table reads as a time line.
    trend: quality.trend
      .filter((point) => memberPortals.has(point.instanceId))
      .slice(-TREND_POINTS)
      .map((point) => ({ at: point.at, portalId: point.instanceId, portalName: portals.get(point.instanceId)?.name ?? point.instanceId, averageScore: point.averageScore })),
  }
}
