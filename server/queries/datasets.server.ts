import { and, asc, eq, sql, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client.server.ts'
import { portals } from '../../db/schema/portal.ts'
import { datasetExtents } from '../../db/schema/dataset-extent.ts'
import { datasetGroups } from '../../db/schema/dataset-group.ts'
import { datasetTags } from '../../db/schema/dataset-tag.ts'
import { datasets } from '../../db/schema/dataset.ts'
import { linkChecks } from '../../db/schema/link-check.ts'
import { organizations } from '../../db/schema/organization.ts'
import { resources } from '../../db/schema/resource.ts'
import type { CanonicalFormat } from '../../lib/domain/formats.ts'
import { toOutsideValue, type OutsideValue } from '../../lib/outside-data.ts'
import type { DatasetHit, FacetCount, LiveSearchInput, LiveSearchResult } from '../outbound/federated-search.server.ts'

export type DatasetLookup =
  | { kind: 'found'; dataset: DatasetHeader }
  | { kind: 'moved'; id: string }
  | { kind: 'missing' }

export type DatasetHeader = {
  id: string
  title: string
  name: string
  notes: string | null
  instanceId: string
  instanceName: string
  metadataModified: Date | null
  deletedAt: Date | null
}

/**
 * Finds a dataset by its id `<portal slug>:<CKAN UUID>`. The form `<portal slug>:<CKAN name>` is
 * answered with the canonical id so that the page can redirect to it.
 */
export async function findDataset(db: Database, id: string): Promise<DatasetLookup> {
  const separator = id.indexOf(':')
  if (separator <= 0 || separator === id.length - 1) return { kind: 'missing' }
  const portalId = id.slice(0, separator)
  const rest = id.slice(separator + 1)
  const [row] = await db
    .select({
      id: datasets.id,
      title: datasets.title,
      name: datasets.name,
      notes: datasets.notes,
      instanceId: datasets.portalId,
      instanceName: portals.name,
      metadataModified: datasets.metadataModified,
      deletedAt: datasets.deletedAt,
    })
    .from(datasets)
    .innerJoin(portals, eq(portals.id, datasets.portalId))
    .where(eq(datasets.id, id))
    .limit(1)
  if (row) return { kind: 'found', dataset: row }
  const [byName] = await db
    .select({ id: datasets.id })
    .from(datasets)
    .where(and(eq(datasets.portalId, portalId), eq(datasets.name, rest)))
    .limit(1)
  return byName ? { kind: 'moved', id: byName.id } : { kind: 'missing' }
}

export type DatasetDetail = DatasetHeader & {
  ckanId: string
  portal: { id: string; name: string; baseUrl: string; isDemo: boolean }
  /** The dataset's page on its portal (CKAN's `/dataset/<name>`). */
  portalUrl: string
  url: string | null
  /** `publisherId`: the publisher it is merged into across portals (docs/organizations.md), its own id until merged. */
  organization: { id: string; name: string; title: string; publisherId: string } | null
  license: { id: string | null; title: string | null }
  maintainer: string | null
  maintainerEmail: string | null
  author: string | null
  authorEmail: string | null
  metadataCreated: Date | null
  harvestedAt: Date | null
  tags: string[]
  groups: Array<{ name: string; title: string | null }>
  resources: DatasetResource[]
  extent: { source: string; bbox: [number, number, number, number]; geometry: { type: string; coordinates: unknown } } | null
  /** The fields the portal sent that are not modelled, as data (its keys are Map keys, never object properties). */
  extra: OutsideValue | null
}

export type DatasetResource = {
  position: number
  id: string | null
  name: string | null
  description: string | null
  url: string | null
  downloadUrl: string | null
  rights: string | null
  format: string | null
  mimetype: string | null
  size: number | null
  created: string | null
  lastModified: string | null
  canonicalFormat: CanonicalFormat
  formatSource: 'format' | 'mimetype' | 'url' | 'none'
  formatConflict: boolean
  openness: number
  /** The latest check of `url` (docs/link-check.md); null when never checked or when the checker may not call it. */
  linkCheck: { ok: boolean; status: number | null; checkedAt: Date } | null
}

// A URL the checker refused (SSRF guard) or robots.txt barred was never requested: it reads as not checked, as in
// the quality score (server/queries/stored-analysis.server.ts).
const NOT_REQUESTED = ['blocked', 'robots']

/** Everything the snapshot holds about one dataset, for its page and for datasets.byId. */
export async function datasetDetail(db: Database, id: string): Promise<{ kind: 'found'; dataset: DatasetDetail } | Exclude<DatasetLookup, { kind: 'found' }>> {
  const found = await findDataset(db, id)
  if (found.kind !== 'found') return found
  const canonical = found.dataset.id
  const [row] = await db
    .select({ dataset: datasets, portal: { id: portals.id, name: portals.name, baseUrl: portals.baseUrl, isDemo: portals.isDemo } })
    .from(datasets)
    .innerJoin(portals, eq(portals.id, datasets.portalId))
    .where(eq(datasets.id, canonical))
    .limit(1)
  if (!row) return { kind: 'missing' }
  const key = row.dataset.key
  const [resourceRows, tagRows, groupRows, extentRows, organizationRows] = await Promise.all([
    db
      .select({
        resource: resources,
        check: { ok: linkChecks.ok, status: linkChecks.status, checkedAt: linkChecks.checkedAt, error: linkChecks.error },
      })
      .from(resources)
      .leftJoin(linkChecks, eq(linkChecks.url, resources.url))
      .where(eq(resources.datasetKey, key))
      .orderBy(asc(resources.position)),
    db.select({ name: datasetTags.name }).from(datasetTags).where(eq(datasetTags.datasetKey, key)).orderBy(asc(datasetTags.name)),
    db.select({ name: datasetGroups.name, title: datasetGroups.title }).from(datasetGroups).where(eq(datasetGroups.datasetKey, key)),
    db.select().from(datasetExtents).where(eq(datasetExtents.datasetKey, key)).limit(1),
    row.dataset.organizationId
      ? db
          .select({ id: organizations.id, name: organizations.name, title: organizations.title, publisherId: sql<string>`coalesce(${organizations.publisherId}, ${organizations.id})` })
          .from(organizations)
          .where(eq(organizations.id, row.dataset.organizationId))
          .limit(1)
      : Promise.resolve([]),
  ])
  const { dataset, portal } = row
  const extent = extentRows[0]
  return {
    kind: 'found',
    dataset: {
      ...found.dataset,
      ckanId: dataset.ckanId,
      portal,
      portalUrl: `${portal.baseUrl.replace(/\/+$/, '')}/dataset/${encodeURIComponent(dataset.name)}`,
      url: dataset.url,
      organization: organizationRows[0] ?? null,
      license: { id: dataset.licenseId, title: dataset.licenseTitle },
      maintainer: dataset.maintainer,
      maintainerEmail: dataset.maintainerEmail,
      author: dataset.author,
      authorEmail: dataset.authorEmail,
      metadataCreated: dataset.metadataCreated,
      harvestedAt: dataset.harvestedAt,
      tags: tagRows.map((tag) => tag.name),
      groups: groupRows,
      resources: resourceRows.map(({ resource: { datasetKey: _datasetKey, ckanId, canonicalFormat, ...resource }, check }) => ({
        ...resource,
        id: ckanId,
        canonicalFormat: canonicalFormat as CanonicalFormat,
        linkCheck: check?.checkedAt && !NOT_REQUESTED.includes(check.error ?? '') ? { ok: check.ok, status: check.status, checkedAt: check.checkedAt } : null,
      })),
      extent: extent ? { source: extent.source, bbox: [extent.west, extent.south, extent.east, extent.north], geometry: extent.geometry } : null,
      extra: dataset.extra ? toOutsideValue(dataset.extra) : null,
    },
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Search over the harvested snapshot: SQLite FTS5 for the words, indexed filters for the facets. Instant, and it
// works when the portals are down. Same input and answer shape as the live federated search.

const FACET_LIMIT = 50

/**
 * The user's words as an FTS5 query: each word a quoted prefix term, all required. Quoting makes every character
 * literal, so nothing a user types can be read as FTS syntax (NEAR, column filters, unbalanced quotes).
 */
export function ftsQuery(q: string | undefined): string | null {
  const words = (q ?? '').normalize('NFKC').split(/[^\p{L}\p{N}]+/u).filter(Boolean).slice(0, 12)
  return words.length ? words.map((word) => `"${word}"*`).join(' ') : null
}

function list(values: string[]): SQL {
  return sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )
}

type Row = Record<string, unknown>

export async function snapshotSearch(db: Database, portalIds: string[], input: LiveSearchInput): Promise<LiveSearchResult> {
  const started = Date.now()
  const empty: LiveSearchResult = { items: [], total: 0, facets: { organization: [], groups: [], tags: [], formats: [], license: [] }, portals: [] }
  if (portalIds.length === 0) return empty

  const match = ftsQuery(input.q)
  const conditions: SQL[] = [sql`d.deleted_at IS NULL`, sql`d.portal_id IN (${list(portalIds)})`]
  // Uncorrelated IN (...) subqueries: each filter is looked up once through its own index, then matched by id.
  if (input.formats?.length) conditions.push(sql`d.key IN (SELECT r.dataset_key FROM resource r WHERE r.format IN (${list(input.formats)}))`)
  if (input.tags?.length) conditions.push(sql`d.key IN (SELECT t.dataset_key FROM dataset_tag t WHERE t.name IN (${list(input.tags)}))`)
  if (input.groups?.length) conditions.push(sql`d.key IN (SELECT g.dataset_key FROM dataset_group g WHERE g.name IN (${list(input.groups)}))`)
  if (input.licenses?.length) conditions.push(sql`d.license_id IN (${list(input.licenses)})`)
  if (input.organizationIds?.length) conditions.push(sql`d.organization_id IN (${list(input.organizationIds)})`)
  if (input.bbox) {
    const [west, south, east, north] = input.bbox
    conditions.push(
      sql`d.key IN (SELECT e.dataset_key FROM dataset_extent e WHERE e.west <= ${east} AND e.east >= ${west} AND e.south <= ${north} AND e.north >= ${south})`,
    )
  }
  const source = match
    ? sql`dataset d JOIN (SELECT rowid, bm25(dataset_fts, 10.0, 1.0, 4.0) AS rank FROM dataset_fts WHERE dataset_fts MATCH ${match}) f ON f.rowid = d.key`
    : sql`dataset d`
  const where = sql.join(conditions, sql` AND `)
  // Facets join from the matching datasets to their tags, groups and resources (CROSS JOIN keeps SQLite from
  // putting the unindexed CTE on the inside of the loop).
  const hits = sql`SELECT d.key, d.organization_id, d.license_id, d.license_title FROM ${source} WHERE ${where}`
  const order =
    input.sort === 'name'
      ? sql`d.title COLLATE NOCASE ASC, d.id`
      : input.sort === 'modified' || !match
        ? sql`d.metadata_modified DESC, d.id`
        : sql`f.rank, d.metadata_modified DESC`

  const offset = (input.page - 1) * input.pageSize
  const [countRows, pageRows, organizationRows, licenseRows, tagRows, groupRows, formatRows, portalRows] = await Promise.all([
    db.all<Row>(sql`SELECT count(*) AS n FROM ${source} WHERE ${where}`),
    db.all<Row>(sql`
      SELECT d.key, d.id, d.portal_id, d.name, d.title, substr(d.notes, 1, 400) AS notes, d.organization_id, o.title AS organization_title,
             d.license_id, d.license_title, d.metadata_modified_raw
      FROM ${source} LEFT JOIN organization o ON o.id = d.organization_id
      WHERE ${where} ORDER BY ${order} LIMIT ${input.pageSize} OFFSET ${offset}`),
    db.all<Row>(sql`
      WITH hits AS (${hits})
      SELECT h.organization_id AS value, coalesce(o.title, h.organization_id) AS label, count(*) AS n
      FROM hits h LEFT JOIN organization o ON o.id = h.organization_id
      WHERE h.organization_id IS NOT NULL GROUP BY h.organization_id ORDER BY n DESC, label LIMIT ${FACET_LIMIT}`),
    db.all<Row>(sql`
      WITH hits AS (${hits})
      SELECT license_id AS value, coalesce(max(license_title), license_id) AS label, count(*) AS n
      FROM hits WHERE license_id IS NOT NULL GROUP BY license_id ORDER BY n DESC, label LIMIT ${FACET_LIMIT}`),
    db.all<Row>(sql`
      WITH hits AS (${hits})
      SELECT t.name AS value, t.name AS label, count(*) AS n FROM hits h CROSS JOIN dataset_tag t ON t.dataset_key = h.key
      GROUP BY t.name ORDER BY n DESC, label LIMIT ${FACET_LIMIT}`),
    db.all<Row>(sql`
      WITH hits AS (${hits})
      SELECT g.name AS value, coalesce(max(g.title), g.name) AS label, count(*) AS n FROM hits h CROSS JOIN dataset_group g ON g.dataset_key = h.key
      GROUP BY g.name ORDER BY n DESC, label LIMIT ${FACET_LIMIT}`),
    db.all<Row>(sql`
      WITH hits AS (${hits})
      SELECT r.format AS value, r.format AS label, count(DISTINCT r.dataset_key) AS n FROM hits h CROSS JOIN resource r ON r.dataset_key = h.key
      WHERE r.format IS NOT NULL GROUP BY r.format ORDER BY n DESC, label LIMIT ${FACET_LIMIT}`),
    db.all<Row>(sql`SELECT d.portal_id AS id, count(*) AS n FROM ${source} WHERE ${where} GROUP BY d.portal_id`),
  ])

  const keys = pageRows.map((row) => Number(row.key))
  const formatsByKey = new Map<number, string[]>()
  if (keys.length) {
    const rows = await db.all<Row>(sql`SELECT dataset_key, format FROM resource WHERE dataset_key IN (${sql.join(keys.map((key) => sql`${key}`), sql`, `)}) AND format IS NOT NULL ORDER BY dataset_key, position`)
    for (const row of rows) {
      const formats = formatsByKey.get(Number(row.dataset_key)) ?? []
      if (!formats.includes(String(row.format))) formats.push(String(row.format))
      formatsByKey.set(Number(row.dataset_key), formats)
    }
  }
  const facet = (rows: Row[]): FacetCount[] => rows.map((row) => ({ value: String(row.value), label: String(row.label), count: Number(row.n) }))
  const items: DatasetHit[] = pageRows.map((row) => ({
    id: String(row.id),
    instanceId: String(row.portal_id),
    name: String(row.name),
    title: String(row.title),
    notes: row.notes === null ? null : String(row.notes),
    organization: row.organization_id ? { id: String(row.organization_id), title: String(row.organization_title ?? row.organization_id) } : null,
    formats: formatsByKey.get(Number(row.key)) ?? [],
    license: (row.license_title ?? row.license_id ?? null) as string | null,
    modified: (row.metadata_modified_raw ?? null) as string | null,
  }))
  const counts = new Map(portalRows.map((row) => [String(row.id), Number(row.n)]))
  const ms = Date.now() - started
  return {
    items,
    total: Number(countRows[0]?.n ?? 0),
    facets: {
      organization: facet(organizationRows),
      groups: facet(groupRows),
      tags: facet(tagRows),
      formats: facet(formatRows),
      license: facet(licenseRows),
    },
    portals: portalIds.map((portalId) => ({ instanceId: portalId, ok: true, ms, count: counts.get(portalId) ?? 0 })),
  }
}
