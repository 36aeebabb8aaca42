// The demo catalogue: about 20,000 CKAN 2.10 package dicts across three made-up Czech portals, loaded on an
// empty database so the product can be explored offline. Dataset i of a portal is a pure function of
// (portal seed, i): no Math.random, no clock, so every run, machine and runtime (Node or Workers) yields the
// same catalogue. The data imitates what real portals send, mess included (formats, licences, broken extents),
// because the ingest has to cope with exactly that. Every URL and e-mail sits under the reserved .invalid TLD.

import { CZ_REGIONS, pointInRegion, regionsAt } from '../../geo/cz-regions.server.ts'
import type { CzRegion } from '../../geo/cz-regions.server.ts'
import {
  CITIES, DEMO_ORG_DEFS, GENERAL_TAGS, GROUPS, KRAJE, LICENSES, PEOPLE, RESOURCE_KINDS, RIVERS, THEMES, TITLE_QUALIFIERS,
} from './vocab.server.ts'
import type { Kraj, License, OrgDef, ResourceKind, Theme } from './vocab.server.ts'
import { hash32, HEX2, isoFromUs, mix32, pickCum, Rng, strHash, weightedCum } from './random.server.ts'

export type DemoPortal = {
  slug: string
  name: string
  baseUrl: string
  country: 'CZ'
  languages: string[]
  datasets: number
  seed: number
}

export const DEMO_PORTALS: ReadonlyArray<DemoPortal> = [
  {
    slug: 'demo-narodni-katalog',
    name: 'Demo: Národní katalog otevřených dat',
    baseUrl: 'https://demo.portalscope.invalid/narodni-katalog',
    country: 'CZ',
    languages: ['cs', 'en'],
    datasets: 12_000,
    seed: 0x5eed_0001,
  },
  {
    slug: 'demo-kraje',
    name: 'Demo: Krajské otevřené datové portály',
    baseUrl: 'https://demo.portalscope.invalid/kraje',
    country: 'CZ',
    languages: ['cs'],
    datasets: 5_000,
    seed: 0x5eed_0002,
  },
  {
    slug: 'demo-mesta',
    name: 'Demo: Otevřená data měst',
    baseUrl: 'https://demo.portalscope.invalid/mesta',
    country: 'CZ',
    languages: ['cs'],
    datasets: 3_000,
    seed: 0x5eed_0003,
  },
]

export const DEMO_DATASET_TOTAL: number = DEMO_PORTALS.reduce((sum, portal) => sum + portal.datasets, 0)

function hex16(x: number): string {
  return (HEX2[(x >>> 8) & 255] as string) + HEX2[x & 255]
}

/** A version-4-shaped UUID whose first 32 bits are given (a bijection of the index, so ids never collide). */
function uuidFrom(first32: number, rng: Rng): string {
  const r = rng.next()
  const r2 = rng.next()
  return `${hex16(first32 >>> 16)}${hex16(first32 & 0xffff)}-${hex16(r2 & 0xffff)}-${hex16(0x4000 | (r & 0x0fff))}-${hex16(0x8000 | ((r >>> 16) & 0x3fff))}-${rng.hex(12)}`
}

// ---------------------------------------------------------------------------------------------- strings

// Titles repeat a lot (template x place x year), so slugs are memoised in a bounded map.
const slugCache = new Map<string, string>()
function slugify(s: string): string {
  let slug = slugCache.get(s)
  if (slug === undefined) {
    slug = s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '')
    if (slugCache.size > 20_000) slugCache.clear()
    slugCache.set(s, slug)
  }
  return slug
}

// ---------------------------------------------------------------------------------------------- places

type Place = { kraj: Kraj; region: CzRegion; cities: string[]; rivers: string[]; interior: [number, number] }

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

