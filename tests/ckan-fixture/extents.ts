// The fixture's extent modes: which of a portal's datasets carry a spatial extent and in what shape. The datasets
// themselves come from the product's catalogue generator (server/ckan/demo/generator.server.ts), which takes the
// extent of dataset i from here. Each extent has a random stream of its own, seeded by (seed, i).

import { CZ_REGIONS, regionsAt } from '../../server/geo/cz-regions.server.ts'
import { bboxExtras, polygonJson, pythonStyle, type Box, type Extent } from '../../server/ckan/demo/places.server.ts'
import { Rng, hash32, pickCum, weightedCum } from '../../server/ckan/demo/random.server.ts'

/**
 * Which datasets carry a spatial extent: 'some' (the default: about a quarter, some of them broken, as on real portals)
 * or 'all' (every dataset a valid one, spread like Czech data: around cities by size, villages, regions, abroad), for
 * the map benchmark.
 */
export type ExtentMode = 'some' | 'all'
export const EXTENT_MODES: readonly ExtentMode[] = ['some', 'all']

/** The extent of each dataset of a portal, by its index (null: none). */
export function extentsFor(mode: ExtentMode, seed: number): (i: number) => Extent | null {
  if (mode === 'some') return (i) => someExtent(new Rng(hash32(seed, i, 0x5d)))
  let places: Places | null = null
  return (i) => (places ??= new Places(seed)).extent(new Rng(hash32(seed, i, 0x5e)))
}

/** About a quarter of the datasets: GeoJSON extras, bbox extras, broken strings, EnviDat-style top-level `spatial`. */
function someExtent(rng: Rng): Extent | null {
  const roll = rng.float()
  if (roll < 0.15) return { extras: [{ key: 'spatial', value: geojson(rng) }] }
  if (roll < 0.19) {
    return { extras: [...bboxExtras(bbox(rng)), { key: 'spatial-reference-system', value: rng.pick(['EPSG:4326', 'EPSG:5514', '']) }] }
  }
  if (roll < 0.21) return { extras: [{ key: 'spatial', value: brokenGeojson(rng) }] }
  if (roll < 0.26) return { extras: [], spatial: geojson(rng) }
  return null
}

// ---------------------------------------------------------------------------------------------- geometry

const CZ = { w: 12.09, s: 48.55, e: 18.86, n: 51.06 }

function coord(v: number): number {
  return Math.round(v * 1e6) / 1e6
}

function bbox(rng: Rng): Box {
  const w = CZ.w + rng.float() * (CZ.e - CZ.w - 0.6)
  const s = CZ.s + rng.float() * (CZ.n - CZ.s - 0.4)
  return [coord(w), coord(s), coord(w + 0.02 + rng.float() * 0.5), coord(s + 0.02 + rng.float() * 0.3)]
}

function ring(rng: Rng): number[][] {
  return boxRing(bbox(rng))
}

function geojson(rng: Rng): string {
  const roll = rng.float()
  if (roll < 0.45) {
    // ckanext-spatial style: compact, or Python json.dumps style with spaces
    const g = { type: 'Polygon', coordinates: [ring(rng)] }
    return rng.chance(0.5) ? JSON.stringify(g) : pythonStyle(JSON.stringify(g))
  }
  if (roll < 0.75) {
    const [w, s] = bbox(rng)
    return JSON.stringify({ type: 'Point', coordinates: [w, s] })
  }
  if (roll < 0.93) return JSON.stringify({ type: 'MultiPolygon', coordinates: [[ring(rng)], [ring(rng)]] })
  const [w, s] = bbox(rng)
  return JSON.stringify({ type: 'GeometryCollection', geometries: [{ type: 'Point', coordinates: [w, s] }] })
}

function brokenGeojson(rng: Rng): string {
  const [w, s, e, n] = bbox(rng)
  return rng.pick([
    `{"type": "Polygon", "coordinates": [[[${w}, ${s}], [${e}, ${s}], [${e}, ${n}]`,
    `POLYGON((${w} ${s}, ${e} ${s}, ${e} ${n}, ${w} ${n}, ${w} ${s}))`,
    `{"type": "Polygon", "coordinates": []}`,
    `{'type': 'Point', 'coordinates': [${w}, ${s}]}`,
    `${w},${s},${e},${n}`,
    `{"type":"Point","coordinates":[${s * 1000},${w * 1000}]}`,
  ])
}

