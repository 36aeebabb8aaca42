import WORLD from 'world-atlas/countries-50m.json' with { type: 'json' }
import { anyPolygonContains, bboxOfPolygons, prepareLonLatPolygon, preparePolygon, type BBox, type FlatRing, type MultiPolygon, type Polygon, type PreparedPolygon } from './polygons.server.ts'

// The world's countries from world-atlas 2.0.2 (Mike Bostock, ISC licence), the Natural Earth 4.1.0 admin-0
// boundaries at 1:50m (public domain); see README.md. 1:50m keeps small states such as Liechtenstein and Andorra, which
// 1:110m drops. Good for telling which country a dataset is about, not for cartography.

/**
 * ISO 3166-1 numeric → alpha-2 for every id world-atlas's 1:50m countries use. Features without an id (Kosovo,
 * Northern Cyprus, Somaliland, Siachen Glacier, Australia's Indian Ocean Territories) have no ISO code of their own
 * and are skipped. "036" is both Australia and the Ashmore and Cartier Islands, which are Australian.
 */
export const ISO_NUMERIC_TO_ALPHA2: Readonly<Record<string, string>> = {
  '004': 'AF', '008': 'AL', '010': 'AQ', '012': 'DZ', '016': 'AS', '020': 'AD', '024': 'AO', '028': 'AG', '031': 'AZ',
  '032': 'AR', '036': 'AU', '040': 'AT', '044': 'BS', '048': 'BH', '050': 'BD', '051': 'AM', '052': 'BB', '056': 'BE',
  '060': 'BM', '064': 'BT', '068': 'BO', '070': 'BA', '072': 'BW', '076': 'BR', '084': 'BZ', '086': 'IO', '090': 'SB',
  '092': 'VG', '096': 'BN', '100': 'BG', '104': 'MM', '108': 'BI', '112': 'BY', '116': 'KH', '120': 'CM', '124': 'CA',
  '132': 'CV', '136': 'KY', '140': 'CF', '144': 'LK', '148': 'TD', '152': 'CL', '156': 'CN', '158': 'TW', '170': 'CO',
  '174': 'KM', '178': 'CG', '180': 'CD', '184': 'CK', '188': 'CR', '191': 'HR', '192': 'CU', '196': 'CY', '203': 'CZ',
  '204': 'BJ', '208': 'DK', '212': 'DM', '214': 'DO', '218': 'EC', '222': 'SV', '226': 'GQ', '231': 'ET', '232': 'ER',
  '233': 'EE', '234': 'FO', '238': 'FK', '239': 'GS', '242': 'FJ', '246': 'FI', '248': 'AX', '250': 'FR', '258': 'PF',
  '260': 'TF', '262': 'DJ', '266': 'GA', '268': 'GE', '270': 'GM', '275': 'PS', '276': 'DE', '288': 'GH', '296': 'KI',
  '300': 'GR', '304': 'GL', '308': 'GD', '316': 'GU', '320': 'GT', '324': 'GN', '328': 'GY', '332': 'HT', '334': 'HM',
  '336': 'VA', '340': 'HN', '344': 'HK', '348': 'HU', '352': 'IS', '356': 'IN', '360': 'ID', '364': 'IR', '368': 'IQ',
  '372': 'IE', '376': 'IL', '380': 'IT', '384': 'CI', '388': 'JM', '392': 'JP', '398': 'KZ', '400': 'JO', '404': 'KE',
  '408': 'KP', '410': 'KR', '414': 'KW', '417': 'KG', '418': 'LA', '422': 'LB', '426': 'LS', '428': 'LV', '430': 'LR',
  '434': 'LY', '438': 'LI', '440': 'LT', '442': 'LU', '446': 'MO', '450': 'MG', '454': 'MW', '458': 'MY', '462': 'MV',
  '466': 'ML', '470': 'MT', '478': 'MR', '480': 'MU', '484': 'MX', '492': 'MC', '496': 'MN', '498': 'MD', '499': 'ME',
  '500': 'MS', '504': 'MA', '508': 'MZ', '512': 'OM', '516': 'NA', '520': 'NR', '524': 'NP', '528': 'NL', '531': 'CW',
  '533': 'AW', '534': 'SX', '540': 'NC', '548': 'VU', '554': 'NZ', '558': 'NI', '562': 'NE', '566': 'NG', '570': 'NU',
  '574': 'NF', '578': 'NO', '580': 'MP', '583': 'FM', '584': 'MH', '585': 'PW', '586': 'PK', '591': 'PA', '598': 'PG',
  '600': 'PY', '604': 'PE', '608': 'PH', '612': 'PN', '616': 'PL', '620': 'PT', '624': 'GW', '626': 'TL', '630': 'PR',
  '634': 'QA', '642': 'RO', '643': 'RU', '646': 'RW', '652': 'BL', '654': 'SH', '659': 'KN', '660': 'AI', '662': 'LC',
  '663': 'MF', '666': 'PM', '670': 'VC', '674': 'SM', '678': 'ST', '682': 'SA', '686': 'SN', '688': 'RS', '690': 'SC',
  '694': 'SL', '702': 'SG', '703': 'SK', '704': 'VN', '705': 'SI', '706': 'SO', '710': 'ZA', '716': 'ZW', '724': 'ES',
  '728': 'SS', '729': 'SD', '732': 'EH', '740': 'SR', '748': 'SZ', '752': 'SE', '756': 'CH', '760': 'SY', '762': 'TJ',
  '764': 'TH', '768': 'TG', '776': 'TO', '780': 'TT', '784': 'AE', '788': 'TN', '792': 'TR', '795': 'TM', '796': 'TC',
  '800': 'UG', '804': 'UA', '807': 'MK', '818': 'EG', '826': 'GB', '831': 'GG', '832': 'JE', '833': 'IM', '834': 'TZ',
  '840': 'US', '850': 'VI', '854': 'BF', '858': 'UY', '860': 'UZ', '862': 'VE', '876': 'WF', '882': 'WS', '887': 'YE',
  '894': 'ZM',
}

