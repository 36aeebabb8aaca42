import { sql, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client.server.ts'
import { ftsQuery } from './datasets.server.ts'
import type { DatasetHit, LiveSearchResult } from '../../lib/domain/search.ts'
import { precomputedFacets, sampledFacets } from './dataset-search-facets.server.ts'
import { list, searchFilters, sum, type Filter, type Row, type SearchFilter, type SnapshotSearchInput } from './dataset-search-filters.server.ts'
import { COUNT_LIMIT, boundedCount, candidatesOf, passingKeys, precomputedCounts } from './dataset-search-totals.server.ts'

// Search over the harvested snapshot at a million datasets (docs/decisions/019-search.md). Nothing here reads more
// than a bounded number of rows:
// - the first view and single-filter searches take their total and facets from the rollups written after each harvest;
// - results walk an index in the answer's order (newest first, or the full-text index title hits first), so a page
//   costs its position, never the size of the catalogue; a selective filter drives instead, through its own index;
// - any other total is counted over at most COUNT_LIMIT candidates (beyond that it is an estimate, and says so), and
//   any other facet counts the first FACET_SAMPLE results (and says so).
// Every statement's plan is checked in dataset-search.test.ts.
// The steps: the filters (dataset-search-filters.server.ts), the walk in the answer's order and the page (here), the
// total (dataset-search-totals.server.ts) and the facets (dataset-search-facets.server.ts).

/** Facets of a search the rollups do not answer are counted over its first results, this many. */
export const FACET_SAMPLE = 200

export type { SnapshotSearchInput }

export type SnapshotSearchResult = LiveSearchResult & {
  /** The total is extrapolated from the first COUNT_LIMIT candidates. */
  totalApproximate: boolean
  /** The facets count the first this-many results (null: all of them). */
  facetSample: number | null
  /** Pass as `cursor` for the next page; null on the last. */
  nextCursor: string | null
}

type Cursor = { tier: number; modified: number | null; key: number }

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.tier, cursor.modified, cursor.key])).toString('base64url')
}

/** A cursor as this module wrote it, or null for anything else (the router answers BAD_REQUEST). */
export function decodeCursor(text: string): Cursor | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'))
    if (!Array.isArray(value) || value.length !== 3) return null
    const [tier, modified, key] = value as unknown[]
    if (!Number.isInteger(tier) || !Number.isInteger(key) || !(modified === null || Number.isInteger(modified))) return null
    return { tier: tier as number, modified: modified as number | null, key: key as number }
  } catch {
    return null
  }
}

/** The newest rollup of each portal; portals never rolled up are missing. */
async function latestRollups(db: Database, portalIds: string[]): Promise<Map<string, number>> {
  const rows = await db.all<Row>(sql`SELECT portal_id, max(id) AS id FROM rollup_run WHERE portal_id IN (${list(portalIds)}) GROUP BY portal_id`)
  return new Map(rows.map((row) => [String(row.portal_id), Number(row.id)]))
}

/** The rollups a search reads: the newest of each portal, and whether every portal that holds datasets has one. */
async function rollupScope(db: Database, portalIds: string[]): Promise<{ rollupIn: SQL; everyRollup: boolean }> {
  const rollups = await latestRollups(db, portalIds)
  const rollupIds = [...rollups.values()]
  // A portal never rolled up counts as nothing when it holds nothing (registered, not harvested yet).
  const unrolled = portalIds.filter((id) => !rollups.has(id))
  const everyRollup =
    unrolled.length === 0 || (await db.all<Row>(sql`SELECT 1 FROM dataset d WHERE d.portal_id IN (${list(unrolled)}) LIMIT 1`)).length === 0
  const rollupIn = sql`(${list(rollupIds.length ? rollupIds : [-1])})`
  return { rollupIn, everyRollup }
}

