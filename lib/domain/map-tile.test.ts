import { describe, expect, it } from 'vitest'
import { MAP_BANDS, MAP_FAMILIES } from './map.ts'
import { decodeTile, emptyTile, encodeClusterTile, encodePointTile, type ClusterInput, type PointInput } from './map-tile.ts'

const F = MAP_FAMILIES.length
const B = MAP_BANDS.length

describe('map tiles: the binary form', () => {
  const clusters: ClusterInput[] = [
    { lon: 14.42076, lat: 50.08804, count: 7, datasetKey: 0, familyCounts: [3, 0, 1, 0, 0, 2, 0, 1], bandCounts: [1, 2, 0, 0, 4], expansionZoom: 9 },
    { lon: -179.5, lat: -84.9, count: 1, datasetKey: 42, familyCounts: [0, 0, 0, 0, 0, 0, 0, 1], bandCounts: [0, 0, 0, 1, 0], expansionZoom: 13 },
    { lon: 180, lat: 85, count: 4_000_000_000, datasetKey: 0, familyCounts: [4_000_000_000], bandCounts: [], expansionZoom: 0 },
  ]

  it('gives back every cluster with its counts, positions at float precision', () => {
    const tile = decodeTile(encodeClusterTile(clusters))
    if (tile.kind !== 'clusters') throw new Error('expected clusters')
    expect(tile.n).toBe(3)
    clusters.forEach((cluster, i) => {
      expect(tile.positions[2 * i]).toBeCloseTo(cluster.lon, 4)
      expect(tile.positions[2 * i + 1]).toBeCloseTo(cluster.lat, 4)
      expect(tile.counts[i]).toBe(cluster.count)
      // Only a cluster of one names its dataset.
      expect(tile.datasetKeys[i]).toBe(cluster.count === 1 ? cluster.datasetKey : 0)
      expect(tile.expansionZoom[i]).toBe(cluster.expansionZoom)
      expect([...tile.familyCounts.subarray(i * F, (i + 1) * F)]).toEqual(MAP_FAMILIES.map((_, f) => cluster.familyCounts[f] ?? 0))
      expect([...tile.bandCounts.subarray(i * B, (i + 1) * B)]).toEqual(MAP_BANDS.map((_, b) => cluster.bandCounts[b] ?? 0))
    })
  })

  it('still reads a cluster tile of the first format, whose clusters name no dataset', () => {
    const current = encodeClusterTile(clusters)
    // Version 1: the same bytes without the keys after the counts.
    const n = clusters.length
    const keysAt = 12 + 8 * n + 4 * n
    const first = new Uint8Array(current.length - 4 * n)
    first.set(current.subarray(0, keysAt))
    first.set(current.subarray(keysAt + 4 * n), keysAt)
    first[1] = 1
    const tile = decodeTile(first)
    if (tile.kind !== 'clusters') throw new Error('expected clusters')
    expect([...tile.counts]).toEqual(clusters.map((cluster) => cluster.count))
    expect([...tile.datasetKeys]).toEqual([0, 0, 0])
    expect([...tile.expansionZoom]).toEqual(clusters.map((cluster) => cluster.expansionZoom))
    first[1] = 3
    expect(() => decodeTile(first)).toThrow('unknown format')
  })

  it('gives back every point with its dataset key, family and band', () => {
    const points: PointInput[] = [
      { lon: 16.60796, lat: 49.19522, datasetKey: 1, family: 0, band: 4 },
      { lon: 18.26, lat: 49.83, datasetKey: 4_294_967_295, family: F - 1, band: B - 1 },
      { lon: 12.1, lat: 50.2, datasetKey: 77, family: 3, band: 0 },
    ]
    const tile = decodeTile(encodePointTile(points))
    if (tile.kind !== 'points') throw new Error('expected points')
    expect([...tile.datasetKeys]).toEqual([1, 4_294_967_295, 77])
    expect([...tile.families]).toEqual([0, F - 1, 3])
    expect([...tile.bands]).toEqual([4, B - 1, 0])
    expect(tile.positions[2]).toBeCloseTo(18.26, 4)
  })

  it('reads a tile that sits at an odd offset of a larger buffer (as a fetch body slice can)', () => {
    const bytes = encodeClusterTile(clusters)
    const shifted = new Uint8Array(bytes.byteLength + 1)
    shifted.set(bytes, 1)
    const tile = decodeTile(shifted.subarray(1))
    expect(tile.n).toBe(3)
    if (tile.kind === 'clusters') expect(tile.counts[0]).toBe(7)
  })

  it('encodes no clusters and no points as a header only, and emptyTile stands for a tile without a row', () => {
    expect(decodeTile(encodeClusterTile([]))).toMatchObject({ kind: 'clusters', n: 0 })
    expect(decodeTile(encodePointTile([]))).toMatchObject({ kind: 'points', n: 0 })
    expect(emptyTile('points')).toMatchObject({ kind: 'points', n: 0 })
    expect(emptyTile('clusters').n).toBe(0)
  })

  it('refuses what is not a tile of this version instead of drawing garbage', () => {
    const good = encodePointTile([{ lon: 1, lat: 2, datasetKey: 3, family: 0, band: 0 }])
    expect(() => decodeTile(new Uint8Array(4))).toThrow(/too short/)
    expect(() => decodeTile(new TextEncoder().encode('<html>not a tile</html>'))).toThrow(/unknown format/)
    expect(() => decodeTile(good.slice(0, good.byteLength - 4))).toThrow(/wrong length/)
    const otherFamilies = good.slice()
    otherFamilies[3] = F + 1
    expect(() => decodeTile(otherFamilies)).toThrow(/families or bands/)
    const otherKind = good.slice()
    otherKind[2] = 7
    expect(() => decodeTile(otherKind)).toThrow(/wrong length/)
  })
})
