import { resolveFormat } from '../../lib/domain/formats.ts'
import type { DatasetHit, FacetCount, LiveSearchResult } from '../../lib/domain/search.ts'
import type { FormatChip, ResultCard, SearchView } from './search-view.ts'

// A datasets.search answer as the explorer renders it (./search-view.ts): on the server for the first paint, in the
// browser for each later answer. Kept apart from the view so the format table loads with the first call, not with
// the page (decision 021).

const EXCERPT_CHARS = 240
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
