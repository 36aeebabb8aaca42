import { sql, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client.server.ts'
import { canonicalFormatOf } from '../../lib/domain/formats.ts'
import { foldKeyword } from '../../lib/domain/keywords.ts'
import { licenceFacetValue, licenceSpellings } from '../analysis/licences.server.ts'
import type { LiveSearchInput } from '../../lib/domain/search.ts'

// What a snapshot search narrows by (dataset-search.server.ts), as SQL: each filter's check on a dataset row, the keys
// its index selects, and how many datasets the rollups say it leaves (which filter is selective enough to drive).

/** A search over the snapshot: the live search's input, and what only the snapshot can answer. */
export type SnapshotSearchInput = LiveSearchInput & {
  /** Region ids (NUTS3 kraj `CZ010`, country `CZ`), as dataset_region holds them; snapshot only. */
  regions?: string[] | undefined
  /** The `nextCursor` of the previous page: the next page by keyset (then `page` is ignored). */
  cursor?: string | undefined
}

export const list = (values: ReadonlyArray<string | number>): SQL =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )

export type Row = Record<string, unknown>

/** One narrowing of the search: a check on a dataset row `d`, and when it has an index, the keys it selects (`key`, each once). */
export type Filter = { check: SQL; keys: SQL | null; estimate: number | null }
/** A filter and which facet (or the map's box) it narrows by. */
export type SearchFilter = Filter & { kind: string }

export const sum = (rows: Row[]): number => rows.reduce((total, row) => total + Number(row.n ?? 0), 0)

/** The filters of a search, in the order the input names them, and every licence id the chosen licences stand for. */
export async function searchFilters(db: Database, input: SnapshotSearchInput, rollupIn: SQL): Promise<{ filters: SearchFilter[]; licenceIds: Set<string> }> {
  const formats = [...new Set((input.formats ?? []).map(canonicalFormatOf).filter((format) => format !== null))]
  const tagKeys = [...new Set((input.tags ?? []).map(foldKeyword))]
  const tagVariants = await tagSpellings(db, input, tagKeys, rollupIn)
  const licenceIds = await licenceIdsOf(db, input, rollupIn)

  // Estimates from the rollups: which filter is selective enough to drive, and the exact total of a single one.
  const facetEstimate = async (kind: string, values: string[]) =>
    sum(await db.all<Row>(sql`SELECT datasets AS n FROM rollup_facet WHERE rollup_id IN ${rollupIn} AND facet = ${kind} AND value IN (${list(values)})`))
  const filters: SearchFilter[] = []
  if (input.formats?.length) {
    const values = formats.length ? formats : ['unknown']
    filters.push({
      kind: 'format',
      check: sql`EXISTS (SELECT 1 FROM resource r WHERE r.dataset_key = d.key AND r.canonical_format IN (${list(values)}))`,
      keys: sql`SELECT DISTINCT r.dataset_key AS key FROM resource r WHERE r.canonical_format IN (${list(values)})`,
      estimate: sum(await db.all<Row>(sql`SELECT datasets AS n FROM rollup_format WHERE rollup_id IN ${rollupIn} AND scope = 'portal' AND scope_id = '' AND format IN (${list(values)})`)),
    })
  }
  if (input.organizationIds?.length) {
    filters.push({
      kind: 'organization',
      check: sql`d.organization_id IN (${list(input.organizationIds)})`,
      keys: null,
      estimate: sum(await db.all<Row>(sql`SELECT datasets AS n FROM rollup_quality WHERE rollup_id IN ${rollupIn} AND scope = 'organization' AND scope_id IN (${list(input.organizationIds)})`)),
    })
  }
  if (input.regions?.length) {
    filters.push({
      kind: 'region',
      check: sql`EXISTS (SELECT 1 FROM dataset_region x WHERE x.dataset_key = d.key AND x.region_id IN (${list(input.regions)}))`,
      keys: sql`SELECT DISTINCT x.dataset_key AS key FROM dataset_region x WHERE x.region_id IN (${list(input.regions)})`,
      estimate: sum(await db.all<Row>(sql`SELECT datasets AS n FROM rollup_quality WHERE rollup_id IN ${rollupIn} AND scope = 'region' AND scope_id IN (${list(input.regions)})`)),
    })
  }
  if (input.tags?.length) {
    filters.push({
      kind: 'tag',
      check: sql`EXISTS (SELECT 1 FROM dataset_tag t WHERE t.dataset_key = d.key AND t.name IN (${list([...tagVariants])}))`,
      keys: sql`SELECT DISTINCT t.dataset_key AS key FROM dataset_tag t WHERE t.name IN (${list([...tagVariants])})`,
      estimate: await facetEstimate('tag', tagKeys),
    })
  }
  if (input.groups?.length) {
    filters.push({
      kind: 'group',
      check: sql`EXISTS (SELECT 1 FROM dataset_group g WHERE g.dataset_key = d.key AND g.name IN (${list(input.groups)}))`,
      keys: sql`SELECT DISTINCT g.dataset_key AS key FROM dataset_group g WHERE g.name IN (${list(input.groups)})`,
      estimate: await facetEstimate('group', input.groups),
    })
  }
  if (input.licenses?.length) {
    filters.push({ kind: 'license', check: sql`d.license_id IN (${list([...licenceIds])})`, keys: null, estimate: await facetEstimate('license', [...licenceIds]) })
  }
  if (input.bbox) {
    const [west, south, east, north] = input.bbox
    filters.push({
      kind: 'bbox',
      check: sql`EXISTS (SELECT 1 FROM dataset_extent e WHERE e.dataset_key = d.key AND e.west <= ${east} AND e.east >= ${west} AND e.south <= ${north} AND e.north >= ${south})`,
      keys: null,
      estimate: null,
    })
  }
  return { filters, licenceIds }
}

/** A chosen keyword is every spelling that folds into it; the rollups know them, the chosen text is one of them. */
async function tagSpellings(db: Database, input: SnapshotSearchInput, tagKeys: string[], rollupIn: SQL): Promise<Set<string>> {
  const tagVariants = new Set(input.tags ?? [])
  if (tagKeys.length) {
    const rows = await db.all<Row>(sql`SELECT value, variants FROM rollup_facet WHERE rollup_id IN ${rollupIn} AND facet = 'tag' AND value IN (${list(tagKeys)})`)
    for (const row of rows) for (const variant of JSON.parse(String(row.variants)) as string[]) tagVariants.add(variant)
  }
  return tagVariants
}

/**
 * A chosen licence is its key in the licence table, whichever spelling was chosen; it filters on every id the
 * rollups saw behind it, and on the ids the table lists (a rollup older than the table may not know them yet).
 */
async function licenceIdsOf(db: Database, input: SnapshotSearchInput, rollupIn: SQL): Promise<Set<string>> {
  const licenceKeys = [...new Set((input.licenses ?? []).map((value) => licenceFacetValue(value)))]
  const licenceIds = new Set([...(input.licenses ?? []), ...licenceKeys.flatMap(licenceSpellings)])
  if (licenceKeys.length) {
    const rows = await db.all<Row>(sql`SELECT variants FROM rollup_facet WHERE rollup_id IN ${rollupIn} AND facet = 'license' AND value IN (${list(licenceKeys)})`)
    for (const row of rows) for (const variant of JSON.parse(String(row.variants)) as string[]) licenceIds.add(variant)
  }
  return licenceIds
}
