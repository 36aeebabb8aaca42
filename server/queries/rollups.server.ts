import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import { maxBoundParams, readRaw, runRawBatch, type Database, type RawStatement } from '../../db/client.server.ts'
import { datasets } from '../../db/schema/dataset.ts'
import { rollupRuns } from '../../db/schema/rollup.ts'
import { licenceInfo } from '../analysis/licences.server.ts'
import { publisherIds } from '../analysis/publishers.server.ts'
import { foldKeyword } from '../../lib/domain/keywords.ts'
import { BAND_MIN, MQA_INDICATORS, MQA_MAX } from '../../lib/domain/mqa.ts'
import { reanalyseDatasets } from './stored-analysis.server.ts'

// Rollups: one portal's snapshot aggregated by portal, organization and region, written at the end of each harvest
// (and after the demo catalogue or an import is stored). Pages and the API read these few rows instead of scanning
// the catalogue; every refresh is kept, so a portal's rollups over time are its trend. The aggregation runs inside
// SQLite (INSERT … SELECT), so the same statements work on libSQL and D1 without moving rows through JavaScript.
// Each refresh also merges organizations into publishers (server/analysis/publishers.server.ts has the rules).

/**
 * The rollup scopes a write touched: the organizations and regions of the datasets as they were and as they are now,
 * and whether any had no organization (a format scope of its own).
 */
export type TouchedScopes = { organizations: string[]; regions: string[]; withoutOrganization: boolean }

export function noScopes(): TouchedScopes {
  return { organizations: [], regions: [], withoutOrganization: false }
}

/** Adds what `more` touched to `into`, without repeats. */
export function mergeScopes(into: TouchedScopes, more: TouchedScopes): TouchedScopes {
  return {
    organizations: [...new Set([...into.organizations, ...more.organizations])],
    regions: [...new Set([...into.regions, ...more.regions])],
    withoutOrganization: into.withoutOrganization || more.withoutOrganization,
  }
}

const I = (expression: string) => `CAST(total(${expression}) AS INTEGER)`

/** The aggregate columns of rollup_quality over datasets `d`, in the order of QUALITY_COLUMNS. */
export const QUALITY_AGGREGATES = [
  'count(*)',
  I('d.resource_count'),
  'total(d.quality_points)',
  'total(d.quality_max)',
  'total(d.quality_scaled)',
  'total(d.quality_findability)',
  'total(d.quality_accessibility)',
  'total(d.quality_interoperability)',
  'total(d.quality_reusability)',
  'total(d.quality_contextuality)',
  'total(d.pw_existence)',
  'total(d.pw_conformance)',
  'total(d.pw_openness)',
  I(`d.quality_scaled >= ${BAND_MIN.excellent}`),
  I(`d.quality_scaled BETWEEN ${BAND_MIN.good} AND ${BAND_MIN.excellent - 1}`),
  I(`d.quality_scaled BETWEEN ${BAND_MIN.sufficient} AND ${BAND_MIN.good - 1}`),
  I(`d.quality_scaled <= ${BAND_MIN.sufficient - 1}`),
  I(`d.quality_max < ${MQA_MAX}`),
  `json_array(${MQA_INDICATORS.map((_, bit) => I(`(d.quality_failed >> ${bit}) & 1`)).join(', ')})`,
  I('NOT EXISTS (SELECT 1 FROM dataset_extent e WHERE e.dataset_key = d.key)'),
  I("EXISTS (SELECT 1 FROM dataset_region x WHERE x.dataset_key = d.key AND length(x.region_id) = 5)"),
  I("EXISTS (SELECT 1 FROM dataset_region x WHERE x.dataset_key = d.key AND length(x.region_id) = 2)"),
].join(', ')

const QUALITY_COLUMNS =
  'rollup_id, scope, scope_id, datasets, resources, points, max_reachable, scaled, findability, accessibility, interoperability, ' +
  'reusability, contextuality, pw_existence, pw_conformance, pw_openness, excellent, good, sufficient, bad, partial, failed, ' +
  'no_extent, in_kraj, in_country'

