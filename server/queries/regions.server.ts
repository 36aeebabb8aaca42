import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client.server.ts'
import { CZ_KRAJE } from '../../lib/domain/cz-kraje.ts'
import { formatInfo, isMachineReadable } from '../../lib/domain/formats.ts'
import { CANONICAL_FORMATS, type CanonicalFormat } from '../../lib/domain/canonical-formats.ts'
import { bandOf, type Band } from '../../lib/domain/mqa.ts'
import { findRegion } from '../../lib/domain/region-lookup.ts'
import { datasetFilter, ids, LIST_COLUMNS, listItem, portalsOf, qualityRows, round, totalsOf, type DatasetListItem, type DatasetListRow } from './analysis-scope.server.ts'
import { formatsSummary, type FormatsSummary } from './formats.server.ts'
import { qualitySummary, type QualitySummary } from './quality.server.ts'

// What the regions router reads: datasets and quality per kraj or country, and one region in detail.

export type RegionLevel = 'cz-kraj' | 'country'

/** How many formats a region lists, the most used (by datasets) first. */
export const REGION_TOP_FORMATS = 5

export type RegionSummary = {
  id: string
  nameEn: string
  nameCs: string
  datasets: number
  averageScore: number | null
  band: Band | null
  /** The region's resources, and the share of them in a machine-readable format (null: no resources). */
  resources: number
  machineReadableShare: number | null
  /** Known canonical formats by the number of the region's datasets with a resource in them, most first. */
  topFormats: Array<{ format: CanonicalFormat; label: string; datasets: number }>
}

export type RegionsSummary = {
  level: RegionLevel
  datasets: number
  noExtent: number
  placed: number
  /** Datasets with an extent that no region of this level holds a quarter of (wider than any region, or at sea). */
  unplaced: number
  regions: RegionSummary[]
  asOf: Date | null
}

type RegionFormatRow = { scope_id: string; format: string; resources: number; datasets: number }
type RegionFormats = Pick<RegionSummary, 'resources' | 'machineReadableShare' | 'topFormats'>

/** Per region: its resources, the machine-readable share of them and its most used formats, from rollup_format rows. */
function regionFormats(rows: RegionFormatRow[]): Map<string, RegionFormats> {
  const byRegion = new Map<string, RegionFormatRow[]>()
  for (const row of rows) byRegion.set(row.scope_id, [...(byRegion.get(row.scope_id) ?? []), row])
  const known = new Set<string>(CANONICAL_FORMATS)
  const out = new Map<string, RegionFormats>()
  for (const [regionId, own] of byRegion) {
    const formats = own.filter((row) => known.has(row.format)).map((row) => ({ ...row, format: row.format as CanonicalFormat }))
    const resources = own.reduce((total, row) => total + row.resources, 0)
    const readable = formats.filter((row) => isMachineReadable(row.format)).reduce((total, row) => total + row.resources, 0)
    out.set(regionId, {
      resources,
      machineReadableShare: resources ? round(readable / resources, 4) : null,
      topFormats: formats
        .filter((row) => row.format !== 'unknown')
        .sort((a, b) => b.datasets - a.datasets || b.resources - a.resources || a.format.localeCompare(b.format))
        .slice(0, REGION_TOP_FORMATS)
        .map((row) => ({ format: row.format, label: formatInfo(row.format).label, datasets: row.datasets })),
    })
  }
  return out
}

