import { readRaw, type Database } from '../../db/client.server.ts'

/**
 * What the public data pages show changes when a harvest or an analysis lands, when a portal is registered, checked
 * or removed, and when a setting changes: one read of small tables and primary keys (no catalogue scan) says which
 * version of the data a page would render now. Written while a harvest runs, datasets show once its run finishes. The
 * map's build lands a few seconds after the rollups it is made from: the home page embeds its first view, so a
 * finished build is a new version too.
 */
const DATA_VERSION_SQL = `SELECT
  (SELECT coalesce(max(id), 0) || '.' || count(*) FROM rollup_run),
  (SELECT coalesce(max(id), 0) || '.' || count(finished_at) FROM harvest_run),
  (SELECT count(*) || '.' || coalesce(max(last_checked_at), 0) || '.' || sum(enabled) FROM portal),
  (SELECT coalesce(max(updated_at), 0) FROM app_setting),
  (SELECT coalesce(max(id), 0) FROM map_build WHERE finished_at IS NOT NULL)`

export async function readDataVersion(db: Database): Promise<string> {
  const [row] = await readRaw(db, { sql: DATA_VERSION_SQL, args: [] })
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