const LIVE = 'd.portal_id = ? AND d.deleted_at IS NULL'
const QUALITY_COLUMN_LIST = QUALITY_COLUMNS.split(', ')

/**
 * One rollup table's rows for a portal: a read that aggregates, and the columns its rows go into (after rollup_id).
 * `previous` reads the same columns from an earlier rollup, for the scopes a partial refresh leaves as they were.
 */
type RollupQuery = { table: string; columns: string[]; sql: string; args: RawStatement['args']; previous: RawStatement | null }

/**
 * What a refresh recomputes: everything, or the portal's own figures plus the organization and region scopes named
 * (the ones a harvest touched), taking every other scope's rows from the portal's rollup `previousId`.
 */
type RefreshScope = { all: true } | { all: false; previousId: number; touched: TouchedScopes }

function rollupQueries(portalId: string, scope: RefreshScope): RollupQuery[] {
  // A list goes in as one JSON value (json_each), however many scopes it names; D1 and libSQL both read it.
  const organizations = scope.all ? null : JSON.stringify(scope.touched.organizations)
  const formatOrganizations = scope.all ? null : JSON.stringify([...scope.touched.organizations, ...(scope.touched.withoutOrganization ? [''] : [])])
  const regions = scope.all ? null : JSON.stringify(scope.touched.regions)
  const only = (expression: string, list: string | null) => (list === null ? '' : ` AND ${expression} IN (SELECT value FROM json_each(?))`)
  const listArgs = (list: string | null) => (list === null ? [] : [list])
  const previous = (sql: string, list: string | null): RawStatement | null =>
    scope.all ? null : { sql: `${sql} NOT IN (SELECT value FROM json_each(?))`, args: [scope.previousId, list] }
  const qualityPrevious = (kind: 'organization' | 'region', list: string | null) =>
    previous(`SELECT ${QUALITY_COLUMN_LIST.slice(1).join(', ')} FROM rollup_quality WHERE rollup_id = ? AND scope = '${kind}' AND scope_id`, list)
  const quality = (kind: string, scopeId: string, from: string, groupBy: string, list: string | null, prior: RawStatement | null): RollupQuery => ({
    table: 'rollup_quality',
    columns: QUALITY_COLUMN_LIST.slice(1),
    sql: `SELECT '${kind}', ${scopeId}, ${QUALITY_AGGREGATES} FROM ${from} ${groupBy}`,
    args: [portalId, ...listArgs(list)],
    previous: prior,
  })
  const formatColumns = ['scope', 'scope_id', 'format', 'resources', 'datasets']
  return [
    quality('portal', "''", `dataset d WHERE ${LIVE}`, '', null, null),
    quality(
      'organization',
      'd.organization_id',
      `dataset d WHERE ${LIVE} AND d.organization_id IS NOT NULL${only('d.organization_id', organizations)}`,
      'GROUP BY d.organization_id',
      organizations,
      qualityPrevious('organization', organizations),
    ),
    quality(
      'region',
      'rg.region_id',
      `dataset d JOIN dataset_region rg ON rg.dataset_key = d.key WHERE ${LIVE}${only('rg.region_id', regions)}`,
      'GROUP BY rg.region_id',
      regions,
      qualityPrevious('region', regions),
    ),
    // Formats per organization, datasets without one under the scope id '' (no organization id is empty); a dataset
    // has one organization at most, so the portal's figures are these rows added up, without a second scan.
    {
      table: 'rollup_format',
      columns: formatColumns,
      sql: `SELECT 'organization', coalesce(d.organization_id, ''), r.canonical_format, count(*), count(DISTINCT r.dataset_key)
        FROM dataset d JOIN resource r ON r.dataset_key = d.key WHERE ${LIVE}${only("coalesce(d.organization_id, '')", formatOrganizations)}
        GROUP BY coalesce(d.organization_id, ''), r.canonical_format`,
      args: [portalId, ...listArgs(formatOrganizations)],
      previous: previous(`SELECT ${formatColumns.join(', ')} FROM rollup_format WHERE rollup_id = ? AND scope = 'organization' AND scope_id`, formatOrganizations),
    },
    {
      table: 'rollup_format',
      columns: formatColumns,
      sql: `SELECT 'region', rg.region_id, r.canonical_format, count(*), count(DISTINCT r.dataset_key)
        FROM dataset d JOIN dataset_region rg ON rg.dataset_key = d.key JOIN resource r ON r.dataset_key = d.key
        WHERE ${LIVE}${only('rg.region_id', regions)} GROUP BY rg.region_id, r.canonical_format`,
      args: [portalId, ...listArgs(regions)],
      previous: previous(`SELECT ${formatColumns.join(', ')} FROM rollup_format WHERE rollup_id = ? AND scope = 'region' AND scope_id`, regions),
    },
    {
      table: 'rollup_raw_format',
      columns: ['format', 'raw', 'resources'],
      sql: `SELECT r.canonical_format, coalesce(r.format, ''), count(*)
        FROM dataset d JOIN resource r ON r.dataset_key = d.key WHERE ${LIVE} GROUP BY r.canonical_format, coalesce(r.format, '')`,
      args: [portalId],
      previous: null,
    },
    {
      table: 'rollup_region_organization',
      columns: ['region_id', 'organization_id', 'datasets'],
      sql: `SELECT rg.region_id, d.organization_id, count(*)
        FROM dataset d JOIN dataset_region rg ON rg.dataset_key = d.key WHERE ${LIVE} AND d.organization_id IS NOT NULL${only('rg.region_id', regions)}
        GROUP BY rg.region_id, d.organization_id`,
      args: [portalId, ...listArgs(regions)],
      // A dataset's (region, organization) pairs change only with its regions or its organization, and both of those
      // put its regions, old and new, among the touched.
      previous: previous('SELECT region_id, organization_id, datasets FROM rollup_region_organization WHERE rollup_id = ? AND region_id', regions),
    },
  ]
}

