import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client.server.ts'
import { bandOf, MQA_INDICATORS, type Band, type IndicatorId, type QualityScore } from '../../lib/domain/mqa.ts'
import { findRegion } from '../../lib/domain/region-lookup.ts'
import { scoreDataset } from '../analysis/mqa-score.server.ts'
import { portalWatch } from '../analysis/portal-watch.server.ts'
import { datasetFilter, ids, LIST_COLUMNS, listItem, portalsOf, qualityRows, round, scopeOf, totalsOf, type DatasetListItem, type DatasetListRow, type QualityTotals } from './analysis-scope.server.ts'
import type { AnalysisFilters } from '../../lib/domain/analysis-filters.ts'
import { loadStoredDatasets } from './stored-analysis.server.ts'

// What the quality router reads: the MQA summary of a scope, the worst datasets, one dataset's breakdown.

export type QualitySummary = QualityTotals & {
  byPortal: Array<{ instanceId: string; name: string; isDemo: boolean; datasets: number; averageScore: number | null; band: Band | null; asOf: Date }>
  trend: Array<{ instanceId: string; at: Date; datasets: number; averageScore: number | null }>
  asOf: Date | null
}

export async function qualitySummary(db: Database, filters: AnalysisFilters): Promise<QualitySummary> {
  const portals = await portalsOf(db, filters.portalIds)
  const scope = await scopeOf(db, filters)
  const rows = await qualityRows(db, portals, scope)
  const rowByPortal = new Map(rows.map((row) => [row.portal_id, row]))
  const trend =
    scope.scope === 'live' || portals.length === 0
      ? []
      : await db.all<{ portal_id: string; created_at: number; datasets: number; scaled: number }>(sql`
          SELECT r.portal_id, r.created_at, sum(q.datasets) AS datasets, total(q.scaled) AS scaled
          FROM rollup_run r JOIN rollup_quality q ON q.rollup_id = r.id
          WHERE r.portal_id IN (${ids(portals.map((p) => p.id))}) AND q.scope = ${scope.scope} AND q.scope_id IN (${ids(scope.scopeIds)})
          GROUP BY r.id ORDER BY r.id DESC LIMIT 500`)
  return {
    ...totalsOf(rows),
    byPortal: portals.map((portal) => {
      const row = rowByPortal.get(portal.id)
      const averageScore = row && row.datasets ? Math.round(row.scaled / row.datasets) : null
      return { instanceId: portal.id, name: portal.name, isDemo: portal.isDemo, datasets: row?.datasets ?? 0, averageScore, band: averageScore === null ? null : bandOf(averageScore), asOf: portal.at }
    }),
    trend: trend
      .map((row) => ({ instanceId: row.portal_id, at: new Date(row.created_at), datasets: row.datasets, averageScore: row.datasets ? Math.round(row.scaled / row.datasets) : null }))
      .reverse(),
    asOf: portals.length ? new Date(Math.max(...portals.map((p) => p.at.getTime()))) : null,
  }
}

/** The lowest-scoring datasets, with what they fail, worst first. */
export async function worstDatasets(db: Database, filters: AnalysisFilters & { limit: number }): Promise<Array<DatasetListItem & { failed: IndicatorId[] }>> {
  const portals = await portalsOf(db, filters.portalIds)
  if (portals.length === 0) return []
  const where = await datasetFilter(db, portals, filters)
  const rows = await db.all<DatasetListRow & { quality_failed: number | null }>(sql`
    SELECT ${LIST_COLUMNS}, d.quality_failed FROM dataset d WHERE ${where} AND d.quality_scaled IS NOT NULL
    ORDER BY d.quality_scaled, d.key LIMIT ${filters.limit}`)
  return rows.map((row) => ({ ...listItem(row), failed: MQA_INDICATORS.filter((_, bit) => ((row.quality_failed ?? 0) >> bit) & 1).map((item) => item.id) }))
}

export type DatasetQuality = {
  id: string
  title: string
  instanceId: string
  score: QualityScore
  portalWatch: ReturnType<typeof portalWatch>
  regions: Array<{ id: string; level: 'cz-kraj' | 'country'; nameEn: string; nameCs: string }>
  centroid: [number, number] | null
  hasExtent: boolean
}

/** The indicator-by-indicator breakdown of one dataset's score, recomputed from its stored rows. */
export async function datasetQuality(db: Database, id: string): Promise<DatasetQuality | null> {
  const [row] = await db.all<{ key: number; id: string; title: string; portal_id: string }>(sql`SELECT key, id, title, portal_id FROM dataset WHERE id = ${id}`)
  if (!row) return null
  const [stored] = await loadStoredDatasets(db, [row.key])
  if (!stored) return null
  const regions = await db.all<{ region_id: string }>(sql`SELECT region_id FROM dataset_region WHERE dataset_key = ${row.key} ORDER BY region_id`)
  const bbox = stored.extent?.bbox
  return {
    id: row.id,
    title: row.title,
    instanceId: row.portal_id,
    score: scoreDataset(stored.input),
    portalWatch: portalWatch(stored.input),
    regions: regions.flatMap((region) => {
      const ref = findRegion(region.region_id)
      return ref ? [ref] : []
    }),
    centroid: bbox ? [round((bbox[0] + bbox[2]) / 2, 5), round((bbox[1] + bbox[3]) / 2, 5)] : null,
    hasExtent: stored.extent !== null,
  }
}
