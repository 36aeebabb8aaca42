import { describe, expect, it } from 'vitest'
import { CZ_REGIONS, regionsAt } from '../../geo/cz-regions.server.ts'
import { PackageSchema } from '../schemas.server.ts'
import { Catalogue, DEMO_DATASET_TOTAL, DEMO_PORTALS, demoOrganizations, demoPackage, demoPackages } from './generator.server.ts'
import { publishersFor } from './vocab.server.ts'

type Pkg = Record<string, unknown>
type Extra = { key: string; value: string }
type Resource = Record<string, unknown>

/** The centre of whatever extent a package carries (extras spatial, top-level spatial, bbox extras), or null. */
function extentCentre(pkg: Pkg): [number, number] | null {
  const extras = (pkg.extras ?? []) as Extra[]
  const extra = (key: string) => extras.find((e) => e.key === key)?.value
  for (const text of [extra('spatial'), typeof pkg.spatial === 'string' ? pkg.spatial : undefined]) {
    if (!text) continue
    let geometry: { coordinates?: unknown }
    try {
      geometry = JSON.parse(text) as { coordinates?: unknown }
    } catch {
      continue
    }
    const box = [Infinity, Infinity, -Infinity, -Infinity]
    const walk = (c: unknown): void => {
      if (!Array.isArray(c)) return
      if (typeof c[0] === 'number' && typeof c[1] === 'number') {
        box[0] = Math.min(box[0]!, c[0])
        box[1] = Math.min(box[1]!, c[1])
        box[2] = Math.max(box[2]!, c[0])
        box[3] = Math.max(box[3]!, c[1])
      } else c.forEach(walk)
    }
    walk(geometry.coordinates)
    if (Number.isFinite(box[0])) return [(box[0]! + box[2]!) / 2, (box[1]! + box[3]!) / 2]
  }
  const [w, s, e, n] = ['bbox-west-long', 'bbox-south-lat', 'bbox-east-long', 'bbox-north-lat'].map((k) => Number(extra(k) ?? NaN))
  if ([w, s, e, n].every((v) => Number.isFinite(v))) return [(w! + e!) / 2, (s! + n!) / 2]
  return null
}

function hasExtent(pkg: Pkg): boolean {
  const extras = (pkg.extras ?? []) as Extra[]
  return pkg.spatial !== undefined || extras.some((e) => e.key === 'spatial' || e.key.startsWith('bbox-'))
}

const ISO_CKAN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/

type PortalStats = {
  count: number
  ids: Set<string>
  names: Set<string>
  invalid: string[]
  orgRefs: Map<string, { name: string; count: number }>
  withoutOrg: number
  withoutTags: number
  withoutNotes: number
  withoutLicense: number
  withoutMaintainerEmail: number
  withoutResources: number
  resourcesWithoutFormat: number
  resourcesWithoutUrl: number
  sizesAsStrings: number
  badTimestamps: string[]
  foreignUrls: string[]
}

// One pass over all ~20,000 datasets, shared by the tests below; nothing but counters is kept.
const formats = new Map<string | null, number>()
const regionCounts = new Map<string, number>()
let inRegion = 0
let withExtent = 0
let unreadableExtent = 0
let total = 0
const stats = new Map<string, PortalStats>()

function isDemoUrl(url: unknown): boolean {
  if (typeof url !== 'string' || url === '') return true
  try {
    return new URL(url).hostname.endsWith('.invalid')
  } catch {
    return false
  }
}