// ---------------------------------------------------------------------------------------------- extents=all

/**
 * Where each city is (lon, lat of the centre, rounded) and about how many thousand people live there: `extents=all`
 * places datasets around the cities in proportion to their size, as on real Czech portals.
 */
const CITY_LOCATIONS: Readonly<Record<string, readonly [lon: number, lat: number, thousands: number]>> = {
  'Praha': [14.42, 50.08, 1357], 'Brno': [16.61, 49.19, 396], 'Ostrava': [18.29, 49.83, 284], 'Plzeň': [13.38, 49.75, 185],
  'Liberec': [15.06, 50.77, 108], 'Olomouc': [17.25, 49.59, 102], 'České Budějovice': [14.47, 48.97, 97],
  'Hradec Králové': [15.83, 50.21, 94], 'Ústí nad Labem': [14.04, 50.66, 91], 'Pardubice': [15.78, 50.04, 92],
  'Zlín': [17.67, 49.22, 75], 'Havířov': [18.42, 49.78, 70], 'Kladno': [14.10, 50.15, 69], 'Most': [13.64, 50.50, 65],
  'Opava': [17.90, 49.94, 56], 'Frýdek-Místek': [18.35, 49.68, 55], 'Karviná': [18.54, 49.86, 50], 'Jihlava': [15.59, 49.40, 52],
  'Teplice': [13.82, 50.64, 50], 'Děčín': [14.21, 50.78, 48], 'Karlovy Vary': [12.87, 50.23, 48], 'Chomutov': [13.42, 50.46, 47],
  'Jablonec nad Nisou': [15.17, 50.72, 46], 'Mladá Boleslav': [14.90, 50.41, 45], 'Prostějov': [17.11, 49.47, 43],
  'Přerov': [17.45, 49.46, 42], 'Česká Lípa': [14.54, 50.69, 37], 'Třebíč': [15.88, 49.22, 35], 'Třinec': [18.67, 49.68, 35],
  'Tábor': [14.66, 49.41, 34], 'Znojmo': [16.05, 48.86, 34], 'Kolín': [15.20, 50.03, 33], 'Příbram': [14.01, 49.69, 32],
  'Cheb': [12.37, 50.08, 31], 'Písek': [14.15, 49.31, 30], 'Trutnov': [15.91, 50.56, 30], 'Kroměříž': [17.39, 49.30, 28],
  'Vsetín': [17.99, 49.34, 25], 'Šumperk': [16.97, 49.97, 25], 'Uherské Hradiště': [17.46, 49.07, 25], 'Břeclav': [16.88, 48.76, 24],
  'Hodonín': [17.13, 48.85, 24], 'Litoměřice': [14.13, 50.53, 23], 'Havlíčkův Brod': [15.58, 49.61, 23], 'Nový Jičín': [18.01, 49.59, 23],
  'Chrudim': [15.80, 49.95, 23], 'Strakonice': [13.90, 49.26, 22], 'Klatovy': [13.30, 49.40, 22], 'Vyškov': [17.00, 49.28, 21],
  'Blansko': [16.64, 49.36, 20],
}


const NEIGHBOURS: readonly Box[] = [
  [16.84, 47.73, 22.57, 49.61], // Slovakia
  [9.53, 46.37, 17.16, 49.02], // Austria
  [5.87, 47.27, 15.04, 55.06], // Germany
  [14.12, 49.0, 24.15, 54.84], // Poland
]
const CITY_NAMES = Object.keys(CITY_LOCATIONS)
// Bigger cities publish more, less than in proportion to their size (Praha holds about a sixth of the points).
const cityCum = weightedCum(CITY_NAMES.map((name) => Math.pow(CITY_LOCATIONS[name]![2], 0.8)))
const VILLAGES = 1500

/** A normally distributed number (Box-Muller), mean 0, deviation 1. */
function gauss(rng: Rng): number {
  return Math.sqrt(-2 * Math.log(1 - rng.float())) * Math.cos(2 * Math.PI * rng.float())
}

