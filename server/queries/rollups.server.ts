import { and, eq, isNull, sql } from 'drizzle-orm'
import { maxBoundParams, runRawBatch, type Database, type RawStatement } from '../../db/client.server.ts'
import { datasets } from '../../db/schema/dataset.ts'
import { rollupRuns } from '../../db/schema/rollup.ts'
import { publisherIds } from '../analysis/publishers.server.ts'
import { BAND_MIN, MQA_INDICATORS, MQA_MAX } from '../../lib/domain/mqa.ts'
import { reanalyseDatasets } from './stored-analysis.server.ts'

// Rollups: one portal's snapshot aggregated by portal, organization and region, written at the end of each harvest
// (and after the demo catalogue or an import is stored). Pages and the API read these few rows instead of scanning
// the catalogue; every refresh is kept, so a portal's rollups over time are its trend. The aggregation runs inside
// SQLite (INSERT … SELECT), so the same statements work on libSQL and D1 without moving rows through JavaScript.
// Each refresh also merges organizations into publishers (server/analysis/publishers.server.ts has the rules).

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

function rollupStatements(rollupId: number, portalId: string): RawStatement[] {
  const args = [rollupId, portalId]
  return [
    { sql: `INSERT INTO rollup_quality (${QUALITY_COLUMNS}) SELECT ?, 'portal', '', ${QUALITY_AGGREGATES} FROM dataset d WHERE ${LIVE}`, args },
    {
      sql: `INSERT INTO rollup_quality (${QUALITY_COLUMNS}) SELECT ?, 'organization', d.organization_id, ${QUALITY_AGGREGATES}
        FROM dataset d WHERE ${LIVE} AND d.organization_id IS NOT NULL GROUP BY d.organization_id`,
      args,
    },
    {
      sql: `INSERT INTO rollup_quality (${QUALITY_COLUMNS}) SELECT ?, 'region', rg.region_id, ${QUALITY_AGGREGATES}
        FROM dataset d JOIN dataset_region rg ON rg.dataset_key = d.key WHERE ${LIVE} GROUP BY rg.region_id`,
      args,
    },
    // Formats per organization, datasets without one under the scope id '' (no organization id is empty); a dataset
    // has one organization at most, so the portal's figures are these rows added up, without a second scan.
    {
      sql: `INSERT INTO rollup_format (rollup_id, scope, scope_id, format, resources, datasets)
        SELECT ?, 'organization', coalesce(d.organization_id, ''), r.canonical_format, count(*), count(DISTINCT r.dataset_key)
        FROM dataset d JOIN resource r ON r.dataset_key = d.key WHERE ${LIVE}
        GROUP BY coalesce(d.organization_id, ''), r.canonical_format`,
      args,
    },
    {
      sql: `INSERT INTO rollup_format (rollup_id, scope, scope_id, format, resources, datasets)
        SELECT rollup_id, 'portal', '', format, sum(resources), sum(datasets) FROM rollup_format
        WHERE rollup_id = ? AND scope = 'organization' GROUP BY format`,
      args: [rollupId],
    },
    {
      sql: `INSERT INTO rollup_format (rollup_id, scope, scope_id, format, resources, datasets)
        SELECT ?, 'region', rg.region_id, r.canonical_format, count(*), count(DISTINCT r.dataset_key)
        FROM dataset d JOIN dataset_region rg ON rg.dataset_key = d.key JOIN resource r ON r.dataset_key = d.key
        WHERE ${LIVE} GROUP BY rg.region_id, r.canonical_format`,
      args,
    },
    {
      sql: `INSERT INTO rollup_raw_format (rollup_id, format, raw, resources)
        SELECT ?, r.canonical_format, coalesce(r.format, ''), count(*)
        FROM dataset d JOIN resource r ON r.dataset_key = d.key WHERE ${LIVE} GROUP BY r.canonical_format, coalesce(r.format, '')`,
      args,
    },
    {
      sql: `INSERT INTO rollup_region_organization (rollup_id, region_id, organization_id, datasets)
        SELECT ?, rg.region_id, d.organization_id, count(*)
        FROM dataset d JOIN dataset_region rg ON rg.dataset_key = d.key WHERE ${LIVE} AND d.organization_id IS NOT NULL
        GROUP BY rg.region_id, d.organization_id`,
      args,
    },
  ]
}

export type RollupRefresh = { rollupId: number; datasets: number; reanalysed: number; publishersChanged: number; ms: number }

/**
 * Brings one portal's analysis up to date and writes its rollups:
 * 1. datasets not analysed yet (stored before analysis existed) are analysed from their rows;
 * 2. datasets with a link-checked URL are re-scored with the checks (those stored by `harvestRunId`, or all);
 * 3. organizations are merged into publishers across portals;
 * 4. the rollups are aggregated in one batch.
 */
export async function refreshRollups(db: Database, portalId: string, options: { harvestRunId?: number | null; now?: Date } = {}): Promise<RollupRefresh> {
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

  const [run] = await db
    .insert(rollupRuns)
    .values({ portalId, harvestRunId: options.harvestRunId ?? null, createdAt: options.now ?? new Date(), datasets: 0 })
    .returning({ id: rollupRuns.id })
  const rollupId = run!.id
  await runRawBatch(db, [
    ...rollupStatements(rollupId, portalId),
    {
      sql: `UPDATE rollup_run SET datasets = (SELECT datasets FROM rollup_quality WHERE rollup_id = ? AND scope = 'portal'), ms = ? WHERE id = ?`,
      args: [rollupId, Date.now() - started, rollupId],
    },
  ])
  const [saved] = await db.select({ datasets: rollupRuns.datasets }).from(rollupRuns).where(eq(rollupRuns.id, rollupId))
  return { rollupId, datasets: saved?.datasets ?? 0, reanalysed, publishersChanged, ms: Date.now() - started }
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
