import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm'
import { busyErrorIn } from '../../../db/busy.server.ts'
import { maxBoundParams, readRaw, runBatch, runRawBatch, type Database, type RawStatement } from '../../../db/client.server.ts'
import { datasets } from '../../../db/schema/dataset.ts'
import { organizations } from '../../../db/schema/organization.ts'
import { mergeScopes, noScopes, type TouchedScopes } from '../../queries/rollups.server.ts'
import type { CkanOrganization, CkanPackage } from '../schemas.server.ts'
import { rowsOf, trimmed, type Rows } from './package-rows.server.ts'

// One pipeline stores datasets whatever their source: a harvest page, a JSONL dump line or the demo catalogue. What
// rows a package becomes is package-rows.server.ts; here they are written, a slice of packages to a batch.

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = []
  for (let index = 0; index < items.length; index += size) out.push(items.slice(index, index + size))
  return out
}

/**
 * Rows cut into runs whose lengths are powers of two (at most `limit` rows each): a multi-row statement's text
 * depends only on its length, so a few shapes recur from slice to slice and the database can reuse their prepared
 * statements instead of parsing thousands of placeholders anew.
 */
function shapedChunks<T>(items: T[], limit: number): T[][] {
  const out: T[][] = []
  let largest = 1
  while (largest * 2 <= limit) largest *= 2
  let index = 0
  for (let size = largest; size >= 1; size /= 2) {
    while (items.length - index >= size) {
      out.push(items.slice(index, index + size))
      index += size
    }
  }
  return out
}

type Value = string | number | null

/** Multi-row INSERT statements in chunks that respect the database's bound-parameter limit. */
function inserts(table: string, columns: string[], rows: Value[][], limit: number, suffix = ''): RawStatement[] {
  const perStatement = Math.max(1, Math.floor(limit / columns.length))
  const tuple = `(${columns.map(() => '?').join(',')})`
  return shapedChunks(rows, perStatement).map((part) => ({
    sql: `INSERT INTO ${table} (${columns.join(',')}) VALUES ${Array(part.length).fill(tuple).join(',')}${suffix}`,
    args: part.flat(),
  }))
}

/**
 * Multi-row INSERTs of child rows whose first value is the dataset's text id: each row is joined to the dataset to
 * store its integer key instead, in the same statement (the key of a new dataset is known only once it is written).
 */
function childInserts(table: string, columns: string[], rows: Value[][], limit: number): RawStatement[] {
  const perStatement = Math.max(1, Math.floor(limit / columns.length))
  const tuple = `(${columns.map(() => '?').join(',')})`
  const picked = columns.slice(1).map((_, index) => `v.column${index + 2}`).join(',')
  return shapedChunks(rows, perStatement).map((part) => ({
    sql: `INSERT INTO ${table} (dataset_key,${columns.slice(1).join(',')}) SELECT d.key,${picked} FROM (VALUES ${Array(part.length).fill(tuple).join(',')}) AS v JOIN dataset d ON d.id = v.column1`,
    args: part.flat(),
  }))
}

const ms = (date: Date | null | undefined): number | null => (date ? date.getTime() : null)
const json = (value: unknown): string | null => (value === null || value === undefined ? null : JSON.stringify(value))

const DATASET_COLUMNS = [
  'id', 'portal_id', 'ckan_id', 'name', 'title', 'notes', 'url', 'organization_id', 'license_id', 'license_title',
  'maintainer', 'maintainer_email', 'author', 'author_email', 'metadata_created', 'metadata_modified',
  'metadata_modified_raw', 'keywords', 'resource_count', 'extra', 'harvested_at', 'last_seen_run', 'deleted_at',
  'quality_points', 'quality_max', 'quality_scaled', 'quality_failed', 'quality_findability', 'quality_accessibility',
  'quality_interoperability', 'quality_reusability', 'quality_contextuality', 'pw_existence', 'pw_conformance', 'pw_openness',
]
const DATASET_UPSERT = ` ON CONFLICT(id) DO UPDATE SET ${DATASET_COLUMNS.filter((column) => column !== 'id' && column !== 'portal_id')
  .map((column) => `${column}=excluded.${column}`)
  .join(',')}`

