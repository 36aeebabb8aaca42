import type { R2Bucket } from '@cloudflare/workers-types'
import { createHash } from 'node:crypto'
import path from 'node:path'
import { serverEnv, type ServerEnv } from '../env.server.ts'

// Where attachments' bytes live (docs/decisions/025-attachments.md): one small interface with one implementation per
// runtime, chosen as the database is (server/app.server.ts, step 3): the Workers binding when there is one, else the
// Node implementation, loaded only on Node. Content-addressed: a file is stored once under its SHA-256, whoever
// attached it and wherever.

export type StoredFile = { hash: string; size: number }

export interface AttachmentStore {
  /**
   * Streams `body` in under its SHA-256, exactly `size` bytes: the stored file appears whole or not at all. A body
   * shorter or longer than `size`, or any failure on the way, rejects and leaves nothing behind.
   */
  put(body: ReadableStream<Uint8Array>, size: number): Promise<StoredFile>
  /** The bytes stored under a hash, as a stream, or null when there are none. */
  get(hash: string): Promise<{ body: ReadableStream<Uint8Array>; size: number } | null>
  /** Removes the bytes of a hash; nothing happens when there are none. */
  delete(hash: string): Promise<void>
}

/** The body was not the length it declared: the upload stopped, or sent more. */
export class StoreSizeMismatch extends Error {
  constructor(expected: number, received: number) {
    super(`Expected ${expected} bytes, received ${received}`)
    this.name = 'StoreSizeMismatch'
  }
}

export const HASH_PATTERN = /^[0-9a-f]{64}$/

/** Hashes and counts what passes through, refusing more than `size` bytes. `finish()` checks the count. */
export function hashingCounter(size: number): { transform: TransformStream<Uint8Array, Uint8Array>; finish: () => StoredFile } {
  const hash = createHash('sha256')
  let received = 0
  return {
    transform: new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        received += chunk.byteLength
        if (received > size) throw new StoreSizeMismatch(size, received)
        hash.update(chunk)
        controller.enqueue(chunk)
      },
    }),
    finish: () => {
      if (received !== size) throw new StoreSizeMismatch(size, received)
      return { hash: hash.digest('hex'), size }
    },
  }
}

/** The folder on Node: PORTALSCOPE_ATTACHMENTS_DIR, else `attachments` beside a database file, else ./data/attachments. */
export function attachmentsFolder(env: ServerEnv = serverEnv()): string {
  if (env.PORTALSCOPE_ATTACHMENTS_DIR) return path.resolve(env.PORTALSCOPE_ATTACHMENTS_DIR)
  const url = env.DATABASE_URL
  if (url.startsWith('file:')) {
    const file = url.slice('file:'.length).split('?')[0]!.replace(/^\/\/(localhost)?/, '')
    return path.resolve(path.dirname(decodeURIComponent(file)), 'attachments')
  }
  return path.resolve('data', 'attachments')
}

const folderStores = new Map<string, Promise<AttachmentStore>>()

/** The store of this request: the R2 bucket bound as ATTACHMENTS under Workers, else the folder on Node. */
export function attachmentStoreFor(bucket: R2Bucket | undefined): Promise<AttachmentStore> {
  if (bucket) return import('./r2-store.server.ts').then(({ R2AttachmentStore }) => new R2AttachmentStore(bucket))
  const folder = attachmentsFolder()
  let store = folderStores.get(folder)
  if (!store) {
    store = import('./folder-store.server.ts').then(({ FolderAttachmentStore }) => new FolderAttachmentStore(folder))
    folderStores.set(folder, store)
  }
  return store
}