const PLACES: Place[] = KRAJE.map((kraj) => {
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
const PLACE_BY_NUTS3 = new Map<string, Place>(PLACES.map((p) => [p.kraj.id, p]))
const PLACE_CUM = weightedCum(KRAJE.map((k) => k.weight))

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

type Extra = { key: string; value: string }
type Extent = { extras: Extra[]; spatial?: string }
type Box = [w: number, s: number, e: number, n: number]

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
function pythonStyle(json: string): string {
  return json.replace(/,/g, ', ').replace(/:/g, ': ')
}

function polygonJson([w, s, e, n]: Box): string {
  return JSON.stringify({ type: 'Polygon', coordinates: [[[w, s], [e, s], [e, n], [w, n], [w, s]]] })
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
    const [w, s, e, n] = box
    const extras: Extra[] = [
      { key: 'bbox-east-long', value: String(e) },
      { key: 'bbox-north-lat', value: String(n) },
      { key: 'bbox-south-lat', value: String(s) },
      { key: 'bbox-west-long', value: String(w) },
    ]
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

// ---------------------------------------------------------------------------------------------- portals

type DemoOrg = {
  def: OrgDef
  id: string
  name: string
  title: string
  description: string
  created: string
  imageUrl: string
  host: string
  place: Place | null
  creatorUserId: string
}

type Context = {
  portal: DemoPortal
  orgs: DemoOrg[]
  orgCum: Float64Array
  groupIds: string[]
  tagIds: Map<string, string>
  keyId: number
  keyName: number
  packageCounts?: number[]
}

const T_START = Date.UTC(2015, 0, 1) * 1000
const T_END = Date.UTC(2026, 9, 31, 18) * 1000
const DAY_US = 86_400_000_000

const THEME_CUM = weightedCum(THEMES.map((t) => t.weight))
const THEME_BY_GROUP = new Map(THEMES.map((t) => [t.group, t]))
// A city publishes about itself: its datasets mostly take the titles that name a town.
const CITY_TITLES = new Map(THEMES.map((t) => [t, t.titles.filter((title) => title.includes('{city}'))]))
const LICENSE_CUM = weightedCum(LICENSES.map((l) => l.weight))
const KIND_CUM = weightedCum(RESOURCE_KINDS.map((k) => k.weight))
const RES_COUNT_CUM = weightedCum([4, 30, 25, 15, 10, 7, 4, 3, 2]) // 0..8 resources; ~4% have none
const PERSON_MAILS = PEOPLE.map((p) => slugify(p).replace('-', '.'))
const EU_THEMES = ['TRAN', 'ECON', 'ENVI', 'SOCI', 'GOVE', 'REGI', 'HEAL', 'EDUC', 'AGRI', 'ENER', 'JUST']
const FREQUENCIES = ['ANNUAL', 'MONTHLY', 'IRREG', 'DAILY', 'QUARTERLY', 'UNKNOWN', 'CONT']

function hostOf(name: string): string {
  const short = name.replace(/^(statutarni-mesto|mesto|hlavni-mesto)-/, '')
  return `${short.length <= 40 ? short : short.slice(0, 40).replace(/-[^-]*$/, '')}.demo.portalscope.invalid`
}

function makeOrgs(portal: DemoPortal): DemoOrg[] {
  const defs = DEMO_ORG_DEFS[portal.slug] ?? []
  const names = new Set<string>()
  return defs.map((def, k) => {
    const rng = new Rng(hash32(portal.seed, 0x0a9, k))
    let name = slugify(def.title).slice(0, 90)
    for (let d = 2; names.has(name); d++) name = `${slugify(def.title).slice(0, 85)}-${d}`
    names.add(name)
    const createdUs = Date.UTC(2013, 5, 1) * 1000 + rng.int(3 * 365) * DAY_US + rng.int(DAY_US)
    const created = isoFromUs(createdUs)
    const host = hostOf(name)
    const imageRoll = rng.float()
    return {
      def,
      id: uuidFrom(hash32(portal.seed, 0x0a8, k), rng),
      name,
      title: def.title,
      description: rng.chance(0.3) ? '' : `${def.title} zveřejňuje otevřená data v souladu se zákonem č. 106/1999 Sb., o svobodném přístupu k informacím.`,
      created,
      // CKAN stores an uploaded logo as a timestamped file name and a linked one as a full URL.
      imageUrl: imageRoll < 0.5 ? '' : imageRoll < 0.8 ? `${created.slice(0, 10)}-${created.slice(11, 19).replace(/:/g, '')}.${created.slice(20)}logo.png` : `https://www.${host}/img/logo.png`,
      host,
      place: def.region ? (PLACE_BY_NUTS3.get(def.region) ?? null) : null,
      creatorUserId: uuidFrom(hash32(portal.seed, 0x5c, k), rng),
    }
  })
}

const contexts = new Map<string, Context>()

function context(slug: string): Context {
  let ctx = contexts.get(slug)
  if (!ctx) {
    const portal = DEMO_PORTALS.find((p) => p.slug === slug)
    if (!portal) throw new Error(`Unknown demo portal: ${slug}`)
    const orgs = makeOrgs(portal)
    ctx = {
      portal,
      orgs,
      orgCum: weightedCum(orgs.map((o) => o.def.weight)),
      groupIds: GROUPS.map((_, k) => uuidFrom(hash32(portal.seed, 0x6701, k), new Rng(hash32(portal.seed, 0x6702, k)))),
      tagIds: new Map(),
      keyId: hash32(portal.seed, 0x1d),
      keyName: hash32(portal.seed, 0x2a),
    }
    contexts.set(slug, ctx)
  }
  return ctx
}

/** The dataset's publisher, or null (~3%: datasets of deleted or never-set organizations). Drawn apart from the
 * rest of the dataset so package counts can be tallied without building datasets. */
function orgIndex(ctx: Context, i: number): number {
  const rng = new Rng(hash32(ctx.portal.seed, i, 0x0a))
  if (rng.chance(0.03)) return -1
  return pickCum(ctx.orgCum, rng.float())
}

function packageCounts(ctx: Context): number[] {
  if (!ctx.packageCounts) {
    const counts = new Array<number>(ctx.orgs.length).fill(0)
    for (let i = 0; i < ctx.portal.datasets; i++) {
      const k = orgIndex(ctx, i)
      if (k >= 0) counts[k] = (counts[k] ?? 0) + 1
    }
    ctx.packageCounts = counts
  }
  return ctx.packageCounts
}

function tagId(ctx: Context, tag: string): string {
  let id = ctx.tagIds.get(tag)
  if (!id) {
    const h = strHash(tag)
    id = uuidFrom(hash32(ctx.portal.seed, h, 0x7a9), new Rng(hash32(ctx.portal.seed, h, 0x7aa)))
    ctx.tagIds.set(tag, id)
  }
  return id
}

/** mix32 is a bijection on 32 bits, so distinct indices get distinct id prefixes. */
function packageIdPrefix(ctx: Context, i: number): number {
  return mix32((i ^ ctx.keyId) >>> 0)
}

/** Five base-36 characters, a bijection of the index on 24 bits: names stay unique whatever the titles. */
function nameCode(ctx: Context, i: number): string {
  let x = (i ^ (ctx.keyName & 0xffffff)) & 0xffffff
  x = Math.imul(x, 0x2c1b3c6d | 1) & 0xffffff
  x ^= x >>> 11
  x = Math.imul(x, 0x297a2d39 | 1) & 0xffffff
  return x.toString(36).padStart(5, '0')
}

// ---------------------------------------------------------------------------------------------- datasets

function fillTitle(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '')
}

function notesFor(rng: Rng, theme: Theme, title: string, org: DemoOrg | null): string | null {
  const roll = rng.float()
  if (roll < 0.05) return null
  if (roll < 0.13) return ''
  const s1 = rng.pick(theme.sentences)
  const s2 = rng.pick(theme.sentences)
  const publisher = org?.title ?? 'poskytovatel'
  switch (rng.int(10)) {
    case 0:
    case 1:
    case 2:
      return s1
    case 3:
    case 4:
      return `${title}.\r\n\r\n${s1}${s2 === s1 ? '' : ' ' + s2}`
    case 5:
    case 6:
    case 7:
      return `## Popis\n\n${s1}\n\n## Struktura dat\n\n- \`id\` – identifikátor záznamu\n- \`nazev\` – název\n- \`datum\` – datum aktualizace (RRRR-MM-DD)\n\nPoskytovatel: **${publisher}**. Podmínky užití viz [data.gov.cz](https://data.gov.cz/podm%C3%ADnky-u%C5%BEit%C3%AD/).`
    case 8:
      // Some publishers paste HTML from their web sites.
      return `<p>${s1}</p><p>${s2}</p>`
    default:
      return `${s1}\n\n${s2}\n\nKontakt: ${org ? `opendata@${org.host}` : 'viz web poskytovatele'}`
  }
}

function maintainerEmail(rng: Rng, mail: string, host: string): string | null | undefined {
  const roll = rng.float()
  if (roll < 0.45) return `${mail}@${host}`
  if (roll < 0.55) return `opendata@${host}`
  if (roll < 0.65) return undefined
  if (roll < 0.73) return null
  if (roll < 0.82) return ''
  return rng.pick([`podatelna(at)${host}`, 'n/a', `${mail}@`, `${mail}@${host.split('.')[0]}`, `mailto:opendata@${host}`, ` opendata@${host} `])
}

function buildPackage(ctx: Context, i: number): Record<string, unknown> {
  const { portal } = ctx
  const k = orgIndex(ctx, i)
  const org = k >= 0 ? (ctx.orgs[k] as DemoOrg) : null
  const rng = new Rng(hash32(portal.seed, i, 0x0b))

  const place = org?.place ?? (PLACES[pickCum(PLACE_CUM, rng.float())] as Place)
  const city = org?.def.city ?? rng.pick(place.cities)
  const themes = org?.def.themes
  const theme = (themes && rng.chance(0.75) ? THEME_BY_GROUP.get(rng.pick(themes)) : undefined) ?? (THEMES[pickCum(THEME_CUM, rng.float())] as Theme)

  // Skewed towards recent years, as catalogues grow; a quarter are never edited after creation.
  const created = T_START + Math.floor(Math.pow(rng.float(), 0.8) * (T_END - T_START))
  const u = rng.float()
  const modified = Math.min(T_END, rng.chance(0.25) ? created + rng.int(600_000_000) : created + Math.floor(u * u * (T_END - created)))
  const createdIso = isoFromUs(created)
  const modifiedIso = isoFromUs(modified)
  const year = String(Number(createdIso.slice(0, 4)) - (rng.chance(0.4) ? 1 : 0))

  const cityTitles = org?.def.city ? CITY_TITLES.get(theme) : undefined
  const template = cityTitles?.length && rng.chance(0.85) ? rng.pick(cityTitles) : rng.pick(theme.titles)
  let title = fillTitle(template, { city, kraj: place.kraj.nameCs, kraje: place.kraj.genitive, river: rng.pick(place.rivers), year })
  if (rng.chance(0.2)) title += rng.pick(TITLE_QUALIFIERS)
  const name = `${slugify(title).slice(0, 80).replace(/-+$/, '')}-${nameCode(ctx, i)}`
  const id = uuidFrom(packageIdPrefix(ctx, i), rng)
  const host = org?.host ?? 'neznamy-poskytovatel.demo.portalscope.invalid'

  const person = rng.int(PEOPLE.length)
  const personName = PEOPLE[person] as string
  const personMail = PERSON_MAILS[person] as string
  const lic = LICENSES[pickCum(LICENSE_CUM, rng.float())] as License

  const tags: string[] = []
  if (!rng.chance(0.1)) {
    const n = 1 + rng.int(7)
    for (let t = 0; t < n; t++) {
      const tag = rng.chance(0.75) ? rng.pick(theme.tags) : rng.pick(GENERAL_TAGS)
      if (!tags.includes(tag)) tags.push(tag)
    }
  }
  const groups: number[] = []
  if (rng.chance(0.55)) groups.push(GROUPS.findIndex((g) => g.name === theme.group))
  if (rng.chance(0.1)) {
    const g = rng.int(GROUPS.length)
    if (!groups.includes(g)) groups.push(g)
  }

  const titleSlug = slugify(title).slice(0, 40).replace(/-+$/, '')
  const nRes = pickCum(RES_COUNT_CUM, rng.float())
  const resources: Record<string, unknown>[] = []
  for (let position = 0; position < nRes; position++) {
    const kind = RESOURCE_KINDS[pickCum(KIND_CUM, rng.float())] as ResourceKind
    const rid = uuidFrom(rng.next(), rng)
    const resCreated = created + Math.floor(rng.float() * (modified - created))
    const file = `${titleSlug}${position ? '-' + position : ''}`
    // Publishers often link a file through a download script, so the URL says nothing about the format.
    const ext = rng.chance(0.1) ? '' : kind.ext
    const upload = !kind.service && ext !== '' && rng.chance(0.25)
    const urlRoll = rng.float()
    let url: string | null
    if (urlRoll < 0.02) url = ''
    else if (urlRoll < 0.03) url = null
    else if (kind.service === 'wms') url = `https://gis.${host}/arcgis/services/${file}/MapServer/WMSServer?request=GetCapabilities&service=WMS`
    else if (kind.service === 'wfs') url = `https://gis.${host}/geoserver/ows?service=WFS&request=GetFeature&typeName=${file}&outputFormat=application/json`
    else if (kind.service === 'api') url = `https://api.${host}/v1/${file}`
    else if (kind.service === 'landing') url = `https://www.${host}/${file}`
    else if (upload) url = `${portal.baseUrl}/dataset/${id}/resource/${rid}/download/${file}${ext}`
    else if (ext === '') url = `https://data.${host}/download?id=${rid}`
    else url = `${rng.chance(0.15) ? 'http' : 'https'}://data.${host}/${year}/${file}${ext}`
    const sizeRoll = rng.float()
    const bytes = 200 + rng.int(25_000_000)
    const label = kind.format?.trim() || 'data'
    resources.push({
      cache_last_updated: null,
      cache_url: null,
      created: isoFromUs(resCreated),
      datastore_active: kind.mimetype === 'text/csv' && rng.chance(0.3),
      description: rng.chance(0.4) ? '' : `${title} – ${label}`,
      format: kind.format,
      hash: rng.chance(0.1) ? rng.hex(40) : '',
      id: rid,
      last_modified: rng.chance(0.4) ? null : isoFromUs(resCreated + Math.floor(rng.float() * (modified - resCreated))),
      metadata_modified: modifiedIso,
      mimetype: kind.mimetype !== null && rng.chance(0.1) ? null : kind.mimetype,
      mimetype_inner: null,
      name: rng.chance(0.08) ? '' : rng.chance(0.5) ? `${title} (${label})` : `${file}${ext}`,
      package_id: id,
      position,
      resource_type: null,
      size: kind.service || !url ? null : sizeRoll < 0.55 ? bytes : sizeRoll < 0.8 ? null : sizeRoll < 0.95 ? String(bytes) : 0,
      state: 'active',
      url,
      url_type: upload ? 'upload' : rng.chance(0.5) ? null : '',
      // ckanext-dcat fields on some files, decided by hash so that the rest of the catalogue stays as it was.
      ...(!kind.service && url && mix32(strHash(rid)) % 100 < 40 ? { download_url: url } : {}),
      ...(mix32(strHash(rid) ^ 0x51) % 100 < 5 ? { rights: 'Volně šiřitelné' } : {}),
    })
  }

  // ~45% in a region, ~5% all of Czechia, ~5% abroad, ~2% broken, the rest without an extent.
  const extentRoll = rng.float()
  let extent: Extent | null = null
  if (extentRoll < 0.45) {
    const point = samplePoint(place, rng)
    extent = emitExtent(boxAround(point, rng), point, rng)
  } else if (extentRoll < 0.5) extent = emitExtent(CZECHIA, null, rng)
  else if (extentRoll < 0.55) extent = abroadExtent(rng)
  else if (extentRoll < 0.57) extent = brokenExtent(place, rng)

  const extras: Extra[] = extent ? extent.extras : []
  if (portal.slug === 'demo-narodni-katalog' && org?.place && rng.chance(0.4)) {
    // The national catalogue harvests the local catalogues of regions and cities.
    extras.push(
      { key: 'harvest_object_id', value: uuidFrom(rng.next(), rng) },
      { key: 'harvest_source_title', value: `Lokální katalog – ${org.title}` },
    )
  }
  if (rng.chance(0.35)) {
    extras.push(
      { key: 'frequency', value: `http://publications.europa.eu/resource/authority/frequency/${rng.pick(FREQUENCIES)}` },
      { key: 'theme', value: JSON.stringify([`http://publications.europa.eu/resource/authority/data-theme/${rng.pick(EU_THEMES)}`]) },
    )
  }
  if (rng.chance(0.1)) extras.push({ key: 'language', value: rng.pick(['["ces"]', '["ces", "eng"]', 'cs', '']) })
  if (rng.chance(0.1)) extras.push({ key: 'temporal_start', value: `${year}-01-01` }, { key: 'temporal_end', value: `${year}-12-31` })
  if (mix32(strHash(id) ^ 0xac) % 100 < 20) extras.push({ key: 'access_rights', value: 'http://publications.europa.eu/resource/authority/access-right/PUBLIC' })
  // CKAN returns extras sorted by key.
  extras.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))

  const authorRoll = rng.float()
  const email = maintainerEmail(rng, personMail, host)
  const maintainerRoll = rng.float()
  const urlRoll = rng.float()
  const versionRoll = rng.float()

  const pkg: Record<string, unknown> = {
    author: authorRoll < 0.35 ? null : authorRoll < 0.5 ? '' : authorRoll < 0.8 ? (org?.title ?? personName) : personName,
    author_email: rng.chance(0.8) ? null : `${personMail}@${host}`,
    creator_user_id: org?.creatorUserId ?? uuidFrom(hash32(portal.seed, 0x5d), new Rng(portal.seed)),
    extras,
    groups: groups.map((g) => {
      const group = GROUPS[g] ?? GROUPS[0]!
      return {
        description: group.description,
        display_name: group.title,
        id: ctx.groupIds[g],
        image_display_url: g % 3 === 0 ? `${portal.baseUrl}/uploads/group/${group.name}.png` : '',
        name: group.name,
        title: group.title,
      }
    }),
    id,
    isopen: lic.open,
  }
  if (lic.id !== undefined) {
    pkg.license_id = lic.id
    pkg.license_title = lic.title
    if (lic.url) pkg.license_url = lic.url
  }
  pkg.maintainer = maintainerRoll < 0.3 ? null : maintainerRoll < 0.65 ? personName : (org?.title ?? personName)
  if (email !== undefined) pkg.maintainer_email = email
  pkg.metadata_created = createdIso
  pkg.metadata_modified = modifiedIso
  pkg.name = name
  pkg.notes = notesFor(rng, theme, title, org)
  pkg.num_resources = resources.length
  pkg.num_tags = tags.length
  pkg.organization = org
    ? {
        id: org.id,
        name: org.name,
        title: org.title,
        type: 'organization',
        description: org.description,
        image_url: org.imageUrl,
        created: org.created,
        is_organization: true,
        approval_status: 'approved',
        state: 'active',
      }
    : null
  pkg.owner_org = org?.id ?? null
  pkg.private = false
  pkg.relationships_as_object = []
  pkg.relationships_as_subject = []
  pkg.resources = resources
  if (extent?.spatial !== undefined) pkg.spatial = extent.spatial
  pkg.state = 'active'
  pkg.tags = tags.map((tag) => ({ display_name: tag, id: tagId(ctx, tag), name: tag, state: 'active', vocabulary_id: null }))
  pkg.title = title
  pkg.type = 'dataset'
  pkg.url = urlRoll < 0.5 ? '' : urlRoll < 0.7 ? null : `https://www.${host}/data/${name}`
  pkg.version = versionRoll < 0.85 ? null : versionRoll < 0.95 ? '1.0' : year
  return pkg
}