export type Country = {
  /** ISO 3166-1 alpha-2 */
  readonly id: string
  readonly nameEn: string
  /**
   * GeoJSON as world-atlas has it, built on first read. Spherical: a few rings (Russia's, Fiji's) jump across ±180°
   * and Antarctica's coast goes all the way round, as d3-geo draws them; a planar map renderer needs them cut first.
   */
  readonly geometry: Polygon | MultiPolygon
  /** Over all parts, within ±180°: for a country with land on both sides of ±180° (RU, US, FJ, NZ, KI, AQ) it spans all longitudes. */
  readonly bbox: BBox
}

type TopoGeometry =
  | { type: 'Polygon'; arcs: number[][]; id?: string; properties?: { name?: string } }
  | { type: 'MultiPolygon'; arcs: number[][][]; id?: string; properties?: { name?: string } }
type Topology = {
  transform: { scale: number[]; translate: number[] }
  arcs: number[][][]
  objects: { countries: { geometries: TopoGeometry[] } }
}

type Arcs = { xy: Float64Array; start: Uint32Array }

/**
 * TopoJSON decoded straight into flat rings, with the same arithmetic as topojson-client's feature(), which the tests
 * compare against: feature() would build ~100,000 two-element arrays (several MB) only for them to be flattened again.
 */
function decodeArcs(topology: Topology): Arcs {
  const [kx = 1, ky = 1] = topology.transform.scale
  const [dx = 0, dy = 0] = topology.transform.translate
  const start = new Uint32Array(topology.arcs.length + 1)
  for (let i = 0; i < topology.arcs.length; i++) start[i + 1] = (start[i] as number) + 2 * (topology.arcs[i]?.length ?? 0)
  const xy = new Float64Array(start[topology.arcs.length] as number)
  let at = 0
  for (const arc of topology.arcs) {
    let x = 0
    let y = 0
    for (const delta of arc) {
      x += delta[0] as number
      y += delta[1] as number
      xy[at++] = x * kx + dx
      xy[at++] = y * ky + dy
    }
  }
  return { xy, start }
}

function ringOf({ xy, start }: Arcs, arcIds: readonly number[]): FlatRing {
  // Consecutive arcs share their joining point: each arc after the first overwrites the previous arc's last point.
  let length = 0
  for (const id of arcIds) {
    const arc = id < 0 ? ~id : id
    length += (start[arc + 1] as number) - (start[arc] as number) - (length > 0 ? 2 : 0)
  }
  const padded = length > 0 && length < 8 // topojson-client repeats the first point of a ring with under four
  const out = new Float64Array(padded ? length + 2 : length)
  let at = 0
  for (const id of arcIds) {
    const arc = id < 0 ? ~id : id
    const from = start[arc] as number
    const to = start[arc + 1] as number
    if (at > 0) at -= 2
    if (id >= 0) {
      out.set(xy.subarray(from, to), at)
      at += to - from
    } else {
      for (let k = to - 2; k >= from; k -= 2) {
        out[at++] = xy[k] as number
        out[at++] = xy[k + 1] as number
      }
    }
  }
  if (padded) {
    out[at] = out[0] as number
    out[at + 1] = out[1] as number
  }
  return out
}

