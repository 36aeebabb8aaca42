import { sql, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client.server.ts'
import { canonicalFormatOf } from '../../lib/domain/formats.ts'
import { foldKeyword } from '../../lib/domain/keywords.ts'
import { licenceByKey, licenceFacetValue, licenceSpellings } from '../analysis/licences.server.ts'
import { ftsQuery } from './datasets.server.ts'
import { withOpenness, withVariants, type DatasetHit, type FacetCount, type LiveSearchInput, type LiveSearchResult } from '../outbound/federated-search.server.ts'

// Search over the harvested snapshot at a million datasets (docs/decisions/019-search.md). Nothing here reads more
// than a bounded number of rows:
// - the first view and single-filter searches take their total and facets from the rollups written after each harvest;
// - results walk an index in the answer's order (newest first, or the full-text index title hits first), so a page
//   costs its position, never the size of the catalogue; a selective filter drives instead, through its own index;
// - any other total is counted over at most COUNT_LIMIT candidates (beyond that it is an estimate, and says so), and
//   any other facet counts the first FACET_SAMPLE results (and says so).
// Every statement's plan is checked in dataset-search.test.ts.

const FACET_LIMIT = 50
/** Facets of a search the rollups do not answer are counted over its first results, this many. */
export const FACET_SAMPLE = 200
/**
 * Candidates counted for a total the rollups do not answer; beyond, the total is extrapolated. Up to this many
 * results, the facets count all of them, so a facet's count is the total it leads to.
 */
export const COUNT_LIMIT = 5_000

export type SnapshotSearchInput = LiveSearchInput & {
  /** Region ids (NUTS3 kraj `CZ010`, country `CZ`), as dataset_region holds them; snapshot only. */
  regions?: string[] | undefined
  /** The `nextCursor` of the previous page: the next page by keyset (then `page` is ignored). */
  cursor?: string | undefined
}

export type SnapshotSearchResult = LiveSearchResult & {
  /** The total is extrapolated from the first COUNT_LIMIT candidates. */
  totalApproximate: boolean
  /** The facets count the first this-many results (null: all of them). */
  facetSample: number | null
  /** Pass as `cursor` for the next page; null on the last. */
  nextCursor: string | null
}

const list = (values: ReadonlyArray<string | number>): SQL =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )

type Row = Record<string, unknown>

/** One narrowing of the search: a check on a dataset row `d`, and when it has an index, the keys it selects (`key`, each once). */
type Filter = { check: SQL; keys: SQL | null; estimate: number | null }

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

const facet = (rows: Row[]): FacetCount[] => rows.map((row) => ({ value: String(row.value), label: String(row.label), count: Number(row.n) }))
const sum = (rows: Row[]): number => rows.reduce((total, row) => total + Number(row.n ?? 0), 0)

/**
 * The search over `portalIds`. `everyPortal`: they are all the portals there are, so the portal check goes and an
 * index walk needs no row reads to skip other portals' datasets.
 */
