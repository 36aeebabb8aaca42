import { createCkanClient, PACKAGE_SEARCH_MAX_ROWS, type CkanClientOptions } from './ckan-client.server.ts'
import { isCkanError } from './errors.server.ts'
import type { DatasetHit, FacetCount, FacetField, LiveSearchInput, LiveSearchResult, SearchSort } from '../../lib/domain/search.ts'
import type { CkanPackage } from '../ckan/schemas.server.ts'
import { licenceByKey, licenceFacetValue, licenceSpellings } from '../analysis/licences.server.ts'
import { canonicalFormatOf } from '../../lib/domain/formats.ts'

const FACET_FIELDS: FacetField[] = ['organization', 'groups', 'tags', 'res_format', 'license_id']

export type PortalRef = { id: string; apiBase: string }

/** Raw values listed behind one facet value: enough to recognise a spelling, short enough to read. */
export const FACET_VARIANTS = 12

/** The other raw values behind each facet value (its label aside), the most used first. */
export function withVariants(facets: FacetCount[], raw: Array<{ value: string; raw: string; n: number }>): FacetCount[] {
  const labels = new Map(facets.map((one) => [one.value, one.label]))
  const byValue = new Map<string, Map<string, number>>()
  for (const row of raw) {
    if (row.raw === '' || row.raw === labels.get(row.value)) continue
    const spellings = byValue.get(row.value) ?? new Map<string, number>()
    spellings.set(row.raw, (spellings.get(row.raw) ?? 0) + row.n)
    byValue.set(row.value, spellings)
  }
  return facets.map((one) => {
    const spellings = [...(byValue.get(one.value) ?? [])].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([spelling]) => spelling)
    if (spellings.length === 0) return one
    return { ...one, variants: spellings.slice(0, FACET_VARIANTS) }
  })
}

/** Licence facet values with their openness from the licence table. */
export const withOpenness = (facets: FacetCount[]): FacetCount[] => facets.map((one) => ({ ...one, open: licenceByKey(one.value)?.open ?? null }))

/** A format facet value: the canonical format, or the value as sent when the format table does not know it. */
const formatValue = (name: string): string => canonicalFormatOf(name) ?? name

type PortalValue = { name: string; displayName: string }
type PortalSpellings = { formats: PortalValue[]; licences: PortalValue[] }

// Which raw formats and licence ids a portal uses, read from its own facets: a chosen canonical value filters on
// exactly those. Kept a while per portal (they change with its catalogue, slowly), bounded in number.
const SPELLINGS_TTL_MS = 10 * 60_000
const SPELLINGS_CACHE_LIMIT = 500
const spellingsCache = new Map<string, { at: number; spellings: Promise<PortalSpellings> }>()

function portalSpellings(apiBase: string, read: () => Promise<PortalSpellings>): Promise<PortalSpellings> {
  const now = Date.now()
  const cached = spellingsCache.get(apiBase)
  if (cached && now - cached.at < SPELLINGS_TTL_MS) return cached.spellings
  if (spellingsCache.size >= SPELLINGS_CACHE_LIMIT) spellingsCache.clear()
  const spellings = read()
  spellingsCache.set(apiBase, { at: now, spellings })
  // A failed read is not kept: the next search asks again.
  spellings.catch(() => spellingsCache.delete(apiBase))
  return spellings
}

/**
 * The values to ask one portal for: the chosen ones, every value the portal uses that means the same (by `meaning`),
 * and the spellings known without asking it (`known`), for when its facets could not be read.
 */
export function portalValues(chosen: string[], used: PortalValue[], meaning: (name: string, displayName: string | null) => string, known: (value: string) => string[]): string[] {
  const wanted = new Set(chosen.map((value) => meaning(value, null)))
  const values = new Set(chosen)
  for (const value of wanted) for (const spelling of known(value)) values.add(spelling)
  for (const item of used) if (wanted.has(meaning(item.name, item.displayName))) values.add(item.name)
  return [...values]
}

const formatSpellings = (value: string): string[] => [value, value.toLowerCase()]
const licenceMeaning = (name: string, displayName: string | null) => licenceFacetValue(name, displayName)

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
      if (filterQuery(input, portal.id) === null) return { portal, ok: true as const, ms: 0, count: 0, hits: [] as DatasetHit[], facets: {} as Record<string, Array<PortalValue & { count: number }>> }
      try {
        const client = createCkanClient({ apiBase: portal.apiBase, timeoutMs: deadlineMs, retries: 0, ...options.client })
        // A chosen format or licence is one value for many spellings: the portal is asked for the ones it uses.
        let portalInput = input
        if (input.formats?.length || input.licenses?.length) {
          const used = await portalSpellings(portal.apiBase, async () => {
            const { facets } = await client.packageSearch({ rows: 0, facetFields: ['res_format', 'license_id'], facetLimit: -1 })
            return { formats: facets.res_format ?? [], licences: facets.license_id ?? [] }
          }).catch((): PortalSpellings => ({ formats: [], licences: [] }))
          portalInput = {
            ...input,
            formats: input.formats?.length ? portalValues(input.formats, used.formats, formatValue, formatSpellings) : input.formats,
            licenses: input.licenses?.length ? portalValues(input.licenses, used.licences, licenceMeaning, licenceSpellings) : input.licenses,
          }
        }
        const fq = filterQuery(portalInput, portal.id) ?? undefined
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
  // Formats and licences merge by meaning, with the raw values behind each; a dataset has one licence id, so licence
  // counts add up exactly, while one listing two spellings of a format counts twice (portals count per raw value).
  const raw: Record<'res_format' | 'license_id', Array<{ value: string; raw: string; n: number }>> = { res_format: [], license_id: [] }
  const merged = (field: FacetField, item: { name: string; displayName: string }): { value: string; label: string } => {
    if (field === 'res_format') {
      const value = formatValue(item.name)
      return { value, label: value === item.name ? item.displayName : value }
    }
    if (field === 'license_id') {
      const value = licenceMeaning(item.name, item.displayName)
      return { value, label: licenceByKey(value)?.title ?? item.displayName }
    }
    return { value: item.name, label: item.displayName }
  }
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
        if (item.name === '') continue
        // Organizations belong to their portal; tags, formats and licences are shared words across portals.
        const { value, label } = field === 'organization' ? { value: `${outcome.portal.id}:${item.name}`, label: item.displayName } : merged(field, item)
        if (field === 'res_format' || field === 'license_id') raw[field].push({ value, raw: item.name, n: item.count })
        const existing = facetSums[field].get(value)
        if (existing) existing.count += item.count
        else facetSums[field].set(value, { value, label, count: item.count })
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
      formats: withVariants(ranked(facetSums.res_format), raw.res_format),
      license: withOpenness(withVariants(ranked(facetSums.license_id), raw.license_id)),
    },
    portals: outcomes.map((outcome) =>
      outcome.ok
        ? { instanceId: outcome.portal.id, ok: true, ms: outcome.ms, count: outcome.count }
        : { instanceId: outcome.portal.id, ok: false, error: outcome.error, ms: outcome.ms },
    ),
  }
}