for (const portal of DEMO_PORTALS) {
  const s: PortalStats = {
    count: 0, ids: new Set(), names: new Set(), invalid: [], orgRefs: new Map(), withoutOrg: 0, withoutTags: 0, withoutNotes: 0,
    withoutLicense: 0, withoutMaintainerEmail: 0, withoutResources: 0, resourcesWithoutFormat: 0, resourcesWithoutUrl: 0,
    sizesAsStrings: 0, badTimestamps: [], foreignUrls: [],
  }
  stats.set(portal.slug, s)
  for (const pkg of demoPackages(portal.slug)) {
    s.count++
    total++
    s.ids.add(pkg.id as string)
    s.names.add(pkg.name as string)
    if (!PackageSchema.safeParse(pkg).success && s.invalid.length < 5) s.invalid.push(pkg.name as string)
    const org = pkg.organization as { id: string; name: string } | null
    if (org) {
      const ref = s.orgRefs.get(org.id) ?? { name: org.name, count: 0 }
      ref.count++
      s.orgRefs.set(org.id, ref)
    } else s.withoutOrg++
    if ((pkg.tags as unknown[]).length === 0) s.withoutTags++
    if (!pkg.notes) s.withoutNotes++
    if (!pkg.license_id) s.withoutLicense++
    if (!pkg.maintainer_email) s.withoutMaintainerEmail++
    const created = pkg.metadata_created as string
    const modified = pkg.metadata_modified as string
    if (!ISO_CKAN.test(created) || !ISO_CKAN.test(modified) || modified < created || created < '2015' || modified > '2026-10-31T23:59:59.999999') {
      s.badTimestamps.push(`${pkg.name}: ${created} / ${modified}`)
    }
    if (!isDemoUrl(pkg.url)) s.foreignUrls.push(pkg.url as string)
    const resources = pkg.resources as Resource[]
    if (resources.length === 0) s.withoutResources++
    for (const r of resources) {
      const format = r.format as string | null
      formats.set(format, (formats.get(format) ?? 0) + 1)
      if (!format) s.resourcesWithoutFormat++
      if (!r.url) s.resourcesWithoutUrl++
      if (typeof r.size === 'string') s.sizesAsStrings++
      if (!isDemoUrl(r.url)) s.foreignUrls.push(r.url as string)
    }
    if (hasExtent(pkg)) {
      withExtent++
      const centre = extentCentre(pkg)
      if (!centre) unreadableExtent++
      const region = centre ? regionsAt(centre[0], centre[1])[0] : undefined
      if (region) {
        inRegion++
        regionCounts.set(region.id, (regionCounts.get(region.id) ?? 0) + 1)
      }
    }
  }
}

