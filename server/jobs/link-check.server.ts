import { sql } from 'drizzle-orm'
import { maxBoundParams, runRawBatch, type Database, type RawStatement } from '../../db/client.server.ts'
import { checkLinks, type LinkCheckOptions, type LinkCheckResult } from '../outbound/link-check.server.ts'
import { refreshRollups } from '../queries/rollups.server.ts'
import { reanalyseDatasets } from '../queries/stored-analysis.server.ts'

// Link checks as the product runs them: which URLs are due, where results are kept (one row per URL, shared by every
// resource that links it), and how they reach the quality scores. A dataset is re-scored as soon as its URLs are
// checked; a portal's rollups follow at its next harvest, or at once when a whole portal was checked on demand.

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
export async function datasetsLinking(db: Database, urls: string[]): Promise<Array<{ key: number; instanceId: string }>> {
  const out = new Map<number, string>()
  const size = Math.max(1, Math.floor(maxBoundParams(db) / 2))
  for (let at = 0; at < urls.length; at += size) {
    const part = urls.slice(at, at + size)
    const rows = await db.all<{ key: number; instance_id: string }>(sql`
      SELECT DISTINCT d.key, d.instance_id FROM resource r JOIN dataset d ON d.key = r.dataset_key
      WHERE d.deleted_at IS NULL AND (r.url IN (${ids(part)}) OR r.download_url IN (${ids(part)}))`)
    for (const row of rows) out.set(row.key, row.instance_id)
  }
  return [...out].map(([key, instanceId]) => ({ key, instanceId }))
}

/**
 * URLs of live datasets on enabled portals that were never checked or not for a week, never-checked first. Demo
 * portals are left out: their addresses are generated and belong to nobody.
 */
export async function dueLinks(db: Database, options: { instanceId?: string; limit: number; now?: Date }): Promise<string[]> {
  const before = (options.now ?? new Date()).getTime() - RECHECK_AFTER_MS
  const portal = options.instanceId ? sql`AND d.instance_id = ${options.instanceId}` : sql``
  const rows = await db.all<{ url: string }>(sql`
    WITH linked AS (
      SELECT r.url AS url FROM resource r JOIN dataset d ON d.key = r.dataset_key JOIN ckan_instance i ON i.id = d.instance_id
      WHERE d.deleted_at IS NULL AND i.enabled = 1 AND i.is_demo = 0 AND r.url IS NOT NULL ${portal}
      UNION
      SELECT r.download_url FROM resource r JOIN dataset d ON d.key = r.dataset_key JOIN ckan_instance i ON i.id = d.instance_id
      WHERE d.deleted_at IS NULL AND i.enabled = 1 AND i.is_demo = 0 AND r.download_url IS NOT NULL ${portal}
    )
    SELECT linked.url FROM linked LEFT JOIN link_check l ON l.url = linked.url
    WHERE l.url IS NULL OR l.checked_at < ${before}
    ORDER BY l.checked_at IS NOT NULL, l.checked_at LIMIT ${options.limit}`)
  return rows.map((row) => row.url)
}

export type LinkRun = { checked: number; rescored: number; results: LinkCheckResult[] }

/** Checks URLs, keeps the results and re-scores the datasets that link them. */
export async function checkAndRecord(db: Database, urls: string[], options: LinkCheckOptions = {}): Promise<LinkRun> {
  const results: LinkCheckResult[] = []
  // Results are kept as they come, so a run cut short (a budget, a restart) loses nothing already checked.
  let pending: LinkCheckResult[] = []
  const flush = async () => {
    if (pending.length === 0) return
    const batch = pending
    pending = []
    await recordLinkChecks(db, batch)
  }
  await checkLinks(urls, {
    ...options,
    onResult: async (result) => {
      results.push(result)
      pending.push(result)
      if (pending.length >= 25) await flush()
      await options.onResult?.(result)
    },
  })
  await flush()
  const linking = await datasetsLinking(db, results.map((result) => result.url))
  await reanalyseDatasets(db, linking.map((item) => item.key))
  return { checked: results.length, rescored: linking.length, results }
}

/** Checks one dataset's URLs now (on demand) and re-scores it. */
export async function checkDatasetLinks(db: Database, datasetId: string, options: LinkCheckOptions = {}): Promise<LinkRun | null> {
  const rows = await db.all<{ url: string | null; download_url: string | null }>(sql`
    SELECT r.url, r.download_url FROM resource r JOIN dataset d ON d.key = r.dataset_key WHERE d.id = ${datasetId}`)
  const [exists] = await db.all<{ n: number }>(sql`SELECT count(*) AS n FROM dataset WHERE id = ${datasetId}`)
  if (!exists?.n) return null
  const urls = [...new Set(rows.flatMap((row) => [row.url, row.download_url]).filter((url): url is string => !!url))]
  return checkAndRecord(db, urls, options)
}

/** Checks a portal's due URLs (up to `limit`), then refreshes its rollups so the pages show the new scores. */
export async function checkPortalLinks(db: Database, instanceId: string, options: LinkCheckOptions & { limit: number }): Promise<LinkRun> {
  const run = await checkAndRecord(db, await dueLinks(db, { instanceId, limit: options.limit }), options)
  if (run.checked > 0) await refreshRollups(db, instanceId)
  return run
}

/** Scheduled work: a few due URLs across all portals, within a time budget. */
export async function linkCheckTick(db: Database, options: LinkCheckOptions & { limit: number; budgetMs: number }): Promise<LinkRun> {
  const stop = new AbortController()
  const timer = setTimeout(() => stop.abort(), options.budgetMs)
  try {
    const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal
    return await checkAndRecord(db, await dueLinks(db, { limit: options.limit }), { ...options, signal })
  } finally {
    clearTimeout(timer)
  }
}