export async function snapshotSearch(db: Database, portalIds: string[], input: SnapshotSearchInput, options: { everyPortal?: boolean } = {}): Promise<SnapshotSearchResult> {
  const everyPortal = options.everyPortal ?? false
  const started = Date.now()
  const noFacets = { organization: [], groups: [], tags: [], formats: [], license: [] }
  if (portalIds.length === 0) return { items: [], total: 0, facets: noFacets, portals: [], totalApproximate: false, facetSample: null, nextCursor: null }
  const rollups = await latestRollups(db, portalIds)
  const rollupIds = [...rollups.values()]
  // A portal never rolled up counts as nothing when it holds nothing (registered, not harvested yet).
  const unrolled = portalIds.filter((id) => !rollups.has(id))
  const everyRollup =
    unrolled.length === 0 || (await db.all<Row>(sql`SELECT 1 FROM dataset d WHERE d.portal_id IN (${list(unrolled)}) LIMIT 1`)).length === 0
  const rollupIn = sql`(${list(rollupIds.length ? rollupIds : [-1])})`

  const formats = [...new Set((input.formats ?? []).map(canonicalFormatOf).filter((format) => format !== null))]
  // A chosen keyword is every spelling that folds into it; the rollups know them, the chosen text is one of them.
  const tagKeys = [...new Set((input.tags ?? []).map(foldKeyword))]
  const tagVariants = new Set(input.tags ?? [])
  if (tagKeys.length) {
    const rows = await db.all<Row>(sql`SELECT value, variants FROM rollup_facet WHERE rollup_id IN ${rollupIn} AND facet = 'tag' AND value IN (${list(tagKeys)})`)
    for (const row of rows) for (const variant of JSON.parse(String(row.variants)) as string[]) tagVariants.add(variant)
  }

  // A chosen licence is its key in the licence table, whichever spelling was chosen; it filters on every id the
  // rollups saw behind it, and on the ids the table lists (a rollup older than the table may not know them yet).
  const licenceKeys = [...new Set((input.licenses ?? []).map((value) => licenceFacetValue(value)))]
  const licenceIds = new Set([...(input.licenses ?? []), ...licenceKeys.flatMap(licenceSpellings)])
  if (licenceKeys.length) {
    const rows = await db.all<Row>(sql`SELECT variants FROM rollup_facet WHERE rollup_id IN ${rollupIn} AND facet = 'license' AND value IN (${list(licenceKeys)})`)
    for (const row of rows) for (const variant of JSON.parse(String(row.variants)) as string[]) licenceIds.add(variant)
  }

  // Estimates from the rollups: which filter is selective enough to drive, and the exact total of a single one.
  const facetEstimate = async (kind: string, values: string[]) =>
    sum(await db.all<Row>(sql`SELECT datasets AS n FROM rollup_facet WHERE rollup_id IN ${rollupIn} AND facet = ${kind} AND value IN (${list(values)})`))
  const filters: Array<Filter & { kind: string }> = []
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

  /** The keys of the results in order, `limit` of them after `offset` (or after the cursor). */
  const orderedKeys = async (limit: number, offset: number, after: Cursor | null): Promise<Array<{ key: number; modified: number | null; tier: number }>> => {
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

  const offset = (input.page - 1) * input.pageSize
  // The first page and the facet sample are one walk when the facets need a sample.
  const needsSample = !(precomputed && !single)
  const firstWalk = needsSample && !cursor && input.page === 1 ? await orderedKeys(Math.max(FACET_SAMPLE, input.pageSize + 1), 0, null) : null
  const sampleOf = async () => (firstWalk ?? (await orderedKeys(FACET_SAMPLE, 0, null))).slice(0, FACET_SAMPLE).map((row) => row.key)
  const pageKeys = firstWalk ? firstWalk.slice(0, input.pageSize + 1) : await orderedKeys(input.pageSize + 1, offset, cursor)
  const more = pageKeys.length > input.pageSize
  const shown = pageKeys.slice(0, input.pageSize)
  const last = shown.at(-1)
  const nextCursor = more && last && !byName ? encodeCursor(last) : null

  // The total and the facets.
  let total: number
  let totalApproximate = false
  let facetSample: number | null = null
  let facets: SnapshotSearchResult['facets']
  let portalCounts: Map<string, number>
  if (precomputed) {
    const counts = await precomputedCounts(db, rollupIn, single, input, [...licenceIds])
    total = counts.total
    portalCounts = counts.byPortal
    facets = await precomputedFacets(db, rollupIn, single, input)
    if (single) {
      // What the rollups do not pair with this filter is counted over every result when the filter has an index to
      // read them from and there are at most COUNT_LIMIT (as a search the rollups do not count would be), else over
      // the first results.
      const every = total <= COUNT_LIMIT && (single.keys !== null || single.kind === 'organization')
      const sampleKeys = every
        ? await passingKeys(db, candidatesOf(null, single.keys ? single : null, single.kind === 'organization' ? single : null).candidates, checks())
        : await sampleOf()
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
  } else {
    const counted = await boundedCount(db, match, selective && !orgFilter ? selective : null, orgFilter ?? null, checks)
    total = counted.total
    totalApproximate = counted.approximate
    portalCounts = counted.byPortal
    const sampleKeys = !totalApproximate && total > FACET_SAMPLE ? await counted.keys() : await sampleOf()
    facets = await sampledFacets(db, sampleKeys)
    if (total > sampleKeys.length) facetSample = sampleKeys.length
  }

  const items = await hitsFor(
    db,
    shown.map((row) => row.key),
  )
  const ms = Date.now() - started
  return {
    items,
    total,
    facets,
    portals: portalIds.map((portalId) => ({ instanceId: portalId, ok: true, ms, count: portalCounts.get(portalId) ?? 0 })),
    totalApproximate,
    facetSample,
    nextCursor,
  }
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

/**
 * What a total is counted over: at most COUNT_LIMIT candidates (`key`) from the words, a driving filter's keys, one
 * organization, or else the newest datasets; and how many candidates there are in all (`n`, an index count).
 */
function candidatesOf(match: string | null, selective: Filter | null, orgFilter: Filter | null): { candidates: SQL; size: SQL } {
  if (match) {
    return {
      candidates: sql`SELECT rowid AS key FROM dataset_fts WHERE dataset_fts MATCH ${match} LIMIT ${COUNT_LIMIT}`,
      size: sql`SELECT count(*) AS n FROM dataset_fts WHERE dataset_fts MATCH ${match}`,
    }
  }
  if (selective) return { candidates: sql`${selective.keys!} LIMIT ${COUNT_LIMIT}`, size: sql`SELECT count(*) AS n FROM (${selective.keys!}) sub` }
  if (orgFilter) {
    return {
      candidates: sql`SELECT d.key FROM dataset d INDEXED BY dataset_live_organization_modified_idx WHERE d.deleted_at IS NULL AND ${orgFilter.check} LIMIT ${COUNT_LIMIT}`,
      size: sql`SELECT count(*) AS n FROM dataset d INDEXED BY dataset_live_organization_modified_idx WHERE d.deleted_at IS NULL AND ${orgFilter.check}`,
    }
  }
  return {
    candidates: sql`SELECT d.key FROM dataset d INDEXED BY dataset_live_modified_idx WHERE d.deleted_at IS NULL ORDER BY d.metadata_modified DESC LIMIT ${COUNT_LIMIT}`,
    size: sql`SELECT count(*) AS n FROM dataset d INDEXED BY dataset_live_modified_idx WHERE d.deleted_at IS NULL`,
  }
}

/** Every candidate that passes the checks, in no order (for facets counted over all the results). */
async function passingKeys(db: Database, candidates: SQL, where: SQL): Promise<number[]> {
  return (await db.all<Row>(sql`SELECT d.key FROM (${candidates}) sub CROSS JOIN dataset d ON d.key = sub.key WHERE ${where}`)).map((row) => Number(row.key))
}

/** How many datasets match the words, counted no further than `limit` (a read of the full-text index). */
async function matchesUpTo(db: Database, match: string, limit: number): Promise<number> {
  const [row] = await db.all<Row>(sql`SELECT count(*) AS n FROM (SELECT rowid FROM dataset_fts WHERE dataset_fts MATCH ${match} LIMIT ${limit}) sub`)
  return Number(row?.n ?? 0)
}

/**
 * A total the rollups do not hold: counted over at most COUNT_LIMIT candidates, extrapolated beyond. `keys`: every
 * result, in no order, when they were all counted (the facets count them).
 */
async function boundedCount(
  db: Database,
  match: string | null,
  selective: Filter | null,
  orgFilter: Filter | null,
  checks: (except?: Filter) => SQL,
): Promise<{ total: number; approximate: boolean; byPortal: Map<string, number>; keys: () => Promise<number[]> }> {
  const { candidates, size } = candidatesOf(match, selective, orgFilter)
  // The candidates examined and those that pass, in one read of them.
  const rows = await db.all<Row>(
    sql`SELECT d.portal_id AS id, count(*) AS examined, sum(CASE WHEN ${checks()} THEN 1 ELSE 0 END) AS n FROM (${candidates}) sub CROSS JOIN dataset d ON d.key = sub.key GROUP BY d.portal_id`,
  )
  const byPortal = new Map(rows.filter((row) => Number(row.n) > 0).map((row) => [String(row.id), Number(row.n)]))
  const counted = sum(rows)
  const examined = rows.reduce((all, row) => all + Number(row.examined), 0)
  const keys = () => passingKeys(db, candidates, checks())
  if (examined < COUNT_LIMIT) return { total: counted, approximate: false, byPortal, keys }
  // Capped: how many candidates there are is an index count (no row reads), and the share that passed the checks
  // in the first COUNT_LIMIT stands for the rest.
  const [{ n: all } = { n: 0 }] = await db.all<{ n: number }>(size)
  const scale = all / examined
  for (const [id, n] of byPortal) byPortal.set(id, Math.round(n * scale))
  return { total: Math.round(counted * scale), approximate: scale > 1, byPortal, keys }
}

async function precomputedCounts(db: Database, rollupIn: SQL, single: (Filter & { kind: string }) | null, input: SnapshotSearchInput, licenceIds: string[]) {
  const byRun = sql`JOIN rollup_run run ON run.id = x.rollup_id`
  let rows: Row[]
  if (!single) rows = await db.all<Row>(sql`SELECT run.portal_id AS id, x.datasets AS n FROM rollup_quality x ${byRun} WHERE x.rollup_id IN ${rollupIn} AND x.scope = 'portal' AND x.scope_id = ''`)
  else if (single.kind === 'format') {
    const format = canonicalFormatOf(input.formats![0]!) ?? 'unknown'
    rows = await db.all<Row>(sql`SELECT run.portal_id AS id, x.datasets AS n FROM rollup_format x ${byRun} WHERE x.rollup_id IN ${rollupIn} AND x.scope = 'portal' AND x.scope_id = '' AND x.format = ${format}`)
  } else if (single.kind === 'organization' || single.kind === 'region') {
    const id = single.kind === 'organization' ? input.organizationIds![0]! : input.regions![0]!
    rows = await db.all<Row>(sql`SELECT run.portal_id AS id, x.datasets AS n FROM rollup_quality x ${byRun} WHERE x.rollup_id IN ${rollupIn} AND x.scope = ${single.kind} AND x.scope_id = ${id}`)
  } else {
    // A licence is looked up by every id it filters on: a rollup written before licences were merged holds raw ids.
    const values = single.kind === 'tag' ? [foldKeyword(input.tags![0]!)] : single.kind === 'group' ? [input.groups![0]!] : licenceIds
    rows = await db.all<Row>(sql`SELECT run.portal_id AS id, sum(x.datasets) AS n FROM rollup_facet x ${byRun} WHERE x.rollup_id IN ${rollupIn} AND x.facet = ${single.kind}
      AND x.value IN (${list(values)}) GROUP BY run.portal_id`)
  }
  return { total: sum(rows), byPortal: new Map(rows.map((row) => [String(row.id), Number(row.n)])) }
}

/** Facets from the rollups: all of them with no filter; those the rollups pair with a single format, organization or region. */
async function precomputedFacets(db: Database, rollupIn: SQL, single: (Filter & { kind: string }) | null, input: SnapshotSearchInput): Promise<SnapshotSearchResult['facets']> {
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
async function sampledFacets(db: Database, keys: number[]): Promise<SnapshotSearchResult['facets']> {
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
