import { readRaw, type Database, type RawStatement } from '../../db/client.server.ts'
import { LEASE_MS } from '../ckan/harvest/harvest.server.ts'

// The first-start demo catalogue load, readable from every process (docs/decisions/008-harvesting.md): the loader
// (the helper process, the CLI) writes the one `demo_load` row inside the write slices it makes anyway, and the web
// server reads it for the pages whose figures the load changes.

export type DemoLoadProgress = { done: number; total: number }

/**
 * A load counts as in progress while it has not finished and its loader wrote within a lease: a loader that stopped
 * midway is not shown as loading for ever (the next start takes its work over and shows it again).
 */
export const DEMO_LOAD_LOADING_SQL = 'finished_at IS NULL AND updated_at > ?'

export function demoLoadLiveSince(now = Date.now()): number {
  return now - LEASE_MS
}

/** The load in progress, or null when none is (never started, finished, or its loader stopped). */
export async function readDemoLoad(db: Database, now = Date.now()): Promise<DemoLoadProgress | null> {
  const [row] = await readRaw(db, { sql: `SELECT done, total FROM demo_load WHERE id = 1 AND ${DEMO_LOAD_LOADING_SQL}`, args: [demoLoadLiveSince(now)] })
  if (!row) return null
  const total = Number(row[1])
  return { done: Math.min(Number(row[0]), total), total }
}

// What done counts: every dataset of the demo portals' runs (a run taken over after a stop keeps what it stored).
const DONE_SQL = "(SELECT coalesce(sum(done), 0) FROM harvest_run WHERE mode = 'demo')"

/** Opens the load (or reopens one a stopped loader left), counting what earlier loads stored. */
export function demoLoadStarted(total: number, now: Date): RawStatement {
  return {
    sql: `INSERT INTO demo_load (id, total, done, started_at, updated_at, finished_at) VALUES (1, ?, ${DONE_SQL}, ?, ?, NULL)
      ON CONFLICT(id) DO UPDATE SET total = excluded.total, done = excluded.done, started_at = excluded.started_at, updated_at = excluded.updated_at, finished_at = NULL`,
    args: [total, now.getTime(), now.getTime()],
  }
}

/** The load's progress after the statements before it in the same batch (which update the demo runs' `done`). */
export function demoLoadProgressed(now: Date): RawStatement {
  return { sql: `UPDATE demo_load SET done = ${DONE_SQL}, updated_at = ? WHERE id = 1`, args: [now.getTime()] }
}

/** The load is over: every demo portal is stored and analysed. */
export function demoLoadFinished(now: Date): RawStatement {
  return { sql: `UPDATE demo_load SET done = ${DONE_SQL}, updated_at = ?, finished_at = ? WHERE id = 1`, args: [now.getTime(), now.getTime()] }
}
