// Deterministic CKAN 2.10 corpus: dataset i of a portal is a pure function of (seed, i). Nothing is
// stored per dataset; ids and names encode i reversibly (a keyed Feistel permutation), so package_show
// by id or name regenerates the dataset instead of looking it up.

import {
  BIG_ORGS, CITIES, CITY_LOCATIONS, EXTENSIONS, FIRST_NAMES, GENERAL_TAGS, GROUPS, LAST_NAMES, LICENSES, ORG_PATTERNS, REGIONS,
  RESOURCE_KINDS, RIVERS, THEMES, TOWNS,
} from './vocab.ts'
import type { License, ResourceKind } from './vocab.ts'
import { HEX2, Rng, hash32, isoFromUs, mix32, pickCum, strHash, weightedCum } from '../../server/ckan/demo/random.server.ts'
import { CZ_REGIONS, regionsAt } from '../../server/geo/cz-regions.server.ts'

// The fixture and the demo catalogue share one deterministic randomness (server/ckan/demo/random.server.ts).
export { Rng, hash32, isoFromUs, mix32, strHash } from '../../server/ckan/demo/random.server.ts'

// ---------------------------------------------------------------------------------------------- hashing

/** Keyed Feistel permutation on [0, 2^(2*halfBits)); invertible, so ids can carry the index. */
function feistel(x: number, key: number, halfBits: number, inverse: boolean): number {
  const size = 2 ** halfBits
  const mask = size - 1
  let l = Math.floor(x / size)
  let r = x % size
  const rounds = [0, 1, 2, 3]
  if (!inverse) {
    for (const k of rounds) {
      const f = hash32(key, r, k) & mask
      const nl = r
      r = (l ^ f) & mask
      l = nl
    }
  } else {
    for (const k of rounds.reverse()) {
      const f = hash32(key, l, k) & mask
      const nr = l
      l = (r ^ f) & mask
      r = nr
    }
  }
  return l * size + r
}

// ---------------------------------------------------------------------------------------------- strings

// Titles repeat a lot (template x place x year), so folding/slugging is memoised in small bounded maps.
const foldCache = new Map<string, string>()
const slugCache = new Map<string, string>()
function remember(cache: Map<string, string>, key: string, value: string): string {
  if (cache.size > 50_000) cache.clear()
  cache.set(key, value)
  return value
}

/** Lower-case and strip diacritics ("Jízdní řády" -> "jizdni rady"). */
export function fold(s: string): string {
  return foldCache.get(s) ?? remember(foldCache, s, s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase())
}

export function slugify(s: string): string {
  return slugCache.get(s) ?? remember(slugCache, s, fold(s).replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, ''))
}

function hex16(x: number): string {
  return (HEX2[(x >>> 8) & 255] as string) + HEX2[x & 255]
}

function uuidFrom(first32: number, rng: Rng, second16?: number): string {
  const a = hex16(first32 >>> 16) + hex16(first32 & 0xffff)
  const b = hex16(second16 ?? rng.next() & 0xffff)
  const r = rng.next()
  const c = hex16(0x4000 | (r & 0x0fff))
  const d = hex16(0x8000 | ((r >>> 16) & 0x3fff))
  const e = rng.hex(12)
  return `${a}-${b}-${c}-${d}-${e}`
}

// ---------------------------------------------------------------------------------------------- corpus

export type Org = {
  index: number
  id: string
  name: string
  title: string
  description: string
  created: string
  image_url: string
}

/** What search, filters and facets need; cheap to compute (no text beyond tags). */
export type Attrs = {
  theme: number
  template: number
  city: number
  town: number
  region: number
  river: number
  year: number
  org: number
  license: number
  groups: number[]
  tags: string[]
  kinds: number[]
}

const T_CREATED_FROM = Date.UTC(2012, 2, 1) * 1000
const T_CREATED_TO = Date.UTC(2025, 5, 30) * 1000
const T_MODIFIED_FROM = Date.UTC(2014, 0, 1) * 1000
const T_MODIFIED_TO = Date.UTC(2025, 8, 30) * 1000
/** Every generated (unmodified) dataset's metadata_modified is before this instant (µs). */
export const BASE_MODIFIED_END_US = T_MODIFIED_TO
const DAY_US = 86_400_000_000

