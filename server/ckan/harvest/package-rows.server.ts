import type { datasetExtents } from '../../../db/schema/dataset-extent.ts'
import type { datasetGroups } from '../../../db/schema/dataset-group.ts'
import type { datasetTags } from '../../../db/schema/dataset-tag.ts'
import type { datasets } from '../../../db/schema/dataset.ts'
import type { organizations } from '../../../db/schema/organization.ts'
import type { resources } from '../../../db/schema/resource.ts'
import { analyseDataset, qualityResource } from '../../analysis/dataset-analysis.server.ts'
import { opennessStars, resolveFormat } from '../../../lib/domain/formats.ts'
import { extentOf } from '../extent.server.ts'
import type { CkanPackage, CkanResource } from '../schemas.server.ts'

// A CKAN package as the rows it is stored as (the dataset with its quality score and regions, its resources, tags,
// groups, extent and organization), whatever its source: a harvest page, a JSONL dump line or the demo catalogue.
// Writing them is ingest.server.ts.

const KNOWN_FIELDS = new Set([
  'id', 'name', 'title', 'notes', 'url', 'license_id', 'license_title', 'maintainer', 'maintainer_email', 'author',
  'author_email', 'metadata_created', 'metadata_modified', 'state', 'private', 'organization', 'tags', 'groups',
  'resources', 'extras', 'spatial', 'owner_org', 'num_resources', 'num_tags', 'creator_user_id',
  'relationships_as_object', 'relationships_as_subject', 'tracking_summary',
])

/** CKAN prints UTC timestamps without a zone designator; read them as UTC. */
export function ckanTime(value: string | null | undefined): Date | null {
  if (!value) return null
  const text = value.trim()
  const zoned = /[zZ]|[+-]\d\d:?\d\d$/.test(text.slice(10)) ? text : `${text}Z`
  const ms = Date.parse(zoned)
  return Number.isFinite(ms) ? new Date(ms) : null
}

export function trimmed(value: string | null | undefined): string | null {
  const text = value?.trim()
  return text ? text : null
}

/** Sizes arrive as numbers, numeric strings or junk; only a whole, non-negative byte count is kept. */
function byteSize(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null
}

export function organizationIdOf(portalId: string, pkg: CkanPackage): string | null {
  const name = trimmed(pkg.organization?.name)
  return name ? `${portalId}:${name}` : null
}

/**
 * The fields this pipeline does not model, kept as the portal sent them. Outside keys are data: objects are built
 * with Object.fromEntries (own properties, whatever the key: `__proto__` and `constructor` included), never by
 * assignment, which would treat `__proto__` as the object's prototype.
 */
function extraOf(pkg: CkanPackage): Record<string, unknown> | null {
  const entries: Array<[string, unknown]> = Object.entries(pkg).filter(([key, value]) => !KNOWN_FIELDS.has(key) && value !== undefined)
  if (pkg.extras?.length) entries.push(['extras', Object.fromEntries(pkg.extras.map((item) => [item.key, item.value ?? null]))])
  return entries.length ? Object.fromEntries(entries) : null
}

// Child rows name their dataset by its text id; the store swaps in the dataset's integer key as it writes them.
type ByDataset<T> = Omit<T, 'datasetKey'> & { datasetId: string }
export type Rows = {
  dataset: typeof datasets.$inferInsert
  resources: Array<ByDataset<typeof resources.$inferInsert>>
  tags: Array<ByDataset<typeof datasetTags.$inferInsert>>
  groups: Array<ByDataset<typeof datasetGroups.$inferInsert>>
  extent: ByDataset<typeof datasetExtents.$inferInsert> | null
  regions: string[]
  organization: typeof organizations.$inferInsert | null
}

/**
 * A resource's download URL (dcat:downloadURL): the one ckanext-dcat gives, else its `url` when CKAN says the file was
 * uploaded to the portal (`url_type: upload`: the address is the file itself, not a page about it).
 */
export function downloadUrlOf(resource: Pick<CkanResource, 'download_url' | 'url' | 'url_type'>): string | null {
  return trimmed(resource.download_url) ?? (trimmed(resource.url_type) === 'upload' ? trimmed(resource.url) : null)
}

