// A fixture portal's corpus: the product's catalogue generator (server/ckan/demo/generator.server.ts, the demo
// catalogue's) told to link every file to the fixture itself, with the fixture's extent modes (extents.ts), and what
// the fixture's search needs on top: a timeline in index order, indices from ids and names, and per dataset the
// values filters and facets read. Nothing per dataset is stored.

import { Catalogue, type CatalogueLink } from '../../server/ckan/demo/generator.server.ts'
import { CKAN_LICENCE_MIX, GROUPS, publishersFor } from '../../server/ckan/demo/vocab.server.ts'
import { hash32, isoFromUs, mix32, strHash } from '../../server/ckan/demo/random.server.ts'
import { extentsFor, type ExtentMode } from './extents.ts'

/** Lower-case and strip diacritics ("Jízdní řády" -> "jizdni rady"), as free-text search compares. */
export function fold(s: string): string {
  return s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase()
}

export type Org = { index: number; id: string; name: string; title: string; description: string }

/** What filters and facets read of a dataset (its publisher is `Corpus.publisherOf`, which costs less). */
export type Attrs = { groups: string[]; tags: string[]; formats: string[]; license: string | null; resources: number }

const T_CREATED_FROM = Date.UTC(2012, 2, 1) * 1000
const T_CREATED_TO = Date.UTC(2025, 5, 30) * 1000
const T_MODIFIED_FROM = Date.UTC(2014, 0, 1) * 1000
const T_MODIFIED_TO = Date.UTC(2025, 8, 30) * 1000
/** Every generated (unmodified) dataset's metadata_modified is before this instant (µs). */
export const BASE_MODIFIED_END_US = T_MODIFIED_TO
const DAY_US = 86_400_000_000

const EXTENSIONS = [
  'envvars', 'image_view', 'text_view', 'datatables_view', 'activity', 'datastore', 'xloader', 'scheming_datasets',
  'scheming_organizations', 'spatial_metadata', 'spatial_query', 'dcat', 'harvest', 'ckan_harvester', 'dcat_rdf_harvester',
  'geo_view', 'geojson_view', 'wmts_view', 'pages', 'showcase',
]

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

/**
 * Where a link leads: to the fixture itself, never to a real publisher's host, so that no check of a generated
 * resource leaves this machine. A publisher's server is `<site>/files/<server>/<host>/...` (served by server.ts), the
 * portal's own files are under the site; with `resourceHosts`, a resource's site has one of those names.
 */
function fixtureLink(resourceHosts: readonly string[]) {
  return (link: CatalogueLink, siteUrl: string): string => {
    let site = siteUrl
    if (link.resource && resourceHosts.length > 0) {
      const url = new URL(siteUrl)
      url.hostname = resourceHosts[mix32(strHash(link.resource) ^ 0x4f) % resourceHosts.length]!
      site = url.href.replace(/\/$/, '')
    }
    return link.on === 'portal' ? `${site}/${link.path}` : `${site}/files/${link.on}/${link.host}/${link.path}`
  }
}

export class Corpus {
  readonly slug: string
  readonly seed: number
  readonly baseN: number
  readonly orgs: Org[]
  readonly orgByKey = new Map<string, number>()
  readonly groupByKey = new Map<string, number>()
  private readonly catalogue: Catalogue
  private readonly stepModified: number
  private readonly stepCreated: number

