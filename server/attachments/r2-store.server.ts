import type { R2Bucket } from '@cloudflare/workers-types'
import { HASH_PATTERN, hashingCounter, type AttachmentStore, type StoredFile } from './store.server.ts'

/** Workers' stream that tells R2 its length up front (R2 refuses a stream of unknown length). */
type FixedLength = new (length: number) => TransformStream<Uint8Array, Uint8Array>
const fixedLength = (): FixedLength => (globalThis as unknown as { FixedLengthStream: FixedLength }).FixedLengthStream

/**
 * Attachments in an R2 bucket (Workers, binding ATTACHMENTS): `sha256/<hash>`. The hash is known only once the body
 * has passed, so the body streams to `tmp/<random>` first, is copied under its hash (R2 stream to R2, unless that
 * content is there already) and the temporary object removed. An R2 put is atomic: an object is whole or absent.
 */
export class R2AttachmentStore implements AttachmentStore {
  private readonly bucket: R2Bucket

  constructor(bucket: R2Bucket) {
    this.bucket = bucket
  }

  private keyOf(hash: string): string {
    if (!HASH_PATTERN.test(hash)) throw new Error('Not a SHA-256 hash')
    return `sha256/${hash}`
  }

  private async putStream(key: string, body: ReadableStream<Uint8Array>, size: number): Promise<void> {
    const FixedLengthStream = fixedLength()
    const sized = new FixedLengthStream(size)
    const piping = body.pipeTo(sized.writable)
    await Promise.all([this.bucket.put(key, sized.readable as never), piping])
  }

  async put(body: ReadableStream<Uint8Array>, size: number): Promise<StoredFile> {
    const temporary = `tmp/${crypto.randomUUID()}`
    const counter = hashingCounter(size)
    try {
      await this.putStream(temporary, body.pipeThrough(counter.transform), size)
      const stored = counter.finish()
      const key = this.keyOf(stored.hash)
      if (!(await this.bucket.head(key))) {
        const object = await this.bucket.get(temporary)
        if (!object) throw new Error('The uploaded object vanished before it was stored')
        await this.putStream(key, object.body as unknown as ReadableStream<Uint8Array>, size)
      }
      return stored
    } finally {
      await this.bucket.delete(temporary).catch(() => undefined)
    }
  }

  async get(hash: string): Promise<{ body: ReadableStream<Uint8Array>; size: number } | null> {
    const object = await this.bucket.get(this.keyOf(hash))
    return object ? { body: object.body as unknown as ReadableStream<Uint8Array>, size: object.size } : null
  }

  async delete(hash: string): Promise<void> {
    await this.bucket.delete(this.keyOf(hash))
  }
}
