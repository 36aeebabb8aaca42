import { randomUUID } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdir, open, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { HASH_PATTERN, hashingCounter, type AttachmentStore, type StoredFile } from './store.server.ts'

/**
 * Attachments in a folder on Node: `<folder>/<first two hex digits>/<sha256>`. A file is written under `tmp/` with a
 * random name, flushed to disk, then renamed into place: rename is atomic within one file system, so a reader finds
 * the whole file or none, and a failed upload leaves only a temporary file that is removed at once.
 */
export class FolderAttachmentStore implements AttachmentStore {
  private readonly folder: string

  constructor(folder: string) {
    this.folder = folder
  }

  private pathOf(hash: string): string {
    if (!HASH_PATTERN.test(hash)) throw new Error('Not a SHA-256 hash')
    return path.join(this.folder, hash.slice(0, 2), hash)
  }

  async put(body: ReadableStream<Uint8Array>, size: number): Promise<StoredFile> {
    const temporary = path.join(this.folder, 'tmp', `${randomUUID()}.part`)
    await mkdir(path.dirname(temporary), { recursive: true })
    const counter = hashingCounter(size)
    const handle = await open(temporary, 'wx')
    try {
      // One chunk at a time, each written before the next is read: the body's own back-pressure bounds the memory.
      const reader = body.pipeThrough(counter.transform).getReader()
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        await handle.write(value)
      }
      const stored = counter.finish()
      await handle.sync()
      await handle.close()
      const final = this.pathOf(stored.hash)
      await mkdir(path.dirname(final), { recursive: true })
      await rename(temporary, final)
      return stored
    } catch (error) {
      await handle.close().catch(() => undefined)
      await rm(temporary, { force: true })
      throw error
    }
  }

  async get(hash: string): Promise<{ body: ReadableStream<Uint8Array>; size: number } | null> {
    const file = this.pathOf(hash)
    const info = await stat(file).catch(() => null)
    if (!info?.isFile()) return null
    const stream = createReadStream(file, { highWaterMark: 256 * 1024 })
    return { body: Readable.toWeb(stream) as ReadableStream<Uint8Array>, size: info.size }
  }

  async delete(hash: string): Promise<void> {
    await rm(this.pathOf(hash), { force: true })
  }
}
