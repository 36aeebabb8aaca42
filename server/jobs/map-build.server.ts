import type { Database } from '../../db/client.server.ts'
import { buildMapIfStale, type MapBuildSummary } from '../map/build.server.ts'

let running: Promise<MapBuildSummary | null> | null = null

/**
 * The map build (server/map/build.server.ts) when the rollups have changed since the last one, or always with
 * `force`; null when there was nothing to do or a build is already running in this process (never two at once).
 * Node only: the helper process's map worker and `npm run ckan -- map-build` call it, never a request or a Worker.
 */
export function mapBuildJob(db: Database, options: { force?: boolean } = {}): Promise<MapBuildSummary | null> {
  if (running) return Promise.resolve(null)
  running = buildMapIfStale(db, options).finally(() => {
    running = null
  })
  return running
}

/** One line for the log. */
export function describeMapBuild(summary: MapBuildSummary): string {
  const mb = (summary.bytes / 1024 / 1024).toFixed(1)
  return `Map build ${summary.buildId}: ${summary.points.toLocaleString('en')} points (${summary.upserted} written, ${summary.deleted} removed), ${summary.scopes} scopes, ${summary.tiles.toLocaleString('en')} tiles (${mb} MB) in ${summary.ms} ms`
}