function datasetValues(row: Rows['dataset']): Value[] {
  return [
    row.id, row.portalId, row.ckanId, row.name, row.title, row.notes ?? null, row.url ?? null, row.organizationId ?? null,
    row.licenseId ?? null, row.licenseTitle ?? null, row.maintainer ?? null, row.maintainerEmail ?? null, row.author ?? null,
    row.authorEmail ?? null, ms(row.metadataCreated), ms(row.metadataModified), row.metadataModifiedRaw ?? null,
    row.keywords ?? '', row.resourceCount ?? 0, json(row.extra), ms(row.harvestedAt), row.lastSeenRun ?? null, null,
    row.qualityPoints ?? null, row.qualityMax ?? null, row.qualityScaled ?? null, row.qualityFailed ?? null,
    row.qualityFindability ?? null, row.qualityAccessibility ?? null, row.qualityInteroperability ?? null,
    row.qualityReusability ?? null, row.qualityContextuality ?? null, row.pwExistence ?? null, row.pwConformance ?? null,
    row.pwOpenness ?? null,
  ]
}

/** `unchanged`: datasets found as stored already and not written again (incremental harvests only). */
export type StoreResult = { created: number; updated: number; unchanged: number; touched: TouchedScopes }

/** Where packages are stored from; `skipUnchanged` leaves slices whose datasets are all stored as sent untouched. */
export type StoreContext = { runId: number | null; now: Date; skipUnchanged?: boolean }

// A page is stored in slices of 100 datasets, each its own transaction: SQLite has one writer, so a slice is how long
// a person's write may wait (about 20 ms; 1,000-dataset slices held the lock for 200 ms to a second under load, and
// were 14% faster; docs/decisions/012-database-writes.md). On the calling thread, a turn of the event loop between
// slices keeps a server that stores in-process answering.
export const STORE_SLICE = 100

/**
 * Upserts datasets with their resources, tags, groups and extents. Each slice of datasets is one atomic write, and
 * the writes are idempotent: a harvest that dies mid-page repeats that page and leaves every dataset whole.
 */
export async function storePackages(db: Database, portalId: string, packages: CkanPackage[], context: StoreContext): Promise<StoreResult> {
  return writeSlices(db, buildSlices(portalId, packages, context, maxBoundParams(db)))
}

/**
 * A slice of datasets ready to write: their ids and `metadata_modified` as sent (to tell new, changed and unchanged
 * apart), the scopes their new rows fall in, and the statements that store them.
 */
export type WriteSlice = { ids: string[]; modified: Array<string | null>; skipUnchanged: boolean; scopes: TouchedScopes; statements: RawStatement[] }

/** Turns packages into write statements; pure, so it can run on one thread while another writes. */
export function buildSlices(portalId: string, packages: CkanPackage[], context: StoreContext, limit: number, sliceSize = STORE_SLICE): WriteSlice[] {
  // A portal may list one dataset twice in a page; the last copy wins.
  const unique = [...new Map(packages.map((pkg) => [pkg.id, pkg])).values()]
  const slices: WriteSlice[] = []
  for (let index = 0; index < unique.length; index += sliceSize) slices.push(buildSlice(portalId, unique.slice(index, index + sliceSize), context, limit))
  return slices
}

/** How often a slice is tried again when the write lock stayed taken (each try waits up to two minutes). */
const BUSY_RETRIES = 3

type StoredState = { modified: string | null; live: boolean; organizationId: string | null; regions: string[] }

/**
 * What the database holds of these datasets: a read, outside any write transaction. The ids go in as one JSON value,
 * so the statement is the same for every slice (prepared once) and binds one value instead of a hundred.
 */
async function storedStates(db: Database, ids: string[]): Promise<Map<string, StoredState>> {
  const out = new Map<string, StoredState>()
  const rows = await readRaw(db, {
    sql: `SELECT d.id, d.metadata_modified_raw, d.deleted_at IS NULL, d.organization_id,
        (SELECT group_concat(x.region_id, ' ') FROM dataset_region x WHERE x.dataset_key = d.key)
      FROM dataset d WHERE d.id IN (SELECT value FROM json_each(?))`,
    args: [JSON.stringify(ids)],
  })
  for (const [id, modified, live, organizationId, regions] of rows) {
    out.set(String(id), {
      modified: modified === null ? null : String(modified),
      live: Number(live) === 1,
      organizationId: organizationId === null ? null : String(organizationId),
      regions: regions === null ? [] : String(regions).split(' '),
    })
  }
  return out
}

