// Why this file is long: one test per action and fault mode of the fixture server, sharing one started server.
import { readFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { extentOf } from '../../server/ckan/extent.server.ts'
import type { CkanPackage } from '../../server/ckan/schemas.server.ts'
import { regionsAt } from '../../server/geo/cz-regions.server.ts'
import { SAMPLE_FILES, SAMPLES_DIR } from './samples.ts'
import { HUGE_BODY_BYTES, startCkanFixture } from './server.ts'
import type { CkanFixture } from './server.ts'

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any
type Pkg = Json

let fx: CkanFixture

beforeAll(async () => {
  fx = await startCkanFixture({
    portals: [
      { slug: 'cz', datasets: 5000, seed: 11 },
      { slug: 'small', datasets: 300, seed: 5 },
      { slug: 'twin', datasets: 300, seed: 5 },
      { slug: 'faulty', datasets: 50 },
      { slug: 'down', datasets: 50, fault: 'http500' },
      { slug: 'big', datasets: 1_000_000 },
      { slug: 'real', datasets: 0, serveSamples: true },
      { slug: 'mapped', datasets: 2000, seed: 11, extents: 'all' },
      { slug: 'replayed', datasets: 300, seed: 5, replay: true },
    ],
  })
})

afterAll(async () => {
  await fx?.close()
})

function qs(params: Record<string, string | number | boolean> = {}): string {
  const s = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString()
  return s ? `?${s}` : ''
}

async function get(slug: string, action: string, params: Record<string, string | number | boolean> = {}): Promise<{ status: number; body: Json }> {
  const res = await fetch(`${fx.apiBase(slug)}/action/${action}${qs(params)}`)
  return { status: res.status, body: (await res.json()) as Json }
}

async function ok(slug: string, action: string, params: Record<string, string | number | boolean> = {}): Promise<any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const { status, body } = await get(slug, action, params)
  expect(status, JSON.stringify(body).slice(0, 300)).toBe(200)
  expect(body.success).toBe(true)
  return body.result
}

const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase()

/** The whole corpus of a portal, paged the way a harvester does it. */
async function harvest(slug: string): Promise<Pkg[]> {
  const all: Pkg[] = []
  for (let start = 0; ; start += 1000) {
    const r = await ok(slug, 'package_search', { rows: 1000, start, sort: 'metadata_modified asc' })
    all.push(...r.results)
    if (r.results.length < 1000) break
  }
  return all
}

/** The distinct resource formats of a dataset, as Solr indexes them (a null format is no value). */
const formatsOf = (d: Pkg): string[] => [...new Set<string>(d.resources.map((x: Json) => x.format).filter((f: string | null) => f !== null))]

function tally(values: string[]): Map<string, number> {
  const m = new Map<string, number>()
  for (const v of values) m.set(v, (m.get(v) ?? 0) + 1)
  return m
}