const personMails: string[] = FIRST_NAMES.flatMap((f) => LAST_NAMES.map((l) => slugify(`${f} ${l}`).replace('-', '.')))

const themeCum = weightedCum(THEMES.map((t) => t.weight))
const licenseCum = weightedCum(LICENSES.map((l) => l.weight))
const kindCum = weightedCum(RESOURCE_KINDS.map((k) => k.weight))
const resCountCum = weightedCum([5, 30, 25, 15, 10, 6, 4, 3, 2]) // 0..8 resources

/**
 * Which datasets carry a spatial extent: 'some' (the default: about a quarter, some of them broken, as on real portals)
 * or 'all' (every dataset a valid one, spread like Czech data: around cities by size, villages, regions, abroad), for
 * the map benchmark.
 */
export type ExtentMode = 'some' | 'all'
export const EXTENT_MODES: readonly ExtentMode[] = ['some', 'all']

export type CorpusOptions = {
  slug: string
  datasets: number
  seed: number
  organizations: number
  extents?: ExtentMode
  /**
   * Host names the resource files are handed out on instead of the portal's own (each resource keeps one, spread by
   * its id). The caller makes them reach this fixture: loopback names, or a resolver of its own (tests of politeness
   * across names of one server). Default: the portal's own origin.
   */
  resourceHosts?: readonly string[]
}

export class Corpus {
  readonly slug: string
  readonly seed: number
  readonly baseN: number
  readonly extents: ExtentMode
  readonly resourceHosts: readonly string[]
  readonly orgs: Org[]
  readonly orgByKey = new Map<string, number>()
  readonly groupIds: string[]
  readonly groupByKey = new Map<string, number>()
  readonly tagIds = new Map<string, string>()
  private readonly orgCum: Float64Array
  private readonly stepModified: number
  private readonly stepCreated: number
  private readonly keyId: number
  private readonly keyName: number
  private readonly keyRes: number

  constructor(options: CorpusOptions) {
    this.slug = options.slug
    this.seed = options.seed >>> 0
    this.baseN = options.datasets
    this.extents = options.extents ?? 'some'
    this.resourceHosts = options.resourceHosts ?? []
    const n = Math.max(1, this.baseN)
    this.stepModified = (T_MODIFIED_TO - T_MODIFIED_FROM) / n
    this.stepCreated = (T_CREATED_TO - T_CREATED_FROM) / n
    this.keyId = hash32(this.seed, 0x1d)
    this.keyName = hash32(this.seed, 0x2a)
    this.keyRes = hash32(this.seed, 0x3e)
    this.orgs = this.makeOrgs(Math.max(1, options.organizations))
    this.orgs.forEach((o) => {
      this.orgByKey.set(o.id, o.index)
      this.orgByKey.set(o.name, o.index)
    })
    // Zipf-like: a few big publishers, a long tail of small ones (some may end up empty, as on real portals).
    this.orgCum = weightedCum(this.orgs.map((_, k) => 1 / Math.pow(k + 1, 0.9)))
    this.groupIds = GROUPS.map((g, k) => uuidFrom(hash32(this.seed, 0x6701, k), new Rng(hash32(this.seed, 0x6702, k))))
    GROUPS.forEach((g, k) => {
      this.groupByKey.set(g.name, k)
      this.groupByKey.set(this.groupIds[k] as string, k)
    })
  }