/**
 * Writes slices one by one, each atomically, with a turn of the event loop between them. A slice that could not get
 * the write lock (people's writes and other writers went first for minutes) is tried again: nothing of it was written.
 * With `skipUnchanged`, a slice whose datasets are all stored, live and as modified as sent is not written at all:
 * an incremental harvest asks for its boundary dataset again, and rewriting it would make rollups look stale.
 */
export async function writeSlices(db: Database, slices: WriteSlice[]): Promise<StoreResult> {
  const total: StoreResult = { created: 0, updated: 0, unchanged: 0, touched: noScopes() }
  for (const [index, slice] of slices.entries()) {
    if (index > 0) await new Promise((resolve) => setImmediate(resolve))
    const stored = await storedStates(db, slice.ids)
    if (slice.skipUnchanged && slice.ids.every((id, at) => stored.get(id)?.live === true && stored.get(id)?.modified === slice.modified[at])) {
      total.unchanged += slice.ids.length
      continue
    }
    for (let attempt = 1; ; attempt++) {
      try {
        await runRawBatch(db, slice.statements)
        break
      } catch (error) {
        if (!busyErrorIn(error) || attempt > BUSY_RETRIES) throw error
        await new Promise((resolve) => setTimeout(resolve, 1000 * attempt))
      }
    }
    const before = [...stored.values()]
    total.created += slice.ids.length - stored.size
    total.updated += stored.size
    total.touched = mergeScopes(total.touched, {
      organizations: [...slice.scopes.organizations, ...before.flatMap((state) => (state.organizationId === null ? [] : [state.organizationId]))],
      regions: [...slice.scopes.regions, ...before.flatMap((state) => state.regions)],
      withoutOrganization: slice.scopes.withoutOrganization || before.some((state) => state.organizationId === null),
    })
  }
  return total
}

function buildSlice(portalId: string, unique: CkanPackage[], context: StoreContext, limit: number): WriteSlice {
  const rows = unique.map((pkg) => rowsOf(portalId, pkg, context))
  const ids = rows.map((row) => row.dataset.id)
  const scopes: TouchedScopes = {
    organizations: [...new Set(rows.flatMap((row) => (row.dataset.organizationId ? [row.dataset.organizationId] : [])))],
    regions: [...new Set(rows.flatMap((row) => row.regions))],
    withoutOrganization: rows.some((row) => !row.dataset.organizationId),
  }

  const orgs = [...new Map(rows.flatMap((row) => (row.organization ? [[row.organization.id, row.organization] as const] : []))).values()]
  const statements: RawStatement[] = [
    ...inserts(
      'organization',
      ['id', 'portal_id', 'ckan_id', 'name', 'title', 'harvested_at'],
      orgs.map((org) => [org.id, org.portalId, org.ckanId ?? null, org.name, org.title, ms(org.harvestedAt)]),
      limit,
      ' ON CONFLICT(id) DO NOTHING',
    ),
    ...inserts('dataset', DATASET_COLUMNS, rows.map((row) => datasetValues(row.dataset)), limit, DATASET_UPSERT),
  ]
  // The slice's ids as one JSON value: five statements of the same text for every slice, one value bound each.
  const idList = JSON.stringify(ids)
  for (const table of ['resource', 'dataset_tag', 'dataset_group', 'dataset_extent', 'dataset_region']) {
    statements.push({ sql: `DELETE FROM ${table} WHERE dataset_key IN (SELECT key FROM dataset WHERE id IN (SELECT value FROM json_each(?)))`, args: [idList] })
  }
  statements.push(
    ...childInserts(
      'resource',
      ['dataset_id', 'position', 'ckan_id', 'name', 'description', 'url', 'download_url', 'rights', 'format', 'mimetype', 'size', 'created', 'last_modified', 'canonical_format', 'format_source', 'format_conflict', 'openness'],
      rows.flatMap((row) =>
        row.resources.map((r) => [
          r.datasetId, r.position, r.ckanId ?? null, r.name ?? null, r.description ?? null, r.url ?? null, r.downloadUrl ?? null, r.rights ?? null, r.format ?? null, r.mimetype ?? null,
          r.size ?? null, r.created ?? null, r.lastModified ?? null, r.canonicalFormat ?? 'unknown', r.formatSource ?? 'none', r.formatConflict ? 1 : 0, r.openness ?? 0,
        ]),
      ),
      limit,
    ),
    ...childInserts('dataset_tag', ['dataset_id', 'name'], rows.flatMap((row) => row.tags.map((tag) => [tag.datasetId, tag.name])), limit),
    ...childInserts('dataset_region', ['dataset_id', 'region_id'], rows.flatMap((row) => row.regions.map((region) => [row.dataset.id, region])), limit),
    ...childInserts('dataset_group', ['dataset_id', 'name', 'title'], rows.flatMap((row) => row.groups.map((group) => [group.datasetId, group.name, group.title ?? null])), limit),
    ...childInserts(
      'dataset_extent',
      ['dataset_id', 'source', 'west', 'south', 'east', 'north', 'geometry'],
      rows.flatMap((row) => (row.extent ? [[row.extent.datasetId, row.extent.source, row.extent.west, row.extent.south, row.extent.east, row.extent.north, json(row.extent.geometry)]] : [])),
      limit,
    ),
  )
  return { ids, modified: rows.map((row) => row.dataset.metadataModifiedRaw ?? null), skipUnchanged: context.skipUnchanged === true, scopes, statements }
}