describe('envelope and status_show', () => {
  it('answers status_show with the CKAN envelope, by GET and by POST', async () => {
    const { status, body } = await get('cz', 'status_show')
    expect(status).toBe(200)
    expect(Object.keys(body)).toEqual(['help', 'success', 'result'])
    expect(body.help).toBe(`${fx.portalUrl('cz')}/api/3/action/help_show?name=status_show`)
    expect(body.result).toMatchObject({ ckan_version: '2.10.4', site_url: fx.portalUrl('cz'), locale_default: 'cs' })
    expect(typeof body.result.site_title).toBe('string')
    expect(typeof body.result.site_description).toBe('string')
    expect(Array.isArray(body.result.extensions)).toBe(true)

    const res = await fetch(`${fx.apiBase('cz')}/action/status_show`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    expect(((await res.json()) as Json).result.ckan_version).toBe('2.10.4')
  })

  it('only listens on loopback and puts each portal under its slug', () => {
    expect(fx.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(fx.portalUrl('cz')).toBe(`${fx.baseUrl}/cz`)
    expect(fx.apiBase('cz')).toBe(`${fx.baseUrl}/cz/api/3`)
  })

  it('answers an unknown action with 400 and the bare string CKAN sends', async () => {
    const res = await fetch(`${fx.apiBase('cz')}/action/no_such_action`)
    expect(res.status).toBe(400)
    expect(await res.json()).toBe('Bad request - Action name not known: no_such_action')
  })

  it('reports 404 for an unknown dataset and 409 for a missing id, in CKAN error shape', async () => {
    const nf = await get('cz', 'package_show', { id: 'does-not-exist' })
    expect(nf.status).toBe(404)
    expect(nf.body).toEqual({
      help: `${fx.portalUrl('cz')}/api/3/action/help_show?name=package_show`,
      success: false,
      error: { __type: 'Not Found Error', message: 'Not found' },
    })
    const org = await get('cz', 'organization_show', { id: 'nope' })
    expect(org.status).toBe(404)
    expect(org.body.error.__type).toBe('Not Found Error')
    const missing = await get('cz', 'package_show')
    expect(missing.status).toBe(409)
    expect(missing.body.success).toBe(false)
    expect(missing.body.error).toMatchObject({ __type: 'Validation Error', name_or_id: ['Missing value'] })
    expect(typeof missing.body.error.message).toBe('string')
  })

  it('validates package_search parameters like CKAN', async () => {
    const bad = await get('cz', 'package_search', { rows: 'ten', start: -5 })
    expect(bad.status).toBe(409)
    expect(bad.body.error).toMatchObject({ __type: 'Validation Error', rows: ['Invalid integer'], start: ['Must be a natural number'] })
    const unknown = await get('cz', 'package_search', { foo: 'bar' })
    expect(unknown.status).toBe(400)
    expect(unknown.body.error.__type).toBe('Search Query Error')
    expect(unknown.body.error.message).toContain("Invalid search parameters: ['foo']")
    const sort = await get('cz', 'package_search', { sort: 'metadata_modified sideways' })
    expect(sort.status).toBe(400)
    expect(sort.body.error.message).toContain('Invalid "sort" parameter')
    const noZ = await get('cz', 'package_search', { fq: 'metadata_modified:[2024-01-01T00:00:00 TO *]' })
    expect(noZ.status).toBe(409) // Solr wants the trailing Z that CKAN's own timestamps lack
    expect(noZ.body.error.__type).toBe('Search Error')
  })
})

describe('package_search on a 5,000-dataset corpus', () => {
  let corpus: Pkg[]
  beforeAll(async () => {
    corpus = await harvest('cz')
  })

  it('pages through everything exactly once, in metadata_modified order', async () => {
    expect(corpus).toHaveLength(5000)
    expect(new Set(corpus.map((d) => d.id)).size).toBe(5000)
    expect(new Set(corpus.map((d) => d.name)).size).toBe(5000)
    const modified = corpus.map((d) => d.metadata_modified as string)
    expect([...modified].sort()).toEqual(modified)
    for (const m of modified.slice(0, 50)) expect(m).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}$/)
  })

  it('defaults to 10 rows, silently caps rows at 1000 and echoes the sort', async () => {
    const def = await ok('cz', 'package_search')
    expect(def.count).toBe(5000)
    expect(def.results).toHaveLength(10)
    expect(def.sort).toBe('score desc, metadata_modified desc')
    expect(def.facets).toEqual({})
    expect(def.search_facets).toEqual({})
    expect(def.results[0].id).toBe(corpus[4999]!.id) // newest first
    const capped = await ok('cz', 'package_search', { rows: 5000 })
    expect(capped.results).toHaveLength(1000)
    expect(capped.count).toBe(5000)
    const tailPage = await ok('cz', 'package_search', { rows: 1000, start: 4990, sort: 'metadata_modified asc' })
    expect(tailPage.results.map((d: Pkg) => d.id)).toEqual(corpus.slice(4990).map((d) => d.id))
    const beyond = await ok('cz', 'package_search', { rows: 10, start: 6000 })
    expect(beyond.results).toEqual([])
    expect(beyond.count).toBe(5000)
  })

  it('sorts by metadata_modified desc and by name', async () => {
    const desc = await ok('cz', 'package_search', { rows: 20, start: 100, sort: 'metadata_modified desc' })
    expect(desc.results.map((d: Pkg) => d.id)).toEqual(corpus.slice(4880, 4900).reverse().map((d) => d.id))
    const names = corpus.map((d) => d.name as string).sort()
    const byName = await ok('cz', 'package_search', { rows: 50, start: 1000, sort: 'name asc' })
    expect(byName.results.map((d: Pkg) => d.name)).toEqual(names.slice(1000, 1050))
    const byNameDesc = await ok('cz', 'package_search', { rows: 5, sort: 'name desc' })
    expect(byNameDesc.results.map((d: Pkg) => d.name)).toEqual(names.slice(-5).reverse())
  })

  it('filters with fq and counts exactly', async () => {
    const org = corpus[123]!.organization.name as string
    const cases: [string, (d: Pkg) => boolean][] = [
      [`organization:${org}`, (d) => d.organization.name === org],
      ['res_format:"CSV"', (d) => d.resources.some((r: Json) => r.format === 'CSV')],
      ['res_format:"csv"', (d) => d.resources.some((r: Json) => r.format === 'csv')],
      ['tags:doprava', (d) => d.tags.some((t: Json) => t.name === 'doprava')],
      ['tags:"jízdní řády"', (d) => d.tags.some((t: Json) => t.name === 'jízdní řády')],
      ['groups:zivotni-prostredi', (d) => d.groups.some((g: Json) => g.name === 'zivotni-prostredi')],
      ['license_id:cc-by', (d) => d.license_id === 'cc-by'],
      [`organization:${org} AND res_format:"CSV"`, (d) => d.organization.name === org && d.resources.some((r: Json) => r.format === 'CSV')],
      [`organization:${org} license_id:cc-zero`, (d) => d.organization.name === org && d.license_id === 'cc-zero'],
      ['-res_format:"CSV"', (d) => !d.resources.some((r: Json) => r.format === 'CSV')],
      ['res_format:(WMS OR wms)', (d) => d.resources.some((r: Json) => r.format === 'WMS' || r.format === 'wms')],
    ]
    for (const [fq, pred] of cases) {
      const expected = corpus.filter(pred)
      const r = await ok('cz', 'package_search', { fq, rows: 1000, sort: 'metadata_modified asc' })
      expect(r.count, fq).toBe(expected.length)
      expect(r.results.map((d: Pkg) => d.id), fq).toEqual(expected.slice(0, 1000).map((d) => d.id))
    }
  })

  it('filters by metadata_modified ranges', async () => {
    const pivot = corpus[3210]!.metadata_modified as string
    const iso = `${pivot.slice(0, 23)}Z` // Solr keeps milliseconds
    const after = await ok('cz', 'package_search', { fq: `metadata_modified:[${iso} TO *]`, rows: 0 })
    expect(after.count).toBe(corpus.filter((d) => d.metadata_modified.slice(0, 23) >= pivot.slice(0, 23)).length)
    const before = await ok('cz', 'package_search', { fq: `metadata_modified:[* TO ${iso}]`, rows: 0 })
    expect(before.count).toBe(corpus.filter((d) => d.metadata_modified.slice(0, 23) <= pivot.slice(0, 23)).length)
    const org = corpus[10]!.organization.name as string
    const both = await ok('cz', 'package_search', { fq: `organization:${org} metadata_modified:[${iso} TO *]`, rows: 0 })
    expect(both.count).toBe(corpus.filter((d) => d.organization.name === org && d.metadata_modified.slice(0, 23) >= pivot.slice(0, 23)).length)
  })

  it('searches q case-insensitively over title, notes and tags', async () => {
    for (const q of ['brno', 'JÍZDNÍ', 'rozpočet', 'ovzduší 2020', 'zzzz-nothing']) {
      const terms = fold(q).split(/\s+/)
      const expected = corpus.filter((d) => {
        const text = [d.title, d.notes ?? '', ...d.tags.map((t: Json) => t.name)].map(fold)
        return terms.every((t) => text.some((s) => s.includes(t)))
      })
      const r = await ok('cz', 'package_search', { q, rows: 1000 })
      expect(r.count, q).toBe(expected.length)
      expect(new Set(r.results.map((d: Pkg) => d.id)), q).toEqual(new Set(expected.map((d) => d.id)))
    }
    const all = await ok('cz', 'package_search', { q: '*:*', rows: 0 })
    expect(all.count).toBe(5000)
  })

  it('computes exact facets, honours facet.limit and sorts items like CKAN 2.10', async () => {
    const r = await ok('cz', 'package_search', {
      rows: 0,
      'facet.field': JSON.stringify(['organization', 'res_format', 'tags', 'groups', 'license_id']),
      'facet.limit': -1,
    })
    const expected = {
      organization: tally(corpus.map((d) => d.organization.name)),
      res_format: tally(corpus.flatMap(formatsOf)),
      tags: tally(corpus.flatMap((d) => d.tags.map((t: Json) => t.name))),
      groups: tally(corpus.flatMap((d) => d.groups.map((g: Json) => g.name))),
      license_id: tally(corpus.filter((d) => d.license_id !== null).map((d) => d.license_id)),
    }
    for (const [field, counts] of Object.entries(expected) as [string, Map<string, number>][]) {
      const sf = r.search_facets[field]
      expect(sf.title).toBe(field)
      expect(new Map(sf.items.map((i: Json) => [i.name, i.count])), field).toEqual(counts)
      expect(new Map(Object.entries(r.facets[field])), field).toEqual(counts)
      const names = sf.items.map((i: Json) => i.display_name as string)
      expect(names, `${field} items sorted by display_name desc`).toEqual([...names].sort().reverse())
    }
    const brno = r.search_facets.organization.items.find((i: Json) => i.name === 'statutarni-mesto-brno')
    expect(brno.display_name).toBe('Statutární město Brno')
    expect(r.facets.res_format['']).toBeGreaterThan(0) // empty formats are real

    const top3 = await ok('cz', 'package_search', { rows: 0, 'facet.field': '["res_format"]', 'facet.limit': 3 })
    const counts = [...expected.res_format.values()].sort((a, b) => b - a)
    expect(top3.search_facets.res_format.items).toHaveLength(3)
    expect(top3.search_facets.res_format.items.map((i: Json) => i.count).sort((a: number, b: number) => b - a)).toEqual(counts.slice(0, 3))
    const def = await ok('cz', 'package_search', { rows: 0, 'facet.field': '["tags"]' })
    expect(def.search_facets.tags.items.length).toBe(Math.min(50, expected.tags.size))

    const org = corpus[42]!.organization.name as string
    const filtered = await ok('cz', 'package_search', { rows: 0, fq: `organization:${org}`, 'facet.field': '["res_format"]', 'facet.limit': -1 })
    const inOrg = corpus.filter((d) => d.organization.name === org)
    expect(new Map(Object.entries(filtered.facets.res_format))).toEqual(tally(inOrg.flatMap(formatsOf)))
  })

  it('accepts a POSTed JSON body with a real facet.field array', async () => {
    const res = await fetch(`${fx.apiBase('cz')}/action/package_search`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ rows: 3, start: 10, sort: 'metadata_modified asc', 'facet.field': ['license_id'], 'facet.limit': -1 }),
    })
    const body = (await res.json()) as Json
    expect(res.status).toBe(200)
    expect(body.result.results.map((d: Pkg) => d.id)).toEqual(corpus.slice(10, 13).map((d) => d.id))
    expect(body.result.search_facets.license_id.items.length).toBeGreaterThan(3)
  })

  it('generates realistic, messy CKAN packages', () => {
    const formats = new Set(corpus.flatMap((d) => d.resources.map((r: Json) => r.format)))
    for (const f of ['CSV', 'csv', '.csv', 'text/csv', '', 'WMS', 'html', 'XLSX', 'application/vnd.ms-excel', 'ZIP', 'JSON', 'GeoJSON', 'PDF', 'HTML', 'EXE']) {
      expect(formats, f).toContain(f)
    }
    const resources = corpus.flatMap((d) => d.resources as Json[])
    expect(resources.some((r) => r.mimetype === null)).toBe(true)
    expect(resources.some((r) => typeof r.size === 'string')).toBe(true)
    expect(resources.some((r) => r.last_modified === null)).toBe(true)
    expect(resources.some((r) => r.format === 'CSV' && r.mimetype === 'application/vnd.ms-excel')).toBe(true)
    expect(resources.some((r) => r.format === 'EXE' && r.mimetype === 'text/csv')).toBe(true)
    expect(corpus.some((d) => d.resources.length === 0)).toBe(true)
    expect(Math.max(...corpus.map((d) => d.resources.length))).toBeLessThanOrEqual(8)
    expect(corpus.some((d) => d.notes === null)).toBe(true)
    expect(corpus.some((d) => d.notes === '')).toBe(true)
    expect(corpus.some((d) => d.tags.length === 0)).toBe(true)
    expect(corpus.some((d) => d.license_id === '' || d.license_id === null)).toBe(true)
    expect(corpus.some((d) => d.maintainer_email && !/^[^@\s]+@[^@\s]+\.[a-z]+$/.test(d.maintainer_email))).toBe(true)
    const spatial = corpus.flatMap((d) => (d.extras as Json[]).filter((e) => e.key === 'spatial').map((e) => e.value as string))
    expect(spatial.length).toBeGreaterThan(100)
    const parsed = spatial.map((s) => {
      try {
        return JSON.parse(s).type as string
      } catch {
        return 'broken'
      }
    })
    for (const t of ['Polygon', 'Point', 'MultiPolygon', 'broken']) expect(parsed, t).toContain(t)
    expect(corpus.some((d) => (d.extras as Json[]).some((e) => e.key === 'bbox-east-long'))).toBe(true)
    expect(corpus.some((d) => typeof d.spatial === 'string')).toBe(true)
    expect(corpus.some((d) => /[ěščřžýáíéůú]/i.test(d.title))).toBe(true)
    const d = corpus[0]!
    expect(d.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(d.name).toMatch(/^[a-z0-9-]+$/)
    expect(d.organization).toMatchObject({ type: 'organization', is_organization: true })
    expect(d.owner_org).toBe(d.organization.id)
    expect(d.num_resources).toBe(d.resources.length)
    expect(d.metadata_created <= d.metadata_modified).toBe(true)
  })
})

