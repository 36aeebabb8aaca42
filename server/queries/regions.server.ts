import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client.server.ts'
import { CZ_KRAJE } from '../../lib/domain/cz-kraje.ts'
import { bandOf, type Band } from '../../lib/domain/mqa.ts'
import { findRegion } from '../../lib/domain/region-lookup.ts'
import { datasetFilter, ids, LIST_COLUMNS, listItem, portalsOf, qualityRows, totalsOf, type DatasetListItem, type DatasetListRow } from './analysis-scope.server.ts'
import { formatsSummary, type FormatsSummary } from './formats.server.ts'
import { qualitySummary, type QualitySummary } from './quality.server.ts'

// What the regions router reads: datasets and quality per kraj or country, and one region in detail.

export type RegionLevel = 'cz-kraj' | 'country'

export type RegionsSummary = {
  level: RegionLevel
  datasets: number
  noExtent: number
  placed: number
  /** Datasets with an extent that no region of this level holds a quarter of (wider than any region, or at sea). */
  unplaced: number
  regions: Array<{ id: string; nameEn: string; nameCs: string; datasets: number; averageScore: number | null; band: Band | null }>
  asOf: Date | null
}

export async function regionsSummary(db: Database, input: { level: RegionLevel; instanceIds?: string[] | undefined }): Promise<RegionsSummary> {
  const portals = await portalsOf(db, input.instanceIds)
  const totals = totalsOf(await qualityRows(db, portals, { scope: 'portal', scopeIds: [''] }))
  const length = input.level === 'cz-kraj' ? 5 : 2
  const rows = portals.length
    ? await db.all<{ scope_id: string; datasets: number; scaled: number }>(sql`
        SELECT scope_id, sum(datasets) AS datasets, total(scaled) AS scaled FROM rollup_quality
        WHERE rollup_id IN (${ids(portals.map((p) => p.rollupId))}) AND scope = 'region' AND length(scope_id) = ${length}
        GROUP BY scope_id`)
    : []
  const byId = new Map(rows.map((row) => [row.scope_id, row]))
  const known = input.level === 'cz-kraj' ? CZ_KRAJE.map((kraj) => kraj.id as string) : [...byId.keys()]
  const placed = input.level === 'cz-kraj' ? totals.inKraj : totals.inCountry
  return {
    level: input.level,
    datasets: totals.datasets,
    noExtent: totals.noExtent,
    placed,
    unplaced: totals.datasets - totals.noExtent - placed,
    regions: known
      .flatMap((regionId) => {
        const ref = findRegion(regionId)
        if (!ref) return []
        const row = byId.get(regionId)
        const averageScore = row && row.datasets ? Math.round(row.scaled / row.datasets) : null
        return [{ id: regionId, nameEn: ref.nameEn, nameCs: ref.nameCs, datasets: row?.datasets ?? 0, averageScore, band: averageScore === null ? null : bandOf(averageScore) }]
      })
      .sort((a, b) => b.datasets - a.datasets || a.id.localeCompare(b.id)),
    asOf: portals.length ? new Date(Math.max(...portals.map((p) => p.at.getTime()))) : null,
  }
}

export type RegionDetail = {
  id: string
  level: RegionLevel
  nameEn: string
  nameCs: string
  quality: QualitySummary
  formats: FormatsSummary
  publishers: Array<{ id: string; title: string; datasets: number }>
  items: DatasetListItem[]
  page: number
  pageSize: number
}

export async function regionById(db: Database, id: string, options: { instanceIds?: string[] | undefined; page: number; pageSize: number }): Promise<RegionDetail | null> {
  const ref = findRegion(id)
  if (!ref) return null
  const filters = { instanceIds: options.instanceIds, regionId: id }
  const portals = await portalsOf(db, options.instanceIds)
  const [quality, formats] = await Promise.all([qualitySummary(db, filters), formatsSummary(db, filters)])
  const publishers = portals.length
    ? await db.all<{ id: string; title: string; datasets: number }>(sql`
        SELECT coalesce(o.publisher_id, o.id) AS id, min(o.title) AS title, sum(x.datasets) AS datasets
        FROM rollup_region_organization x JOIN organization o ON o.id = x.organization_id
        WHERE x.rollup_id IN (${ids(portals.map((p) => p.rollupId))}) AND x.region_id = ${id}
        GROUP BY coalesce(o.publisher_id, o.id) ORDER BY datasets DESC, id LIMIT 20`)
    : []
  const where = await datasetFilter(db, portals, { instanceIds: options.instanceIds })
  // Walks the region's index backwards (newest stored first) and stops at the page.
  const items = portals.length
    ? await db.all<DatasetListRow>(sql`
        SELECT ${LIST_COLUMNS} FROM dataset_region x CROSS JOIN dataset d ON d.key = x.dataset_key
        WHERE x.region_id = ${id} AND ${where}
        ORDER BY x.dataset_key DESC LIMIT ${options.pageSize} OFFSET ${(options.page - 1) * options.pageSize}`)
    : []
  return { id, level: ref.level, nameEn: ref.nameEn, nameCs: ref.nameCs, quality, formats, publishers, items: items.map(listItem), page: options.page, pageSize: options.pageSize }
}