export function rowsOf(portalId: string, pkg: CkanPackage, context: { runId: number | null; now: Date }): Rows {
  const id = `${portalId}:${pkg.id}`
  const tagNames = [...new Set((pkg.tags ?? []).map((tag) => trimmed(tag.name ?? tag.display_name)).filter((name): name is string => name !== null))]
  const groupRows = new Map<string, string | null>()
  for (const group of pkg.groups ?? []) {
    const name = trimmed(group.name)
    if (name) groupRows.set(name, trimmed(group.title ?? group.display_name))
  }
  const organizationId = organizationIdOf(portalId, pkg)
  const organizationTitle = trimmed(pkg.organization?.title ?? pkg.organization?.display_name) ?? trimmed(pkg.organization?.name)
  const extent = extentOf(pkg)
  const packageResources = pkg.resources ?? []
  const extra = extraOf(pkg)
  const resourceRows = packageResources.map((resource, position) => {
    const resolved = resolveFormat(resource)
    return {
      datasetId: id,
      position,
      ckanId: trimmed(resource.id),
      name: trimmed(resource.name),
      description: resource.description ?? null,
      url: trimmed(resource.url),
      downloadUrl: downloadUrlOf(resource),
      rights: trimmed(resource.rights),
      format: trimmed(resource.format),
      mimetype: trimmed(resource.mimetype),
      size: byteSize(resource.size),
      created: trimmed(resource.created),
      lastModified: trimmed(resource.last_modified),
      canonicalFormat: resolved.format,
      formatSource: resolved.source,
      formatConflict: resolved.conflict !== null,
      openness: opennessStars(resolved.format),
    }
  })
  const metadataCreated = ckanTime(pkg.metadata_created)
  const metadataModified = ckanTime(pkg.metadata_modified)
  // Licence and contacts, stored as sent and read by the quality score alike.
  const terms = {
    licenseId: trimmed(pkg.license_id),
    licenseTitle: trimmed(pkg.license_title),
    maintainer: trimmed(pkg.maintainer),
    maintainerEmail: trimmed(pkg.maintainer_email),
    author: trimmed(pkg.author),
    authorEmail: trimmed(pkg.author_email),
  }
  const title = trimmed(pkg.title) ?? pkg.name
  const analysis = analyseDataset(
    {
      title,
      notes: pkg.notes ?? null,
      tags: tagNames,
      groups: [...groupRows.keys()],
      hasExtent: extent !== null,
      extra,
      ...terms,
      hasPublisher: organizationId !== null,
      metadataCreated,
      metadataModified,
      // Link checks are applied when a harvest ends (server/queries/rollups.server.ts), not page by page.
      resources: resourceRows.map((row) => qualityResource(row)),
    },
    extent,
  )
  return {
    dataset: {
      id,
      portalId,
      ckanId: pkg.id,
      name: pkg.name,
      title,
      notes: pkg.notes ?? null,
      url: trimmed(pkg.url),
      organizationId,
      ...terms,
      metadataCreated,
      metadataModified,
      metadataModifiedRaw: trimmed(pkg.metadata_modified),
      keywords: [...tagNames, ...[...groupRows].map(([name, title]) => title ?? name), organizationTitle ?? ''].join(' ').trim(),
      resourceCount: packageResources.length,
      extra,
      harvestedAt: context.now,
      lastSeenRun: context.runId,
      deletedAt: null,
      ...analysis.quality,
    },
    resources: resourceRows,
    tags: tagNames.map((name) => ({ datasetId: id, name })),
    groups: [...groupRows].map(([name, title]) => ({ datasetId: id, name, title })),
    extent: extent
      ? { datasetId: id, source: extent.source, west: extent.bbox[0], south: extent.bbox[1], east: extent.bbox[2], north: extent.bbox[3], geometry: extent.geometry }
      : null,
    regions: analysis.regions,
    organization:
      organizationId && pkg.organization?.name
        ? { id: organizationId, portalId, ckanId: trimmed(pkg.organization.id), name: pkg.organization.name, title: organizationTitle ?? pkg.organization.name, harvestedAt: context.now }
        : null,
  }
}
