// Why this file is long: a dataset is one pure function of (seed, index), and its fields depend on each other (a
// title names the place its extent covers, its resources follow its publisher).
// The CKAN catalogue generator: package dicts as CKAN 2.10's package_show returns them, for the demo catalogue
// (about 20,000 datasets across three made-up Czech portals, loaded on an empty database so the product can be
// explored offline) and for the test fixture's portals (tests/ckan-fixture, which serves them on loopback). Dataset i
// of a catalogue is a pure function of (seed, i): no Math.random, no clock, so every run, machine and runtime (Node
// or Workers) yields the same catalogue. The data imitates what real portals send, mess included (formats,
// licences, broken extents), because the ingest has to cope with exactly that. Every URL and e-mail of the demo
// catalogue sits under the reserved .invalid TLD; a catalogue can be told to link elsewhere (`link`).

import { DEMO_ORG_DEFS, GENERAL_TAGS, GROUPS, LICENSES, PEOPLE, RESOURCE_KINDS, THEMES, TITLE_QUALIFIERS } from './vocab.server.ts'
import type { License, OrgDef, ResourceKind, Theme } from './vocab.server.ts'
import { PLACE_BY_NUTS3, PLACE_CUM, PLACES, placedExtent, type Extent, type Extra, type Place } from './places.server.ts'
import { hash32, HEX2, isoFromUs, mix32, pickCum, Rng, strHash, unmix32, weightedCum } from './random.server.ts'

/**
 * A link a catalogue hands out: a file on the portal itself (`path` below its site root), or a page, file or service
 * on a publisher's server (`on`: its map server, file server, API or web site; `path` after the host). `resource` is
 * the id of the resource the link belongs to, if any.
 */
export type CatalogueLink =
  | { on: 'portal'; path: string; resource: string | null }
  | { on: 'gis' | 'data' | 'api' | 'www'; host: string; path: string; secure: boolean; resource: string | null }

/** Made-up addresses: the portal's own files under its site root, a publisher's servers under its .invalid host. */
function madeUpLink(link: CatalogueLink, baseUrl: string): string {
  return link.on === 'portal' ? `${baseUrl}/${link.path}` : `${link.secure ? 'https' : 'http'}://${link.on}.${link.host}/${link.path}`
}

export type CatalogueOptions = {
  seed: number
  /** How many datasets the catalogue holds (what `organizations()` counts; `package(i)` makes any index). */
  datasets: number
  /** The portal's site root: its uploads and group images are there. `package()` may be told another. */
  baseUrl: string
  /** Its publishers, each with its share of the datasets. */
  publishers: readonly OrgDef[]
  /** The share of datasets without a publisher (its organization deleted or never set). Default 0.03. */
  unpublished?: number
  /** A national catalogue: some of its regional and municipal publishers' datasets are harvested from their own. */
  harvestsLocal?: boolean
  /** Where a link leads; default: made-up addresses (madeUpLink). */
  link?: (link: CatalogueLink, baseUrl: string) => string
  /** The extent of dataset i, in place of one placed in its region (the test fixture's own extent modes). */
  extent?: (i: number) => Extent | null
  /** Resource ids that carry the dataset's index and the resource's position, so that `resourceIndex` finds them. */
  indexedResourceIds?: boolean
  /** The share of each licence by id (String(id), e.g. CKAN_LICENCE_MIX); default LICENSES' own weights. */
  licenceMix?: Readonly<Record<string, number>>
}

/** When a dataset was created and last modified (µs), in place of its generated times: the content stays the same. */
export type PackageTimes = { createdUs?: number | undefined; modifiedUs?: number | undefined }

function hex16(x: number): string {
  return (HEX2[(x >>> 8) & 255] as string) + HEX2[x & 255]
}

/**
 * A version-4-shaped UUID whose first 32 bits are given (a bijection of the index, so ids never collide); with
 * `position`, the low three bits of the second group carry it.
 */