const FACET_COLUMNS = ['facet', 'value', 'label', 'datasets', 'variants']

/**
 * The search facets of one portal (rollup_facet): licences by the licence table's key, groups as they are, keywords
 * case-folded in JavaScript (SQLite's lower() folds ASCII only: "ČSÚ" and "čsú" are one keyword), each with the raw
 * values behind it.
 */
async function facetRows(db: Database, portalId: string): Promise<unknown[][]> {
  // CROSS JOIN: from the portal's datasets to their rows, never through every portal's tags.
  const [licenses, groups, tags] = await Promise.all([
    readRaw(db, { sql: `SELECT d.license_id, coalesce(max(d.license_title), d.license_id), count(*) FROM dataset d WHERE ${LIVE} AND coalesce(d.license_id, '') <> '' GROUP BY d.license_id`, args: [portalId] }),
    readRaw(db, { sql: `SELECT g.name, coalesce(max(g.title), g.name), count(*) FROM dataset d CROSS JOIN dataset_group g ON g.dataset_key = d.key WHERE ${LIVE} GROUP BY g.name`, args: [portalId] }),
    readRaw(db, { sql: `SELECT t.name, count(*) FROM dataset d CROSS JOIN dataset_tag t ON t.dataset_key = d.key WHERE ${LIVE} GROUP BY t.name`, args: [portalId] }),
  ])
  const folded = new Map<string, { label: string; top: number; datasets: number; variants: string[] }>()
  for (const [name, count] of tags) {
    const raw = String(name)
    const key = foldKeyword(raw)
    const entry = folded.get(key) ?? { label: raw, top: 0, datasets: 0, variants: [] }
    // The spelling most datasets use is the label.
    if (Number(count) > entry.top) Object.assign(entry, { label: raw, top: Number(count) })
    entry.datasets += Number(count)
    entry.variants.push(raw)
    folded.set(key, entry)
  }
  // Spellings of one keyword on one dataset would count it twice: where a keyword has several, count its datasets,
  // all such keywords in one read. The spellings go in as one JSON list of [spelling, keyword's number] (one bound
  // value, however many), read once into a table the tag index is searched from.
  const spelled = [...folded.values()].filter((entry) => entry.variants.length > 1)
  if (spelled.length > 0) {
    const rows = await readRaw(db, {
      sql: `WITH v AS MATERIALIZED (SELECT json_extract(value, '$[0]') AS name, json_extract(value, '$[1]') AS keyword FROM json_each(?))
        SELECT v.keyword, count(DISTINCT t.dataset_key) FROM v CROSS JOIN dataset_tag t ON t.name = v.name JOIN dataset d ON d.key = t.dataset_key
        WHERE ${LIVE} GROUP BY v.keyword`,
      args: [JSON.stringify(spelled.flatMap((entry, keyword) => entry.variants.map((name) => [name, keyword]))), portalId],
    })
    for (const [keyword, count] of rows) {
      const entry = spelled[Number(keyword)]
      if (entry) entry.datasets = Number(count)
    }
  }
  // Licences by their key in the licence table, with the ids as sent behind each (a dataset has one id, so the
  // counts add up); a licence the table does not list stays under its own id.
  const byLicence = new Map<string, { label: string; datasets: number; variants: string[] }>()
  for (const [id, title, count] of licenses) {
    const raw = String(id)
    const info = licenceInfo(raw, title === null ? null : String(title))
    const value = info.key ?? raw
    const entry = byLicence.get(value) ?? { label: info.title ?? raw, datasets: 0, variants: [] }
    entry.datasets += Number(count)
    entry.variants.push(raw)
    byLicence.set(value, entry)
  }
  return [
    ...[...byLicence].map(([value, entry]) => ['license', value, entry.label, entry.datasets, JSON.stringify(entry.variants.sort())]),
    ...groups.map(([name, title, count]) => ['group', name, title, count, JSON.stringify([name])]),
    ...[...folded].map(([key, entry]) => ['tag', key, entry.label, entry.datasets, JSON.stringify(entry.variants.sort())]),
  ]
}

