import { sql, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client.server.ts'
import { canonicalFormatOf } from '../../lib/domain/formats.ts'
import { foldKeyword } from '../../lib/domain/keywords.ts'
import { licenceByKey, licenceFacetValue } from '../analysis/licences.server.ts'
import { withOpenness, withVariants } from '../outbound/federated-search.server.ts'
import type { FacetCount, LiveSearchResult } from '../../lib/domain/search.ts'
import { list, type Row, type SearchFilter, type SnapshotSearchInput } from './dataset-search-filters.server.ts'

// The facets of a snapshot search (dataset-search.server.ts): from the rollups where they hold them (the first view,
// a single format, organization or region), else counted over a bounded set of results.

type Facets = LiveSearchResult['facets']

const FACET_LIMIT = 50

const facet = (rows: Row[]): FacetCount[] => rows.map((row) => ({ value: String(row.value), label: String(row.label), count: Number(row.n) }))

/** Facets from the rollups: all of them with no filter; those the rollups pair with a single format, organization or region. */
export async function precomputedFacets(db: Database, rollupIn: SQL, single: SearchFilter | null, input: SnapshotSearchInput): Promise<Facets> {
  const none: FacetCount[] = []
  const organizations = (rows: SQL) =>
    db.all<Row>(sql`SELECT top.value, coalesce(o.title, top.value) AS label, top.n FROM (${rows}) top LEFT JOIN organization o ON o.id = top.value ORDER BY top.n DESC, label LIMIT ${FACET_LIMIT}`)
  // Each canonical format with the declared formats behind it (as all the chosen portals declared them).
  const formats = async (where: SQL) => {
    const top = facet(await db.all<Row>(sql`SELECT format AS value, format AS label, sum(datasets) AS n FROM rollup_format WHERE rollup_id IN ${rollupIn} AND ${where} AND format <> 'unknown'
      GROUP BY format ORDER BY n DESC, label LIMIT ${FACET_LIMIT}`))
    if (top.length === 0) return top
    const raw = await db.all<Row>(sql`SELECT format AS value, raw, sum(resources) AS n FROM rollup_raw_format WHERE rollup_id IN ${rollupIn}
      AND format IN (${list(top.map((one) => one.value))}) GROUP BY format, raw`)
    return withVariants(top, raw.map((row) => ({ value: String(row.value), raw: String(row.raw), n: Number(row.n) })))
  }
  // Keywords and licences with the spellings behind them; the rollups keep those without counts, so each counts once.
  const others = async (kind: string) => {
    const top = facet(await db.all<Row>(sql`SELECT value, max(label) AS label, sum(datasets) AS n FROM rollup_facet WHERE rollup_id IN ${rollupIn} AND facet = ${kind}
      GROUP BY value ORDER BY n DESC, label LIMIT ${FACET_LIMIT}`))
    if (top.length === 0 || kind === 'group') return top
    const rows = await db.all<Row>(sql`SELECT value, variants FROM rollup_facet WHERE rollup_id IN ${rollupIn} AND facet = ${kind} AND value IN (${list(top.map((one) => one.value))})`)
    const raw = rows.flatMap((row) => (JSON.parse(String(row.variants)) as string[]).map((variant) => ({ value: String(row.value), raw: variant, n: 1 })))
    const merged = withVariants(top, raw)
    return kind === 'license' ? withOpenness(merged) : merged
  }
  if (!single) {
    const [organization, format, groups, tags, license] = await Promise.all([
      organizations(sql`SELECT scope_id AS value, datasets AS n FROM rollup_quality WHERE rollup_id IN ${rollupIn} AND scope = 'organization' ORDER BY datasets DESC LIMIT ${FACET_LIMIT}`),
      formats(sql`scope = 'portal' AND scope_id = ''`),
      others('group'),
      others('tag'),
      others('license'),
    ])
    return { organization: facet(organization), formats: format, groups, tags, license }
  }
  if (single.kind === 'format') {
    const format = canonicalFormatOf(input.formats![0]!) ?? 'unknown'
    const organization = await organizations(
      sql`SELECT scope_id AS value, datasets AS n FROM rollup_format WHERE rollup_id IN ${rollupIn} AND scope = 'organization' AND format = ${format} AND scope_id <> '' ORDER BY datasets DESC LIMIT ${FACET_LIMIT}`,
    )
    return { organization: facet(organization), formats: none, groups: none, tags: none, license: none }
  }
  if (single.kind === 'organization') {
    const id = input.organizationIds![0]!
    const [organization, format] = await Promise.all([
      organizations(sql`SELECT scope_id AS value, datasets AS n FROM rollup_quality WHERE rollup_id IN ${rollupIn} AND scope = 'organization' AND scope_id = ${id}`),
      formats(sql`scope = 'organization' AND scope_id = ${id}`),
    ])
    return { organization: facet(organization), formats: format, groups: none, tags: none, license: none }
  }
  if (single.kind === 'region') {
    const region = input.regions![0]!
    const [organization, format] = await Promise.all([
      organizations(sql`SELECT organization_id AS value, datasets AS n FROM rollup_region_organization WHERE rollup_id IN ${rollupIn} AND region_id = ${region} ORDER BY datasets DESC LIMIT ${FACET_LIMIT}`),
      formats(sql`scope = 'region' AND scope_id = ${region}`),
    ])
    return { organization: facet(organization), formats: format, groups: none, tags: none, license: none }
  }
  return { organization: none, formats: none, groups: none, tags: none, license: none }
}

/** Facets counted over the given results (at most FACET_SAMPLE): each a join through a primary key, no scan. */
export async function sampledFacets(db: Database, keys: number[]): Promise<Facets> {
  if (keys.length === 0) return { organization: [], groups: [], tags: [], formats: [], license: [] }
  const hits = sql`SELECT value AS key FROM json_each(${JSON.stringify(keys)})`
  const [organization, licenceRows, tagRows, groups, formats, rawFormats] = await Promise.all([
    db.all<Row>(sql`SELECT d.organization_id AS value, coalesce(max(o.title), d.organization_id) AS label, count(*) AS n
      FROM (${hits}) sub CROSS JOIN dataset d ON d.key = sub.key LEFT JOIN organization o ON o.id = d.organization_id
      WHERE d.organization_id IS NOT NULL GROUP BY d.organization_id ORDER BY n DESC, label LIMIT ${FACET_LIMIT}`),
    db.all<Row>(sql`SELECT d.license_id AS value, max(d.license_title) AS title, count(*) AS n
      FROM (${hits}) sub CROSS JOIN dataset d ON d.key = sub.key WHERE coalesce(d.license_id, '') <> '' GROUP BY d.license_id`),
    db.all<Row>(sql`SELECT t.dataset_key AS key, t.name AS value FROM (${hits}) sub CROSS JOIN dataset_tag t ON t.dataset_key = sub.key`),
    db.all<Row>(sql`SELECT g.name AS value, coalesce(max(g.title), g.name) AS label, count(*) AS n
      FROM (${hits}) sub CROSS JOIN dataset_group g ON g.dataset_key = sub.key GROUP BY g.name ORDER BY n DESC, label LIMIT ${FACET_LIMIT}`),
    db.all<Row>(sql`SELECT r.canonical_format AS value, r.canonical_format AS label, count(DISTINCT r.dataset_key) AS n
      FROM (${hits}) sub CROSS JOIN resource r ON r.dataset_key = sub.key WHERE r.canonical_format <> 'unknown' GROUP BY r.canonical_format ORDER BY n DESC, label LIMIT ${FACET_LIMIT}`),
    db.all<Row>(sql`SELECT r.canonical_format AS value, r.format AS raw, count(*) AS n
      FROM (${hits}) sub CROSS JOIN resource r ON r.dataset_key = sub.key WHERE r.canonical_format <> 'unknown' AND coalesce(r.format, '') <> '' GROUP BY r.canonical_format, r.format`),
  ])
  // Licences by their key in the licence table (each dataset has one id, so the counts add up).
  const licences = new Map<string, FacetCount>()
  const rawLicences: Array<{ value: string; raw: string; n: number }> = []
  for (const row of licenceRows) {
    const id = String(row.value)
    const value = licenceFacetValue(id, row.title === null ? null : String(row.title))
    const entry = licences.get(value) ?? { value, label: licenceByKey(value)?.title ?? String(row.title ?? id), count: 0 }
    entry.count += Number(row.n)
    licences.set(value, entry)
    rawLicences.push({ value, raw: id, n: Number(row.n) })
  }
  const license = withOpenness(withVariants([...licences.values()].sort((a, b) => b.count - a.count || a.label.localeCompare(b.label)).slice(0, FACET_LIMIT), rawLicences))
  // Keywords folded as the rollups fold them, each dataset once; the label is the spelling most of these results use.
  const folded = new Map<string, { spellings: Map<string, number>; datasets: Set<number> }>()
  for (const row of tagRows) {
    const name = String(row.value)
    const key = foldKeyword(name)
    const entry = folded.get(key) ?? { spellings: new Map<string, number>(), datasets: new Set<number>() }
    entry.spellings.set(name, (entry.spellings.get(name) ?? 0) + 1)
    entry.datasets.add(Number(row.key))
    folded.set(key, entry)
  }
  const tagList = [...folded]
    .map(([value, entry]) => ({ value, label: [...entry.spellings].sort((a, b) => b[1] - a[1])[0]![0], count: entry.datasets.size }))
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label))
    .slice(0, FACET_LIMIT)
  const tags = withVariants(tagList, [...folded].flatMap(([value, entry]) => [...entry.spellings].map(([raw, n]) => ({ value, raw, n }))))
  const rawOf = (rows: Row[]) => rows.map((row) => ({ value: String(row.value), raw: String(row.raw), n: Number(row.n) }))
  return { organization: facet(organization), license, tags, groups: facet(groups), formats: withVariants(facet(formats), rawOf(rawFormats)) }
}