describe('package_show, organizations and groups', () => {
  it('shows a dataset by id and by name', async () => {
    const page = await ok('cz', 'package_search', { rows: 3, start: 777, sort: 'metadata_modified asc' })
    for (const d of page.results as Pkg[]) {
      expect(await ok('cz', 'package_show', { id: d.id })).toEqual(d)
      expect(await ok('cz', 'package_show', { id: d.name })).toEqual(d)
    }
    const res = page.results.find((d: Pkg) => d.resources.length)
    expect(await ok('cz', 'resource_show', { id: res.resources[0].id })).toEqual(res.resources[0])
  })

  it('caps organization_list all_fields at 25 and pages with limit/offset', async () => {
    const names = (await ok('cz', 'organization_list')) as string[]
    expect(names).toHaveLength(25) // 5000 / 200
    const first = await ok('cz', 'organization_list', { all_fields: true })
    expect(first).toHaveLength(25)
    expect(first.map((o: Json) => o.name)).toEqual(names)
    expect(first[0]).toMatchObject({ is_organization: true, type: 'organization', state: 'active' })

    const big = (await ok('big', 'organization_list')) as string[]
    expect(big).toHaveLength(500)
    const capped = await ok('big', 'organization_list', { all_fields: true })
    expect(capped).toHaveLength(25)
    const askMore = await ok('big', 'organization_list', { all_fields: true, limit: 100 })
    expect(askMore).toHaveLength(25) // ckan.group_and_organization_list_all_fields_max
    const paged: string[] = []
    for (let offset = 0; offset < 600; offset += 25) {
      const part = await ok('big', 'organization_list', { all_fields: true, limit: 25, offset })
      paged.push(...part.map((o: Json) => o.name))
      if (part.length < 25) break
    }
    expect(paged).toEqual(big)
    const ten = await ok('big', 'organization_list', { limit: 10, offset: 5 })
    expect(ten).toEqual(big.slice(5, 15))
  })

  it('reports package counts that match package_search', async () => {
    const orgs: Json[] = []
    for (let offset = 0; ; offset += 25) {
      const part = await ok('cz', 'organization_list', { all_fields: true, limit: 25, offset })
      orgs.push(...part)
      if (part.length < 25) break
    }
    expect(orgs.reduce((n, o) => n + o.package_count, 0)).toBe(5000)
    const o = orgs[3]!
    const search = await ok('cz', 'package_search', { fq: `organization:${o.name}`, rows: 0 })
    expect(search.count).toBe(o.package_count)
    const show = await ok('cz', 'organization_show', { id: o.id, include_datasets: true })
    expect(show).toMatchObject({ name: o.name, package_count: o.package_count })
    expect(show.packages.length).toBe(Math.min(10, o.package_count))
    expect((await ok('cz', 'organization_show', { id: o.name })).id).toBe(o.id)
    const groups = (await ok('cz', 'group_list')) as string[]
    expect(groups).toContain('doprava')
    const doprava = await ok('cz', 'group_show', { id: 'doprava' })
    expect(doprava.package_count).toBe((await ok('cz', 'package_search', { fq: 'groups:doprava', rows: 0 })).count)
  })

  it('replays a kept answer as it was sent, until the portal changes', async () => {
    const page = async () => (await fetch(`${fx.apiBase('replayed')}/action/package_search${qs({ rows: 100, start: 0, sort: 'metadata_modified asc' })}`)).text()
    const first = await page()
    // The same corpus as a portal that keeps nothing (same seed and size), and the same bytes the second time.
    const live = await ok('small', 'package_search', { rows: 100, start: 0, sort: 'metadata_modified asc' })
    expect((JSON.parse(first.replaceAll('/replayed/', '/small/')) as Json).result).toEqual(live)
    expect(await page()).toBe(first)
    fx.modify('replayed', { added: 5 })
    expect((JSON.parse(await page()) as Json).result.count).toBe(305)
  })

  it('is deterministic for a seed', async () => {
    const a = await ok('small', 'package_search', { rows: 5, start: 100, sort: 'metadata_modified asc' })
    const b = await ok('twin', 'package_search', { rows: 5, start: 100, sort: 'metadata_modified asc' })
    const strip = (d: Pkg) => JSON.parse(JSON.stringify(d).replaceAll('/twin/', '/small/'))
    expect(b.results.map(strip)).toEqual(a.results)
    const other = await ok('cz', 'package_search', { rows: 5, start: 100, sort: 'metadata_modified asc' })
    expect(other.results[0].id).not.toBe(a.results[0].id)
  })
})