describe('demo portals', () => {
  it('are three clearly marked demo portals on the reserved .invalid TLD', () => {
    expect(DEMO_PORTALS.map((p) => p.slug)).toEqual(['demo-narodni-katalog', 'demo-kraje', 'demo-mesta'])
    for (const portal of DEMO_PORTALS) {
      expect(portal.name.startsWith('Demo: ')).toBe(true)
      expect(new URL(portal.baseUrl).hostname.endsWith('.invalid')).toBe(true)
    }
    expect(DEMO_DATASET_TOTAL).toBe(DEMO_PORTALS.reduce((n, p) => n + p.datasets, 0))
    expect(DEMO_DATASET_TOTAL).toBeGreaterThanOrEqual(18_000)
    expect(DEMO_DATASET_TOTAL).toBeLessThanOrEqual(22_000)
  })

  it('yields exactly `datasets` packages per portal, with unique ids and names', () => {
    for (const portal of DEMO_PORTALS) {
      const s = stats.get(portal.slug)!
      expect(s.count).toBe(portal.datasets)
      expect(s.ids.size).toBe(portal.datasets)
      expect(s.names.size).toBe(portal.datasets)
      for (const name of [...s.names].slice(0, 500)) expect(name).toMatch(/^[a-z0-9_-]{2,100}$/)
      for (const id of [...s.ids].slice(0, 500)) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    }
    expect(total).toBe(DEMO_DATASET_TOTAL)
  })

  it('is deterministic: two runs give identical packages and organizations', () => {
    for (const portal of DEMO_PORTALS) {
      const sample = new Set([0, 1, 2, 17, 333, Math.floor(portal.datasets / 2), portal.datasets - 1])
      const run = () => {
        const out: string[] = []
        let i = 0
        for (const pkg of demoPackages(portal.slug)) if (sample.has(i++)) out.push(JSON.stringify(pkg))
        return out
      }
      const first = run()
      expect(first).toHaveLength(sample.size)
      expect(run()).toEqual(first)
      expect([...sample].map((i) => JSON.stringify(demoPackage(portal.slug, i)))).toEqual(first)
      expect(JSON.stringify(demoOrganizations(portal.slug))).toBe(JSON.stringify(demoOrganizations(portal.slug)))
    }
  })

  it('rejects unknown portals and indices', () => {
    expect(() => demoOrganizations('nope')).toThrow(/Unknown demo portal/)
    expect(() => demoPackages('nope').next()).toThrow(/Unknown demo portal/)
    expect(() => demoPackage('demo-mesta', 3_000)).toThrow(RangeError)
  })

  it('produces packages the tolerant schema accepts, with CKAN-style timestamps', () => {
    for (const s of stats.values()) {
      expect(s.invalid).toEqual([])
      expect(s.badTimestamps.slice(0, 3)).toEqual([])
    }
  })

  it('points every URL at a .invalid host, so no demo link reaches a real server', () => {
    for (const s of stats.values()) expect(s.foreignUrls.slice(0, 3)).toEqual([])
  })

  it('has the metadata gaps real portals have', () => {
    for (const [slug, s] of stats) {
      const share = (n: number) => n / s.count
      expect(share(s.withoutOrg), slug).toBeGreaterThan(0.01)
      expect(share(s.withoutOrg), slug).toBeLessThan(0.06)
      expect(share(s.withoutResources), slug).toBeGreaterThan(0.02)
      expect(share(s.withoutResources), slug).toBeLessThan(0.07)
      expect(share(s.withoutTags), slug).toBeGreaterThan(0.03)
      expect(share(s.withoutNotes), slug).toBeGreaterThan(0.05)
      expect(share(s.withoutLicense), slug).toBeGreaterThan(0.05)
      expect(share(s.withoutMaintainerEmail), slug).toBeGreaterThan(0.1)
      expect(s.resourcesWithoutFormat, slug).toBeGreaterThan(0)
      expect(s.resourcesWithoutUrl, slug).toBeGreaterThan(0)
      expect(s.sizesAsStrings, slug).toBeGreaterThan(0)
    }
  })

  it('reproduces the format mess, with CSV the most common', () => {
    expect(formats.size).toBeGreaterThan(15)
    for (const variant of ['CSV', 'csv', '.csv', 'text/csv', '', null, 'XLSX', 'application/vnd.ms-excel', 'GeoJSON', 'EXE',
      'http://publications.europa.eu/resource/authority/file-type/CSV']) {
      expect(formats.has(variant), String(variant)).toBe(true)
    }
    const ranked = [...formats].sort((a, b) => b[1] - a[1])
    expect(ranked[0]?.[0]).toBe('CSV')
  })

  it('puts 30–60% of datasets inside a Czech region, covering all 14', () => {
    expect(inRegion / total).toBeGreaterThan(0.3)
    expect(inRegion / total).toBeLessThan(0.6)
    // The rest of the extents are abroad or broken; both must exist for the ingest to be exercised.
    expect(withExtent - inRegion).toBeGreaterThan(total * 0.05)
    expect(unreadableExtent).toBeGreaterThan(total * 0.005)
    for (const region of CZ_REGIONS) expect(regionCounts.get(region.id) ?? 0, region.id).toBeGreaterThan(50)
  })
})