  private makeOrgs(count: number): Org[] {
    const out: Org[] = []
    const titles = new Set<string>()
    const names = new Set<string>()
    for (let k = 0; k < count; k++) {
      const rng = new Rng(hash32(this.seed, 0x0a9, k))
      let title: string = k < BIG_ORGS.length ? (BIG_ORGS[k] as string) : ''
      for (let attempt = 0; !title || titles.has(title); attempt++) {
        title = rng
          .pick(ORG_PATTERNS)
          .replace('{town}', rng.pick(TOWNS))
          .replace('{city}', rng.pick(CITIES))
          .replace('{region}', rng.pick(REGIONS))
          .replace('{river}', rng.pick(RIVERS))
          .replace('{n}', String(1 + rng.int(22)))
        if (attempt > 20) title = `${title} (${k})`
      }
      titles.add(title)
      let name = slugify(title).slice(0, 90)
      for (let d = 2; names.has(name); d++) name = `${slugify(title).slice(0, 85)}-${d}`
      names.add(name)
      const createdUs = T_CREATED_FROM - rng.int(400) * DAY_US + rng.int(86_400_000) * 1000
      out.push({
        index: k,
        id: uuidFrom(hash32(this.seed, 0x0a8, k), rng),
        name,
        title,
        description: rng.chance(0.3) ? '' : `${title} zveřejňuje otevřená data v souladu se zákonem č. 106/1999 Sb.`,
        created: isoFromUs(createdUs),
        image_url: rng.chance(0.5) ? '' : `${isoFromUs(createdUs).slice(0, 10)}-${name.slice(0, 12)}-logo.png`,
      })
    }
    return out
  }

  // ------------------------------------------------------------------------------------ identity

  packageId(i: number): string {
    return uuidFrom(feistel(i, this.keyId, 16, false), new Rng(hash32(this.seed, i, 0x1d)))
  }

  nameCode(i: number): string {
    return feistel(i, this.keyName, 15, false).toString(36).padStart(6, '0')
  }

  /** The dataset index an id/name refers to, or -1 (no check against deletions or corpus size). */
  indexFromIdOrName(key: string): number {
    if (/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(key)) {
      const i = feistel(parseInt(key.slice(0, 8), 16), this.keyId, 16, true)
      return this.packageId(i) === key ? i : -1
    }
    const m = /-([0-9a-z]{6})$/.exec(key)
    if (!m) return -1
    const code = parseInt(m[1] as string, 36)
    if (code >= 2 ** 30) return -1
    const i = feistel(code, this.keyName, 15, true)
    return this.packageName(i) === key ? i : -1
  }

  resourceId(i: number, position: number): string {
    const rng = new Rng(hash32(this.seed, i, 0x3e))
    return uuidFrom(feistel(i, this.keyRes, 16, false), rng, (rng.next() & 0xfff8) | position)
  }

