import { readRaw, type Database } from '../../db/client.server.ts'
import { DEMO_LOAD_LOADING_SQL, demoLoadLiveSince } from '../queries/demo-load.server.ts'

/**
 * What the public data pages show changes when a harvest or an analysis lands, when a portal is registered, checked
 * or removed (the sum of the portals' creation times changes with either, even when one goes and another comes at once), and
 * when a setting changes: one read of small tables and primary keys (no catalogue scan) says which
 * version of the data a page would render now. Written while a harvest runs, datasets show once its run finishes. The
 * map's build lands a few seconds after the rollups it is made from: the home page embeds its first view, so a
 * finished build is a new version too. While the first-start demo catalogue loads, the pages say so with its progress:
 * the load's progress is the last part of the version, empty when no load is in progress.
 */
const LOADING = 'loading.'

const DATA_VERSION_SQL = `SELECT
  (SELECT coalesce(max(id), 0) || '.' || count(*) FROM rollup_run),
  (SELECT coalesce(max(id), 0) || '.' || count(finished_at) FROM harvest_run),
  (SELECT count(*) || '.' || coalesce(sum(created_at), 0) || '.' || coalesce(max(last_checked_at), 0) || '.' || sum(enabled) FROM portal),
  (SELECT coalesce(max(updated_at), 0) FROM app_setting),
  (SELECT coalesce(max(id), 0) FROM map_build WHERE finished_at IS NOT NULL),
  coalesce((SELECT '${LOADING}' || done FROM demo_load WHERE id = 1 AND ${DEMO_LOAD_LOADING_SQL}), '')`

export async function readDataVersion(db: Database): Promise<string> {
  const [row] = await readRaw(db, { sql: DATA_VERSION_SQL, args: [demoLoadLiveSince()] })
  return (row ?? []).map((value) => String(value ?? 0)).join(':')
}

/**
 * The data version, read at most once per `ttlMs` per process (or isolate): hundreds of page requests a second then
 * cost one read a second, and a page that changed shows at most `ttlMs` late.
 */
export function memoizedDataVersion(ttlMs: number): (db: Database) => Promise<string> {
  let cached: { at: number; version: Promise<string> } | null = null
  return (db) => {
    const now = Date.now()
    if (cached && now - cached.at < ttlMs) return cached.version
    const version = readDataVersion(db)
    cached = { at: now, version }
    // A failed read is not remembered: the next request reads again.
    version.catch(() => {
      if (cached?.version === version) cached = null
    })
    return version
  }
}

/**
 * Whether a page rendered at one data version may be served, stale, while the page of another renders: not across
 * the start or the end of a demo catalogue load, so that nobody is told it is loading after it finished, or shown
 * a finished-looking page while it loads.
 */
export function servableStale(storedVersion: string, currentVersion: string): boolean {
  return isLoading(storedVersion) === isLoading(currentVersion)
}

function isLoading(version: string): boolean {
  return version.slice(version.lastIndexOf(':') + 1).startsWith(LOADING)
}