/** How a search reads its results: what each must pass, what drives the walk, and whether the rollups hold the counts. */
type SearchPlan = {
  match: string | null
  cursor: Cursor | null
  /** The one filter of a search the rollups count exactly (one value of one facet). */
  single: SearchFilter | null
  /** The total and the facets come from the rollups. */
  precomputed: boolean
  /** Every check a result passes, less `except` (a driver that selects its keys already). */
  checks: (except?: Filter) => SQL
  orgFilter: Filter | undefined
  /** A filter few enough datasets pass that reading its keys beats walking an index. */
  selective: Filter | undefined
  byName: boolean
  newestFirst: boolean
  /** Few enough datasets match the words that they are read whole and sorted. */
  fewMatches: boolean
  orgSelective: boolean
}

/**
 * The search over `portalIds`. `everyPortal`: they are all the portals there are, so the portal check goes and an
 * index walk needs no row reads to skip other portals' datasets.
 */
export async function snapshotSearch(db: Database, portalIds: string[], input: SnapshotSearchInput, options: { everyPortal?: boolean } = {}): Promise<SnapshotSearchResult> {
  const started = Date.now()
  const noFacets = { organization: [], groups: [], tags: [], formats: [], license: [] }
  if (portalIds.length === 0) return { items: [], total: 0, facets: noFacets, portals: [], totalApproximate: false, facetSample: null, nextCursor: null }
  const { rollupIn, everyRollup } = await rollupScope(db, portalIds)
  const { filters, licenceIds } = await searchFilters(db, input, rollupIn)
  const plan = await searchPlan(db, portalIds, input, filters, rollupIn, everyRollup, options.everyPortal ?? false)
  // The facets need a sample unless the rollups hold them all (no filter).
  const page = await pageOf(db, plan, input, !(plan.precomputed && !plan.single))
  const counted = plan.precomputed ? await fromRollups(db, plan, input, rollupIn, [...licenceIds], page.sample) : await counting(db, plan, page.sample)
  const items = await hitsFor(
    db,
    page.shown.map((row) => row.key),
  )
  const ms = Date.now() - started
  // Never fewer than the walk has seen: a total estimated from the first COUNT_LIMIT candidates misses results that
  // lie beyond them (a small area's few datasets, all older than the candidates read), and is then "at least" this.
  const seen = (plan.cursor ? 0 : (input.page - 1) * input.pageSize) + page.shown.length + (page.more ? 1 : 0)
  const total = Math.max(counted.total, seen)
  return {
    items,
    total,
    facets: counted.facets,
    portals: portalIds.map((portalId) => ({ instanceId: portalId, ok: true, ms, count: counted.portalCounts.get(portalId) ?? 0 })),
    totalApproximate: counted.totalApproximate || total > counted.total,
    facetSample: counted.facetSample,
    nextCursor: page.nextCursor,
  }
}

/** Picks how the search reads its results (docs/decisions/019-search.md). */
async function searchPlan(db: Database, portalIds: string[], input: SnapshotSearchInput, filters: SearchFilter[], rollupIn: SQL, everyRollup: boolean, everyPortal: boolean): Promise<SearchPlan> {
  const portalTotals = await db.all<Row>(sql`SELECT r.portal_id AS id, q.datasets AS n FROM rollup_quality q JOIN rollup_run r ON r.id = q.rollup_id
    WHERE q.rollup_id IN ${rollupIn} AND q.scope = 'portal' AND q.scope_id = ''`)
  const catalogue = sum(portalTotals)
  const match = ftsQuery(input.q)
  const cursor = input.cursor ? decodeCursor(input.cursor) : null
  const single = !match && filters.length === 1 && filters[0]!.kind !== 'bbox' && rollupValuesCount(input) === 1 ? filters[0]! : null
  const precomputed = everyRollup && !match && (filters.length === 0 || single !== null)

  const base: SQL[] = [sql`d.deleted_at IS NULL`]
  if (!everyPortal) base.push(sql`d.portal_id IN (${list(portalIds)})`)
  const checks = (except?: Filter) => sql.join([...base, ...filters.filter((one) => one !== except).map((one) => one.check)], sql` AND `)

  // The driver: what the candidates are read from, in the answer's order where it can be.
  const pageEnd = (cursor ? 1 : input.page) * input.pageSize
  const orgFilter = filters.find((one) => one.kind === 'organization')
  const selective = filters
    .filter((one) => one.keys !== null && one.estimate !== null && one.estimate * one.estimate < pageEnd * Math.max(catalogue, 1))
    .sort((a, b) => a.estimate! - b.estimate!)[0]
  const byName = input.sort === 'name'
  const newestFirst = !byName && (input.sort === 'modified' || !match)
  // A driver read whole and sorted costs its size; a walk of the sort's index costs about page end × catalogue / size
  // rows. Below `turn` the first is cheaper. A word sorted by date or name: its matches counted up to the turn.
  const turn = Math.ceil(Math.sqrt(pageEnd * Math.max(catalogue, 1)))
  const fewMatches = match !== null && (newestFirst || byName) && (await matchesUpTo(db, match, turn)) < turn
  const orgSelective = orgFilter !== undefined && orgFilter.estimate !== null && orgFilter.estimate < turn
  return { match, cursor, single, precomputed, checks, orgFilter, selective, byName, newestFirst, fewMatches, orgSelective }
}