/** The portal's format rows: the organization rows added up (each dataset has one organization at most). */
function portalFormatRows(organizationRows: unknown[][]): unknown[][] {
  const byFormat = new Map<string, [resources: number, datasets: number]>()
  for (const [, , format, resources, datasetCount] of organizationRows) {
    const sum = byFormat.get(String(format)) ?? [0, 0]
    byFormat.set(String(format), [sum[0] + Number(resources), sum[1] + Number(datasetCount)])
  }
  return [...byFormat].map(([format, [resources, datasetCount]]) => ['portal', '', format, resources, datasetCount])
}

/**
 * Inserts of aggregated rows, each taking the id of the rollup run written first in the same batch (the batch holds
 * the write lock, so the portal's newest run is that one).
 */
function insertStatements(db: Database, portalId: string, table: string, columns: string[], rows: unknown[][]): RawStatement[] {
  const width = columns.length
  const perStatement = Math.max(1, Math.floor((maxBoundParams(db) - 1) / width))
  const statements: RawStatement[] = []
  for (let at = 0; at < rows.length; at += perStatement) {
    const part = rows.slice(at, at + perStatement)
    const values = part.map(() => `(${Array(width).fill('?').join(',')})`).join(',')
    const picked = columns.map((_, index) => `column${index + 1}`).join(', ')
    statements.push({
      sql: `INSERT INTO ${table} (rollup_id, ${columns.join(', ')})
        SELECT (SELECT max(id) FROM rollup_run WHERE portal_id = ?), ${picked} FROM (VALUES ${values})`,
      args: [portalId, ...(part.flat() as RawStatement['args'])],
    })
  }
  return statements
}

export type RollupRefresh = { rollupId: number; datasets: number; reanalysed: number; publishersChanged: number; ms: number }

