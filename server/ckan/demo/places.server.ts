// Where a generated dataset lies (generator.server.ts): the regions with their towns and rivers, a point inside a
// region, and the extent a portal would send for it, in the shapes and the mess real portals use.

import { CZ_REGIONS, pointInRegion, regionsAt } from '../../geo/cz-regions.server.ts'
import type { CzRegion } from '../../geo/cz-regions.server.ts'
import { CITIES, KRAJE, RIVERS } from './vocab.server.ts'
import type { Kraj } from './vocab.server.ts'
import { Rng, strHash, weightedCum } from './random.server.ts'

/** A region with its towns and rivers (for titles) and a point inside it. */
export type Place = { kraj: Kraj; region: CzRegion; cities: string[]; rivers: string[]; interior: [number, number] }

function interiorPoint(region: CzRegion): [number, number] {
  const rng = new Rng(strHash(region.id))
  const [w, s, e, n] = region.bbox
  for (let k = 0; k < 10_000; k++) {
    const x = w + rng.float() * (e - w)
    const y = s + rng.float() * (n - s)
    if (pointInRegion(x, y, region)) return [x, y]
  }
  throw new Error(`cz-kraje.json: no interior point found for ${region.id}`)
}

export const PLACES: Place[] = KRAJE.map((kraj) => {
  const region = CZ_REGIONS.find((r) => r.id === kraj.id)
  if (!region) throw new Error(`cz-kraje.json has no region ${kraj.id}`)
  return {
    kraj,
    region,
    cities: CITIES.filter(([, nuts3]) => nuts3 === kraj.id).map(([name]) => name),
    rivers: RIVERS.filter(([, nuts3]) => nuts3 === kraj.id).map(([name]) => name),
    interior: interiorPoint(region),
  }
})
export const PLACE_BY_NUTS3 = new Map<string, Place>(PLACES.map((p) => [p.kraj.id, p]))
/** Regions weighted roughly by population, for national publishers' datasets. */
export const PLACE_CUM = weightedCum(KRAJE.map((k) => k.weight))

/** Uniform within the region's polygon: rejection sampling inside its bounding box. */
function samplePoint(place: Place, rng: Rng): [number, number] {
  const [w, s, e, n] = place.region.bbox
  for (let k = 0; k < 64; k++) {
    const x = w + rng.float() * (e - w)
    const y = s + rng.float() * (n - s)
    if (pointInRegion(x, y, place.region)) return [x, y]
  }
  return place.interior
}

// ---------------------------------------------------------------------------------------------- extents

export type Extra = { key: string; value: string }
/** A dataset's extent as a portal sends it: extras (spatial, bbox-*) and an EnviDat-style top-level `spatial`. */
export type Extent = { extras: Extra[]; spatial?: string }
export type Box = [w: number, s: number, e: number, n: number]

const CZECHIA: Box = [12.09, 48.55, 18.86, 51.06]
const ABROAD: readonly Box[] = [
  [16.84, 47.73, 22.57, 49.61], // Slovakia
  [9.53, 46.37, 17.16, 49.02], // Austria
  [5.87, 47.27, 15.04, 55.06], // Germany
  [14.12, 49.0, 24.15, 54.84], // Poland
]

function round6(v: number): number {
  return Math.round(v * 1e6) / 1e6
}

/** Python's json.dumps separators, as ckanext-spatial and many harvesters write them. */
export function pythonStyle(json: string): string {
  return json.replace(/,/g, ', ').replace(/:/g, ': ')
}

export function polygonJson([w, s, e, n]: Box): string {
  return JSON.stringify({ type: 'Polygon', coordinates: [[[w, s], [e, s], [e, n], [w, n], [w, s]]] })
}

/** A box as ckanext-spatial's bbox extras (CKAN sorts extras by key). */
export function bboxExtras([w, s, e, n]: Box): Extra[] {
  return [
    { key: 'bbox-east-long', value: String(e) },
    { key: 'bbox-north-lat', value: String(n) },
    { key: 'bbox-south-lat', value: String(s) },
    { key: 'bbox-west-long', value: String(w) },
  ]
}

