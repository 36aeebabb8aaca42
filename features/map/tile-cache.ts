import type { TileAddress } from '../../lib/domain/map.ts'
import type { MapTile } from '../../lib/domain/map-tile.ts'

/** A tile's identity: the build (tiles of another build are other tiles), the portal scope ('' = all) and z/x/y. */
export function tileId(buildId: number, scope: string, address: TileAddress): string {
  return `${buildId}/${scope}/${address.z}/${address.x}/${address.y}`
}

/**
 * Decoded tiles in memory, least recently used dropped first. Bounded by count: a cluster tile of a dense area is a
 * few kB to a few tens of kB, so the default 400 stays within a few MB while covering several zooms of panning.
 */
export class TileCache {
  readonly #tiles = new Map<string, MapTile>()
  readonly capacity: number

  constructor(capacity = 400) {
    this.capacity = capacity
  }

  get(id: string): MapTile | undefined {
    const tile = this.#tiles.get(id)
    if (tile) {
      // Re-inserting moves the entry to the end of the Map's order: the most recently used.
      this.#tiles.delete(id)
      this.#tiles.set(id, tile)
    }
    return tile
  }

  has(id: string): boolean {
    return this.#tiles.has(id)
  }

  set(id: string, tile: MapTile): void {
    this.#tiles.delete(id)
    this.#tiles.set(id, tile)
    while (this.#tiles.size > this.capacity) this.#tiles.delete(this.#tiles.keys().next().value!)
  }

  get size(): number {
    return this.#tiles.size
  }
}