describe('extents=all', () => {
  it('gives every dataset a valid extent, mostly in Czechia and clustered around the big cities', async () => {
    const packages: Pkg[] = []
    for (let start = 0; start < 2000; start += 1000) packages.push(...(await ok('mapped', 'package_search', { rows: 1000, start, sort: 'metadata_modified asc' })).results)
    expect(packages).toHaveLength(2000)
    const centres = packages.map((pkg) => {
      const extent = extentOf(pkg as CkanPackage)
      expect(extent, pkg.name).not.toBeNull()
      const [west, south, east, north] = extent!.bbox
      return { x: (west + east) / 2, y: (south + north) / 2, source: extent!.source, type: extent!.geometry.type }
    })
    const inCzechia = centres.filter((c) => regionsAt(c.x, c.y).length > 0).length / centres.length
    expect(inCzechia).toBeGreaterThan(0.9)
    expect(inCzechia).toBeLessThan(1)
    // Praha's box is about 0.2 % of the country's, yet holds a good share of the points.
    const praha = centres.filter((c) => Math.abs(c.x - 14.42) < 0.2 && Math.abs(c.y - 50.08) < 0.13).length / centres.length
    expect(praha).toBeGreaterThan(0.08)
    expect(new Set(centres.map((c) => c.source))).toEqual(new Set(['spatial-extra', 'bbox-extras', 'spatial-field']))
    expect(new Set(centres.map((c) => c.type))).toEqual(new Set(['Point', 'Polygon', 'MultiPolygon']))
  })

  it('leaves the default corpus as it was: about a quarter with an extent, some of them broken', async () => {
    const packages: Pkg[] = (await ok('cz', 'package_search', { rows: 1000, sort: 'metadata_modified asc' })).results
    const withExtent = packages.filter((pkg) => extentOf(pkg as CkanPackage) !== null).length / packages.length
    expect(withExtent).toBeGreaterThan(0.15)
    expect(withExtent).toBeLessThan(0.3)
  })
})

