import { and, asc, eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.server.ts'
import { portals } from '../../db/schema/portal.ts'
import { datasetExtents } from '../../db/schema/dataset-extent.ts'
import { datasetGroups } from '../../db/schema/dataset-group.ts'
import { datasetTags } from '../../db/schema/dataset-tag.ts'
import { datasets } from '../../db/schema/dataset.ts'
import { linkChecks } from '../../db/schema/link-check.ts'
import { organizations } from '../../db/schema/organization.ts'
import { resources } from '../../db/schema/resource.ts'
import type { CanonicalFormat } from '../../lib/domain/canonical-formats.ts'
import { toOutsideValue, type OutsideValue } from '../../lib/outside-data.ts'

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

// The user's words as a full-text query, for every search over the snapshot (dataset-search.server.ts, the map,
// test cases).

/**
 * The user's words as an FTS5 query: each word a quoted prefix term, all required. Quoting makes every character
 * literal, so nothing a user types can be read as FTS syntax (NEAR, column filters, unbalanced quotes).
 */
export function ftsQuery(q: string | undefined): string | null {
  const words = (q ?? '').normalize('NFKC').split(/[^\p{L}\p{N}]+/u).filter(Boolean).slice(0, 12)
  return words.length ? words.map((word) => `"${word}"*`).join(' ') : null
}