/** The keys of the results in order, `limit` of them after `offset` (or after the cursor). */
async function orderedKeys(db: Database, plan: SearchPlan, limit: number, offset: number, after: Cursor | null): Promise<Array<{ key: number; modified: number | null; tier: number }>> {
  const { match, newestFirst, byName, fewMatches, selective, orgFilter, orgSelective, checks } = plan
  if (match && !newestFirst && !byName) return ftsTiers(db, match, checks(), limit, offset, after)
  const order = byName ? sql`d.title COLLATE NOCASE ASC, d.key DESC` : sql`d.metadata_modified DESC, d.key DESC`
  const keyset = after && !byName ? keysetCondition(after) : sql`1`
  const skip = after ? 0 : offset
  // Many matches: a check on the full-text index's matches (read once into a list), while an index walks in order.
  const matching = match && !fewMatches ? sql` AND d.key IN (SELECT rowid FROM dataset_fts WHERE dataset_fts MATCH ${match})` : sql``
  let from: SQL
  let where = checks()
  if (match && fewMatches) from = sql`dataset_fts f CROSS JOIN dataset d ON d.key = f.rowid`
  else if (selective && (!orgFilter || byName)) {
    from = sql`dataset d`
    where = sql`d.key IN (${selective.keys!}) AND ${checks(selective)}`
  } else if (orgFilter && (!byName || orgSelective)) from = sql`dataset d INDEXED BY dataset_live_organization_modified_idx`
  else if (!byName) from = sql`dataset d INDEXED BY dataset_live_modified_idx`
  else from = sql`dataset d INDEXED BY dataset_live_title_idx`
  where = sql`${where}${matching}`
  const matchClause = match && fewMatches ? sql`dataset_fts MATCH ${match} AND ` : sql``
  const rows = await db.all<Row>(
    sql`SELECT d.key, d.metadata_modified AS modified FROM ${from} WHERE ${matchClause}${where} AND ${keyset} ORDER BY ${order} LIMIT ${limit} OFFSET ${skip}`,
  )
  const out = rows.map((row) => ({ key: Number(row.key), modified: row.modified === null ? null : Number(row.modified), tier: 0 }))
  // Datasets without a modification date come last; a keyset past a dated row goes on into them.
  if (after && after.modified !== null && out.length < limit && !byName) {
    const rest = await db.all<Row>(
      sql`SELECT d.key FROM ${from} WHERE ${matchClause}${where} AND d.metadata_modified IS NULL ORDER BY d.key DESC LIMIT ${limit - out.length}`,
    )
    out.push(...rest.map((row) => ({ key: Number(row.key), modified: null, tier: 0 })))
  }
  return out
}

/**
 * The page's keys (and whether there is a next page, with its cursor), and the facet sample: the first results, read
 * in the same walk as the first page when the facets need them.
 */
