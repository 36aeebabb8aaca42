import type { PageContextServer } from 'vike/types'
import { z } from '../../lib/zod.ts'
import { pageCaller } from '../../server/trpc/page-caller.server.ts'
import { DEFAULT_SEARCH, PUBLISHER_SORTS } from './list-url.ts'

export type Data = Awaited<ReturnType<typeof data>>

const PAGE_SIZE = 20

// The list's state lives in the URL (a GET form and links, so it works without JavaScript). A value that does not
// fit falls back to its default rather than failing the page: a shared or hand-edited link still shows the list.
const PublishersSearchSchema = z.object({
  q: z.string().trim().max(200).catch(DEFAULT_SEARCH.q),
  sort: z.enum(PUBLISHER_SORTS).catch(DEFAULT_SEARCH.sort),
  page: z.coerce.number().int().min(1).max(1000).catch(DEFAULT_SEARCH.page),
})

export async function data(pageContext: PageContextServer) {
  const search = PublishersSearchSchema.parse(pageContext.urlParsed.search)
  const caller = await pageCaller(pageContext)
  const result = await caller.organizations
    .list({ q: search.q || undefined, sort: search.sort, page: search.page, pageSize: PAGE_SIZE })
    .then((list) => ({
      ok: true as const,
      total: list.total,
      pageSize: list.pageSize,
      items: list.items.map((item) => ({
        id: item.id,
        title: item.title,
        datasets: item.datasets,
        averageScore: item.averageScore,
        band: item.band,
        portals: item.portals.map((portal) => ({ id: portal.instanceId, name: portal.name, isDemo: portal.isDemo })),
        topFormats: item.topFormats.slice(0, 3).map((format) => format.format),
      })),
    }))
    .catch((error: unknown) => {
      console.error('publishers.list failed', error)
      return { ok: false as const }
    })
  return { search, result }
}
