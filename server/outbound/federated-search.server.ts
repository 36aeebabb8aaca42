import { createCkanClient, PACKAGE_SEARCH_MAX_ROWS, type CkanClientOptions } from './ckan-client.server.ts'
import { isCkanError, type CkanErrorKind } from './errors.server.ts'
import type { CkanPackage } from '../ckan/schemas.server.ts'

export type SearchSort = 'relevance' | 'name' | 'modified'
export type FacetField = 'organization' | 'groups' | 'tags' | 'res_format' | 'license_id'
const FACET_FIELDS: FacetField[] = ['organization', 'groups', 'tags', 'res_format', 'license_id']

export type LiveSearchInput = {
  q?: string | undefined
  formats?: string[] | undefined
  /** `<portal slug>:<organization name>`, as the facets return them. */
  organizationIds?: string[] | undefined
  tags?: string[] | undefined
  groups?: string[] | undefined
  licenses?: string[] | undefined
  bbox?: [number, number, number, number] | undefined
  sort: SearchSort
  page: number
  pageSize: number
}

export type PortalRef = { id: string; apiBase: string }

export type DatasetHit = {
  id: string
  instanceId: string
  name: string
  title: string
  notes: string | null
  organization: { id: string; title: string } | null
  formats: string[]
  license: string | null
  modified: string | null
}

export type FacetCount = { value: string; label: string; count: number }

export type LiveSearchResult = {
  items: DatasetHit[]
  total: number
  facets: { organization: FacetCount[]; groups: FacetCount[]; tags: FacetCount[]; formats: FacetCount[]; license: FacetCount[] }
  portals: Array<{ instanceId: string; ok: boolean; error?: CkanErrorKind; ms: number; count?: number }>
}

function quote(value: string): string {
  return `"${value.replace(/["\\]/g, '\\$&')}"`
}

/** CKAN's filter query for one portal: only that portal's organizations, every other filter as given. */
export function filterQuery(input: LiveSearchInput, portalId: string): string | null | undefined {
  const clauses: string[] = []
  const anyOf = (field: string, values: string[] | undefined) => {
    if (values?.length) clauses.push(`${field}:(${values.map(quote).join(' OR ')})`)
  }
  anyOf('res_format', input.formats)
  anyOf('tags', input.tags)
  anyOf('groups', input.groups)
  anyOf('license_id', input.licenses)
  if (input.organizationIds?.length) {
    const mine = input.organizationIds.filter((id) => id.startsWith(`${portalId}:`)).map((id) => id.slice(portalId.length + 1))
    // Organizations were chosen, none of them on this portal: it has nothing to contribute.
    if (mine.length === 0) return null
    anyOf('organization', mine)
  }
  return clauses.length ? clauses.join(' AND ') : undefined
}

const CKAN_SORT: Record<SearchSort, string> = {
  relevance: 'score desc, metadata_modified desc',
  name: 'title_string asc',
  modified: 'metadata_modified desc',
}

function toHit(pkg: CkanPackage, portalId: string): DatasetHit {
  const formats = [...new Set((pkg.resources ?? []).map((r) => (r.format ?? '').trim()).filter(Boolean))]
  return {
    id: `${portalId}:${pkg.id}`,
    instanceId: portalId,
    name: pkg.name,
    title: pkg.title || pkg.name,
    notes: pkg.notes ? pkg.notes.slice(0, 400) : null,
    organization: pkg.organization?.name ? { id: `${portalId}:${pkg.organization.name}`, title: pkg.organization.title || pkg.organization.name } : null,
    formats,
    license: pkg.license_title || pkg.license_id || null,
    modified: pkg.metadata_modified ?? null,
  }
}

/**
 * package_search across several portals at once. Each portal gets the same deadline; the answer holds whatever
 * arrived in time, with every portal's outcome, so one slow or broken portal never blocks the others.
 */
