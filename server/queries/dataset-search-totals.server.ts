import { sql, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client.server.ts'
import { canonicalFormatOf } from '../../lib/domain/formats.ts'
import { foldKeyword } from '../../lib/domain/keywords.ts'
import { list, sum, type Filter, type Row, type SearchFilter, type SnapshotSearchInput } from './dataset-search-filters.server.ts'

// The total of a snapshot search (dataset-search.server.ts), and how many of it each portal holds: exact from the
// rollups for the first view and a single filter, else counted over at most COUNT_LIMIT candidates and extrapolated.

/**
 * Candidates counted for a total the rollups do not answer; beyond, the total is extrapolated. Up to this many
 * results, the facets count all of them, so a facet's count is the total it leads to.
 */
export const COUNT_LIMIT = 5_000

/**
 * What a total is counted over: at most COUNT_LIMIT candidates (`key`) from the words, a driving filter's keys, one
 * organization, or else the newest datasets; and how many candidates there are in all (`n`, an index count).
 */
export function candidatesOf(match: string | null, selective: Filter | null, orgFilter: Filter | null): { candidates: SQL; size: SQL } {
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
export async function passingKeys(db: Database, candidates: SQL, where: SQL): Promise<number[]> {
  return (await db.all<Row>(sql`SELECT d.key FROM (${candidates}) sub CROSS JOIN dataset d ON d.key = sub.key WHERE ${where}`)).map((row) => Number(row.key))
}


/**
 * A total the rollups do not hold: counted over at most COUNT_LIMIT candidates, extrapolated beyond. `keys`: every
 * result, in no order, when they were all counted (the facets count them).
 */
export async function boundedCount(
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

/** The total of the first view or of a single filter, and each portal's part of it, from the rollups. */
export async function precomputedCounts(db: Database, rollupIn: SQL, single: SearchFilter | null, input: SnapshotSearchInput, licenceIds: string[]) {
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
