import { sql, type SQL } from 'drizzle-orm'
import { maxBoundParams, type Database } from '../../db/client.server.ts'
import { CZ_KRAJE } from '../../lib/domain/cz-kraje.ts'
import { findRegion } from '../../lib/domain/region-lookup.ts'
import { CANONICAL_FORMATS, formatInfo, isMachineReadable, isOpenStandard, opennessStars, type CanonicalFormat } from '../../lib/domain/formats.ts'
import { nameKey } from '../analysis/publishers.server.ts'
import { portalWatch, scoreDataset, type QualityScore } from '../analysis/quality.server.ts'
import { bandOf, DIMENSION_MAX, DIMENSIONS, MQA_INDICATORS, type Band, type Dimension, type IndicatorId } from '../../lib/domain/mqa.ts'
import { QUALITY_AGGREGATES } from './rollups.server.ts'
import { loadStoredDatasets } from './stored-analysis.server.ts'

// What the analysis pages and the API read. Summaries come from the latest rollups of each chosen portal (a few
// rows each), so they answer in milliseconds at any catalogue size; only combinations the rollups do not hold (an
// organization within a region) and lists of datasets query the snapshot itself.

export type AnalysisFilters = { instanceIds?: string[] | undefined; organizationId?: string | undefined; regionId?: string | undefined }

type Portal = { id: string; name: string; isDemo: boolean; rollupId: number; at: Date }

const DIMENSION_MAXIMA: ReadonlyArray<{ dimension: Dimension; max: number }> = DIMENSIONS.map((dimension) => ({ dimension, max: DIMENSION_MAX[dimension] }))

const ids = (values: ReadonlyArray<string | number>): SQL => sql.join(values.map((value) => sql`${value}`), sql`, `)
const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits

/** The chosen portals (default: all enabled ones) with their latest rollup. Portals never analysed are left out. */
async function portalsOf(db: Database, instanceIds: string[] | undefined): Promise<Portal[]> {
  const chosen = instanceIds?.length ? sql`AND i.id IN (${ids(instanceIds)})` : sql``
  const rows = await db.all<{ id: string; name: string; is_demo: number; rollup_id: number; created_at: number }>(sql`
    SELECT i.id, i.name, i.is_demo, r.id AS rollup_id, r.created_at FROM ckan_instance i
    JOIN rollup_run r ON r.id = (SELECT max(id) FROM rollup_run WHERE instance_id = i.id)
    WHERE i.enabled = 1 ${chosen} ORDER BY i.name`)
  return rows.map((row) => ({ id: row.id, name: row.name, isDemo: row.is_demo === 1, rollupId: row.rollup_id, at: new Date(row.created_at) }))
}

/** The organization ids a publisher id stands for (a merged publisher, or one organization by its own id). */
async function membersOf(db: Database, publisherId: string): Promise<string[]> {
  const rows = await db.all<{ id: string }>(sql`SELECT id FROM organization WHERE publisher_id = ${publisherId} OR id = ${publisherId}`)
  return rows.map((row) => row.id)
}

type Scope = { scope: 'portal' | 'organization' | 'region'; scopeIds: string[] } | { scope: 'live'; where: SQL }

