import { sql } from 'drizzle-orm'
import { maxBoundParams, type Database } from '../../db/client.server.ts'
import type { CanonicalFormat } from '../../lib/domain/canonical-formats.ts'
import { bandOf, type Band } from '../../lib/domain/mqa.ts'
import { nameKey } from '../analysis/publishers.server.ts'
import { ids, LIST_COLUMNS, listItem, portalsOf, type DatasetListItem, type DatasetListRow } from './analysis-scope.server.ts'
import { formatsSummary, type FormatsSummary } from './formats.server.ts'
import { qualitySummary, type QualitySummary } from './quality.server.ts'

// What the publishers router reads: publishers (organizations merged across portals, docs/organizations.md) and one
// publisher with its member organizations, quality, formats and datasets.

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

export async function listPublishers(
  db: Database,
  input: { portalIds?: string[] | undefined; q?: string | undefined; sort: 'datasets' | 'name' | 'quality'; page: number; pageSize: number },
): Promise<{ items: PublisherListItem[]; total: number; page: number; pageSize: number }> {
  const portals = await portalsOf(db, input.portalIds)
  if (portals.length === 0) return { items: [], total: 0, page: input.page, pageSize: input.pageSize }
  const q = input.q?.trim()
  const search = q ? sql`AND (o.title LIKE ${`%${q}%`} OR coalesce(o.publisher_id, o.id) LIKE ${`%${nameKey(q)}%`})` : sql``
  const order =
    input.sort === 'name' ? sql`title COLLATE NOCASE, id` : input.sort === 'quality' ? sql`(scaled / NULLIF(datasets, 0)) DESC NULLS LAST, datasets DESC, id` : sql`datasets DESC, id`
  const rollups = ids(portals.map((p) => p.rollupId))
  // The organization rows of the chosen rollups are read once (a range of the primary key per rollup), then joined.
  const rows = await db.all<{ id: string; title: string; datasets: number; scaled: number; portal_ids: string; organizations: number; total: number }>(sql`
    WITH q AS MATERIALIZED (
      SELECT scope_id, sum(datasets) AS datasets, total(scaled) AS scaled FROM rollup_quality
      WHERE rollup_id IN (${rollups}) AND scope = 'organization' GROUP BY scope_id
    ), pub AS (
      SELECT coalesce(o.publisher_id, o.id) AS id, min(o.title) AS title, CAST(total(q.datasets) AS INTEGER) AS datasets, total(q.scaled) AS scaled,
        group_concat(DISTINCT o.portal_id) AS portal_ids, count(DISTINCT o.id) AS organizations
      FROM organization o LEFT JOIN q ON q.scope_id = o.id
      WHERE o.portal_id IN (${ids(portals.map((p) => p.id))}) ${search}
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
        portals: row.portal_ids
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

export async function publisherById(db: Database, id: string, options: { page: number; pageSize: number }): Promise<PublisherDetail | null> {
  const members = await db.all<{ id: string; portal_id: string; portal_name: string; name: string; title: string; description: string | null; image_url: string | null; publisher_id: string | null }>(sql`
    SELECT o.id, o.portal_id, i.name AS portal_name, o.name, o.title, o.description, o.image_url, o.publisher_id
    FROM organization o JOIN portal i ON i.id = o.portal_id WHERE o.publisher_id = ${id} OR o.id = ${id} ORDER BY i.name, o.title`)
  if (members.length === 0) return null
  // An organization asked for by its own id answers as the publisher it is merged into.
  const publisherId = members.find((member) => member.id === id)?.publisher_id ?? id
  if (publisherId !== id) return publisherById(db, publisherId, options)
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
      instanceId: member.portal_id,
      instanceName: member.portal_name,
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
