/**
 * A turn of the event loop, so that the server reads and answers the requests that came in meanwhile. Reads and writes
 * of a database file run synchronously under their `await` (db/sqlite-file.server.ts), so long work made of them never
 * leaves the microtask queue by itself: a loop of them answers nothing else, not even a health check, until it ends
 * (docs/decisions/012-database-writes.md, "Imports"). Harvests stored in-process take the same turn between slices.
 */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve))
}