async function scopeOf(db: Database, filters: AnalysisFilters): Promise<Scope> {
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

type QualityRow = {
  instance_id: string
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
async function qualityRows(db: Database, portals: Portal[], scope: Scope): Promise<QualityRow[]> {
  if (portals.length === 0) return []
  if (scope.scope === 'live') {
    // The same aggregates the rollups store, named so the rows read alike.
    const aliases = LIVE_QUALITY_ALIASES.split(', ')
    return db.all<QualityRow>(sql`
      SELECT d.instance_id, ${sql.raw(qualityAggregatesAs(aliases))}
      FROM dataset d WHERE d.instance_id IN (${ids(portals.map((p) => p.id))}) AND d.deleted_at IS NULL AND ${scope.where}
      GROUP BY d.instance_id`)
  }
  return db.all<QualityRow>(sql`
    SELECT r.instance_id, ${QUALITY_SELECT} FROM rollup_quality q JOIN rollup_run r ON r.id = q.rollup_id
    WHERE q.rollup_id IN (${ids(portals.map((p) => p.rollupId))}) AND q.scope = ${scope.scope} AND q.scope_id IN (${ids(scope.scopeIds)})
    GROUP BY r.instance_id`)
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

function totalsOf(rows: QualityRow[]): QualityTotals {
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

export type QualitySummary = QualityTotals & {
  byPortal: Array<{ instanceId: string; name: string; isDemo: boolean; datasets: number; averageScore: number | null; band: Band | null; asOf: Date }>
  trend: Array<{ instanceId: string; at: Date; datasets: number; averageScore: number | null }>
  asOf: Date | null
}

export async function qualitySummary(db: Database, filters: AnalysisFilters): Promise<QualitySummary> {
  const portals = await portalsOf(db, filters.instanceIds)
  const scope = await scopeOf(db, filters)
  const rows = await qualityRows(db, portals, scope)
  const byInstance = new Map(rows.map((row) => [row.instance_id, row]))
  const trend =
    scope.scope === 'live' || portals.length === 0
      ? []
      : await db.all<{ instance_id: string; created_at: number; datasets: number; scaled: number }>(sql`
          SELECT r.instance_id, r.created_at, sum(q.datasets) AS datasets, total(q.scaled) AS scaled
          FROM rollup_run r JOIN rollup_quality q ON q.rollup_id = r.id
          WHERE r.instance_id IN (${ids(portals.map((p) => p.id))}) AND q.scope = ${scope.scope} AND q.scope_id IN (${ids(scope.scopeIds)})
          GROUP BY r.id ORDER BY r.id DESC LIMIT 500`)
  return {
    ...totalsOf(rows),
    byPortal: portals.map((portal) => {
      const row = byInstance.get(portal.id)
      const averageScore = row && row.datasets ? Math.round(row.scaled / row.datasets) : null
      return { instanceId: portal.id, name: portal.name, isDemo: portal.isDemo, datasets: row?.datasets ?? 0, averageScore, band: averageScore === null ? null : bandOf(averageScore), asOf: portal.at }
    }),
    trend: trend
      .map((row) => ({ instanceId: row.instance_id, at: new Date(row.created_at), datasets: row.datasets, averageScore: row.datasets ? Math.round(row.scaled / row.datasets) : null }))
      .reverse(),
    asOf: portals.length ? new Date(Math.max(...portals.map((p) => p.at.getTime()))) : null,
  }
}

type FormatRow = { instance_id: string; format: string; resources: number; datasets: number }

async function formatRows(db: Database, portals: Portal[], scope: Scope): Promise<FormatRow[]> {
  if (portals.length === 0) return []
  if (scope.scope === 'live') {
    return db.all<FormatRow>(sql`
      SELECT d.instance_id, r.canonical_format AS format, count(*) AS resources, count(DISTINCT r.dataset_key) AS datasets
      FROM dataset d JOIN resource r ON r.dataset_key = d.key
      WHERE d.instance_id IN (${ids(portals.map((p) => p.id))}) AND d.deleted_at IS NULL AND ${scope.where}
      GROUP BY d.instance_id, r.canonical_format`)
  }
  return db.all<FormatRow>(sql`
    SELECT r.instance_id, f.format, sum(f.resources) AS resources, sum(f.datasets) AS datasets
    FROM rollup_format f JOIN rollup_run r ON r.id = f.rollup_id
    WHERE f.rollup_id IN (${ids(portals.map((p) => p.rollupId))}) AND f.scope = ${scope.scope} AND f.scope_id IN (${ids(scope.scopeIds)})
    GROUP BY r.instance_id, f.format`)
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
  const portals = await portalsOf(db, filters.instanceIds)
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
      const own = shares(rows.filter((row) => row.instance_id === portal.id))
      return { instanceId: portal.id, name: portal.name, isDemo: portal.isDemo, resources: own.resources, formats: own.formats.map((f) => ({ format: f.format, resources: f.resources })) }
    }),
    asOf: portals.length ? new Date(Math.max(...portals.map((p) => p.at.getTime()))) : null,
  }
}

export type DatasetListItem = { id: string; title: string; instanceId: string; organizationTitle: string | null; score: number | null; band: Band | null; modified: Date | null }

type DatasetListRow = { id: string; title: string; instance_id: string; organization_title: string | null; quality_scaled: number | null; metadata_modified: number | null }

function listItem(row: DatasetListRow): DatasetListItem {
  return {
    id: row.id,
    title: row.title,
    instanceId: row.instance_id,
    organizationTitle: row.organization_title,
    score: row.quality_scaled,
    band: row.quality_scaled === null ? null : bandOf(row.quality_scaled),
    modified: row.metadata_modified === null ? null : new Date(row.metadata_modified),
  }
}

const LIST_COLUMNS = sql`d.id, d.title, d.instance_id, (SELECT title FROM organization o WHERE o.id = d.organization_id) AS organization_title, d.quality_scaled, d.metadata_modified`

async function datasetFilter(db: Database, portals: Portal[], filters: AnalysisFilters): Promise<SQL> {
  const parts = [sql`d.deleted_at IS NULL`, portals.length ? sql`d.instance_id IN (${ids(portals.map((p) => p.id))})` : sql`0`]
  if (filters.organizationId) {
    const members = await membersOf(db, filters.organizationId)
    parts.push(members.length ? sql`d.organization_id IN (${ids(members)})` : sql`0`)
  }
  if (filters.regionId) parts.push(sql`d.key IN (SELECT dataset_key FROM dataset_region WHERE region_id = ${filters.regionId})`)
  return sql.join(parts, sql` AND `)
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
  const portals = await portalsOf(db, filters.instanceIds)
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
        const row = rows.find((item) => item.instance_id === portal.id)
        return { instanceId: portal.id, name: portal.name, resources: row?.resources ?? 0, datasets: row?.datasets ?? 0 }
      })
      .filter((item) => item.resources > 0),
    items: items.map(listItem),
    page: filters.page,
    pageSize: filters.pageSize,
  }
}