/** Organizations from organization_list, upserted with everything the portal says about them. */
export async function storeOrganizations(db: Database, portalId: string, list: CkanOrganization[], now: Date): Promise<number> {
  const rows = [...new Map(list.map((org) => [org.name, org])).values()].map((org) => {
    const { id: ckanId, name, title, display_name: displayName, description, image_url: imageUrl, package_count: packageCount, ...rest } = org
    return {
      id: `${portalId}:${name}`,
      portalId,
      ckanId: trimmed(ckanId),
      name,
      title: trimmed(title) ?? trimmed(displayName) ?? name,
      description: description ?? null,
      imageUrl: trimmed(imageUrl),
      packageCount: packageCount ?? null,
      extra: rest,
      harvestedAt: now,
    }
  })
  const statements = chunks(rows, Math.max(1, Math.floor(maxBoundParams(db) / 10))).map((part) =>
    db
      .insert(organizations)
      .values(part)
      .onConflictDoUpdate({
        target: organizations.id,
        set: {
          ckanId: sql`excluded.ckan_id`,
          title: sql`excluded.title`,
          description: sql`excluded.description`,
          imageUrl: sql`excluded.image_url`,
          packageCount: sql`excluded.package_count`,
          extra: sql`excluded.extra`,
          harvestedAt: sql`excluded.harvested_at`,
        },
      }),
  )
  await runBatch(db, statements)
  return rows.length
}

/**
 * After a complete full harvest: what the portal no longer lists is marked deleted (kept, so links still resolve).
 * Found with a read, then marked in short transactions (one scan inside a transaction held the lock for a third of a
 * second at 100,000 datasets); each update checks the condition again.
 */
export async function markUnseenDeleted(db: Database, portalId: string, runId: number, now: Date): Promise<number> {
  const unseen = and(eq(datasets.portalId, portalId), isNull(datasets.deletedAt), or(isNull(datasets.lastSeenRun), ne(datasets.lastSeenRun, runId)))
  const keys = (await db.select({ key: datasets.key }).from(datasets).where(unseen)).map((row) => row.key)
  let marked = 0
  for (const part of chunks(keys, Math.min(STORE_SLICE * 5, maxBoundParams(db) - 4))) {
    const rows = await db
      .update(datasets)
      .set({ deletedAt: now })
      .where(and(inArray(datasets.key, part), unseen))
      .returning({ key: datasets.key })
    marked += rows.length
  }
  return marked
}