function uuidFrom(first32: number, rng: Rng, position?: number): string {
  const r = rng.next()
  const r2 = rng.next()
  const second = position === undefined ? r2 & 0xffff : (r2 & 0xfff8) | position
  return `${hex16(first32 >>> 16)}${hex16(first32 & 0xffff)}-${hex16(second)}-${hex16(0x4000 | (r & 0x0fff))}-${hex16(0x8000 | ((r >>> 16) & 0x3fff))}-${rng.hex(12)}`
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

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

// ---------------------------------------------------------------------------------------------- publishers

type Logo = { kind: 'none' } | { kind: 'upload'; file: string } | { kind: 'linked' }

/** A publisher of a catalogue, with what CKAN shows of its organization. */
export type CatalogueOrg = {
  def: OrgDef
  id: string
  name: string
  title: string
  description: string
  created: string
  logo: Logo
  /** Its made-up internet name, for its servers' links and its e-mail addresses. */
  host: string
  place: Place | null
  creatorUserId: string
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
const NO_HOST = 'neznamy-poskytovatel.demo.portalscope.invalid'

function hostOf(name: string): string {
  const short = name.replace(/^(statutarni-mesto|mesto|hlavni-mesto)-/, '')
  return `${short.length <= 40 ? short : short.slice(0, 40).replace(/-[^-]*$/, '')}.demo.portalscope.invalid`
}

function makeOrgs(seed: number, defs: readonly OrgDef[]): CatalogueOrg[] {
  const names = new Set<string>()
  return defs.map((def, k) => {
    const rng = new Rng(hash32(seed, 0x0a9, k))
    let name = slugify(def.title).slice(0, 90)
    for (let d = 2; names.has(name); d++) name = `${slugify(def.title).slice(0, 85)}-${d}`
    names.add(name)
    const createdUs = Date.UTC(2013, 5, 1) * 1000 + rng.int(3 * 365) * DAY_US + rng.int(DAY_US)
    const created = isoFromUs(createdUs)
    const host = hostOf(name)
    const imageRoll = rng.float()
    return {
      def,
      id: uuidFrom(hash32(seed, 0x0a8, k), rng),
      name,
      title: def.title,
      description: rng.chance(0.3) ? '' : `${def.title} zveřejňuje otevřená data v souladu se zákonem č. 106/1999 Sb., o svobodném přístupu k informacím.`,
      created,
      // CKAN stores an uploaded logo as a timestamped file name and a linked one as a full URL.
      logo: imageRoll < 0.5 ? { kind: 'none' } : imageRoll < 0.8 ? { kind: 'upload', file: `${created.slice(0, 10)}-${created.slice(11, 19).replace(/:/g, '')}.${created.slice(20)}logo.png` } : { kind: 'linked' },
      host,
      place: def.region ? (PLACE_BY_NUTS3.get(def.region) ?? null) : null,
      creatorUserId: uuidFrom(hash32(seed, 0x5c, k), rng),
    }
  })
}

// ---------------------------------------------------------------------------------------------- datasets

function fillTitle(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '')
}

function notesFor(rng: Rng, theme: Theme, title: string, org: CatalogueOrg | null): string | null {
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

/** What a dataset is before its resources: drawn first, so that its title, name and id cost little. */
type Head = {
  org: CatalogueOrg | null
  /** Where the dataset's draws go on from. */
  rng: Rng
  place: Place
  theme: Theme
  created: number
  modified: number
  year: string
  title: string
  name: string
  id: string
}

/** The modular inverse of an odd number modulo 2^32 (Newton's iteration doubles the correct bits each step). */
function inverseOdd(a: number): number {
  let x = a
  for (let k = 0; k < 5; k++) x = Math.imul(x, 2 - Math.imul(a, x))
  return x
}
const NAME_MUL_1 = 0x2c1b3c6d | 1
const NAME_MUL_2 = 0x297a2d39 | 1
const NAME_INV_1 = inverseOdd(NAME_MUL_1)
const NAME_INV_2 = inverseOdd(NAME_MUL_2)

/**
 * A generated CKAN catalogue. Nothing per dataset is stored: dataset i is made again from (seed, i) when asked, and
 * ids and names carry the index (bijections of it), so a dataset can be found by either without an index.
 */
export class Catalogue {
  readonly seed: number
  readonly datasets: number
  readonly baseUrl: string
  readonly orgs: readonly CatalogueOrg[]
  readonly groupIds: readonly string[]
  private readonly orgCum: Float64Array
  private readonly tagIds = new Map<string, string>()
  private readonly keyId: number
  private readonly keyName: number
  private readonly keyRes: number
  private readonly unpublished: number
  private readonly harvestsLocal: boolean
  private readonly linkTo: (link: CatalogueLink, baseUrl: string) => string
  private readonly extentOf: ((i: number) => Extent | null) | null
  private readonly indexedResourceIds: boolean
  private readonly licenseCum: Float64Array
  private counts: number[] | null = null

  constructor(options: CatalogueOptions) {
    const seed = options.seed >>> 0
    this.seed = seed
    this.datasets = options.datasets
    this.baseUrl = options.baseUrl
    this.orgs = makeOrgs(seed, options.publishers)
    this.orgCum = weightedCum(this.orgs.map((o) => o.def.weight))
    this.groupIds = GROUPS.map((_, k) => uuidFrom(hash32(seed, 0x6701, k), new Rng(hash32(seed, 0x6702, k))))
    this.keyId = hash32(seed, 0x1d)
    this.keyName = hash32(seed, 0x2a)
    this.keyRes = hash32(seed, 0x3e)
    this.unpublished = options.unpublished ?? 0.03
    this.harvestsLocal = options.harvestsLocal ?? false
    this.linkTo = options.link ?? madeUpLink
    this.extentOf = options.extent ?? null
    this.indexedResourceIds = options.indexedResourceIds ?? false
    const mix = options.licenceMix
    this.licenseCum = mix ? weightedCum(LICENSES.map((l) => mix[String(l.id)] ?? 0)) : LICENSE_CUM
  }

  /**
   * The index of dataset i's publisher in `orgs`, or -1 (a dataset without one). Drawn apart from the rest of the
   * dataset so that package counts can be tallied without making datasets.
   */
  publisherIndex(i: number): number {
    const rng = new Rng(hash32(this.seed, i, 0x0a))
    if (rng.chance(this.unpublished)) return -1
    return pickCum(this.orgCum, rng.float())
  }

  /** Datasets per publisher (as `orgs`) among the catalogue's `datasets`. */
  publisherCounts(): readonly number[] {
    if (!this.counts) {
      const counts = new Array<number>(this.orgs.length).fill(0)
      for (let i = 0; i < this.datasets; i++) {
        const k = this.publisherIndex(i)
        if (k >= 0) counts[k] = (counts[k] ?? 0) + 1
      }
      this.counts = counts
    }
    return this.counts
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

  /** mix32 is a bijection on 32 bits, so distinct indices get distinct id prefixes. */
  private packageIdPrefix(i: number): number {
    return mix32((i ^ this.keyId) >>> 0)
  }

  /** Five base-36 characters, a bijection of the index on 24 bits: names stay unique whatever the titles. */
  private nameCode(i: number): string {
    let x = (i ^ (this.keyName & 0xffffff)) & 0xffffff
    x = Math.imul(x, NAME_MUL_1) & 0xffffff
    x ^= x >>> 11
    x = Math.imul(x, NAME_MUL_2) & 0xffffff
    return x.toString(36).padStart(5, '0')
  }

  private indexOfNameCode(code: number): number {
    let x = Math.imul(code, NAME_INV_2) & 0xffffff
    x ^= (x >>> 11) ^ (x >>> 22)
    x = Math.imul(x, NAME_INV_1) & 0xffffff
    return (x ^ (this.keyName & 0xffffff)) & 0xffffff
  }

  /**
   * The index of the dataset with this id or name (-1 when none has it), for catalogues of up to 2^24 datasets. An
   * index past `datasets` is one the catalogue would make; whether it exists is the caller's to say.
   */
  indexOf(idOrName: string): number {
    if (UUID.test(idOrName)) {
      const i = (unmix32(parseInt(idOrName.slice(0, 8), 16)) ^ this.keyId) >>> 0
      return i < 2 ** 24 && this.head(i).id === idOrName ? i : -1
    }
    const code = /-([0-9a-z]{5})$/.exec(idOrName)?.[1]
    if (code === undefined || parseInt(code, 36) >= 2 ** 24) return -1
    const i = this.indexOfNameCode(parseInt(code, 36))
    return this.head(i).name === idOrName ? i : -1
  }

  /**
   * Which dataset and resource position a resource id names (`indexedResourceIds` catalogues only): a candidate,
   * which is the resource when the dataset's resource at that position has this id.
   */
  resourceIndex(resourceId: string): { index: number; position: number } | null {
    if (!this.indexedResourceIds || !UUID.test(resourceId)) return null
    const index = (unmix32(parseInt(resourceId.slice(0, 8), 16)) ^ this.keyRes) >>> 0
    return index < 2 ** 24 ? { index, position: parseInt(resourceId.slice(9, 13), 16) & 7 } : null
  }

  private head(i: number): Head {
    const k = this.publisherIndex(i)
    const org = k >= 0 ? (this.orgs[k] ?? null) : null
    const rng = new Rng(hash32(this.seed, i, 0x0b))

    const place = org?.place ?? (PLACES[pickCum(PLACE_CUM, rng.float())] as Place)
    const city = org?.def.city ?? rng.pick(place.cities)
    const themes = org?.def.themes
    const theme = (themes && rng.chance(0.75) ? THEME_BY_GROUP.get(rng.pick(themes)) : undefined) ?? (THEMES[pickCum(THEME_CUM, rng.float())] as Theme)

    // Skewed towards recent years, as catalogues grow; a quarter are never edited after creation.
    const created = T_START + Math.floor(Math.pow(rng.float(), 0.8) * (T_END - T_START))
    const u = rng.float()
    const modified = Math.min(T_END, rng.chance(0.25) ? created + rng.int(600_000_000) : created + Math.floor(u * u * (T_END - created)))
    const year = String(Number(isoFromUs(created).slice(0, 4)) - (rng.chance(0.4) ? 1 : 0))

    const cityTitles = org?.def.city ? CITY_TITLES.get(theme) : undefined
    const template = cityTitles?.length && rng.chance(0.85) ? rng.pick(cityTitles) : rng.pick(theme.titles)
    let title = fillTitle(template, { city, kraj: place.kraj.nameCs, kraje: place.kraj.genitive, river: rng.pick(place.rivers), year })
    if (rng.chance(0.2)) title += rng.pick(TITLE_QUALIFIERS)
    const name = `${slugify(title).slice(0, 80).replace(/-+$/, '')}-${this.nameCode(i)}`
    const id = uuidFrom(this.packageIdPrefix(i), rng)
    return { org, rng, place, theme, created, modified, year, title, name, id }
  }

  /** Dataset i's id, name, title and publisher, without the rest of it. */
  summary(i: number): { id: string; name: string; title: string; publisher: CatalogueOrg | null } {
    const { id, name, title, org } = this.head(i)
    return { id, name, title, publisher: org }
  }

  private logoUrl(org: CatalogueOrg, baseUrl: string): string {
    if (org.logo.kind === 'none') return ''
    if (org.logo.kind === 'upload') return org.logo.file
    return this.linkTo({ on: 'www', host: org.host, path: 'img/logo.png', secure: true, resource: null }, baseUrl)
  }

  /** A group as packages embed it. */
  groupSummary(g: number, baseUrl: string = this.baseUrl): Record<string, unknown> {
    const group = GROUPS[g] ?? GROUPS[0]!
    return {
      description: group.description,
      display_name: group.title,
      id: this.groupIds[g],
      image_display_url: g % 3 === 0 ? this.linkTo({ on: 'portal', path: `uploads/group/${group.name}.png`, resource: null }, baseUrl) : '',
      name: group.name,
      title: group.title,
    }
  }

  /** Dataset i as package_show returns it; `times` replace its generated timestamps, `baseUrl` its site root. */
  package(i: number, times: PackageTimes = {}, baseUrl: string = this.baseUrl): Record<string, unknown> {
    const head = this.head(i)
    const { org, rng, place, theme, year, title, name, id } = head
    const created = times.createdUs ?? head.created
    const modified = times.modifiedUs ?? head.modified
    const createdIso = isoFromUs(created)
    const modifiedIso = isoFromUs(modified)
    const host = org?.host ?? NO_HOST
    const link = (to: CatalogueLink) => this.linkTo(to, baseUrl)

    const person = rng.int(PEOPLE.length)
    const personName = PEOPLE[person] as string
    const personMail = PERSON_MAILS[person] as string
    const lic = LICENSES[pickCum(this.licenseCum, rng.float())] as License

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
      const drawn = rng.next()
      const rid = this.indexedResourceIds ? uuidFrom(mix32((i ^ this.keyRes) >>> 0), rng, position) : uuidFrom(drawn, rng)
      const ridHash = strHash(rid)
      const resCreated = created + Math.floor(rng.float() * (modified - created))
      const file = `${titleSlug}${position ? '-' + position : ''}`
      // Publishers often link a file through a download script, so the URL says nothing about the format.
      const ext = rng.chance(0.1) ? '' : kind.ext
      const upload = !kind.service && ext !== '' && rng.chance(0.25)
      const urlRoll = rng.float()
      let url: string | null
      if (urlRoll < 0.02) url = ''
      else if (urlRoll < 0.03) url = null
      else if (kind.service === 'wms') url = link({ on: 'gis', host, path: `arcgis/services/${file}/MapServer/WMSServer?request=GetCapabilities&service=WMS`, secure: true, resource: rid })
      else if (kind.service === 'wfs') url = link({ on: 'gis', host, path: `geoserver/ows?service=WFS&request=GetFeature&typeName=${file}&outputFormat=application/json`, secure: true, resource: rid })
      else if (kind.service === 'api') url = link({ on: 'api', host, path: `v1/${file}`, secure: true, resource: rid })
      else if (kind.service === 'landing') url = link({ on: 'www', host, path: file, secure: true, resource: rid })
      else if (upload) url = link({ on: 'portal', path: `dataset/${id}/resource/${rid}/download/${file}${ext}`, resource: rid })
      else if (ext === '') url = link({ on: 'data', host, path: `download?id=${rid}`, secure: true, resource: rid })
      else url = link({ on: 'data', host, path: `${year}/${file}${ext}`, secure: !rng.chance(0.15), resource: rid })
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
        ...(!kind.service && url && mix32(ridHash) % 100 < 40 ? { download_url: url } : {}),
        ...(mix32(ridHash ^ 0x51) % 100 < 5 ? { rights: 'Volně šiřitelné' } : {}),
      })
    }

    const extent = this.extentOf ? this.extentOf(i) : placedExtent(place, rng)
    const extras: Extra[] = extent ? extent.extras : []
    if (this.harvestsLocal && org?.place && rng.chance(0.4)) {
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
      creator_user_id: org?.creatorUserId ?? uuidFrom(hash32(this.seed, 0x5d), new Rng(this.seed)),
      extras,
      groups: groups.map((g) => this.groupSummary(g, baseUrl)),
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
          image_url: this.logoUrl(org, baseUrl),
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
    pkg.tags = tags.map((tag) => ({ display_name: tag, id: this.tagId(tag), name: tag, state: 'active', vocabulary_id: null }))
    pkg.title = title
    pkg.type = 'dataset'
    pkg.url = urlRoll < 0.5 ? '' : urlRoll < 0.7 ? null : link({ on: 'www', host, path: `data/${name}`, secure: true, resource: null })
    pkg.version = versionRoll < 0.85 ? null : versionRoll < 0.95 ? '1.0' : year
    return pkg
  }

  /** Publisher k as organization_list?all_fields=true shows it, with `packageCount` datasets. */
  organization(k: number, packageCount: number, baseUrl: string = this.baseUrl): Record<string, unknown> {
    const org = this.orgs[k]!
    const image = this.logoUrl(org, baseUrl)
    return {
      approval_status: 'approved',
      created: org.created,
      description: org.description,
      display_name: org.title,
      id: org.id,
      image_display_url: image === '' || /^https?:\/\//.test(image) ? image : this.linkTo({ on: 'portal', path: `uploads/group/${image}`, resource: null }, baseUrl),
      image_url: image,
      is_organization: true,
      name: org.name,
      num_followers: hash32(this.seed, k, 0x91) % 7,
      package_count: packageCount,
      state: 'active',
      title: org.title,
      type: 'organization',
    }
  }

  /** organization_list?all_fields=true: every publisher by name, its package_count what the catalogue holds. */
  organizations(): Array<Record<string, unknown>> {
    const counts = this.publisherCounts()
    const byName = this.orgs.map((org, k) => ({ name: org.name, k })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    return byName.map(({ k }) => this.organization(k, counts[k] ?? 0))
  }
}

// ---------------------------------------------------------------------------------------------- the demo catalogue

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

const demoCatalogues = new Map<string, Catalogue>()

function demoCatalogue(slug: string): Catalogue {
  let catalogue = demoCatalogues.get(slug)
  if (!catalogue) {
    const portal = DEMO_PORTALS.find((p) => p.slug === slug)
    if (!portal) throw new Error(`Unknown demo portal: ${slug}`)
    catalogue = new Catalogue({
      seed: portal.seed,
      datasets: portal.datasets,
      baseUrl: portal.baseUrl,
      publishers: DEMO_ORG_DEFS[portal.slug] ?? [],
      harvestsLocal: portal.slug === 'demo-narodni-katalog',
    })
    demoCatalogues.set(slug, catalogue)
  }
  return catalogue
}

/** Dataset `index` (0 ≤ index < datasets) of a demo portal, as package_show returns it. */
export function demoPackage(slug: string, index: number): Record<string, unknown> {
  const catalogue = demoCatalogue(slug)
  if (!Number.isInteger(index) || index < 0 || index >= catalogue.datasets) throw new RangeError(`No demo dataset ${index} in ${slug}`)
  return catalogue.package(index)
}

/** A demo portal's datasets, one at a time, in index order (never all in memory). */
export function* demoPackages(slug: string): Generator<Record<string, unknown>> {
  const catalogue = demoCatalogue(slug)
  for (let i = 0; i < catalogue.datasets; i++) yield catalogue.package(i)
}

/** organization_list?all_fields=true for a demo portal; package_count matches what demoPackages yields. */
export function demoOrganizations(slug: string): Array<Record<string, unknown>> {
  return demoCatalogue(slug).organizations()
}