/** The organizations and regions of these datasets as stored now. */
async function scopesOf(db: Database, keys: number[]): Promise<TouchedScopes> {
  let touched = noScopes()
  for (let index = 0; index < keys.length; index += REANALYSE_SCOPE_CHUNK) {
    const part = JSON.stringify(keys.slice(index, index + REANALYSE_SCOPE_CHUNK))
    const [row] = await readRaw(db, {
      sql: `SELECT json_group_array(DISTINCT d.organization_id), max(d.organization_id IS NULL),
          (SELECT json_group_array(DISTINCT x.region_id) FROM dataset_region x WHERE x.dataset_key IN (SELECT value FROM json_each(?)))
        FROM dataset d WHERE d.key IN (SELECT value FROM json_each(?))`,
      args: [part, part],
    })
    const organizations = (JSON.parse(String(row?.[0] ?? '[]')) as Array<string | null>).filter((id): id is string => id !== null)
    const regions = JSON.parse(String(row?.[2] ?? '[]')) as string[]
    touched = mergeScopes(touched, { organizations, regions, withoutOrganization: Number(row?.[1] ?? 0) === 1 })
  }
  return touched
}
const REANALYSE_SCOPE_CHUNK = 10_000

/**
 * Brings one portal's analysis up to date and writes its rollups:
 * 1. datasets not analysed yet (stored before analysis existed) are analysed from their rows;
 * 2. datasets with a link-checked URL are re-scored with the checks (those stored by `harvestRunId`, or all);
 * 3. organizations are merged into publishers across portals;
 * 4. the rollups are aggregated with reads, then written with their run in one batch.
 *
 * With `touched` (what an incremental harvest wrote), only the portal's own figures and the organization and region
 * scopes named there are aggregated again; every other scope's rows are taken over from the portal's latest rollup,
 * so the new rollup is whole and equals a full refresh. Without an earlier rollup everything is aggregated.
 */
export async function refreshRollups(
  db: Database,
  portalId: string,
  options: { harvestRunId?: number | null; now?: Date; touched?: TouchedScopes } = {},
): Promise<RollupRefresh> {
  const started = Date.now()
  // The score columns are written together, so a missing scaled score (an index seek) finds the unanalysed.
  const unanalysed = await db
    .select({ key: datasets.key })
    .from(datasets)
    .where(and(eq(datasets.portalId, portalId), isNull(datasets.qualityScaled), isNull(datasets.deletedAt)))
  const seen = options.harvestRunId ? sql`AND d.last_seen_run = ${options.harvestRunId}` : sql``
  const [anyCheck] = await db.all<{ one: number }>(sql`SELECT 1 AS one FROM link_check LIMIT 1`)
  const checked = anyCheck
    ? await db.all<{ key: number }>(sql`SELECT DISTINCT d.key FROM dataset d JOIN resource r ON r.dataset_key = d.key
        WHERE d.portal_id = ${portalId} AND d.deleted_at IS NULL ${seen}
          AND (EXISTS (SELECT 1 FROM link_check l WHERE l.url = r.url) OR EXISTS (SELECT 1 FROM link_check l WHERE l.url = r.download_url))`)
    : []
  const keys = [...new Set([...unanalysed.map((row) => row.key), ...checked.map((row) => row.key)])]
  const reanalysed = await reanalyseDatasets(db, keys)
  const publishersChanged = await mergePublishers(db)

  let scope: RefreshScope = { all: true }
  if (options.touched) {
    const [latest] = await readRaw(db, { sql: 'SELECT max(id) FROM rollup_run WHERE portal_id = ?', args: [portalId] })
    const previousId = latest?.[0]
    // Re-scored datasets changed too: their scopes are aggregated again with the harvest's.
    if (previousId !== null && previousId !== undefined) {
      scope = { all: false, previousId: Number(previousId), touched: keys.length ? mergeScopes(options.touched, await scopesOf(db, keys)) : options.touched }
    }
  }

  // Aggregated first, with reads only; then the run and all its rows in one short batch, so that the write lock is
  // held for milliseconds and readers see a rollup whole or not at all.
  const queries = rollupQueries(portalId, scope)
  const rowsByQuery: unknown[][][] = []
  for (const query of queries) {
    const rows = await readRaw(db, { sql: query.sql, args: query.args })
    if (query.previous) rows.push(...(await readRaw(db, query.previous)))
    rowsByQuery.push(rows)
  }
  const portalRow = rowsByQuery[0]?.[0]
  const datasetCount = Number(portalRow?.[2] ?? 0)
  const statements: RawStatement[] = [
    {
      sql: 'INSERT INTO rollup_run (portal_id, harvest_run_id, created_at, datasets, ms) VALUES (?, ?, ?, ?, ?)',
      args: [portalId, options.harvestRunId ?? null, (options.now ?? new Date()).getTime(), datasetCount, Date.now() - started],
    },
  ]
  queries.forEach((query, index) => statements.push(...insertStatements(db, portalId, query.table, query.columns, rowsByQuery[index]!)))
  statements.push(...insertStatements(db, portalId, 'rollup_facet', FACET_COLUMNS, await facetRows(db, portalId)))
  statements.push(...insertStatements(db, portalId, 'rollup_format', queries[3]!.columns, portalFormatRows(rowsByQuery[3]!)))
  await runRawBatch(db, statements)
  const [saved] = await db
    .select({ id: rollupRuns.id, datasets: rollupRuns.datasets })
    .from(rollupRuns)
    .where(eq(rollupRuns.portalId, portalId))
    .orderBy(desc(rollupRuns.id))
    .limit(1)
  return { rollupId: saved!.id, datasets: saved?.datasets ?? 0, reanalysed, publishersChanged, ms: Date.now() - started }
}