export async function liveSearch(portals: PortalRef[], input: LiveSearchInput, options: { deadlineMs?: number; client?: Partial<CkanClientOptions> } = {}): Promise<LiveSearchResult> {
  const deadlineMs = options.deadlineMs ?? 3000
  // Each portal returns its best `page × pageSize`; merging those gives the right page for the merged order.
  const rows = Math.min(PACKAGE_SEARCH_MAX_ROWS, input.page * input.pageSize)
  const outcomes = await Promise.all(
    portals.map(async (portal) => {
      const started = Date.now()
      const fq = filterQuery(input, portal.id)
      if (fq === null) return { portal, ok: true as const, ms: 0, count: 0, hits: [] as DatasetHit[], facets: {} as Record<string, Array<{ name: string; displayName: string; count: number }>> }
      try {
        const client = createCkanClient({ apiBase: portal.apiBase, timeoutMs: deadlineMs, retries: 0, ...options.client })
        const result = await client.packageSearch({
          q: input.q || undefined,
          fq,
          rows,
          sort: CKAN_SORT[input.sort],
          facetFields: FACET_FIELDS,
          facetLimit: 50,
          extBbox: input.bbox,
        })
        return { portal, ok: true as const, ms: Date.now() - started, count: result.count, hits: result.packages.map((pkg) => toHit(pkg, portal.id)), facets: result.facets }
      } catch (error) {
        return { portal, ok: false as const, ms: Date.now() - started, error: isCkanError(error) ? error.kind : ('unreachable' as const) }
      }
    }),
  )

  const hits: DatasetHit[] = []
  const facetSums: Record<FacetField, Map<string, FacetCount>> = {
    organization: new Map(),
    groups: new Map(),
    tags: new Map(),
    res_format: new Map(),
    license_id: new Map(),
  }
  let total = 0
  for (const outcome of outcomes) {
    if (!outcome.ok) continue
    total += outcome.count
    hits.push(...outcome.hits)
    for (const field of FACET_FIELDS) {
      for (const item of outcome.facets[field] ?? []) {
        // Organizations belong to their portal; tags, formats and licences are shared words across portals.
        const value = field === 'organization' ? `${outcome.portal.id}:${item.name}` : item.name
        const existing = facetSums[field].get(value)
        if (existing) existing.count += item.count
        else facetSums[field].set(value, { value, label: item.displayName, count: item.count })
      }
    }
  }
  if (input.sort === 'name') hits.sort((a, b) => a.title.localeCompare(b.title))
  else if (input.sort === 'modified') hits.sort((a, b) => (b.modified ?? '').localeCompare(a.modified ?? ''))
  else {
    // Relevance scores are not comparable across portals: interleave each portal's ranking.
    const byPortal = new Map<string, DatasetHit[]>()
    for (const hit of hits) byPortal.set(hit.instanceId, [...(byPortal.get(hit.instanceId) ?? []), hit])
    hits.length = 0
    const queues = [...byPortal.values()]
    while (queues.some((queue) => queue.length)) for (const queue of queues) if (queue.length) hits.push(queue.shift()!)
  }
  const ranked = (map: Map<string, FacetCount>) => [...map.values()].sort((a, b) => b.count - a.count || a.label.localeCompare(b.label)).slice(0, 50)
  return {
    items: hits.slice((input.page - 1) * input.pageSize, input.page * input.pageSize),
    total,
    facets: {
      organization: ranked(facetSums.organization),
      groups: ranked(facetSums.groups),
      tags: ranked(facetSums.tags),
      formats: ranked(facetSums.res_format),
      license: ranked(facetSums.license_id),
    },
    portals: outcomes.map((outcome) =>
      outcome.ok
        ? { instanceId: outcome.portal.id, ok: true, ms: outcome.ms, count: outcome.count }
        : { instanceId: outcome.portal.id, ok: false, error: outcome.error, ms: outcome.ms },
    ),
  }
}
