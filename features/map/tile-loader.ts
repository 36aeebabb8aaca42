import { MAP_POINT_ZOOM, type TileAddress } from '../../lib/domain/map.ts'
import { decodeTile, emptyTile, type MapTile } from '../../lib/domain/map-tile.ts'
import { TileCache, tileId } from './tile-cache.ts'
import type { LoadedTile } from './view.ts'

/** The build the tiles were asked for is gone (a newer one replaced it): read map.meta again and ask once more. */
export class BuildGoneError extends Error {
  readonly buildId: number

  constructor(buildId: number) {
    super(`map build ${buildId} no longer exists`)
    this.buildId = buildId
  }
}

export type FetchTile = (buildId: number, scope: string, address: TileAddress, signal: AbortSignal) => Promise<MapTile>

export function tileUrl(buildId: number, scope: string, { z, x, y }: TileAddress): string {
  return `/api/map/tiles/${buildId}/${z}/${x}/${y}${scope ? `?portal=${encodeURIComponent(scope)}` : ''}`
}

/** One tile over HTTP: 200 the stored bytes, 204 an empty tile, 404 a build that no longer exists. */
export const fetchTile: FetchTile = async (buildId, scope, address, signal) => {
  const response = await fetch(tileUrl(buildId, scope, address), { signal })
  if (response.status === 204) return emptyTile(address.z >= MAP_POINT_ZOOM ? 'points' : 'clusters')
  if (response.status === 404) throw new BuildGoneError(buildId)
  if (!response.ok) throw new Error(`map tile ${address.z}/${address.x}/${address.y}: HTTP ${response.status}`)
  return decodeTile(await response.arrayBuffer())
}

/** Decodes the tiles the server embedded in the page (base64), so the first view draws without a request. */
export function decodeEmbeddedTile(base64: string): MapTile {
  const binary = atob(base64)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return decodeTile(bytes)
}

/**
 * Loads the tiles of the current view through the cache. Each tile is fetched once however many views ask for it
 * while it is under way; when the view moves on, the requests for tiles it no longer covers are aborted.
 */
export class TileLoader {
  readonly #inFlight = new Map<string, { controller: AbortController; promise: Promise<MapTile> }>()
  readonly cache: TileCache
  readonly fetcher: FetchTile

  constructor(cache: TileCache = new TileCache(), fetcher: FetchTile = fetchTile) {
    this.cache = cache
    this.fetcher = fetcher
  }

  /** The tiles already in memory, or null when one is missing. */
  cached(buildId: number, scope: string, addresses: readonly TileAddress[]): LoadedTile[] | null {
    const tiles: LoadedTile[] = []
    for (const address of addresses) {
      const id = tileId(buildId, scope, address)
      const tile = this.cache.get(id)
      if (!tile) return null
      tiles.push({ id, address, tile })
    }
    return tiles
  }

  /** All tiles of a view; requests for tiles outside it are aborted first. Rejects with the first failure. */
  async load(buildId: number, scope: string, addresses: readonly TileAddress[]): Promise<LoadedTile[]> {
    const wanted = new Set(addresses.map((address) => tileId(buildId, scope, address)))
    for (const [id, request] of this.#inFlight) {
      if (!wanted.has(id)) {
        request.controller.abort()
        this.#inFlight.delete(id)
      }
    }
    return Promise.all(
      addresses.map(async (address) => {
        const id = tileId(buildId, scope, address)
        const cached = this.cache.get(id)
        if (cached) return { id, address, tile: cached }
        let request = this.#inFlight.get(id)
        if (!request) {
          const controller = new AbortController()
          const promise = this.fetcher(buildId, scope, address, controller.signal).then(
            (tile) => {
              this.cache.set(id, tile)
              if (this.#inFlight.get(id)?.controller === controller) this.#inFlight.delete(id)
              return tile
            },
            (error: unknown) => {
              if (this.#inFlight.get(id)?.controller === controller) this.#inFlight.delete(id)
              throw error
            },
          )
          request = { controller, promise }
          this.#inFlight.set(id, request)
        }
        return { id, address, tile: await request.promise }
      }),
    )
  }

  /** Aborts everything under way (the map is going away). */
  abortAll(): void {
    for (const request of this.#inFlight.values()) request.controller.abort()
    this.#inFlight.clear()
  }

  get pending(): number {
    return this.#inFlight.size
  }
}
