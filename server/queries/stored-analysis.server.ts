import { sql } from 'drizzle-orm'
import { maxBoundParams, runRawBatch, type Database, type RawStatement } from '../../db/client.server.ts'
import { analyseDataset, qualityResource, type DatasetAnalysis, type StoredExtent } from '../analysis/dataset-analysis.server.ts'
import type { LinkCheck, QualityInput } from '../analysis/quality.server.ts'

// The analysis of a dataset rebuilt from what the database holds, with the latest link checks of its URLs: used to
// re-score datasets after link checks (a URL the checker may not call, blocked or barred by robots.txt, counts as not
// checked), to analyse snapshots stored before analysis existed, and to explain a score.

type DatasetRow = {
  key: number
  title: string
  notes: string | null
  extra: string | null
  license_id: string | null
  license_title: string | null
  maintainer: string | null
  maintainer_email: string | null
  author: string | null
  author_email: string | null
  organization_id: string | null
  metadata_created: number | null
  metadata_modified: number | null
}
type ResourceRow = {
  dataset_key: number
  url: string | null
  download_url: string | null
  format: string | null
  mimetype: string | null
  canonical_format: string
  size: number | null
  rights: string | null
  access_ok: number | null
  access_status: number | null
  download_ok: number | null
  download_status: number | null
}
type ExtentRow = { dataset_key: number; west: number; south: number; east: number; north: number; geometry: string }

export type StoredDataset = { key: number; input: QualityInput; extent: StoredExtent | null }

function parseJson<T>(text: string | null): T | null {
  if (text === null) return null
  try {
    return JSON.parse(text) as T
  } catch {
    return null
  }
}

function check(ok: number | null, status: number | null): LinkCheck | null {
  return ok === null ? null : { ok: ok === 1, status }
}

function grouped<T extends { dataset_key: number }>(rows: T[]): Map<number, T[]> {
  const map = new Map<number, T[]>()
  for (const row of rows) {
    const list = map.get(row.dataset_key)
    if (list) list.push(row)
    else map.set(row.dataset_key, [row])
  }
  return map
}

/** Loads datasets by key as quality.ts and regions.ts read them. */
export async function loadStoredDatasets(db: Database, keys: number[]): Promise<StoredDataset[]> {
  const out: StoredDataset[] = []
  const size = Math.max(1, maxBoundParams(db) - 1)
  for (let index = 0; index < keys.length; index += size) {
    const part = keys.slice(index, index + size)
    const list = sql.join(part.map((key) => sql`${key}`), sql`, `)
    const [datasets, resources, tags, groups, extents] = await Promise.all([
      db.all<DatasetRow>(sql`SELECT key, title, notes, extra, license_id, license_title, maintainer, maintainer_email, author, author_email,
        organization_id, metadata_created, metadata_modified FROM dataset WHERE key IN (${list})`),
      db.all<ResourceRow>(sql`SELECT r.dataset_key, r.url, r.download_url, r.format, r.mimetype, r.canonical_format, r.size, r.rights,
          a.ok AS access_ok, a.status AS access_status, b.ok AS download_ok, b.status AS download_status
        FROM resource r
        LEFT JOIN link_check a ON a.url = r.url AND coalesce(a.error, '') NOT IN ('blocked', 'robots')
        LEFT JOIN link_check b ON b.url = r.download_url AND coalesce(b.error, '') NOT IN ('blocked', 'robots')
        WHERE r.dataset_key IN (${list}) ORDER BY r.dataset_key, r.position`),
      db.all<{ dataset_key: number; name: string }>(sql`SELECT dataset_key, name FROM dataset_tag WHERE dataset_key IN (${list})`),
      db.all<{ dataset_key: number; name: string }>(sql`SELECT dataset_key, name FROM dataset_group WHERE dataset_key IN (${list})`),
      db.all<ExtentRow>(sql`SELECT dataset_key, west, south, east, north, geometry FROM dataset_extent WHERE dataset_key IN (${list})`),
    ])
    const resourcesOf = grouped(resources)
    const tagsOf = grouped(tags)
    const groupsOf = grouped(groups)
    const extentOf = new Map(extents.map((row) => [row.dataset_key, row]))
    for (const row of datasets) {
      const extentRow = extentOf.get(row.key)
      const geometry = extentRow ? parseJson<StoredExtent['geometry']>(extentRow.geometry) : null
      const extent: StoredExtent | null =
        extentRow && geometry ? { bbox: [extentRow.west, extentRow.south, extentRow.east, extentRow.north], geometry } : null
      out.push({
        key: row.key,
        extent,
        input: {
          title: row.title,
          notes: row.notes,
          tags: (tagsOf.get(row.key) ?? []).map((tag) => tag.name),
          groups: (groupsOf.get(row.key) ?? []).map((group) => group.name),
          hasExtent: extentRow !== undefined,
          extra: parseJson<Record<string, unknown>>(row.extra),
          licenseId: row.license_id,
          licenseTitle: row.license_title,
          maintainer: row.maintainer,
          maintainerEmail: row.maintainer_email,
          author: row.author,
          authorEmail: row.author_email,
          hasPublisher: row.organization_id !== null,
          metadataCreated: row.metadata_created === null ? null : new Date(row.metadata_created),
          metadataModified: row.metadata_modified === null ? null : new Date(row.metadata_modified),
          resources: (resourcesOf.get(row.key) ?? []).map((resource) =>
            qualityResource(
              {
                url: resource.url,
                downloadUrl: resource.download_url,
                format: resource.format,
                mimetype: resource.mimetype,
                canonicalFormat: resource.canonical_format,
                size: resource.size,
                rights: resource.rights,
              },
              { access: check(resource.access_ok, resource.access_status), download: check(resource.download_ok, resource.download_status) },
            ),
          ),
        },
      })
    }
  }
  return out
}