async function pageOf(db: Database, plan: SearchPlan, input: SnapshotSearchInput, needsSample: boolean) {
  const offset = (input.page - 1) * input.pageSize
  // The first page and the facet sample are one walk when the facets need a sample.
  const firstWalk = needsSample && !plan.cursor && input.page === 1 ? await orderedKeys(db, plan, Math.max(FACET_SAMPLE, input.pageSize + 1), 0, null) : null
  const sample = async () => (firstWalk ?? (await orderedKeys(db, plan, FACET_SAMPLE, 0, null))).slice(0, FACET_SAMPLE).map((row) => row.key)
  const pageKeys = firstWalk ? firstWalk.slice(0, input.pageSize + 1) : await orderedKeys(db, plan, input.pageSize + 1, offset, plan.cursor)
  const more = pageKeys.length > input.pageSize
  const shown = pageKeys.slice(0, input.pageSize)
  const last = shown.at(-1)
  const nextCursor = more && last && !plan.byName ? encodeCursor(last) : null
  return { shown, more, nextCursor, sample }
}

type Counted = { total: number; totalApproximate: boolean; facetSample: number | null; facets: SnapshotSearchResult['facets']; portalCounts: Map<string, number> }

/** The total and the facets of the first view or a single filter: from the rollups, and what they do not pair with the filter sampled. */
async function fromRollups(db: Database, plan: SearchPlan, input: SnapshotSearchInput, rollupIn: SQL, licenceIds: string[], sample: () => Promise<number[]>): Promise<Counted> {
  const { single, checks } = plan
  const counts = await precomputedCounts(db, rollupIn, single, input, licenceIds)
  const total = counts.total
  let facets = await precomputedFacets(db, rollupIn, single, input)
  let facetSample: number | null = null
  if (single) {
    // What the rollups do not pair with this filter is counted over every result when the filter has an index to
    // read them from and there are at most COUNT_LIMIT (as a search the rollups do not count would be), else over
    // the first results.
    const every = total <= COUNT_LIMIT && (single.keys !== null || single.kind === 'organization')
    const sampleKeys = every
      ? await passingKeys(db, candidatesOf(null, single.keys ? single : null, single.kind === 'organization' ? single : null).candidates, checks())
      : await sample()
    const sampled = await sampledFacets(db, sampleKeys)
    facets = {
      organization: facets.organization.length ? facets.organization : sampled.organization,
      formats: facets.formats.length ? facets.formats : sampled.formats,
      groups: sampled.groups,
      tags: sampled.tags,
      license: sampled.license,
    }
    if (total > sampleKeys.length) facetSample = sampleKeys.length
  }
  return { total, totalApproximate: false, facetSample, facets, portalCounts: counts.byPortal }
}

/** The total of any other search counted (bounded), and its facets over its results or its first ones. */
async function counting(db: Database, plan: SearchPlan, sample: () => Promise<number[]>): Promise<Counted> {
  const { match, selective, orgFilter, checks } = plan
  const counted = await boundedCount(db, match, selective && !orgFilter ? selective : null, orgFilter ?? null, checks)
  const sampleKeys = !counted.approximate && counted.total > FACET_SAMPLE ? await counted.keys() : await sample()
  const facets = await sampledFacets(db, sampleKeys)
  return { total: counted.total, totalApproximate: counted.approximate, facetSample: counted.total > sampleKeys.length ? sampleKeys.length : null, facets, portalCounts: counted.byPortal }
}

/** How many values a single-filter search names (the rollups count one value of one facet exactly). */
function rollupValuesCount(input: SnapshotSearchInput): number {
  return (input.formats?.length ?? 0) + (input.organizationIds?.length ?? 0) + (input.regions?.length ?? 0) + (input.tags?.length ?? 0) + (input.groups?.length ?? 0) + (input.licenses?.length ?? 0)
}

/** Rows after the cursor in newest-first order: a range on the index, then the few rows that share its date. */
function keysetCondition(after: Cursor): SQL {
  if (after.modified === null) return sql`d.metadata_modified IS NULL AND d.key < ${after.key}`
  return sql`d.metadata_modified <= ${after.modified} AND (d.metadata_modified < ${after.modified} OR d.key < ${after.key})`
}