/** One of the shapes real portals use for the same extent; `point` is the location a small box was drawn around. */
function emitExtent(box: Box, point: [number, number] | null, rng: Rng): Extent {
  const roll = rng.float()
  if (roll < 0.3) return { extras: [{ key: 'spatial', value: polygonJson(box) }] }
  if (roll < 0.45) return { extras: [{ key: 'spatial', value: pythonStyle(polygonJson(box)) }] }
  if (roll < 0.65) {
    if (!point) return { extras: [{ key: 'spatial', value: polygonJson(box) }] }
    const json = JSON.stringify({ type: 'Point', coordinates: [round6(point[0]), round6(point[1])] })
    return { extras: [{ key: 'spatial', value: rng.chance(0.5) ? json : pythonStyle(json) }] }
  }
  if (roll < 0.85) {
    const extras = bboxExtras(box)
    // ckanext-spatial harvesters write both the bbox extras and the derived polygon.
    if (rng.chance(0.3)) extras.push({ key: 'spatial', value: pythonStyle(polygonJson(box)) })
    if (rng.chance(0.3)) extras.push({ key: 'spatial-reference-system', value: 'EPSG:4326' })
    return { extras }
  }
  // EnviDat-style: the GeoJSON string at the top level of the package.
  const spatial = point && rng.chance(0.4)
    ? JSON.stringify({ type: 'Point', coordinates: [round6(point[0]), round6(point[1])] })
    : polygonJson(box)
  return { extras: [], spatial }
}

function boxAround([x, y]: [number, number], rng: Rng): Box {
  // Mostly street- or town-sized boxes, a few district-sized ones.
  const u = rng.float()
  const half = 0.003 + u * u * 0.12
  return [round6(x - half), round6(y - half * 0.65), round6(x + half), round6(y + half * 0.65)]
}

function abroadExtent(rng: Rng): Extent {
  const country = rng.pick(ABROAD)
  if (rng.chance(0.4)) return emitExtent(country, null, rng)
  const [w, s, e, n] = country
  // The country boxes overlap Czechia: a point abroad must really be outside it.
  for (let k = 0; k < 32; k++) {
    const point: [number, number] = [w + rng.float() * (e - w), s + rng.float() * (n - s)]
    if (regionsAt(point[0], point[1]).length === 0) return emitExtent(boxAround(point, rng), point, rng)
  }
  return emitExtent(country, null, rng)
}

/** What the ingest must survive: truncated JSON, geometry without coordinates, S-JTSK metres, WKT, Python repr. */
function brokenExtent(place: Place, rng: Rng): Extent {
  const [x, y] = samplePoint(place, rng)
  const [w, s, e, n] = [round6(x - 0.01), round6(y - 0.01), round6(x + 0.01), round6(y + 0.01)]
  let value: string
  switch (rng.int(6)) {
    case 0:
      value = `{"type": "Polygon", "coordinates": [[[${w}, ${s}], [${e}, ${s}], [${e}, ${n}]`
      break
    case 1:
      value = '{"type":"Polygon"}'
      break
    case 2: {
      const sx = -(430_000 + rng.int(470_000))
      const sy = -(935_000 + rng.int(295_000))
      const d = 1000 + rng.int(20_000)
      value = JSON.stringify({ type: 'Polygon', coordinates: [[[sx, sy], [sx + d, sy], [sx + d, sy + d], [sx, sy + d], [sx, sy]]] })
      break
    }
    case 3:
      value = '{"type": "Point", "coordinates": []}'
      break
    case 4:
      value = `POLYGON((${w} ${s}, ${e} ${s}, ${e} ${n}, ${w} ${n}, ${w} ${s}))`
      break
    default:
      value = `{'type': 'Point', 'coordinates': [${round6(x)}, ${round6(y)}]}`
  }
  return rng.chance(0.7) ? { extras: [{ key: 'spatial', value }] } : { extras: [], spatial: value }
}

/** ~45% in the dataset's region, ~5% all of Czechia, ~5% abroad, ~2% broken, the rest without an extent. */
export function placedExtent(place: Place, rng: Rng): Extent | null {
  const extentRoll = rng.float()
  if (extentRoll < 0.45) {
    const point = samplePoint(place, rng)
    return emitExtent(boxAround(point, rng), point, rng)
  }
  if (extentRoll < 0.5) return emitExtent(CZECHIA, null, rng)
  if (extentRoll < 0.55) return abroadExtent(rng)
  if (extentRoll < 0.57) return brokenExtent(place, rng)
  return null
}
