import { sha256 } from '@oslojs/crypto/sha2'
import { encodeHexLowerCase } from '@oslojs/encoding'
import { feature } from 'topojson-client'
import type { GeometryCollection, Topology } from 'topojson-specification'
import WORLD from 'world-atlas/countries-110m.json' with { type: 'json' }
import { findRegion } from '../../lib/domain/region-lookup.ts'
import { ISO_NUMERIC_TO_ALPHA2 } from '../geo/countries.server.ts'
import { CZ_REGIONS } from '../geo/cz-regions.server.ts'
import type { MultiPolygon, Polygon, Position } from '../geo/polygons.server.ts'

// The outlines the map draws (GET /api/map/geo/{kraje,countries}.json, docs/map.md): the 14 kraje (NUTS 3 ids) from
// server/geo/cz-kraje.json and the countries (ISO 3166-1 alpha-2 ids) from world-atlas's 1:110m TopoJSON, which is
// plenty for a basemap and a choropleth and a fifth of the 1:50m file the region placement uses. Built once per
// process on first request, the same on Node and Workers (no file access).

export type OutlineName = 'kraje' | 'countries'
export type OutlineFeature = {
  type: 'Feature'
  id: string
  properties: { id: string; nameEn: string; nameCs: string }
  geometry: Polygon | MultiPolygon
}
export type OutlineCollection = { type: 'FeatureCollection'; features: OutlineFeature[] }

/** 0.001° is ~100 m: finer than the 1:110m outlines themselves, and it halves the JSON. */
const round = (value: number) => Math.round(value * 1000) / 1000

/**
 * world-atlas's rings are spherical: Russia's and Fiji's jump from +180° to -180° and back. A flat map would draw
 * those jumps as lines across the world, so a ring that jumps is moved onto one side (its western longitudes + 360°),
 * which maplibre draws in the next copy of the world, exactly where it belongs.
 */
function unwrapRing(ring: Position[]): Position[] {
  let jumps = false
  for (let i = 1; i < ring.length && !jumps; i++) jumps = Math.abs(ring[i]![0]! - ring[i - 1]![0]!) > 180
  return ring.map(([lon = 0, lat = 0]) => [round(jumps && lon < 0 ? lon + 360 : lon), round(lat)])
}

function planar(geometry: Polygon | MultiPolygon): Polygon | MultiPolygon {
  return geometry.type === 'Polygon'
    ? { type: 'Polygon', coordinates: geometry.coordinates.map(unwrapRing) }
    : { type: 'MultiPolygon', coordinates: geometry.coordinates.map((polygon) => polygon.map(unwrapRing)) }
}

function countries(): OutlineCollection {
  const topology = WORLD as unknown as Topology<{ countries: GeometryCollection<{ name?: string }> }>
  const collection = feature(topology, topology.objects.countries)
  const features: OutlineFeature[] = []
  for (const item of collection.features) {
    // Kosovo, Northern Cyprus and Somaliland have no ISO code of their own (server/geo/README.md).
    const id = item.id === undefined ? undefined : ISO_NUMERIC_TO_ALPHA2[String(item.id)]
    if (!id || (item.geometry.type !== 'Polygon' && item.geometry.type !== 'MultiPolygon')) continue
    // The same names as the rest of the product (region pages, the ranked table), the atlas's where ICU has none.
    const region = findRegion(id)
    const nameEn = region?.nameEn ?? item.properties?.name ?? id
    features.push({ type: 'Feature', id, properties: { id, nameEn, nameCs: region?.nameCs ?? nameEn }, geometry: planar(item.geometry as Polygon | MultiPolygon) })
  }
  return { type: 'FeatureCollection', features }
}

function kraje(): OutlineCollection {
  return {
    type: 'FeatureCollection',
    features: CZ_REGIONS.map((region) => ({
      type: 'Feature',
      id: region.id,
      properties: { id: region.id, nameEn: region.nameEn, nameCs: region.nameCs },
      geometry: region.geometry,
    })),
  }
}

const BUILDERS: Record<OutlineName, () => OutlineCollection> = { kraje, countries }
const cache = new Map<OutlineName, { body: string; etag: string }>()
const collections = new Map<OutlineName, OutlineCollection>()

/** The outlines the basemap draws, built once per process. */
export function outlineCollection(name: OutlineName): OutlineCollection {
  let collection = collections.get(name)
  if (!collection) collections.set(name, (collection = BUILDERS[name]()))
  return collection
}

export function isOutlineName(name: string): name is OutlineName {
  return Object.hasOwn(BUILDERS, name)
}

/** An outline collection as the route serves it: JSON text and an ETag from its content. */
export function outlineFile(name: OutlineName): { body: string; etag: string } {
  let file = cache.get(name)
  if (!file) {
    const body = JSON.stringify(outlineCollection(name))
    file = { body, etag: `"geo-${encodeHexLowerCase(sha256(new TextEncoder().encode(body))).slice(0, 20)}"` }
    cache.set(name, file)
  }
  return file
}