function toGeoJson(polygons: readonly FlatRing[][]): Polygon | MultiPolygon {
  const position = (ring: FlatRing, k: number) => [ring[2 * k] as number, ring[2 * k + 1] as number]
  const coordinates = polygons.map((rings) => rings.map((ring) => Array.from({ length: ring.length / 2 }, (_, k) => position(ring, k))))
  return coordinates.length === 1 ? { type: 'Polygon', coordinates: coordinates[0] ?? [] } : { type: 'MultiPolygon', coordinates }
}

let displayNames: Intl.DisplayNames | undefined
const polygonsOf = new WeakMap<Country, readonly PreparedPolygon[]>()

function loadCountries(): Country[] {
  const topology = WORLD as unknown as Topology
  const arcs = decodeArcs(topology)
  const partsById = new Map<string, { atlasName: string; rings: FlatRing[][] }>()
  for (const geometry of topology.objects.countries.geometries) {
    const id = geometry.id === undefined ? undefined : ISO_NUMERIC_TO_ALPHA2[geometry.id]
    if (!id) continue
    const arcIds = geometry.type === 'Polygon' ? [geometry.arcs] : geometry.arcs
    const rings = arcIds.map((polygon) => polygon.map((ring) => ringOf(arcs, ring)))
    const entry = partsById.get(id)
    if (entry) entry.rings.push(...rings)
    else partsById.set(id, { atlasName: geometry.properties?.name ?? id, rings })
  }
  const countries: Country[] = []
  for (const [id, { atlasName, rings }] of partsById) {
    let geometry: Polygon | MultiPolygon | undefined
    let nameEn: string | undefined
    const country: Country = {
      id,
      // ICU's region names load in ~15 ms, which placing datasets never needs, so names wait for a reader.
      get nameEn() {
        displayNames ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' })
        return (nameEn ??= displayNames.of(id) ?? atlasName)
      },
      get geometry() {
        return (geometry ??= toGeoJson(rings))
      },
      bbox: bboxOfPolygons(rings.map(preparePolygon)),
    }
    polygonsOf.set(country, rings.flatMap(prepareLonLatPolygon))
    countries.push(country)
  }
  return countries.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
}

/**
 * An array filled on first access: decoding the world takes ~30 ms on a cold runtime, which a Worker that imports this
 * module but never places a dataset should not pay at start-up.
 */
function lazyArray<T>(load: () => T[]): ReadonlyArray<T> {
  const target: T[] = []
  let loaded = false
  const ready = () => {
    if (!loaded) {
      target.push(...load())
      Object.freeze(target)
      loaded = true
    }
    return target
  }
  return new Proxy(target, {
    get: (_target, key) => Reflect.get(ready(), key),
    has: (_target, key) => Reflect.has(ready(), key),
    ownKeys: () => Reflect.ownKeys(ready()),
    getOwnPropertyDescriptor: (_target, key) => Reflect.getOwnPropertyDescriptor(ready(), key),
  })
}

/** The countries sorted by id, one entry per alpha-2 code; loaded on first access. */
export const COUNTRIES: ReadonlyArray<Country> = lazyArray(loadCountries)

/** The country's polygons prepared for point tests in the plane: one per part, two for a part across ±180°. */
export function countryPolygons(country: Country): readonly PreparedPolygon[] {
  return polygonsOf.get(country) ?? []
}

export function pointInCountry(lon: number, lat: number, country: Country): boolean {
  const [w, s, e, n] = country.bbox
  if (!(lon >= w && lon <= e && lat >= s && lat <= n)) return false
  return anyPolygonContains(countryPolygons(country), lon, lat)
}

/** The countries containing the point: one on land, none at sea, rarely two where borders touch. */
export function countriesAt(lon: number, lat: number): Country[] {
  return COUNTRIES.filter((country) => pointInCountry(lon, lat, country))
}