describe('fault modes', () => {
  const url = (slug = 'faulty') => `${fx.apiBase(slug)}/action/package_search?rows=2`

  it('hang: accepts the request and never answers', async () => {
    fx.setFault('faulty', 'hang')
    const before = fx.requestCount('faulty')
    const started = Date.now()
    await expect(fetch(url(), { signal: AbortSignal.timeout(300) })).rejects.toMatchObject({ name: 'TimeoutError' })
    expect(Date.now() - started).toBeGreaterThanOrEqual(250)
    expect(fx.requestCount('faulty')).toBe(before + 1)
    // three at once are all held open
    const pending = [1, 2, 3].map(() => fetch(url(), { signal: AbortSignal.timeout(400) }).catch((e: Error) => e))
    const results = await Promise.all(pending)
    for (const r of results) expect(r).toEqual(expect.any(Error))
    expect(fx.maxConcurrent('faulty')).toBeGreaterThanOrEqual(3)
    fx.setFault('faulty', 'none')
    expect((await fetch(url())).status).toBe(200)
  })

  it('http500: a CKAN JSON error or an HTML page, both with status 500', async () => {
    const a = await fetch(url('down'))
    const b = await fetch(url('down'))
    expect([a.status, b.status]).toEqual([500, 500])
    const types = [a.headers.get('content-type'), b.headers.get('content-type')]
    expect(types.some((t) => t?.startsWith('application/json'))).toBe(true)
    expect(types.some((t) => t?.startsWith('text/html'))).toBe(true)
    const bodies = [await a.text(), await b.text()]
    const json = bodies.find((t) => t.startsWith('{')) as string
    expect(JSON.parse(json)).toMatchObject({ success: false, error: { __type: 'Internal Server Error' } })
  })

  it('rate-limit: 429 with Retry-After', async () => {
    fx.setFault('faulty', 'rate-limit', { retryAfterSeconds: 7 })
    const res = await fetch(url())
    expect(res.status).toBe(429)
    expect(res.headers.get('retry-after')).toBe('7')
    await res.text()
    fx.setFault('faulty', 'rate-limit')
    expect((await fetch(url())).headers.get('retry-after')).toBe('1')
    fx.setFault('faulty', 'none')
  })

  it('malformed-json: 200 application/json that does not parse', async () => {
    fx.setFault('faulty', 'malformed-json')
    const res = await fetch(url())
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    await expect(res.json()).rejects.toThrow(SyntaxError)
    fx.setFault('faulty', 'none')
  })

  it('truncated: 200 with valid JSON cut in the middle, then the connection ends', async () => {
    fx.setFault('faulty', 'truncated')
    const res = await fetch(url())
    expect(res.status).toBe(200)
    const outcome = await res.text().then(
      (text) => {
        try {
          JSON.parse(text)
          return 'parsed'
        } catch {
          return 'cut'
        }
      },
      () => 'aborted',
    )
    expect(outcome).not.toBe('parsed')
    fx.setFault('faulty', 'none')
  })

  it('html-200: a maintenance page with status 200', async () => {
    fx.setFault('faulty', 'html-200')
    const res = await fetch(url())
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/html/)
    expect(await res.text()).toContain('<html')
    fx.setFault('faulty', 'none')
  })

  it('huge-body: streams about 50 MB of JSON', async () => {
    fx.setFault('faulty', 'huge-body')
    const res = await fetch(url())
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    expect(res.headers.get('content-length')).toBeNull()
    let bytes = 0
    let tail = ''
    const decoder = new TextDecoder()
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length
      tail = (tail + decoder.decode(chunk, { stream: true })).slice(-50)
    }
    expect(bytes).toBeGreaterThanOrEqual(HUGE_BODY_BYTES)
    expect(bytes).toBeLessThan(HUGE_BODY_BYTES + 2 * 1024 * 1024)
    expect(tail.endsWith('}}}')).toBe(true)
    fx.setFault('faulty', 'none')
  }, 60_000)

  it('refused: portalUrl points at a closed port', async () => {
    fx.setFault('faulty', 'refused')
    const portalUrl = fx.portalUrl('faulty')
    expect(portalUrl).not.toContain(fx.baseUrl)
    expect(fx.apiBase('faulty')).toBe(`${portalUrl}/api/3`)
    const err = await fetch(`${fx.apiBase('faulty')}/action/status_show`).then(() => null, (e: Error & { cause?: { code?: string } }) => e)
    expect(err?.cause?.code).toBe('ECONNREFUSED')
    fx.setFault('faulty', 'none')
    expect(fx.portalUrl('faulty')).toBe(`${fx.baseUrl}/faulty`)
  })

  it('endless-search: package_search claims 1e12 datasets and answers the same page whatever the start', async () => {
    fx.setFault('cz', 'endless-search')
    try {
      const params = { rows: 50, sort: 'metadata_modified asc' }
      const first = await ok('cz', 'package_search', { ...params, start: 0 })
      const later = await ok('cz', 'package_search', { ...params, start: 4_000 })
      const beyond = await ok('cz', 'package_search', { ...params, start: 50_000_000 })
      for (const page of [first, later, beyond]) {
        expect(page.count).toBe(1e12)
        expect(page.results.map((d: Pkg) => d.id)).toEqual(first.results.map((d: Pkg) => d.id))
      }
      expect(first.results).toHaveLength(50)
      // Everything else answers as usual.
      expect(await ok('cz', 'organization_list', { limit: 5, offset: 5 })).toHaveLength(5)
    } finally {
      fx.setFault('cz', 'none')
    }
    const normal = await ok('cz', 'package_search', { rows: 50, start: 4_000, sort: 'metadata_modified asc' })
    expect(normal.count).toBe(5000)
  })

  it('org-list-ignores-offset: organization_list and group_list answer the first page at every offset, as old CKANs do', async () => {
    const names = (await ok('cz', 'organization_list')) as string[]
    fx.setFault('cz', 'org-list-ignores-offset')
    try {
      for (const offset of [0, 10, 25, 1_000]) {
        const page = await ok('cz', 'organization_list', { all_fields: true, limit: 10, offset })
        expect(page.map((o: Json) => o.name)).toEqual(names.slice(0, 10))
      }
      expect(await ok('cz', 'group_list', { limit: 3, offset: 3 })).toEqual(await ok('cz', 'group_list', { limit: 3 }))
      // Datasets page as usual.
      const page = await ok('cz', 'package_search', { rows: 5, start: 4_998 })
      expect(page.results).toHaveLength(2)
    } finally {
      fx.setFault('cz', 'none')
    }
    expect((await ok('cz', 'organization_list', { limit: 10, offset: 10 })) as string[]).toEqual(names.slice(10, 20))
  })

  it('failTimes: fails the next N requests, then recovers', async () => {
    fx.setFault('faulty', 'http500', { failTimes: 2 })
    const before = fx.requestCount('faulty')
    const statuses: number[] = []
    for (let k = 0; k < 4; k++) {
      const res = await fetch(url())
      statuses.push(res.status)
      await res.text()
    }
    expect(statuses).toEqual([500, 500, 200, 200])
    expect(fx.requestCount('faulty')).toBe(before + 4)
    fx.setFault('faulty', 'rate-limit', { failTimes: 1, retryAfterSeconds: 2 })
    expect((await fetch(url())).status).toBe(429)
    expect((await fetch(url())).status).toBe(200)
  })

  it('close() ends hanging connections', async () => {
    const own = await startCkanFixture({ portals: [{ slug: 'h', datasets: 10, fault: 'hang' }] })
    const pending = fetch(`${own.apiBase('h')}/action/status_show`).then(() => 'answered', () => 'ended')
    await new Promise((r) => setTimeout(r, 100))
    expect(own.requestCount('h')).toBe(1)
    const t = Date.now()
    await own.close()
    expect(Date.now() - t).toBeLessThan(2000)
    expect(await pending).toBe('ended')
  })
})