  constructor(options: CorpusOptions) {
    this.slug = options.slug
    this.seed = options.seed >>> 0
    this.baseN = options.datasets
    const n = Math.max(1, this.baseN)
    this.stepModified = (T_MODIFIED_TO - T_MODIFIED_FROM) / n
    this.stepCreated = (T_CREATED_TO - T_CREATED_FROM) / n
    this.catalogue = new Catalogue({
      seed: this.seed,
      datasets: this.baseN,
      // Every dataset has a publisher here: the fixture's organizations add up to its datasets.
      unpublished: 0,
      baseUrl: '',
      publishers: publishersFor(Math.max(1, options.organizations)),
      // A generic CKAN portal's licences (the demo catalogue's are the Czech national catalogue's terms of use).
      licenceMix: CKAN_LICENCE_MIX,
      link: fixtureLink(options.resourceHosts ?? []),
      extent: extentsFor(options.extents ?? 'some', this.seed),
      indexedResourceIds: true,
    })
    this.orgs = this.catalogue.orgs.map((o, index) => ({ index, id: o.id, name: o.name, title: o.title, description: o.description }))
    this.orgs.forEach((o) => {
      this.orgByKey.set(o.id, o.index)
      this.orgByKey.set(o.name, o.index)
    })
    GROUPS.forEach((g, k) => {
      this.groupByKey.set(g.name, k)
      this.groupByKey.set(this.catalogue.groupIds[k] as string, k)
    })
  }

  // ------------------------------------------------------------------------------------ identity

  packageId(i: number): string {
    return this.catalogue.summary(i).id
  }

  packageName(i: number): string {
    return this.catalogue.summary(i).name
  }

  title(i: number): string {
    return this.catalogue.summary(i).title
  }

  /** The dataset index an id/name refers to, or -1 (no check against deletions or corpus size). */
  indexFromIdOrName(key: string): number {
    return this.catalogue.indexOf(key)
  }

  /** The dataset and position a resource id names, to be checked against that resource's id. */
  resourceFromId(key: string): { index: number; position: number } | null {
    return this.catalogue.resourceIndex(key)
  }

  tagId(tag: string): string {
    return this.catalogue.tagId(tag)
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

  /** The index in `orgs` of dataset i's publisher (drawn apart from the rest of it, so it costs little). */
  publisherOf(i: number): number {
    return this.catalogue.publisherIndex(i)
  }

  // Filters on text and on fields ask for the same dataset one after the other: it is made once.
  private last: { i: number; doc: Record<string, unknown> } | null = null
  private generated(i: number): Record<string, unknown> {
    if (this.last?.i !== i) this.last = { i, doc: this.catalogue.package(i) }
    return this.last.doc
  }

  attrs(i: number): Attrs {
    const doc = this.generated(i)
    const resources = doc.resources as Array<{ format: string | null }>
    const formats: string[] = []
    for (const { format } of resources) if (format !== null && !formats.includes(format)) formats.push(format)
    return {
      groups: (doc.groups as Array<{ name: string }>).map((g) => g.name),
      tags: (doc.tags as Array<{ name: string }>).map((t) => t.name),
      formats,
      // Solr indexes no value for a missing or null licence.
      license: typeof doc.license_id === 'string' ? doc.license_id : null,
      resources: resources.length,
    }
  }

  /** Lower-cased, diacritics-folded text that free-text `q` matches against (title, notes, tags). */
  searchText(i: number): { title: string; notes: string; tags: string } {
    const doc = this.generated(i)
    return { title: fold(doc.title as string), notes: fold((doc.notes as string | null) ?? ''), tags: fold((doc.tags as Array<{ name: string }>).map((t) => t.name).join(' ')) }
  }

  // ------------------------------------------------------------------------------------ documents

  /**
   * The full package dict as package_show / package_search return it.
   * `modifiedUs` / `createdUs` override the base timestamps (datasets touched by modify()).
   */
  dataset(i: number, siteUrl: string, modifiedUs?: number, createdUs?: number): Record<string, unknown> {
    const created = createdUs ?? this.baseCreatedUs(i)
    const modified = Math.max(modifiedUs ?? this.baseModifiedUs(i), created)
    return this.catalogue.package(i, { createdUs: created, modifiedUs: modified }, siteUrl)
  }

  orgDict(o: Org, packageCount: number, siteUrl: string): Record<string, unknown> {
    return this.catalogue.organization(o.index, packageCount, siteUrl)
  }

  groupDict(k: number, packageCount: number, siteUrl: string): Record<string, unknown> {
    const g = GROUPS[k] ?? GROUPS[0]!
    const summary = this.catalogue.groupSummary(k, siteUrl)
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
