import type { CanonicalFormat } from '../../lib/domain/canonical-formats.ts'
import type { CkanErrorKind } from '../../lib/domain/ckan-error-kind.ts'
import type { FacetCount } from '../../lib/domain/search.ts'
import type { ExplorerSort, FacetKey } from './explorer-state.ts'

// What the explorer renders of a search answer: the same for the snapshot (first paint, from +data.ts) and for live
// answers, so both can be merged and neither ships fields the page does not show. Answers become views in
// ./to-search-view.ts, which the browser loads with its first call (it needs the format table).

/** A canonical format's code as its label (its name is a message, in the page's language), or a value no format matches. */
export type FormatChip = { label: string; format: CanonicalFormat | null }

export type ResultCard = {
  id: string
  instanceId: string
  title: string
  /** The description as plain text, shortened. */
  excerpt: string | null
  publisher: string | null
  modified: string | null
  formats: FormatChip[]
}

export type PortalOutcome = { instanceId: string; ok: boolean; error?: CkanErrorKind | undefined; ms: number; count?: number | undefined }

export type SearchView = {
  items: ResultCard[]
  total: number
  facets: Record<FacetKey, FacetCount[]>
  portals: PortalOutcome[]
  /** The snapshot estimated the total from its first candidates (server/queries/dataset-search.server.ts). */
  approximate?: boolean | undefined
  /** The snapshot counted the facets over its first this-many results. */
  facetSample?: number | null | undefined
}

const FACET_LIMIT = 50

/** CKAN timestamps are UTC without a zone ("2025-09-28T20:59:51.680385"). */
export function parseCkanDate(raw: string | null): Date | null {
  if (!raw) return null
  const zoned = /[zZ]$|[+-]\d\d:?\d\d$/.test(raw) || /^\d{4}-\d\d-\d\d$/.test(raw)
  const date = new Date(zoned ? raw : `${raw}Z`)
  return Number.isNaN(date.getTime()) ? null : date
}

function rank(items: ResultCard[], sort: ExplorerSort): ResultCard[] {
  if (sort === 'name') return [...items].sort((a, b) => a.title.localeCompare(b.title))
  if (sort === 'modified') return [...items].sort((a, b) => (b.modified ?? '').localeCompare(a.modified ?? ''))
  // Relevance scores are not comparable across portals or sources: interleave each portal's own ranking, as the
  // federated search does.
  const queues = new Map<string, ResultCard[]>()
  for (const item of items) {
    const queue = queues.get(item.instanceId)
    if (queue) queue.push(item)
    else queues.set(item.instanceId, [item])
  }
  const ranked: ResultCard[] = []
  const lists = [...queues.values()]
  for (let index = 0; ranked.length < items.length; index++) for (const list of lists) if (index < list.length) ranked.push(list[index]!)
  return ranked
}

function mergeFacets(lists: FacetCount[][]): FacetCount[] {
  const sums = new Map<string, FacetCount>()
  for (const list of lists) {
    for (const facet of list) {
      const existing = sums.get(facet.value)
      if (existing) existing.count += facet.count
      else sums.set(facet.value, { ...facet })
    }
  }
  return [...sums.values()].sort((a, b) => b.count - a.count || a.label.localeCompare(b.label)).slice(0, FACET_LIMIT)
}

/**
 * One result from several answers over disjoint sets of portals (live portals and snapshot-only ones). Each part
 * must hold its best `page × pageSize` items from page 1, so the merged order is right for the page asked for.
 * Totals and facet counts add up; each portal's outcome is kept.
 */
export function mergeViews(parts: SearchView[], options: { sort: ExplorerSort; page: number; pageSize: number }): SearchView {
  const start = (options.page - 1) * options.pageSize
  const facet = (key: FacetKey) => mergeFacets(parts.map((part) => part.facets[key]))
  return {
    items: rank(
      parts.flatMap((part) => part.items),
      options.sort,
    ).slice(start, start + options.pageSize),
    total: parts.reduce((sum, part) => sum + part.total, 0),
    facets: { organization: facet('organization'), groups: facet('groups'), tags: facet('tags'), formats: facet('formats'), license: facet('license') },
    portals: parts.flatMap((part) => part.portals),
    ...(parts.some((part) => part.approximate) ? { approximate: true } : {}),
    ...(parts.some((part) => part.facetSample) ? { facetSample: Math.max(...parts.map((part) => part.facetSample ?? 0)) } : {}),
  }
}