/** Refreshes every portal that holds datasets (after a migration, or from the CLI). */
export async function refreshAllRollups(db: Database): Promise<RollupRefresh[]> {
  const withDatasets = await db.all<{ id: string }>(sql`SELECT id FROM portal p WHERE EXISTS (SELECT 1 FROM dataset d WHERE d.portal_id = p.id)`)
  const out: RollupRefresh[] = []
  for (const { id } of withDatasets) out.push(await refreshRollups(db, id))
  return out
}

/**
 * Portals that hold datasets but no rollups yet (a snapshot stored before analysis existed, such as a demo catalogue
 * that is never harvested again): analysed and rolled up once. Cheap to ask every scheduler tick.
 */
export async function refreshMissingRollups(db: Database): Promise<RollupRefresh[]> {
  const missing = await db.all<{ id: string }>(sql`SELECT id FROM portal i
    WHERE NOT EXISTS (SELECT 1 FROM rollup_run r WHERE r.portal_id = i.id) AND EXISTS (SELECT 1 FROM dataset d WHERE d.portal_id = i.id)`)
  const out: RollupRefresh[] = []
  for (const { id } of missing) out.push(await refreshRollups(db, id))
  return out
}

function parseObject(text: string | null): Record<string, unknown> | null {
  if (!text) return null
  try {
    const value: unknown = JSON.parse(text)
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null
  } catch {
    return null
  }
}

/** Recomputes every organization's publisher id across all portals; returns how many changed. */
export async function mergePublishers(db: Database): Promise<number> {
  const rows = await db.all<{ id: string; title: string; country: string | null; extra: string | null; publisher_id: string | null }>(
    sql`SELECT o.id, o.title, i.country, o.extra, o.publisher_id FROM organization o JOIN portal i ON i.id = o.portal_id`,
  )
  const ids = publisherIds(
    rows.map((row) => {
      return { id: row.id, title: row.title, country: row.country, extra: parseObject(row.extra) }
    }),
  )
  const changed = rows.filter((row) => ids.get(row.id) !== row.publisher_id).map((row) => [row.id, ids.get(row.id)!] as const)
  const perStatement = Math.max(1, Math.floor(maxBoundParams(db) / 2))
  const statements: RawStatement[] = []
  for (let at = 0; at < changed.length; at += perStatement) {
    const part = changed.slice(at, at + perStatement)
    statements.push({
      sql: `UPDATE organization SET publisher_id = v.column2 FROM (VALUES ${part.map(() => '(?,?)').join(',')}) AS v WHERE organization.id = v.column1`,
      args: part.flat(),
    })
  }
  await runRawBatch(db, statements)
  return changed.length
}