/**
 * Relevance without ranking every match (bm25 over 100,000 matches is a third of a second): datasets with all the
 * words in the title first, then the rest; newest harvested first within each. Both read the full-text index in
 * rowid order, so a page reads its position's worth of matches.
 */
async function ftsTiers(db: Database, match: string, where: SQL, limit: number, offset: number, after: Cursor | null) {
  const tiers = [`{title} : (${match})`, `(${match}) NOT {title} : (${match})`]
  const out: Array<{ key: number; modified: number | null; tier: number }> = []
  let skip = after ? 0 : offset
  for (let tier = after ? after.tier : 0; tier < tiers.length && out.length < limit; tier++) {
    const keyset = after && tier === after.tier ? sql`f.rowid < ${after.key}` : sql`1`
    const rows = await db.all<Row>(sql`SELECT d.key, d.metadata_modified AS modified FROM dataset_fts f CROSS JOIN dataset d ON d.key = f.rowid
      WHERE dataset_fts MATCH ${tiers[tier]} AND ${keyset} AND ${where} ORDER BY f.rowid DESC LIMIT ${limit - out.length} OFFSET ${skip}`)
    out.push(...rows.map((row) => ({ key: Number(row.key), modified: row.modified === null ? null : Number(row.modified), tier })))
    if (skip > 0) {
      if (rows.length) skip = 0
      else {
        // The offset runs past this tier: count it (bounded by the tier's matches) to start the next one right.
        const [counted] = await db.all<Row>(sql`SELECT count(*) AS n FROM dataset_fts f CROSS JOIN dataset d ON d.key = f.rowid WHERE dataset_fts MATCH ${tiers[tier]} AND ${where}`)
        skip = Math.max(0, skip - Number(counted?.n ?? 0))
      }
    }
  }
  return out
}

/** How many datasets match the words, counted no further than `limit` (a read of the full-text index). */
async function matchesUpTo(db: Database, match: string, limit: number): Promise<number> {
  const [row] = await db.all<Row>(sql`SELECT count(*) AS n FROM (SELECT rowid FROM dataset_fts WHERE dataset_fts MATCH ${match} LIMIT ${limit}) sub`)
  return Number(row?.n ?? 0)
}

/** The result rows of a page, in the page's order, with their canonical formats. */
async function hitsFor(db: Database, keys: number[]): Promise<DatasetHit[]> {
  if (keys.length === 0) return []
  const [rows, formatRows] = await Promise.all([
    db.all<Row>(sql`
      SELECT d.key, d.id, d.portal_id, d.name, d.title, substr(d.notes, 1, 400) AS notes, d.organization_id, o.title AS organization_title,
             d.license_id, d.license_title, d.metadata_modified_raw
      FROM dataset d LEFT JOIN organization o ON o.id = d.organization_id WHERE d.key IN (${list(keys)})`),
    db.all<Row>(sql`SELECT dataset_key, canonical_format FROM resource WHERE dataset_key IN (${list(keys)}) AND canonical_format <> 'unknown' ORDER BY dataset_key, position`),
  ])
  const formatsByKey = new Map<number, string[]>()
  for (const row of formatRows) {
    const formats = formatsByKey.get(Number(row.dataset_key)) ?? []
    if (!formats.includes(String(row.canonical_format))) formats.push(String(row.canonical_format))
    formatsByKey.set(Number(row.dataset_key), formats)
  }
  const byKey = new Map(rows.map((row) => [Number(row.key), row]))
  return keys.flatMap((key) => {
    const row = byKey.get(key)
    if (!row) return []
    return [
      {
        id: String(row.id),
        instanceId: String(row.portal_id),
        name: String(row.name),
        title: String(row.title),
        notes: row.notes === null ? null : String(row.notes),
        organization: row.organization_id ? { id: String(row.organization_id), title: String(row.organization_title ?? row.organization_id) } : null,
        formats: formatsByKey.get(key) ?? [],
        license: (row.license_title ?? row.license_id ?? null) as string | null,
        modified: (row.metadata_modified_raw ?? null) as string | null,
      },
    ]
  })
}
