import { describe, expect, it } from 'vitest'
import { MemoryPageStore, type StoredPage } from './page-store.server.ts'

const page = (kilobytes: number): StoredPage => ({
  version: '1',
  etag: 'W/"1"',
  contentType: 'text/html',
  csp: "script-src 'self'",
  body: new Uint8Array(kilobytes * 1024),
  encoded: {},
})

describe('memory page store', () => {
  it('holds at most its bytes, dropping the least recently served first', async () => {
    const store = new MemoryPageStore(35 * 1024)
    await store.put('a', page(10))
    await store.put('b', page(10))
    await store.put('c', page(10))
    // Serving `a` makes `b` the least recently served.
    expect(await store.get('a')).toBeDefined()
    await store.put('d', page(10))
    expect(await store.get('b')).toBeUndefined()
    for (const key of ['a', 'c', 'd']) expect(await store.get(key), key).toBeDefined()
    expect(store.bytes).toBeLessThanOrEqual(store.maxBytes)
  })

  it('replaces a page in place and keeps nothing larger than itself', async () => {
    const store = new MemoryPageStore(20 * 1024)
    await store.put('a', page(5))
    await store.put('a', page(8))
    expect((await store.get('a'))?.body.byteLength).toBe(8 * 1024)
    await store.put('huge', page(30))
    expect(await store.get('huge')).toBeUndefined()
    expect(await store.get('a')).toBeDefined()
  })
})