/** The lowest-scoring datasets, with what they fail, worst first. */
export async function worstDatasets(db: Database, filters: AnalysisFilters & { limit: number }): Promise<Array<DatasetListItem & { failed: IndicatorId[] }>> {
  const portals = await portalsOf(db, filters.instanceIds)
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
  const [row] = await db.all<{ key: number; id: string; title: string; instance_id: string }>(sql`SELECT key, id, title, instance_id FROM dataset WHERE id = ${id}`)
  if (!row) return null
  const [stored] = await loadStoredDatasets(db, [row.key])
  if (!stored) return null
  const regions = await db.all<{ region_id: string }>(sql`SELECT region_id FROM dataset_region WHERE dataset_key = ${row.key} ORDER BY region_id`)
  const bbox = stored.extent?.bbox
  return {
    id: row.id,
    title: row.title,
    instanceId: row.instance_id,
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

export type PublisherListItem = {
  id: string
  title: string
  datasets: number
  averageScore: number | null
  band: Band | null
  portals: Array<{ instanceId: string; name: string; isDemo: boolean }>
  organizations: number
  topFormats: Array<{ format: CanonicalFormat; resources: number }>
}

export async function organizationsList(
  db: Database,
  input: { instanceIds?: string[] | undefined; q?: string | undefined; sort: 'datasets' | 'name' | 'quality'; page: number; pageSize: number },
): Promise<{ items: PublisherListItem[]; total: number; page: number; pageSize: number }> {
  const portals = await portalsOf(db, input.instanceIds)
  if (portals.length === 0) return { items: [], total: 0, page: input.page, pageSize: input.pageSize }
  const q = input.q?.trim()
  const search = q ? sql`AND (o.title LIKE ${`%${q}%`} OR coalesce(o.publisher_id, o.id) LIKE ${`%${nameKey(q)}%`})` : sql``
  const order =
    input.sort === 'name' ? sql`title COLLATE NOCASE, id` : input.sort === 'quality' ? sql`(scaled / NULLIF(datasets, 0)) DESC NULLS LAST, datasets DESC, id` : sql`datasets DESC, id`
  const rollups = ids(portals.map((p) => p.rollupId))
  // The organization rows of the chosen rollups are read once (a range of the primary key per rollup), then joined.
  const rows = await db.all<{ id: string; title: string; datasets: number; scaled: number; instances: string; organizations: number; total: number }>(sql`
    WITH q AS MATERIALIZED (
      SELECT scope_id, sum(datasets) AS datasets, total(scaled) AS scaled FROM rollup_quality
      WHERE rollup_id IN (${rollups}) AND scope = 'organization' GROUP BY scope_id
    ), pub AS (
      SELECT coalesce(o.publisher_id, o.id) AS id, min(o.title) AS title, CAST(total(q.datasets) AS INTEGER) AS datasets, total(q.scaled) AS scaled,
        group_concat(DISTINCT o.instance_id) AS instances, count(DISTINCT o.id) AS organizations
      FROM organization o LEFT JOIN q ON q.scope_id = o.id
      WHERE o.instance_id IN (${ids(portals.map((p) => p.id))}) ${search}
      GROUP BY coalesce(o.publisher_id, o.id)
    )
    SELECT *, count(*) OVER () AS total FROM pub ORDER BY ${order} LIMIT ${input.pageSize} OFFSET ${(input.page - 1) * input.pageSize}`)
  const portalById = new Map(portals.map((portal) => [portal.id, portal]))
  const pageIds = rows.map((row) => row.id)
  const members = pageIds.length
    ? await db.all<{ id: string; publisher: string }>(sql`
        SELECT id, coalesce(publisher_id, id) AS publisher FROM organization WHERE publisher_id IN (${ids(pageIds)}) OR id IN (${ids(pageIds)})`)
    : []
  const publisherOf = new Map(members.map((member) => [member.id, member.publisher]))
  const formatRowsOfMembers: Array<{ scope_id: string; format: string; resources: number }> = []
  // In chunks: D1 binds at most 100 values per statement.
  const chunk = Math.max(1, maxBoundParams(db) - portals.length - 1)
  for (let at = 0; at < members.length; at += chunk) {
    formatRowsOfMembers.push(
      ...(await db.all<{ scope_id: string; format: string; resources: number }>(sql`
        SELECT scope_id, format, sum(resources) AS resources FROM rollup_format
        WHERE rollup_id IN (${rollups}) AND scope = 'organization' AND scope_id IN (${ids(members.slice(at, at + chunk).map((member) => member.id))})
        GROUP BY scope_id, format`)),
    )
  }
  const formatTotals = new Map<string, number>()
  for (const row of formatRowsOfMembers) {
    const key = `${publisherOf.get(row.scope_id)}\u0000${row.format}`
    formatTotals.set(key, (formatTotals.get(key) ?? 0) + row.resources)
  }
  const formats = [...formatTotals].map(([key, resources]) => {
    const [publisher = '', format = ''] = key.split('\u0000')
    return { publisher, format, resources }
  })
  return {
    items: rows.map((row) => {
      const averageScore = row.datasets ? Math.round(row.scaled / row.datasets) : null
      return {
        id: row.id,
        title: row.title,
        datasets: row.datasets,
        averageScore,
        band: averageScore === null ? null : bandOf(averageScore),
        portals: row.instances
          .split(',')
          .flatMap((id) => {
            const portal = portalById.get(id)
            return portal ? [{ instanceId: portal.id, name: portal.name, isDemo: portal.isDemo }] : []
          }),
        organizations: row.organizations,
        topFormats: formats
          .filter((item) => item.publisher === row.id)
          .sort((a, b) => b.resources - a.resources)
          .slice(0, 5)
          .map((item) => ({ format: item.format as CanonicalFormat, resources: item.resources })),
      }
    }),
    total: rows[0]?.total ?? 0,
    page: input.page,
    pageSize: input.pageSize,
  }
}

export type PublisherDetail = {
  id: string
  title: string
  organizations: Array<{ id: string; instanceId: string; instanceName: string; name: string; title: string; description: string | null; imageUrl: string | null; datasets: number }>
  quality: QualitySummary
  formats: FormatsSummary
  items: DatasetListItem[]
  page: number
  pageSize: number
}

export async function organizationById(db: Database, id: string, options: { page: number; pageSize: number }): Promise<PublisherDetail | null> {
  const members = await db.all<{ id: string; instance_id: string; instance_name: string; name: string; title: string; description: string | null; image_url: string | null; publisher_id: string | null }>(sql`
    SELECT o.id, o.instance_id, i.name AS instance_name, o.name, o.title, o.description, o.image_url, o.publisher_id
    FROM organization o JOIN ckan_instance i ON i.id = o.instance_id WHERE o.publisher_id = ${id} OR o.id = ${id} ORDER BY i.name, o.title`)
  if (members.length === 0) return null
  // An organization asked for by its own id answers as the publisher it is merged into.
  const publisherId = members.find((member) => member.id === id)?.publisher_id ?? id
  if (publisherId !== id) return organizationById(db, publisherId, options)
  // Datasets per member from the latest rollups, not by counting the snapshot (a big publisher has tens of thousands).
  const portals = await portalsOf(db, undefined)
  const counts = portals.length
    ? await db.all<{ organization_id: string; n: number }>(sql`
        SELECT scope_id AS organization_id, sum(datasets) AS n FROM rollup_quality
        WHERE rollup_id IN (${ids(portals.map((p) => p.rollupId))}) AND scope = 'organization' AND scope_id IN (${ids(members.map((m) => m.id))})
        GROUP BY scope_id`)
    : []
  const filters = { organizationId: id }
  const [quality, formats] = await Promise.all([qualitySummary(db, filters), formatsSummary(db, filters)])
  // Newest first by when they were first stored: read from the organization index without sorting the datasets.
  const items = await db.all<DatasetListRow>(sql`
    SELECT ${LIST_COLUMNS} FROM dataset d WHERE d.organization_id IN (${ids(members.map((m) => m.id))}) AND d.deleted_at IS NULL
    ORDER BY d.key DESC LIMIT ${options.pageSize} OFFSET ${(options.page - 1) * options.pageSize}`)
  const countOf = new Map(counts.map((row) => [row.organization_id, row.n]))
  const title = [...members].sort((a, b) => (countOf.get(b.id) ?? 0) - (countOf.get(a.id) ?? 0))[0]!.title
  return {
    id,
    title,
    organizations: members.map((member) => ({
      id: member.id,
      instanceId: member.instance_id,
      instanceName: member.instance_name,
      name: member.name,
      title: member.title,
      description: member.description,
      imageUrl: member.image_url,
      datasets: countOf.get(member.id) ?? 0,
    })),
    quality,
    formats,
    items: items.map(listItem),
    page: options.page,
    pageSize: options.pageSize,
  }
}

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
