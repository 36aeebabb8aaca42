import { describe, expect, it } from 'vitest'
import { emptyTile, encodeClusterTile, type MapTile } from '../../lib/domain/map-tile.ts'
import type { TileAddress } from '../../lib/domain/map.ts'
import { TileCache, tileId } from './tile-cache.ts'
import { decodeEmbeddedTile, TileLoader, tileUrl, type FetchTile } from './tile-loader.ts'

const a = { z: 6, x: 34, y: 21 }
const b = { z: 6, x: 35, y: 21 }
const c = { z: 6, x: 36, y: 21 }

/** A fetcher whose answers the test releases by hand, recording what was asked and what was aborted. */
function manualFetcher() {
  const asked: string[] = []
  const aborted: string[] = []
  const pending = new Map<string, (tile: MapTile) => void>()
  const fetcher: FetchTile = (buildId, scope, address, signal) => {
    const id = tileId(buildId, scope, address)
    asked.push(id)
    signal.addEventListener('abort', () => aborted.push(id))
    return new Promise((resolve, reject) => {
      pending.set(id, resolve)
      signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
    })
  }
  const release = (address: TileAddress, buildId = 1, scope = '') => pending.get(tileId(buildId, scope, address))?.(emptyTile('clusters'))
  return { fetcher, asked, aborted, release }
}

describe('TileCache', () => {
  it('drops the least recently used tile beyond its capacity', () => {
    const cache = new TileCache(2)
    cache.set('a', emptyTile('clusters'))
    cache.set('b', emptyTile('clusters'))
    cache.get('a')
    cache.set('c', emptyTile('clusters'))
    expect(cache.has('a')).toBe(true)
    expect(cache.has('b')).toBe(false)
    expect(cache.size).toBe(2)
  })
})

describe('TileLoader', () => {
  it('fetches each tile once, caches it, and answers from memory afterwards', async () => {
    const manual = manualFetcher()
    const loader = new TileLoader(new TileCache(), manual.fetcher)
    const first = loader.load(1, '', [a, b])
    const second = loader.load(1, '', [a, b])
    manual.release(a)
    manual.release(b)
    expect((await first).map((tile) => tile.id)).toEqual(['1//6/34/21', '1//6/35/21'])
    await second
    expect(manual.asked).toEqual(['1//6/34/21', '1//6/35/21'])
    expect(loader.cached(1, '', [a, b])).not.toBeNull()
    expect(loader.cached(1, 'live-a', [a])).toBeNull()
  })

  it('aborts the requests for tiles the new view no longer covers', async () => {
    const manual = manualFetcher()
    const loader = new TileLoader(new TileCache(), manual.fetcher)
    const left = loader.load(1, '', [a, b]).catch((error: unknown) => error)
    const moved = loader.load(1, '', [b, c])
    expect(manual.aborted).toEqual(['1//6/34/21'])
    manual.release(b)
    manual.release(c)
    expect((await moved).map((tile) => tile.address.x)).toEqual([35, 36])
    expect(await left).toMatchObject({ name: 'AbortError' })
    expect(loader.pending).toBe(0)
  })
})

describe('tiles over HTTP and embedded', () => {
  it('addresses a tile per build, with the portal scope as a parameter', () => {
    expect(tileUrl(3, '', a)).toBe('/api/map/tiles/3/6/34/21')
    expect(tileUrl(3, 'live a', a)).toBe('/api/map/tiles/3/6/34/21?portal=live%20a')
  })

  it('decodes a tile the server embedded as base64', () => {
    const bytes = encodeClusterTile([{ lon: 14.4, lat: 50.1, count: 5, datasetKey: 0, familyCounts: [5], bandCounts: [5], expansionZoom: 9 }])
    const tile = decodeEmbeddedTile(Buffer.from(bytes).toString('base64'))
    expect(tile).toMatchObject({ kind: 'clusters', n: 1 })
  })
})
