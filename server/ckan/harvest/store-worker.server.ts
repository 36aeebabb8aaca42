import { parentPort, workerData } from 'node:worker_threads'
import { createDb } from '../../../db/client.server.ts'
import { writeSlices, type StoreResult, type WriteSlice } from './ingest.server.ts'
import { madeBy } from '../../../lib/made-by.ts'

// The database side of a harvest on its own thread (worker-store.ts): the harvester's thread fetches, parses and
// builds the statements for the next pages while this one writes. Requests are written in the order they came.

export type StoreRequest = { id: number; slices: WriteSlice[] }
export type StoreReply = { id: number; ok: true; result: StoreResult } | { id: number; ok: false; message: string }
/** Sent once, when the thread has loaded its code and opened the database. */
export type StoreReady = { ready: true }

const port = parentPort
if (!port) throw new Error('store-worker.ts runs as a worker thread')
const db = await createDb({ url: (workerData as { url: string }).url }, { role: 'background' })
port.postMessage({ ready: true } satisfies StoreReady)
let queue: Promise<unknown> = Promise.resolve()
port.on('message', (request: StoreRequest) => {
  queue = queue.then(async () => {
    let reply: StoreReply
    try {
      const result = await writeSlices(db, request.slices)
      reply = { id: request.id, ok: true, result }
    } catch (error) {
      reply = { id: request.id, ok: false, message: madeBy(error, Error) ? error.message : String(error) }
    }
    port.postMessage(reply)
  })
})