const QUALITY_COLUMNS = [
  'quality_points', 'quality_max', 'quality_scaled', 'quality_failed', 'quality_findability', 'quality_accessibility',
  'quality_interoperability', 'quality_reusability', 'quality_contextuality', 'pw_existence', 'pw_conformance', 'pw_openness',
] as const

function qualityValues(key: number, analysis: DatasetAnalysis): Array<number> {
  const q = analysis.quality
  return [
    key, q.qualityPoints, q.qualityMax, q.qualityScaled, q.qualityFailed, q.qualityFindability, q.qualityAccessibility,
    q.qualityInteroperability, q.qualityReusability, q.qualityContextuality, q.pwExistence, q.pwConformance, q.pwOpenness,
  ]
}

const REANALYSE_CHUNK = 500

/** Re-scores and re-places the given datasets from their stored rows and the latest link checks. */
export async function reanalyseDatasets(db: Database, keys: number[]): Promise<number> {
  const limit = maxBoundParams(db)
  const width = QUALITY_COLUMNS.length + 1
  for (let index = 0; index < keys.length; index += REANALYSE_CHUNK) {
    const stored = await loadStoredDatasets(db, keys.slice(index, index + REANALYSE_CHUNK))
    const analysed = stored.map((item) => ({ key: item.key, analysis: analyseDataset(item.input, item.extent) }))
    const statements: RawStatement[] = []
    const perUpdate = Math.max(1, Math.floor(limit / width))
    for (let at = 0; at < analysed.length; at += perUpdate) {
      const part = analysed.slice(at, at + perUpdate)
      statements.push({
        sql: `UPDATE dataset SET ${QUALITY_COLUMNS.map((column, i) => `${column} = v.column${i + 2}`).join(', ')}
          FROM (VALUES ${part.map(() => `(${Array(width).fill('?').join(',')})`).join(',')}) AS v WHERE dataset.key = v.column1`,
        args: part.flatMap((item) => qualityValues(item.key, item.analysis)),
      })
    }
    const keyLimit = Math.max(1, limit)
    for (let at = 0; at < analysed.length; at += keyLimit) {
      const part = analysed.slice(at, at + keyLimit)
      statements.push({ sql: `DELETE FROM dataset_region WHERE dataset_key IN (${part.map(() => '?').join(',')})`, args: part.map((item) => item.key) })
    }
    const regionRows = analysed.flatMap((item) => item.analysis.regions.map((region) => [item.key, region] as const))
    const perInsert = Math.max(1, Math.floor(limit / 2))
    for (let at = 0; at < regionRows.length; at += perInsert) {
      const part = regionRows.slice(at, at + perInsert)
      statements.push({ sql: `INSERT INTO dataset_region (dataset_key, region_id) VALUES ${part.map(() => '(?,?)').join(',')}`, args: part.flat() })
    }
    await runRawBatch(db, statements)
  }
  return keys.length
}