  resourceFromId(key: string): { index: number; position: number } | null {
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(key)) return null
    const i = feistel(parseInt(key.slice(0, 8), 16), this.keyRes, 16, true)
    const position = parseInt(key.slice(9, 13), 16) & 7
    return this.resourceId(i, position) === key ? { index: i, position } : null
  }

  tagId(tag: string): string {
    let id = this.tagIds.get(tag)
    if (!id) {
      const h = strHash(tag)
      id = uuidFrom(hash32(this.seed, h, 0x7a9), new Rng(hash32(this.seed, h, 0x7aa)))
      this.tagIds.set(tag, id)
    }
    return id
  }

  // ------------------------------------------------------------------------------------ time

  /** Base metadata_modified in µs: strictly increasing in i, so "sort by metadata_modified" is index order. */
  baseModifiedUs(i: number): number {
    const step = this.stepModified
    return T_MODIFIED_FROM + Math.floor(i * step) + Math.floor((hash32(this.seed, i, 0x71) / 4294967296) * Math.min(step * 0.9, DAY_US))
  }

  baseCreatedUs(i: number): number {
    const step = this.stepCreated
    return T_CREATED_FROM + Math.floor(i * step) + Math.floor((hash32(this.seed, i, 0x72) / 4294967296) * Math.min(step * 0.9, DAY_US))
  }

  /** Smallest base index whose metadata_modified (truncated to ms, as Solr stores it) is >= ms. */
  firstBaseIndexModifiedAtOrAfterMs(ms: number): number {
    let lo = 0
    let hi = this.baseN
    while (lo < hi) {
      const mid = Math.floor((lo + hi) / 2)
      if (Math.floor(this.baseModifiedUs(mid) / 1000) >= ms) hi = mid
      else lo = mid + 1
    }
    return lo
  }

  // ------------------------------------------------------------------------------------ attributes

  attrs(i: number): Attrs {
    const rng = new Rng(hash32(this.seed, i, 1))
    const theme = pickCum(themeCum, rng.float())
    const t = THEMES[theme] ?? THEMES[0]!
    const template = rng.int(t.titles.length)
    const city = rng.int(CITIES.length)
    const town = rng.int(TOWNS.length)
    const region = rng.int(REGIONS.length)
    const river = rng.int(RIVERS.length)
    const year = 2010 + rng.int(16)
    const org = pickCum(this.orgCum, rng.float())
    const license = pickCum(licenseCum, rng.float())
    const groups: number[] = []
    if (rng.chance(0.55)) groups.push(this.groupByKey.get(t.group) ?? 0)
    if (rng.chance(0.12)) {
      const g = rng.int(GROUPS.length)
      if (!groups.includes(g)) groups.push(g)
    }
    const tags: string[] = []
    if (!rng.chance(0.12)) {
      const nTags = 1 + rng.int(6)
      for (let k = 0; k < nTags; k++) {
        const tag = rng.chance(0.75) ? rng.pick(t.tags) : rng.pick(GENERAL_TAGS)
        if (!tags.includes(tag)) tags.push(tag)
      }
    }
    const nRes = pickCum(resCountCum, rng.float())
    const kinds: number[] = []
    for (let k = 0; k < nRes; k++) kinds.push(pickCum(kindCum, rng.float()))
    return { theme, template, city, town, region, river, year, org, license, groups, tags, kinds }
  }

  title(a: Attrs): string {
    const t = THEMES[a.theme] ?? THEMES[0]!
    return (t.titles[a.template] ?? '')
      .replace('{city}', CITIES[a.city] ?? '')
      .replace('{town}', TOWNS[a.town] ?? '')
      .replace('{region}', REGIONS[a.region] ?? '')
      .replace('{river}', RIVERS[a.river] ?? '')
      .replace('{year}', String(a.year))
  }

  private readonly orgHosts = new Map<number, string>()
  private orgHost(o: Org): string {
    let host = this.orgHosts.get(o.index)
    if (host === undefined) this.orgHosts.set(o.index, (host = slugify(o.title).slice(0, 24).replace(/-+$/, '')))
    return host
  }

  /**
   * Where a resource's file lives: on the fixture itself (`<site>/files/...`, served by server.ts), never on a real
   * publisher's host, so that no check of a generated resource leaves this machine. With `resourceHosts`, the site's
   * host is swapped for one of them.
   */
  private resourceSite(siteUrl: string, rid: string): string {
    if (this.resourceHosts.length === 0) return siteUrl
    const url = new URL(siteUrl)
    url.hostname = this.resourceHosts[mix32(strHash(rid) ^ 0x4f) % this.resourceHosts.length]!
    return url.href.replace(/\/$/, '')
  }

  packageName(i: number, a: Attrs = this.attrs(i)): string {
    return `${slugify(this.title(a)).slice(0, 90)}-${this.nameCode(i)}`
  }

  notes(i: number, a: Attrs, title: string): string | null {
    const rng = new Rng(hash32(this.seed, i, 2))
    const roll = rng.float()
    if (roll < 0.04) return null
    if (roll < 0.12) return ''
    const t = THEMES[a.theme] ?? THEMES[0]!
    const s1 = rng.pick(t.sentences)
    const s2 = rng.pick(t.sentences)
    const org = this.orgs[a.org] ?? this.orgs[0]!
    switch (rng.int(4)) {
      case 0:
        return `${s1}`
      case 1:
        return `${title}.\r\n\r\n${s1} ${s2 === s1 ? '' : s2}`.trim()
      case 2:
        return `## Popis\n\n${s1}\n\n## Struktura dat\n\n- \`id\` – identifikátor záznamu\n- \`nazev\` – název\n- \`datum\` – datum aktualizace (YYYY-MM-DD)\n\nPoskytovatel: **${org.title}**. Podmínky užití viz [licence](https://data.gov.cz/podm%C3%ADnky-u%C5%BEit%C3%AD/).`
      default:
        return `${s1}\n\n${s2}\n\nKontakt: ${rng.chance(0.5) ? 'opendata@' + slugify(org.title).slice(0, 20) + '.cz' : 'viz web poskytovatele'}`
    }
  }

  /** Lower-cased, diacritics-folded text that free-text `q` matches against (title, notes, tags). */
  searchText(i: number, a: Attrs): { title: string; notes: string; tags: string } {
    const title = this.title(a)
    return { title: fold(title), notes: fold(this.notes(i, a, title) ?? ''), tags: fold(a.tags.join(' ')) }
  }

  licenseOf(a: Attrs): License {
    return LICENSES[a.license] ?? LICENSES[0]!
  }

  formatsOf(a: Attrs): string[] {
    const out: string[] = []
    for (const k of a.kinds) {
      const f = (RESOURCE_KINDS[k] as ResourceKind).format
      if (!out.includes(f)) out.push(f)
    }
    return out
  }

  // ------------------------------------------------------------------------------------ documents

  private readonly orgSummaries = new Map<number, Record<string, unknown>>()
  private readonly groupSummaries = new Map<string, Record<string, unknown>>()

  /** The organization object embedded in every package (shared between packages; serialised only). */
  orgSummary(o: Org): Record<string, unknown> {
    let cached = this.orgSummaries.get(o.index)
    if (!cached) this.orgSummaries.set(o.index, (cached = this.makeOrgSummary(o)))
    return cached
  }

  private makeOrgSummary(o: Org): Record<string, unknown> {
    return {
      id: o.id,
      name: o.name,
      title: o.title,
      type: 'organization',
      description: o.description,
      image_url: o.image_url,
      created: o.created,
      is_organization: true,
      approval_status: 'approved',
      state: 'active',
    }
  }

  groupSummary(k: number, siteUrl: string): Record<string, unknown> {
    const key = `${k} ${siteUrl}`
    let cached = this.groupSummaries.get(key)
    if (!cached) this.groupSummaries.set(key, (cached = this.makeGroupSummary(k, siteUrl)))
    return cached
  }

  private makeGroupSummary(k: number, siteUrl: string): Record<string, unknown> {
    const g = GROUPS[k] ?? GROUPS[0]!
    return {
      description: g.description,
      display_name: g.title,
      id: this.groupIds[k],
      image_display_url: k % 3 === 0 ? `${siteUrl}/uploads/group/${g.name}.png` : '',
      name: g.name,
      title: g.title,
    }
  }

  /**
   * The full package dict as package_show / package_search return it.
   * `modifiedUs` / `createdUs` override the base timestamps (datasets touched by modify()).
   */
  dataset(i: number, siteUrl: string, modifiedUs?: number, createdUs?: number): Record<string, unknown> {
    const a = this.attrs(i)
    const rng = new Rng(hash32(this.seed, i, 3))
    const id = this.packageId(i)
    const title = this.title(a)
    const name = this.packageName(i, a)
    const org = this.orgs[a.org] ?? this.orgs[0]!
    const orgHost = this.orgHost(org)
    const lic = this.licenseOf(a)
    const created = createdUs ?? this.baseCreatedUs(i)
    const modified = Math.max(modifiedUs ?? this.baseModifiedUs(i), created)
    const modifiedIso = isoFromUs(modified)
    const titleSlug = slugify(title)
    const first = rng.int(FIRST_NAMES.length)
    const last = rng.int(LAST_NAMES.length)
    const person = `${FIRST_NAMES[first]} ${LAST_NAMES[last]}`
    const personMail = personMails[first * LAST_NAMES.length + last] as string

    const maintainerEmailRoll = rng.float()
    const maintainer_email =
      maintainerEmailRoll < 0.45 ? `${personMail}@${orgHost}.cz`
        : maintainerEmailRoll < 0.65 ? null
          : maintainerEmailRoll < 0.75 ? ''
            : rng.pick([`podatelna(at)${orgHost}.cz`, 'n/a', `${personMail}@`, `${personMail}@${orgHost}`, 'mailto:opendata@example.cz', ' opendata@kraj.cz '])
    const authorRoll = rng.float()

    const resources: Record<string, unknown>[] = a.kinds.map((kindIndex, position) => {
      const kind = RESOURCE_KINDS[kindIndex] as ResourceKind
      const rid = this.resourceId(i, position)
      const resCreated = created + Math.floor(rng.float() * (modified - created))
      const file = `${titleSlug.slice(0, 40)}${position ? '-' + position : ''}`
      const upload = !kind.service && kind.ext !== '' && rng.chance(0.25)
      // The shapes of real publishers' links (map services, APIs, landing pages, download scripts, files by year),
      // each under the publisher's name on the fixture's own file server.
      const site = this.resourceSite(siteUrl, rid)
      const files = `${site}/files`
      let url: string
      if (kind.service === 'wms') url = `${files}/gis/${orgHost}/arcgis/services/${file}/MapServer/WMSServer?request=GetCapabilities&service=WMS`
      else if (kind.service === 'wfs') url = `${files}/gis/${orgHost}/geoserver/${file}/wfs?service=WFS&request=GetFeature&typeName=${file}&outputFormat=json`
      else if (kind.service === 'api') url = `${files}/api/${orgHost}/v1/${file}`
      else if (kind.service === 'landing') url = `${files}/www/${orgHost}/${name}`
      else if (upload) url = `${site}/dataset/${id}/resource/${rid}/download/${file}${kind.ext}`
      else if (kind.ext === '') url = `${files}/data/${orgHost}/download?id=${rid}`
      else {
        // This roll once chose http or https for the link; it stays so that the rest of the corpus is as it was.
        rng.chance(0.15)
        url = `${files}/data/${orgHost}/${a.year}/${file}${kind.ext}`
      }
      const sizeRoll = rng.float()
      const bytes = 200 + rng.int(5_000_000)
      const formatLabel = kind.format || 'data'
      return {
        cache_last_updated: null,
        cache_url: null,
        created: isoFromUs(resCreated),
        datastore_active: kind.mimetype === 'text/csv' && rng.chance(0.3),
        description: rng.chance(0.4) ? '' : `${title} – ${formatLabel}`,
        format: kind.format,
        hash: '',
        id: rid,
        last_modified: rng.chance(0.4) ? null : isoFromUs(resCreated + Math.floor(rng.float() * (modified - resCreated))),
        metadata_modified: modifiedIso,
        mimetype: kind.mimetype !== null && rng.chance(0.1) ? null : kind.mimetype,
        mimetype_inner: null,
        name: rng.chance(0.08) ? '' : rng.chance(0.5) ? `${title} (${formatLabel})` : `${file}${kind.ext || ''}`,
        package_id: id,
        position,
        resource_type: null,
        size: kind.service ? null : sizeRoll < 0.55 ? bytes : sizeRoll < 0.8 ? null : sizeRoll < 0.95 ? String(bytes) : 0,
        state: 'active',
        url,
        url_type: upload ? 'upload' : null,
        // ckanext-dcat fields on some files, decided by hash so that the rest of the corpus stays as it was.
        ...(!kind.service && mix32(strHash(rid)) % 100 < 40 ? { download_url: url } : {}),
        ...(mix32(strHash(rid) ^ 0x51) % 100 < 5 ? { rights: 'Volně šiřitelné' } : {}),
      }
    })

    const tags = a.tags.map((t) => ({ display_name: t, id: this.tagId(t), name: t, state: 'active', vocabulary_id: null }))

    const extras: { key: string; value: string }[] = []
    let topLevelSpatial: string | undefined
    const spatialRoll = rng.float()
    if (this.extents === 'all') {
      const extent = this.places().extent(new Rng(hash32(this.seed, i, 0x5e)))
      extras.push(...extent.extras)
      topLevelSpatial = extent.spatial
    } else if (spatialRoll < 0.15) extras.push({ key: 'spatial', value: geojson(rng) })
    else if (spatialRoll < 0.19) {
      const [w, s, e, n] = bbox(rng)
      extras.push(
        { key: 'bbox-east-long', value: String(e) },
        { key: 'bbox-north-lat', value: String(n) },
        { key: 'bbox-south-lat', value: String(s) },
        { key: 'bbox-west-long', value: String(w) },
        { key: 'spatial-reference-system', value: rng.pick(['EPSG:4326', 'EPSG:5514', '']) },
      )
    } else if (spatialRoll < 0.21) extras.push({ key: 'spatial', value: brokenGeojson(rng) })
    else if (spatialRoll < 0.26) topLevelSpatial = geojson(rng)
    if (rng.chance(0.3)) {
      extras.push(
        { key: 'frequency', value: `http://publications.europa.eu/resource/authority/frequency/${rng.pick(['ANNUAL', 'MONTHLY', 'IRREG', 'DAILY', 'UNKNOWN'])}` },
        { key: 'harvest_object_id', value: uuidFrom(hash32(this.seed, i, 0x4a), rng) },
        { key: 'harvest_source_title', value: 'Národní katalog otevřených dat' },
        { key: 'theme', value: JSON.stringify([`http://publications.europa.eu/resource/authority/data-theme/${rng.pick(['TRAN', 'ECON', 'ENVI', 'SOCI', 'GOVE', 'REGI'])}`]) },
      )
    }
    if (rng.chance(0.1)) extras.push({ key: 'language', value: rng.pick(['["ces"]', '["ces", "eng"]', 'cs', '']) })

    const doc: Record<string, unknown> = {
      author: authorRoll < 0.35 ? null : authorRoll < 0.5 ? '' : authorRoll < 0.8 ? org.title : person,
      author_email: rng.chance(0.75) ? null : `${personMail}@${orgHost}.cz`,
      creator_user_id: uuidFrom(hash32(this.seed, a.org, 0x5c), new Rng(hash32(this.seed, a.org, 0x5d))),
      id,
      isopen: lic.open,
      license_id: lic.id,
      license_title: lic.title,
      ...(lic.url ? { license_url: lic.url } : {}),
      maintainer: rng.chance(0.3) ? null : rng.chance(0.5) ? person : org.title,
      maintainer_email,
      metadata_created: isoFromUs(created),
      metadata_modified: modifiedIso,
      name,
      notes: this.notes(i, a, title),
      num_resources: resources.length,
      num_tags: tags.length,
      organization: this.orgSummary(org),
      owner_org: org.id,
      private: false,
      ...(topLevelSpatial !== undefined ? { spatial: topLevelSpatial } : {}),
      state: 'active',
      title,
      type: 'dataset',
      url: rng.chance(0.6) ? '' : rng.chance(0.5) ? null : `${siteUrl}/files/www/${orgHost}/${name}`,
      version: rng.chance(0.85) ? null : rng.pick(['1.0', '2', `${a.year}`]),
      extras,
      resources,
      tags,
      groups: a.groups.map((g) => this.groupSummary(g, siteUrl)),
      relationships_as_subject: [],
      relationships_as_object: [],
    }
    return doc
  }

  private placesCache: Places | null = null
  private places(): Places {
    return (this.placesCache ??= new Places(this.seed))
  }

  orgDict(o: Org, packageCount: number, siteUrl: string): Record<string, unknown> {
    return {
      approval_status: 'approved',
      created: o.created,
      description: o.description,
      display_name: o.title,
      id: o.id,
      image_display_url: o.image_url ? `${siteUrl}/uploads/group/${o.image_url}` : '',
      image_url: o.image_url,
      is_organization: true,
      name: o.name,
      num_followers: hash32(this.seed, o.index, 0x91) % 7,
      package_count: packageCount,
      state: 'active',
      title: o.title,
      type: 'organization',
    }
  }

  groupDict(k: number, packageCount: number, siteUrl: string): Record<string, unknown> {
    const g = GROUPS[k] ?? GROUPS[0]!
    const summary = this.groupSummary(k, siteUrl)
    return {
      approval_status: 'approved',
      created: isoFromUs(T_CREATED_FROM - (k + 1) * 7 * DAY_US),
      description: g.description,
      display_name: g.title,
      id: summary.id,
      image_display_url: summary.image_display_url,
      image_url: summary.image_display_url ? `${g.name}.png` : '',
      is_organization: false,
      name: g.name,
      num_followers: 0,
      package_count: packageCount,
      state: 'active',
      title: g.title,
      type: 'group',
    }
  }

  statusShow(siteUrl: string, ckanVersion: string): Record<string, unknown> {
    return {
      site_title: `Katalog otevřených dat – ${this.slug}`,
      site_description: 'Testovací katalog (Portalscope CKAN fixture)',
      site_url: siteUrl,
      error_emails_to: null,
      locale_default: 'cs',
      extensions: [...EXTENSIONS],
      ckan_version: ckanVersion,
    }
  }
}

