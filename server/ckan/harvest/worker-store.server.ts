import { Worker } from 'node:worker_threads'
import type { CkanPackage } from '../schemas.server.ts'
import { buildSlices, STORE_SLICE, type StoreContext, type StoreResult } from './ingest.server.ts'
import type { StoreReady, StoreReply, StoreRequest } from './store-worker.server.ts'

const SQLITE_MAX_PARAMS = 32_766

export type PackageStore = (portalId: string, packages: CkanPackage[], context: StoreContext) => Promise<StoreResult>

/**
 * A store that writes on a worker thread with its own connection to the same libSQL file, so that fetching and
 * parsing (this thread) and writing (the worker) overlap. For Node processes that run the TypeScript sources (the
 * CLI and the server's helper process); the bundled server writes in-process.
 */
export function createWorkerStore(
  databaseUrl: string,
  options: { unref?: boolean } = {},
): { store: PackageStore; ready: Promise<void>; close: () => Promise<void> } {
  const worker = new Worker(new URL('./store-worker.server.ts', import.meta.url), { workerData: { url: databaseUrl } })
  // A long-lived helper keeps its own reasons to live; the thread should not be one of them.
  if (options.unref) worker.unref()
  const pending = new Map<number, { resolve: (result: StoreResult) => void; reject: (error: Error) => void }>()
  let nextId = 1
  // Pages sent before the thread is ready wait in its queue; `ready` is for those who want to time the writes alone.
  let markReady: () => void = () => undefined
  let markFailed: (error: Error) => void = () => undefined
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve
    markFailed = reject
  })
  ready.catch(() => undefined)
  const failAll = (error: Error) => {
    markFailed(error)
    for (const waiter of pending.values()) waiter.reject(error)
    pending.clear()
  }
  worker.on('message', (reply: StoreReply | StoreReady) => {
    if ('ready' in reply) return markReady()
    const waiter = pending.get(reply.id)
    pending.delete(reply.id)
    if (reply.ok) waiter?.resolve(reply.result)
    else waiter?.reject(new Error(reply.message))
  })
  worker.on('error', failAll)
  worker.on('exit', (code) => failAll(new Error(`The store thread stopped (exit code ${code})`)))
  return {
    store: (portalId, packages, context) =>
      new Promise<StoreResult>((resolve, reject) => {
        const id = nextId++
        pending.set(id, { resolve, reject })
        // SQLite (libSQL) binds up to 32,766 values per statement; the worker only opens libSQL files. Slices stay
        // small all the same: each is a transaction that holds the one write lock.
        const request: StoreRequest = { id, slices: buildSlices(portalId, packages, context, SQLITE_MAX_PARAMS, STORE_SLICE) }
        worker.postMessage(request)
      }),
    ready,
    close: async () => {
      await worker.terminate()
    },
  }
}