export async function regionsSummary(db: Database, input: { level: RegionLevel; portalIds?: string[] | undefined }): Promise<RegionsSummary> {
  const portals = await portalsOf(db, input.portalIds)
  const totals = totalsOf(await qualityRows(db, portals, { scope: 'portal', scopeIds: [''] }))
  const length = input.level === 'cz-kraj' ? 5 : 2
  const rollups = portals.length ? ids(portals.map((p) => p.rollupId)) : null
  const [rows, formatRows] = rollups
    ? await Promise.all([
        db.all<{ scope_id: string; datasets: number; scaled: number }>(sql`
          SELECT scope_id, sum(datasets) AS datasets, total(scaled) AS scaled FROM rollup_quality
          WHERE rollup_id IN (${rollups}) AND scope = 'region' AND length(scope_id) = ${length}
          GROUP BY scope_id`),
        // Per-format rows of each region; portals' datasets are disjoint, so their counts add up.
        db.all<RegionFormatRow>(sql`
          SELECT scope_id, format, sum(resources) AS resources, sum(datasets) AS datasets FROM rollup_format
          WHERE rollup_id IN (${rollups}) AND scope = 'region' AND length(scope_id) = ${length}
          GROUP BY scope_id, format`),
      ])
    : [[], []]
  const byId = new Map(rows.map((row) => [row.scope_id, row]))
  const formatsById = regionFormats(formatRows)
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
        const formats = formatsById.get(regionId) ?? { resources: 0, machineReadableShare: null, topFormats: [] }
        return [{ id: regionId, nameEn: ref.nameEn, nameCs: ref.nameCs, datasets: row?.datasets ?? 0, averageScore, band: averageScore === null ? null : bandOf(averageScore), ...formats }]
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

export async function regionById(db: Database, id: string, options: { portalIds?: string[] | undefined; page: number; pageSize: number }): Promise<RegionDetail | null> {
  const ref = findRegion(id)
  if (!ref) return null
  const filters = { portalIds: options.portalIds, regionId: id }
  const portals = await portalsOf(db, options.portalIds)
  const [quality, formats] = await Promise.all([qualitySummary(db, filters), formatsSummary(db, filters)])
  const publishers = portals.length
    ? await db.all<{ id: string; title: string; datasets: number }>(sql`
        SELECT coalesce(o.publisher_id, o.id) AS id, min(o.title) AS title, sum(x.datasets) AS datasets
        FROM rollup_region_organization x JOIN organization o ON o.id = x.organization_id
        WHERE x.rollup_id IN (${ids(portals.map((p) => p.rollupId))}) AND x.region_id = ${id}
        GROUP BY coalesce(o.publisher_id, o.id) ORDER BY datasets DESC, id LIMIT 20`)
    : []
  const where = await datasetFilter(db, portals, { portalIds: options.portalIds })
  // Walks the region's index backwards (newest stored first) and stops at the page.
  const items = portals.length
    ? await db.all<DatasetListRow>(sql`
        SELECT ${LIST_COLUMNS} FROM dataset_region x CROSS JOIN dataset d ON d.key = x.dataset_key
        WHERE x.region_id = ${id} AND ${where}
        ORDER BY x.dataset_key DESC LIMIT ${options.pageSize} OFFSET ${(options.page - 1) * options.pageSize}`)
    : []
  return { id, level: ref.level, nameEn: ref.nameEn, nameCs: ref.nameCs, quality, formats, publishers, items: items.map(listItem), page: options.page, pageSize: options.pageSize }
}

export type RegionPoints = {
  /** The region's datasets (all have an extent: datasets are placed in regions by their extent). */
  total: number
  /** The newest `limit` of them: the centre of each extent, its quality band. */
  items: Array<{ id: string; title: string; lon: number; lat: number; band: Band | null }>
}

/** Where the region's datasets are: one point per dataset, the centre of its extent; newest stored first, at most `limit`. */
export async function regionPoints(db: Database, id: string, options: { portalIds?: string[] | undefined; limit: number }): Promise<RegionPoints | null> {
  if (!findRegion(id)) return null
  const portals = await portalsOf(db, options.portalIds)
  if (portals.length === 0) return { total: 0, items: [] }
  const totals = totalsOf(await qualityRows(db, portals, { scope: 'region', scopeIds: [id] }))
  const where = await datasetFilter(db, portals, { portalIds: options.portalIds })
  // The region's index backwards, as regionById's list: bounded by `limit`, whatever the region's size.
  const rows = await db.all<{ id: string; title: string; west: number; south: number; east: number; north: number; quality_scaled: number | null }>(sql`
    SELECT d.id, d.title, e.west, e.south, e.east, e.north, d.quality_scaled
    FROM dataset_region x CROSS JOIN dataset d ON d.key = x.dataset_key JOIN dataset_extent e ON e.dataset_key = d.key
    WHERE x.region_id = ${id} AND ${where}
    ORDER BY x.dataset_key DESC LIMIT ${options.limit}`)
  return {
    total: totals.datasets,
    items: rows.map((row) => ({
      id: row.id,
      title: row.title,
      lon: round((row.west + row.east) / 2, 5),
      lat: round((row.south + row.north) / 2, 5),
      band: row.quality_scaled === null ? null : bandOf(row.quality_scaled),
    })),
  }
}