// ---------------------------------------------------------------------------------------------- geometry

const CZ = { w: 12.09, s: 48.55, e: 18.86, n: 51.06 }

function coord(v: number): number {
  return Math.round(v * 1e6) / 1e6
}

function bbox(rng: Rng): [number, number, number, number] {
  const w = CZ.w + rng.float() * (CZ.e - CZ.w - 0.6)
  const s = CZ.s + rng.float() * (CZ.n - CZ.s - 0.4)
  return [coord(w), coord(s), coord(w + 0.02 + rng.float() * 0.5), coord(s + 0.02 + rng.float() * 0.3)]
}

function ring(rng: Rng): number[][] {
  const [w, s, e, n] = bbox(rng)
  return [[w, s], [e, s], [e, n], [w, n], [w, s]]
}

function geojson(rng: Rng): string {
  const roll = rng.float()
  if (roll < 0.45) {
    // ckanext-spatial style: compact, or Python json.dumps style with spaces
    const g = { type: 'Polygon', coordinates: [ring(rng)] }
    return rng.chance(0.5) ? JSON.stringify(g) : JSON.stringify(g).replace(/,/g, ', ').replace(/:/g, ': ')
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

type Box = [w: number, s: number, e: number, n: number]
type Extent = { extras: { key: string; value: string }[]; spatial?: string }

const NEIGHBOURS: readonly Box[] = [
  [16.84, 47.73, 22.57, 49.61], // Slovakia
  [9.53, 46.37, 17.16, 49.02], // Austria
  [5.87, 47.27, 15.04, 55.06], // Germany
  [14.12, 49.0, 24.15, 54.84], // Poland
]
const CITY_NAMES = Object.keys(CITY_LOCATIONS) as Array<keyof typeof CITY_LOCATIONS>
// Bigger cities publish more, less than in proportion to their size (Praha holds about a sixth of the points).
const cityCum = weightedCum(CITY_NAMES.map((name) => Math.pow(CITY_LOCATIONS[name][2], 0.8)))
const VILLAGES = 1500

/** A normally distributed number (Box-Muller), mean 0, deviation 1. */
function gauss(rng: Rng): number {
  return Math.sqrt(-2 * Math.log(1 - rng.float())) * Math.cos(2 * Math.PI * rng.float())
}

function boxRing([w, s, e, n]: Box): number[][] {
  return [[w, s], [e, s], [e, n], [w, n], [w, s]]
}

function boxJson(box: Box): string {
  return JSON.stringify({ type: 'Polygon', coordinates: [boxRing(box)] })
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
      const [x, y, thousands] = CITY_LOCATIONS[CITY_NAMES[pickCum(cityCum, rng.float())]!]
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
    if (roll < 0.35) return { extras: [{ key: 'spatial', value: rng.chance(0.5) ? boxJson(box) : boxJson(box).replace(/,/g, ', ').replace(/:/g, ': ') }] }
    if (roll < 0.6 && p) return { extras: [{ key: 'spatial', value: JSON.stringify({ type: 'Point', coordinates: p }) }] }
    if (roll < 0.8) {
      const [w, s, e, n] = box
      return {
        extras: [
          { key: 'bbox-east-long', value: String(e) },
          { key: 'bbox-north-lat', value: String(n) },
          { key: 'bbox-south-lat', value: String(s) },
          { key: 'bbox-west-long', value: String(w) },
          { key: 'spatial-reference-system', value: 'EPSG:4326' },
        ],
      }
    }
    if (roll < 0.92) return { extras: [], spatial: p && rng.chance(0.4) ? JSON.stringify({ type: 'Point', coordinates: p }) : boxJson(box) }
    // Two parts around the same place (a reserve in two pieces): the centre of their box stays near it.
    const [w, s, e, n] = box
    const dx = (e - w) / 3
    return {
      extras: [{ key: 'spatial', value: JSON.stringify({ type: 'MultiPolygon', coordinates: [[boxRing([w, s, coord(w + dx), n])], [boxRing([coord(e - dx), s, e, n])]] }) }],
    }
  }
}
