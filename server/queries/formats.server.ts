import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client.server.ts'
import { formatInfo, isMachineReadable, isOpenStandard, opennessStars } from '../../lib/domain/formats.ts'
import { CANONICAL_FORMATS, type CanonicalFormat } from '../../lib/domain/canonical-formats.ts'
import { datasetFilter, ids, LIST_COLUMNS, listItem, portalsOf, qualityRows, round, scopeOf, type DatasetListItem, type DatasetListRow, type Portal, type Scope } from './analysis-scope.server.ts'
import type { AnalysisFilters } from '../../lib/domain/analysis-filters.ts'

// What the formats router reads: the format mix of a scope and one canonical format in detail.

type FormatRow = { portal_id: string; format: string; resources: number; datasets: number }

async function formatRows(db: Database, portals: Portal[], scope: Scope): Promise<FormatRow[]> {
  if (portals.length === 0) return []
  if (scope.scope === 'live') {
    return db.all<FormatRow>(sql`
      SELECT d.portal_id, r.canonical_format AS format, count(*) AS resources, count(DISTINCT r.dataset_key) AS datasets
      FROM dataset d JOIN resource r ON r.dataset_key = d.key
      WHERE d.portal_id IN (${ids(portals.map((p) => p.id))}) AND d.deleted_at IS NULL AND ${scope.where}
      GROUP BY d.portal_id, r.canonical_format`)
  }
  return db.all<FormatRow>(sql`
    SELECT r.portal_id, f.format, sum(f.resources) AS resources, sum(f.datasets) AS datasets
    FROM rollup_format f JOIN rollup_run r ON r.id = f.rollup_id
    WHERE f.rollup_id IN (${ids(portals.map((p) => p.rollupId))}) AND f.scope = ${scope.scope} AND f.scope_id IN (${ids(scope.scopeIds)})
    GROUP BY r.portal_id, f.format`)
}

export type FormatShare = {
  format: CanonicalFormat
  label: string
  resources: number
  datasets: number
  share: number
  openness: number
  machineReadable: boolean
  openStandard: boolean
}

function shares(rows: FormatRow[]): { resources: number; formats: FormatShare[] } {
  const byFormat = new Map<string, { resources: number; datasets: number }>()
  for (const row of rows) {
    const item = byFormat.get(row.format) ?? { resources: 0, datasets: 0 }
    item.resources += row.resources
    item.datasets += row.datasets
    byFormat.set(row.format, item)
  }
  const resources = [...byFormat.values()].reduce((total, item) => total + item.resources, 0)
  const formats = [...byFormat]
    .filter(([format]) => (CANONICAL_FORMATS as ReadonlyArray<string>).includes(format))
    .map(([format, item]) => {
      const canonical = format as CanonicalFormat
      return {
        format: canonical,
        label: formatInfo(canonical).label,
        resources: item.resources,
        datasets: item.datasets,
        share: resources ? round(item.resources / resources, 4) : 0,
        openness: opennessStars(canonical),
        machineReadable: isMachineReadable(canonical),
        openStandard: isOpenStandard(canonical),
      }
    })
    .sort((a, b) => b.resources - a.resources || a.format.localeCompare(b.format))
  return { resources, formats }
}

export type FormatsSummary = {
  resources: number
  datasets: number
  formats: FormatShare[]
  stars: Array<{ stars: number; resources: number }>
  machineReadableShare: number | null
  openStandardShare: number | null
  byPortal: Array<{ instanceId: string; name: string; isDemo: boolean; resources: number; formats: Array<{ format: CanonicalFormat; resources: number }> }>
  asOf: Date | null
}

export async function formatsSummary(db: Database, filters: AnalysisFilters): Promise<FormatsSummary> {
  const portals = await portalsOf(db, filters.portalIds)
  const scope = await scopeOf(db, filters)
  const [rows, quality] = await Promise.all([formatRows(db, portals, scope), qualityRows(db, portals, scope)])
  const { resources, formats } = shares(rows)
  const stars = [0, 1, 2, 3, 4, 5].map((count) => ({ stars: count, resources: formats.filter((f) => f.openness === count).reduce((t, f) => t + f.resources, 0) }))
  const part = (pick: (f: FormatShare) => boolean) => (resources ? round(formats.filter(pick).reduce((t, f) => t + f.resources, 0) / resources, 4) : null)
  return {
    resources,
    datasets: quality.reduce((total, row) => total + row.datasets, 0),
    formats,
    stars,
    machineReadableShare: part((f) => f.machineReadable),
    openStandardShare: part((f) => f.openStandard),
    byPortal: portals.map((portal) => {
      const own = shares(rows.filter((row) => row.portal_id === portal.id))
      return { instanceId: portal.id, name: portal.name, isDemo: portal.isDemo, resources: own.resources, formats: own.formats.map((f) => ({ format: f.format, resources: f.resources })) }
    }),
    asOf: portals.length ? new Date(Math.max(...portals.map((p) => p.at.getTime()))) : null,
  }
}

export type FormatDetail = {
  format: CanonicalFormat
  label: string
  openness: number
  machineReadable: boolean
  openStandard: boolean
  resources: number
  datasets: number
  rawValues: Array<{ raw: string; resources: number }>
  byPortal: Array<{ instanceId: string; name: string; resources: number; datasets: number }>
  items: DatasetListItem[]
  page: number
  pageSize: number
}

export async function formatDetail(db: Database, format: CanonicalFormat, filters: AnalysisFilters & { page: number; pageSize: number }): Promise<FormatDetail> {
  const portals = await portalsOf(db, filters.portalIds)
  const scope = await scopeOf(db, filters)
  const rows = (await formatRows(db, portals, scope)).filter((row) => row.format === format)
  const raw = portals.length
    ? await db.all<{ raw: string; resources: number }>(sql`
        SELECT raw, sum(resources) AS resources FROM rollup_raw_format
        WHERE rollup_id IN (${ids(portals.map((p) => p.rollupId))}) AND format = ${format}
        GROUP BY raw ORDER BY resources DESC, raw LIMIT 100`)
    : []
  const where = await datasetFilter(db, portals, filters)
  // Walks the format's index in dataset order (each dataset once, at its first resource of the format) and stops at
  // the page: a few milliseconds for CSV at a million datasets, where filtering the datasets first took seconds.
  const items = portals.length
    ? await db.all<DatasetListRow>(sql`
        SELECT ${LIST_COLUMNS} FROM resource r CROSS JOIN dataset d ON d.key = r.dataset_key
        WHERE r.canonical_format = ${format}
          AND r.position = (SELECT min(position) FROM resource x WHERE x.dataset_key = r.dataset_key AND x.canonical_format = ${format})
          AND ${where}
        ORDER BY r.dataset_key LIMIT ${filters.pageSize} OFFSET ${(filters.page - 1) * filters.pageSize}`)
    : []
  const info = formatInfo(format)
  return {
    format,
    label: info.label,
    openness: opennessStars(format),
    machineReadable: isMachineReadable(format),
    openStandard: isOpenStandard(format),
    resources: rows.reduce((t, row) => t + row.resources, 0),
    datasets: rows.reduce((t, row) => t + row.datasets, 0),
    rawValues: raw,
    byPortal: portals
      .map((portal) => {
        const row = rows.find((item) => item.portal_id === portal.id)
        return { instanceId: portal.id, name: portal.name, resources: row?.resources ?? 0, datasets: row?.datasets ?? 0 }
      })
      .filter((item) => item.resources > 0),
    items: items.map(listItem),
    page: filters.page,
    pageSize: filters.pageSize,
  }
}
