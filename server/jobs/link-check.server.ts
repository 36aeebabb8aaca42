import type { Database } from '../../db/client.server.ts'
import { datasetLinkUrls, datasetsLinking, dueLinks, recordLinkChecks } from '../queries/link-checks.server.ts'
import { checkLinks, type LinkCheckOptions, type LinkCheckResult } from '../outbound/link-check.server.ts'
import { refreshRollups } from '../queries/rollups.server.ts'
import { reanalyseDatasets } from '../queries/stored-analysis.server.ts'

// Link checks as the product runs them: the due URLs (server/queries/link-checks.server.ts) are checked politely
// (server/outbound/link-check.server.ts), kept, and fed to the quality scores. A dataset is re-scored as soon as its URLs are
// checked; a portal's rollups follow at its next harvest, or at once when a whole portal was checked on demand.

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
  const urls = await datasetLinkUrls(db, datasetId)
  if (!urls) return null
  return checkAndRecord(db, urls, options)
}

/** Checks a portal's due URLs (up to `limit`), then refreshes its rollups so the pages show the new scores. */
export async function checkPortalLinks(db: Database, portalId: string, options: LinkCheckOptions & { limit: number }): Promise<LinkRun> {
  const run = await checkAndRecord(db, await dueLinks(db, { portalId, limit: options.limit }), options)
  if (run.checked > 0) await refreshRollups(db, portalId)
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
