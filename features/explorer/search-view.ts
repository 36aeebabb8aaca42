import { resolveFormat, type CanonicalFormat } from '../../lib/domain/formats.ts'
import type { CkanErrorKind } from '../../server/outbound/errors.server.ts'
import type { DatasetHit, FacetCount, LiveSearchResult } from '../../server/outbound/federated-search.server.ts'
import type { ExplorerSort, FacetKey } from './explorer-state.ts'

// What the explorer renders of a search answer: the same for the snapshot (first paint, from +data.ts) and for live
// answers, so both can be merged and neither ships fields the page does not show.

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

const EXCERPT_CHARS = 240
const FACET_LIMIT = 50
const MAX_FORMAT_CHIPS = 8

/** Markdown (as CKAN descriptions are written) reduced to plain text, cut at a word boundary. */
export function plainExcerpt(markdown: string | null, max = EXCERPT_CHARS): string | null {
  if (!markdown) return null
  const text = markdown
    .replace(/```[\s\S]*?(```|$)/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<(https?:[^>\s]+)>/g, '$1')
    .replace(/<[^>]+>/g, ' ')
    // Headings in descriptions are boilerplate ("Description", "Data structure"): the text under them says more.
    .replace(/^\s{0,3}#{1,6}\s.*$/gm, ' ')
    .replace(/^\s{0,3}(>\s?|[-*+]\s+|\d+[.)]\s+)/gm, '')
    .replace(/(\*\*|__|~~|`)/g, '')
    .replace(/(^|[\s(])[*_]([^*_\n]+)[*_](?=[\s).,;:!?]|$)/g, '$1$2')
    .replace(/\s+/g, ' ')
    .trim()
  if (!text) return null
  if (text.length <= max) return text
  const cut = text.slice(0, max)
  const space = cut.lastIndexOf(' ')
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s.,;:–-]+$/, '')}…`
}

/** Declared formats as chips: one per canonical format (CSV, csv and text/csv are one CSV); unknown ones as declared. */
export function formatChips(declared: string[]): FormatChip[] {
  const chips: FormatChip[] = []
  const seen = new Set<string>()
  for (const raw of declared) {
    const value = raw.trim()
    if (!value) continue
    const { format } = resolveFormat({ format: value })
    const label = format === 'unknown' ? value : format
    const key = label.toLowerCase()
    if (seen.has(key)) continue
    seen.add(key)
    chips.push({ label, format: format === 'unknown' ? null : format })
  }
  return chips.slice(0, MAX_FORMAT_CHIPS)
}

/** CKAN timestamps are UTC without a zone ("2025-09-28T20:59:51.680385"). */
export function parseCkanDate(raw: string | null): Date | null {
  if (!raw) return null
  const zoned = /[zZ]$|[+-]\d\d:?\d\d$/.test(raw) || /^\d{4}-\d\d-\d\d$/.test(raw)
  const date = new Date(zoned ? raw : `${raw}Z`)
  return Number.isNaN(date.getTime()) ? null : date
}

export function toResultCard(hit: DatasetHit): ResultCard {
  return {
    id: hit.id,
    instanceId: hit.instanceId,
    title: hit.title,
    excerpt: plainExcerpt(hit.notes),
    publisher: hit.organization?.title ?? null,
    modified: hit.modified,
    formats: formatChips(hit.formats),
  }
}

// CKAN counts resources without a format under "" (Solr indexes empty strings); nothing can be filtered by it.
const facetValues = (values: FacetCount[]) => values.filter((facet) => facet.value.trim() !== '')

export function toSearchView(result: LiveSearchResult & { totalApproximate?: boolean; facetSample?: number | null }): SearchView {
  return {
    // Only a snapshot answer can be estimated or sampled; a live one stays as it was.
    ...(result.totalApproximate ? { approximate: true } : {}),
    ...(result.facetSample ? { facetSample: result.facetSample } : {}),
    items: result.items.map(toResultCard),
    total: result.total,
    facets: {
      organization: facetValues(result.facets.organization),
      groups: facetValues(result.facets.groups),
      tags: facetValues(result.facets.tags),
      formats: facetValues(result.facets.formats),
      license: facetValues(result.facets.license),
    },
    portals: result.portals.map(({ instanceId, ok, error, ms, count }) => ({ instanceId, ok, error, ms, count })),
  }
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
