import { sql } from 'drizzle-orm'
import { maxBoundParams, runRawBatch, type Database, type RawStatement } from '../../db/client.server.ts'
import type { LinkCheckResult } from '../outbound/link-check.server.ts'

// Where link checks are kept (one row per URL, shared by every resource that links it) and which URLs are due.
// The checking itself is outbound HTTP (server/outbound/link-check.server.ts); the job that ties the two together
// and re-scores datasets is server/jobs/link-check.server.ts.

/** A URL is checked again after a week. */
export const RECHECK_AFTER_MS = 7 * 24 * 60 * 60 * 1000

const ids = (values: ReadonlyArray<string | number>) => sql.join(values.map((value) => sql`${value}`), sql`, `)

/** Upserts results, keeping only the latest check of each URL. */
export async function recordLinkChecks(db: Database, results: LinkCheckResult[]): Promise<void> {
  const columns = ['url', 'ok', 'status', 'content_type', 'size', 'final_url', 'error', 'method', 'checked_at', 'ms']
  const perStatement = Math.max(1, Math.floor(maxBoundParams(db) / columns.length))
  const statements: RawStatement[] = []
  for (let at = 0; at < results.length; at += perStatement) {
    const part = results.slice(at, at + perStatement)
    statements.push({
      sql: `INSERT INTO link_check (${columns.join(',')}) VALUES ${part.map(() => `(${columns.map(() => '?').join(',')})`).join(',')}
        ON CONFLICT(url) DO UPDATE SET ${columns.slice(1).map((column) => `${column}=excluded.${column}`).join(',')}`,
      args: part.flatMap((result) => [
        result.url, result.ok ? 1 : 0, result.status, result.contentType, result.size, result.finalUrl, result.error, result.method,
        result.checkedAt.getTime(), Math.round(result.ms),
      ]),
    })
  }
  await runRawBatch(db, statements)
}

/** Keys of the live datasets that link any of these URLs (as access or download URL). */
export async function datasetsLinking(db: Database, urls: string[]): Promise<Array<{ key: number; portalId: string }>> {
  const out = new Map<number, string>()
  const size = Math.max(1, Math.floor(maxBoundParams(db) / 2))
  for (let at = 0; at < urls.length; at += size) {
    const part = urls.slice(at, at + size)
    const rows = await db.all<{ key: number; portal_id: string }>(sql`
      SELECT DISTINCT d.key, d.portal_id FROM resource r JOIN dataset d ON d.key = r.dataset_key
      WHERE d.deleted_at IS NULL AND (r.url IN (${ids(part)}) OR r.download_url IN (${ids(part)}))`)
    for (const row of rows) out.set(row.key, row.portal_id)
  }
  return [...out].map(([key, portalId]) => ({ key, portalId }))
}

/**
 * URLs of live datasets on enabled portals that were never checked or not for a week, never-checked first. Demo
 * portals are left out: their addresses are generated and belong to nobody.
 */
export async function dueLinks(db: Database, options: { portalId?: string; limit: number; now?: Date }): Promise<string[]> {
  const before = (options.now ?? new Date()).getTime() - RECHECK_AFTER_MS
  const portal = options.portalId ? sql`AND d.portal_id = ${options.portalId}` : sql``
  const rows = await db.all<{ url: string }>(sql`
    WITH linked AS (
      SELECT r.url AS url FROM resource r JOIN dataset d ON d.key = r.dataset_key JOIN portal i ON i.id = d.portal_id
      WHERE d.deleted_at IS NULL AND i.enabled = 1 AND i.is_demo = 0 AND r.url IS NOT NULL ${portal}
      UNION
      SELECT r.download_url FROM resource r JOIN dataset d ON d.key = r.dataset_key JOIN portal i ON i.id = d.portal_id
      WHERE d.deleted_at IS NULL AND i.enabled = 1 AND i.is_demo = 0 AND r.download_url IS NOT NULL ${portal}
    )
    SELECT linked.url FROM linked LEFT JOIN link_check l ON l.url = linked.url
    WHERE l.url IS NULL OR l.checked_at < ${before}
    ORDER BY l.checked_at IS NOT NULL, l.checked_at LIMIT ${options.limit}`)
  return rows.map((row) => row.url)
}

/** The distinct URLs one dataset links (access and download URLs), or null when there is no such dataset. */
export async function datasetLinkUrls(db: Database, datasetId: string): Promise<string[] | null> {
  const rows = await db.all<{ url: string | null; download_url: string | null }>(sql`
    SELECT r.url, r.download_url FROM resource r JOIN dataset d ON d.key = r.dataset_key WHERE d.id = ${datasetId}`)
  const [exists] = await db.all<{ n: number }>(sql`SELECT count(*) AS n FROM dataset WHERE id = ${datasetId}`)
  if (!exists?.n) return null
  return [...new Set(rows.flatMap((row) => [row.url, row.download_url]).filter((url): url is string => !!url))]
}