function boxRing([w, s, e, n]: Box): number[][] {
  return [[w, s], [e, s], [e, n], [w, n], [w, s]]
}

/**
 * Every dataset's extent for `extents=all`, spread like the extents of Czech portals: most around cities in
 * proportion to their size, a good share around villages anywhere in the country, some over a whole region or the
 * whole country, a few abroad. Always valid (the ingest reads every one), in the shapes portals write.
 */
class Places {
  // Village centres inside Czechia (rejection-sampled in its box), drawn once per seed.
  private readonly villages: Array<[number, number]> = []
  private readonly villageCum: Float64Array

  constructor(seed: number) {
    const rng = new Rng(hash32(seed, 0x5e11))
    while (this.villages.length < VILLAGES) {
      const x = CZ.w + rng.float() * (CZ.e - CZ.w)
      const y = CZ.s + rng.float() * (CZ.n - CZ.s)
      if (regionsAt(x, y).length) this.villages.push([coord(x), coord(y)])
    }
    // Some villages have far more datasets than others (an active municipality, a nature reserve).
    this.villageCum = weightedCum(this.villages.map((_, k) => 1 / Math.pow(k + 1, 0.5)))
  }

  extent(rng: Rng): Extent {
    const where = rng.float()
    if (where < 0.62) {
      const [x, y, thousands] = CITY_LOCATIONS[CITY_NAMES[pickCum(cityCum, rng.float())]!]!
      const spread = Math.min(0.09, Math.max(0.012, 0.02 * Math.sqrt(thousands / 50)))
      return this.shape([x + gauss(rng) * spread, y + gauss(rng) * spread * 0.65], rng)
    }
    if (where < 0.88) {
      const [x, y] = this.villages[pickCum(this.villageCum, rng.float())]!
      return this.shape([x + gauss(rng) * 0.01, y + gauss(rng) * 0.0065], rng)
    }
    if (where < 0.94) {
      const [w, s, e, n] = rng.pick(CZ_REGIONS).bbox
      return this.shape(null, rng, [coord(w), coord(s), coord(e), coord(n)])
    }
    if (where < 0.97) return this.shape(null, rng, [CZ.w, CZ.s, CZ.e, CZ.n])
    const [w, s, e, n] = rng.pick(NEIGHBOURS)
    for (let k = 0; k < 32; k++) {
      const x = w + rng.float() * (e - w)
      const y = s + rng.float() * (n - s)
      if (!regionsAt(x, y).length) return this.shape([x, y], rng)
    }
    return this.shape(null, rng, [w, s, e, n])
  }

  /** One of the forms portals write an extent in: a point, a small box around it, bbox extras, a top-level field. */
  private shape(point: [number, number] | null, rng: Rng, wide?: Box): Extent {
    const u = rng.float()
    const half = 0.002 + u * u * 0.03
    const p: [number, number] | null = point && [coord(point[0]), coord(point[1])]
    const box: Box = wide ?? [coord(p![0] - half), coord(p![1] - half * 0.65), coord(p![0] + half), coord(p![1] + half * 0.65)]
    const roll = rng.float()
    if (roll < 0.35) return { extras: [{ key: 'spatial', value: rng.chance(0.5) ? polygonJson(box) : pythonStyle(polygonJson(box)) }] }
    if (roll < 0.6 && p) return { extras: [{ key: 'spatial', value: JSON.stringify({ type: 'Point', coordinates: p }) }] }
    if (roll < 0.8) {
      return { extras: [...bboxExtras(box), { key: 'spatial-reference-system', value: 'EPSG:4326' }] }
    }
    if (roll < 0.92) return { extras: [], spatial: p && rng.chance(0.4) ? JSON.stringify({ type: 'Point', coordinates: p }) : polygonJson(box) }
    // Two parts around the same place (a reserve in two pieces): the centre of their box stays near it.
    const [w, s, e, n] = box
    const dx = (e - w) / 3
    return {
      extras: [{ key: 'spatial', value: JSON.stringify({ type: 'MultiPolygon', coordinates: [[boxRing([w, s, coord(w + dx), n])], [boxRing([coord(e - dx), s, e, n])]] }) }],
    }
  }
}
