import { sql, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client.server.ts'
import { bandOf, DIMENSION_MAX, DIMENSIONS, MQA_INDICATORS, type Band, type Dimension, type IndicatorId } from '../../lib/domain/mqa.ts'
import { QUALITY_AGGREGATES } from './rollups.server.ts'
import type { AnalysisFilters } from '../../lib/domain/analysis-filters.ts'

// What the analysis queries share (server/queries/quality, formats, publishers and regions). Summaries come from the
// latest rollups of each chosen portal (a few rows each), so they answer in milliseconds at any catalogue size; only
// combinations the rollups do not hold (an organization within a region) and lists of datasets query the snapshot
// itself.

export type Portal = { id: string; name: string; isDemo: boolean; rollupId: number; at: Date }

const DIMENSION_MAXIMA: ReadonlyArray<{ dimension: Dimension; max: number }> = DIMENSIONS.map((dimension) => ({ dimension, max: DIMENSION_MAX[dimension] }))

export const ids = (values: ReadonlyArray<string | number>): SQL => sql.join(values.map((value) => sql`${value}`), sql`, `)
export const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits

/** The chosen portals (default: all enabled ones) with their latest rollup. Portals never analysed are left out. */
export async function portalsOf(db: Database, portalIds: string[] | undefined): Promise<Portal[]> {
  const chosen = portalIds?.length ? sql`AND i.id IN (${ids(portalIds)})` : sql``
  const rows = await db.all<{ id: string; name: string; is_demo: number; rollup_id: number; created_at: number }>(sql`
    SELECT i.id, i.name, i.is_demo, r.id AS rollup_id, r.created_at FROM portal i
    JOIN rollup_run r ON r.id = (SELECT max(id) FROM rollup_run WHERE portal_id = i.id)
    WHERE i.enabled = 1 ${chosen} ORDER BY i.name`)
  return rows.map((row) => ({ id: row.id, name: row.name, isDemo: row.is_demo === 1, rollupId: row.rollup_id, at: new Date(row.created_at) }))
}

/** The organization ids a publisher id stands for (a merged publisher, or one organization by its own id). */
export async function membersOf(db: Database, publisherId: string): Promise<string[]> {
  const rows = await db.all<{ id: string }>(sql`SELECT id FROM organization WHERE publisher_id = ${publisherId} OR id = ${publisherId}`)
  return rows.map((row) => row.id)
}

export type Scope = { scope: 'portal' | 'organization' | 'region'; scopeIds: string[] } | { scope: 'live'; where: SQL }

export async function scopeOf(db: Database, filters: AnalysisFilters): Promise<Scope> {
  const members = filters.organizationId ? await membersOf(db, filters.organizationId) : null
  if (members && filters.regionId) {
    return {
      scope: 'live',
      where: members.length
        ? sql`d.organization_id IN (${ids(members)}) AND d.key IN (SELECT dataset_key FROM dataset_region WHERE region_id = ${filters.regionId})`
        : sql`0`,
    }
  }
  if (members) return { scope: 'organization', scopeIds: members }
  if (filters.regionId) return { scope: 'region', scopeIds: [filters.regionId] }
  return { scope: 'portal', scopeIds: [''] }
}

export type QualityRow = {
  portal_id: string
  datasets: number
  resources: number
  points: number
  max_reachable: number
  scaled: number
  findability: number
  accessibility: number
  interoperability: number
  reusability: number
  contextuality: number
  pw_existence: number
  pw_conformance: number
  pw_openness: number
  excellent: number
  good: number
  sufficient: number
  bad: number
  partial: number
  failed: string
  no_extent: number
  in_kraj: number
  in_country: number
}

const QUALITY_SELECT = sql.raw(`sum(q.datasets) AS datasets, sum(q.resources) AS resources, total(q.points) AS points, total(q.max_reachable) AS max_reachable,
  total(q.scaled) AS scaled, total(q.findability) AS findability, total(q.accessibility) AS accessibility, total(q.interoperability) AS interoperability,
  total(q.reusability) AS reusability, total(q.contextuality) AS contextuality, total(q.pw_existence) AS pw_existence, total(q.pw_conformance) AS pw_conformance,
  total(q.pw_openness) AS pw_openness, sum(q.excellent) AS excellent, sum(q.good) AS good, sum(q.sufficient) AS sufficient, sum(q.bad) AS bad,
  sum(q.partial) AS partial, json_group_array(json(q.failed)) AS failed, sum(q.no_extent) AS no_extent, sum(q.in_kraj) AS in_kraj, sum(q.in_country) AS in_country`)

const LIVE_QUALITY_ALIASES =
  'datasets, resources, points, max_reachable, scaled, findability, accessibility, interoperability, reusability, contextuality, ' +
  'pw_existence, pw_conformance, pw_openness, excellent, good, sufficient, bad, partial, failed, no_extent, in_kraj, in_country'

/** Quality rows per portal for a scope: summed rollup rows, or the same aggregates computed live. */
export async function qualityRows(db: Database, portals: Portal[], scope: Scope): Promise<QualityRow[]> {
  if (portals.length === 0) return []
  if (scope.scope === 'live') {
    // The same aggregates the rollups store, named so the rows read alike.
    const aliases = LIVE_QUALITY_ALIASES.split(', ')
    return db.all<QualityRow>(sql`
      SELECT d.portal_id, ${sql.raw(qualityAggregatesAs(aliases))}
      FROM dataset d WHERE d.portal_id IN (${ids(portals.map((p) => p.id))}) AND d.deleted_at IS NULL AND ${scope.where}
      GROUP BY d.portal_id`)
  }
  return db.all<QualityRow>(sql`
    SELECT r.portal_id, ${QUALITY_SELECT} FROM rollup_quality q JOIN rollup_run r ON r.id = q.rollup_id
    WHERE q.rollup_id IN (${ids(portals.map((p) => p.rollupId))}) AND q.scope = ${scope.scope} AND q.scope_id IN (${ids(scope.scopeIds)})
    GROUP BY r.portal_id`)
}

function qualityAggregatesAs(aliases: string[]): string {
  return splitTopLevel(QUALITY_AGGREGATES)
    .map((expression, index) => `${expression} AS ${aliases[index]}`)
    .join(', ')
}

/** Splits a SQL select list at the commas that are not inside parentheses. */
function splitTopLevel(list: string): string[] {
  const out: string[] = []
  let depth = 0
  let start = 0
  for (let index = 0; index < list.length; index++) {
    const char = list[index]
    if (char === '(') depth++
    else if (char === ')') depth--
    else if (char === ',' && depth === 0) {
      out.push(list.slice(start, index).trim())
      start = index + 1
    }
  }
  out.push(list.slice(start).trim())
  return out
}

/** Adds up the failed-indicator arrays of several rows (each a JSON array, or an array of them). */
function failedCounts(rows: QualityRow[]): number[] {
  const counts = MQA_INDICATORS.map(() => 0)
  const add = (value: unknown) => {
    if (!Array.isArray(value)) return
    if (value.length && Array.isArray(value[0])) {
      for (const item of value) add(item)
      return
    }
    value.forEach((n, index) => {
      if (typeof n === 'number' && index < counts.length) counts[index]! += n
    })
  }
  for (const row of rows) {
    try {
      add(JSON.parse(row.failed))
    } catch {
      // A malformed row adds nothing.
    }
  }
  return counts
}

export type QualityTotals = {
  datasets: number
  resources: number
  averageScore: number | null
  band: Band | null
  averagePoints: number | null
  averageMaxReachable: number | null
  bands: Record<Band, number>
  partial: number
  dimensions: Array<{ dimension: Dimension; average: number | null; max: number }>
  portalWatch: { existence: number | null; conformance: number | null; openness: number | null }
  mostFailed: Array<{ indicator: IndicatorId; dimension: Dimension; weight: number; failed: number; share: number }>
  noExtent: number
  inKraj: number
  inCountry: number
}

export function totalsOf(rows: QualityRow[]): QualityTotals {
  const sum = (pick: (row: QualityRow) => number) => rows.reduce((total, row) => total + (pick(row) ?? 0), 0)
  const datasets = sum((row) => row.datasets)
  const avg = (pick: (row: QualityRow) => number, digits = 1) => (datasets ? round(sum(pick) / datasets, digits) : null)
  const averageScore = avg((row) => row.scaled, 0)
  const failed = failedCounts(rows)
  return {
    datasets,
    resources: sum((row) => row.resources),
    averageScore,
    band: averageScore === null ? null : bandOf(averageScore),
    averagePoints: avg((row) => row.points),
    averageMaxReachable: avg((row) => row.max_reachable),
    bands: { excellent: sum((row) => row.excellent), good: sum((row) => row.good), sufficient: sum((row) => row.sufficient), bad: sum((row) => row.bad) },
    partial: sum((row) => row.partial),
    dimensions: DIMENSION_MAXIMA.map(({ dimension, max }) => ({ dimension, max, average: avg((row) => row[dimension]) })),
    portalWatch: { existence: avg((row) => row.pw_existence, 3), conformance: avg((row) => row.pw_conformance, 3), openness: avg((row) => row.pw_openness, 3) },
    mostFailed: MQA_INDICATORS.map((indicator, index) => ({
      indicator: indicator.id,
      dimension: indicator.dimension,
      weight: indicator.weight,
      failed: failed[index] ?? 0,
      share: datasets ? round((failed[index] ?? 0) / datasets, 3) : 0,
    }))
      .filter((item) => item.failed > 0)
      .sort((a, b) => b.failed - a.failed || b.weight - a.weight),
    noExtent: sum((row) => row.no_extent),
    inKraj: sum((row) => row.in_kraj),
    inCountry: sum((row) => row.in_country),
  }
}

export type DatasetListItem = { id: string; title: string; instanceId: string; organizationTitle: string | null; score: number | null; band: Band | null; modified: Date | null }

export type DatasetListRow = { id: string; title: string; portal_id: string; organization_title: string | null; quality_scaled: number | null; metadata_modified: number | null }

export function listItem(row: DatasetListRow): DatasetListItem {
  return {
    id: row.id,
    title: row.title,
    instanceId: row.portal_id,
    organizationTitle: row.organization_title,
    score: row.quality_scaled,
    band: row.quality_scaled === null ? null : bandOf(row.quality_scaled),
    modified: row.metadata_modified === null ? null : new Date(row.metadata_modified),
  }
}

export const LIST_COLUMNS = sql`d.id, d.title, d.portal_id, (SELECT title FROM organization o WHERE o.id = d.organization_id) AS organization_title, d.quality_scaled, d.metadata_modified`

export async function datasetFilter(db: Database, portals: Portal[], filters: AnalysisFilters): Promise<SQL> {
  const parts = [sql`d.deleted_at IS NULL`, portals.length ? sql`d.portal_id IN (${ids(portals.map((p) => p.id))})` : sql`0`]
  if (filters.organizationId) {
    const members = await membersOf(db, filters.organizationId)
    parts.push(members.length ? sql`d.organization_id IN (${ids(members)})` : sql`0`)
  }
  if (filters.regionId) parts.push(sql`d.key IN (SELECT dataset_key FROM dataset_region WHERE region_id = ${filters.regionId})`)
  return sql.join(parts, sql` AND `)
}