// ---------------------------------------------------------------------------------------------- API

/** Dataset `index` (0 ≤ index < datasets) of a demo portal, as package_show returns it. */
export function demoPackage(slug: string, index: number): Record<string, unknown> {
  const ctx = context(slug)
  if (!Number.isInteger(index) || index < 0 || index >= ctx.portal.datasets) throw new RangeError(`No demo dataset ${index} in ${slug}`)
  return buildPackage(ctx, index)
}

/** A demo portal's datasets, one at a time, in index order (never all in memory). */
export function* demoPackages(slug: string): Generator<Record<string, unknown>> {
  const ctx = context(slug)
  for (let i = 0; i < ctx.portal.datasets; i++) yield buildPackage(ctx, i)
}

/** organization_list?all_fields=true for a demo portal; package_count matches what demoPackages yields. */
export function demoOrganizations(slug: string): Array<Record<string, unknown>> {
  const ctx = context(slug)
  const counts = packageCounts(ctx)
  return ctx.orgs
    .map((org, k) => ({
      approval_status: 'approved',
      created: org.created,
      description: org.description,
      display_name: org.title,
      id: org.id,
      image_display_url: org.imageUrl === '' || org.imageUrl.startsWith('https://') ? org.imageUrl : `${ctx.portal.baseUrl}/uploads/group/${org.imageUrl}`,
      image_url: org.imageUrl,
      is_organization: true,
      name: org.name,
      num_followers: hash32(ctx.portal.seed, k, 0x91) % 7,
      package_count: counts[k] ?? 0,
      state: 'active',
      title: org.title,
      type: 'organization',
    }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
}