describe('demo organizations', () => {
  it('are 20–80 Czech publishers per portal, with ASCII slugs', () => {
    for (const portal of DEMO_PORTALS) {
      const orgs = demoOrganizations(portal.slug)
      expect(orgs.length).toBeGreaterThanOrEqual(20)
      expect(orgs.length).toBeLessThanOrEqual(80)
      expect(new Set(orgs.map((o) => o.name)).size).toBe(orgs.length)
      expect(new Set(orgs.map((o) => o.id)).size).toBe(orgs.length)
      for (const org of orgs) {
        expect(org.name).toMatch(/^[a-z0-9-]{2,100}$/)
        expect(org).toMatchObject({ state: 'active', type: 'organization', is_organization: true, display_name: org.title })
      }
      expect(orgs.some((o) => /[áčďéěíňóřšťúůýž]/i.test(o.title as string))).toBe(true)
    }
    const titles = DEMO_PORTALS.flatMap((p) => demoOrganizations(p.slug).map((o) => o.title))
    for (const title of ['Ministerstvo životního prostředí', 'Kraj Vysočina', 'Statutární město Brno', 'Český statistický úřad']) {
      expect(titles).toContain(title)
    }
  })

  it('include every organization a package references, with matching package counts', () => {
    for (const portal of DEMO_PORTALS) {
      const orgs = new Map(demoOrganizations(portal.slug).map((o) => [o.id as string, o]))
      const s = stats.get(portal.slug)!
      for (const [id, ref] of s.orgRefs) {
        expect(orgs.get(id)?.name, id).toBe(ref.name)
        expect(orgs.get(id)?.package_count).toBe(ref.count)
      }
      const counted = [...orgs.values()].reduce((n, o) => n + (o.package_count as number), 0)
      expect(counted).toBe(s.count - s.withoutOrg)
    }
  })
})

describe('a catalogue told where to link and when datasets changed (the test fixture builds its portals so)', () => {
  const catalogue = new Catalogue({
    seed: 42,
    datasets: 500,
    baseUrl: 'http://127.0.0.1:1/portal',
    publishers: publishersFor(5),
    unpublished: 0,
    link: (link, baseUrl) => (link.on === 'portal' ? `${baseUrl}/${link.path}` : `${baseUrl}/files/${link.on}/${link.host}/${link.path}`),
    indexedResourceIds: true,
  })

  it('finds a dataset by its id or its name, and a resource by its id, without an index', () => {
    for (const i of [0, 1, 77, 499, 12_345]) {
      const pkg = catalogue.package(i)
      expect(catalogue.indexOf(pkg.id as string)).toBe(i)
      expect(catalogue.indexOf(pkg.name as string)).toBe(i)
      for (const resource of pkg.resources as Array<{ id: string; position: number }>) {
        expect(catalogue.resourceIndex(resource.id)).toEqual({ index: i, position: resource.position })
      }
    }
    expect(catalogue.indexOf('0d6c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b')).toBe(-1)
    expect(catalogue.indexOf('not-one-of-ours-zzzzz')).toBe(-1)
  })

  it('links every file where it is told, and keeps a dataset as it was when only its times change', () => {
    const links: string[] = []
    for (let i = 0; i < 200; i++) {
      const pkg = catalogue.package(i)
      links.push(...[pkg.url, ...(pkg.resources as Array<{ url: string | null }>).map((r) => r.url)].filter((url): url is string => !!url))
      expect(pkg.organization).not.toBeNull()
    }
    expect(links.length).toBeGreaterThan(200)
    expect(links.filter((url) => !url.startsWith('http://127.0.0.1:1/portal/'))).toEqual([])
    const moved = catalogue.package(7, { createdUs: Date.UTC(2020, 0, 1) * 1000, modifiedUs: Date.UTC(2021, 0, 1) * 1000 })
    expect(moved).toMatchObject({ metadata_created: '2020-01-01T00:00:00.000000', metadata_modified: '2021-01-01T00:00:00.000000' })
    const { metadata_created: _c, metadata_modified: _m, resources: _r, ...rest } = moved
    const { metadata_created: _c2, metadata_modified: _m2, resources: _r2, ...before } = catalogue.package(7)
    expect(rest).toEqual(before)
  })
})