describe('modify()', () => {
  it('shows updated, deleted and added datasets to an incremental harvest', async () => {
    const before = await harvest('small')
    expect(before).toHaveLength(300)
    const last = before[before.length - 1]!.metadata_modified as string
    const sinceIso = new Date(Date.parse(`${last}Z`) + 1).toISOString()

    fx.modify('small', { updated: 5, deleted: 3, added: 4 })
    fx.modify('twin', { updated: 5, deleted: 3, added: 4 })

    const after = await harvest('small')
    expect(after).toHaveLength(301)
    const beforeIds = new Set(before.map((d) => d.id))
    const afterIds = new Set(after.map((d) => d.id))
    const deleted = before.filter((d) => !afterIds.has(d.id))
    const added = after.filter((d) => !beforeIds.has(d.id))
    expect(deleted).toHaveLength(3)
    expect(added).toHaveLength(4)
    const byId = new Map(before.map((d) => [d.id, d]))
    const updated = after.filter((d) => byId.has(d.id) && byId.get(d.id)!.metadata_modified !== d.metadata_modified)
    expect(updated).toHaveLength(5)
    for (const d of updated) {
      expect(d.metadata_modified > byId.get(d.id)!.metadata_modified).toBe(true)
      expect(d.title).toBe(byId.get(d.id)!.title)
    }

    const changed = await ok('small', 'package_search', { fq: `metadata_modified:[${sinceIso} TO *]`, rows: 1000, sort: 'metadata_modified asc' })
    expect(changed.count).toBe(9)
    expect(new Set(changed.results.map((d: Pkg) => d.id))).toEqual(new Set([...updated, ...added].map((d) => d.id)))
    // the changes are the newest datasets
    expect(after.slice(-9).map((d) => d.id)).toEqual(changed.results.map((d: Pkg) => d.id))

    for (const d of deleted) expect((await get('small', 'package_show', { id: d.id })).status).toBe(404)
    for (const d of added) expect((await ok('small', 'package_show', { id: d.name })).id).toBe(d.id)
    const facets = await ok('small', 'package_search', { rows: 0, 'facet.field': '["organization"]', 'facet.limit': -1 })
    expect(Object.values(facets.facets.organization as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(301)

    // the same seed and the same modify() calls pick the same datasets
    const twin = await harvest('twin')
    expect(twin.map((d) => d.id)).toEqual(after.map((d) => d.id))
  })
})

describe('a 1,000,000-dataset portal', () => {
  it('answers page 500 of a metadata_modified-sorted harvest', async () => {
    const r = await ok('big', 'package_search', { start: 500_000, rows: 1000, sort: 'metadata_modified asc' })
    expect(r.count).toBe(1_000_000)
    expect(r.results).toHaveLength(1000)
    const modified = r.results.map((d: Pkg) => d.metadata_modified as string)
    expect([...modified].sort()).toEqual(modified)
    const next = await ok('big', 'package_search', { start: 501_000, rows: 1, sort: 'metadata_modified asc' })
    expect(next.results[0].metadata_modified > modified[999]).toBe(true)
    expect((await ok('big', 'package_show', { id: r.results[0].id })).name).toBe(r.results[0].name)
  })
})

describe('serveSamples', () => {
  const sample = (name: keyof typeof SAMPLE_FILES) => readFile(new URL(SAMPLE_FILES[name], SAMPLES_DIR))
  const raw = async (action: string, params: Record<string, string> = {}) => {
    const res = await fetch(`${fx.apiBase('real')}/action/${action}${qs(params)}`)
    return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) }
  }

  it('serves the recorded responses byte for byte', async () => {
    const search = await raw('package_search', { rows: '2' })
    expect(search.status).toBe(200)
    expect(search.bytes.equals(await sample('envidatPackageSearch'))).toBe(true)
    expect((await raw('organization_list', { all_fields: 'true' })).bytes.equals(await sample('envidatOrganizationList'))).toBe(true)
    expect((await raw('organization_show', { id: 'avalanche-formation', include_datasets: 'true' })).bytes.equals(await sample('envidatOrganizationShow'))).toBe(true)
    expect((await raw('tag_list', { query: 'snow' })).bytes.equals(await sample('envidatTagList'))).toBe(true)
    expect((await raw('package_show', { id: 'fatal-avalanche-accidents-in-switzerland-since-1936-37' })).bytes.equals(await sample('envidatPackageShow'))).toBe(true)
    expect((await raw('package_show', { id: '95d9e550-8b36-4273-8df7-2b76c140e73a' })).bytes.equals(await sample('dataGovAuPackageShow'))).toBe(true)
    expect((await raw('package_show', { id: 'ford-crossings' })).bytes.equals(await sample('dataGovUkPackageShow'))).toBe(true)
    expect((await raw('resource_show', { id: '205ef0d1-521b-4e3c-a26c-4e49e00f1a05' })).bytes.equals(await sample('dataGovAuResourceShow'))).toBe(true)
    const hdx = await raw('package_show', { id: 'unesco-data-for-zimbabwe' })
    expect(hdx.bytes.includes(await sample('hdxPackageShowBare'))).toBe(true)
    expect(JSON.parse(hdx.bytes.toString()).result.name).toBe('unesco-data-for-zimbabwe')
  })

  it('keeps the real mess: count 858 with two results, and an empty page after that', async () => {
    const first = await ok('real', 'package_search')
    expect(first.count).toBe(858)
    expect(first.results).toHaveLength(2)
    const second = await ok('real', 'package_search', { start: 2 })
    expect(second.count).toBe(858)
    expect(second.results).toEqual([])
    expect((await get('real', 'package_show', { id: 'nope' })).status).toBe(404)
  })
})
