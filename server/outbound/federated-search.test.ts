import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startCkanFixture, type CkanFixture } from '../../tests/ckan-fixture/server.ts'
import { filterQuery, liveSearch } from './federated-search.server.ts'
import type { LiveSearchInput } from '../../lib/domain/search.ts'

let fixture: CkanFixture
const SLUGS = ['praha', 'brno', 'ostrava', 'plzen', 'pomaly']

beforeAll(async () => {
  fixture = await startCkanFixture({
    portals: SLUGS.map((slug, i) => ({ slug, datasets: 300 + i * 100, fault: slug === 'pomaly' ? ('hang' as const) : ('none' as const) })),
  })
})
afterAll(async () => {
  await fixture.close()
})

const BASE: LiveSearchInput = { sort: 'relevance', page: 1, pageSize: 20 }
const portals = () => SLUGS.map((slug) => ({ id: slug, apiBase: fixture.apiBase(slug) }))
const fast = { politenessDelayMs: 0 }

describe('live federated search', () => {
  it('answers with the portals that answered in time and says which did not', async () => {
    const result = await liveSearch(portals(), BASE, { deadlineMs: 1500, client: { gate: fast } })
    const byId = Object.fromEntries(result.portals.map((portal) => [portal.instanceId, portal]))
    expect(byId.pomaly).toMatchObject({ ok: false, error: 'timeout' })
    for (const slug of SLUGS.slice(0, 4)) expect(byId[slug]?.ok).toBe(true)
    expect(result.total).toBe(300 + 400 + 500 + 600)
    expect(result.items).toHaveLength(20)
    // Relevance interleaves the portals' own rankings.
    expect(new Set(result.items.slice(0, 4).map((item) => item.instanceId)).size).toBe(4)
    expect(result.items[0]!.id).toMatch(/^(praha|brno|ostrava|plzen):[0-9a-f-]{36}$/)
  })

  it('merges facets, keeping organizations apart per portal, and filters by them', async () => {
    const all = await liveSearch(portals().slice(0, 2), BASE, { client: { gate: fast } })
    const formatsTotal = all.facets.formats.reduce((sum, facet) => sum + facet.count, 0)
    expect(formatsTotal).toBeGreaterThan(0)
    expect(all.facets.organization.every((facet) => /^(praha|brno):/.test(facet.value))).toBe(true)
    const org = all.facets.organization.find((facet) => facet.value.startsWith('brno:'))!
    const filtered = await liveSearch(portals().slice(0, 2), { ...BASE, organizationIds: [org.value] }, { client: { gate: fast } })
    expect(filtered.total).toBe(org.count)
    expect(filtered.portals.find((portal) => portal.instanceId === 'praha')).toMatchObject({ ok: true, count: 0 })
    expect(filtered.items.every((item) => item.organization?.id === org.value)).toBe(true)
  })

  it('sorts by name and by last modification across portals', async () => {
    const byName = await liveSearch(portals().slice(0, 3), { ...BASE, sort: 'name', pageSize: 30 }, { client: { gate: fast } })
    const titles = byName.items.map((item) => item.title)
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b)))
    const byDate = await liveSearch(portals().slice(0, 3), { ...BASE, sort: 'modified', pageSize: 30 }, { client: { gate: fast } })
    const dates = byDate.items.map((item) => item.modified ?? '')
    expect(dates).toEqual([...dates].sort().reverse())
  })

  it('merges licences and formats by meaning and filters a merged value on every spelling each portal uses', async () => {
    const two = portals().slice(0, 2)
    const all = await liveSearch(two, BASE, { client: { gate: fast } })
    // What the portals say themselves, one raw value at a time.
    const raw = await Promise.all(two.map(async (portal) => {
      const response = await fetch(`${portal.apiBase}/action/package_search?rows=0&facet.limit=-1&facet.field=${encodeURIComponent('["res_format","license_id"]')}`)
      const body = (await response.json()) as { result: { facets: Record<string, Record<string, number>> } }
      return body.result.facets
    }))
    const rawCount = (field: string, values: string[]) => raw.reduce((sum, facets) => sum + values.reduce((n, value) => n + (facets[field]?.[value] ?? 0), 0), 0)
    const ccBy4 = all.facets.license.find((one) => one.value === 'CC-BY-4.0')!
    expect(ccBy4).toMatchObject({ label: 'Creative Commons Attribution 4.0 International', open: true })
    expect([...(ccBy4.variants ?? [])].sort()).toEqual(['cc-by-4.0', 'https://creativecommons.org/licenses/by/4.0/'])
    expect(all.facets.license.map((one) => one.value)).not.toContain('cc-by-4.0')
    const ccBy4Ids = ['cc-by-4.0', 'https://creativecommons.org/licenses/by/4.0/']
    expect(ccBy4.count).toBe(rawCount('license_id', ccBy4Ids))
    expect(ccBy4.count).toBeGreaterThan(rawCount('license_id', ['cc-by-4.0']))
    for (const spelling of ['CC-BY-4.0', 'https://creativecommons.org/licenses/by/4.0/']) {
      const chosen = await liveSearch(two, { ...BASE, licenses: [spelling] }, { client: { gate: fast } })
      expect(chosen.total, spelling).toBe(ccBy4.count)
    }
    // Formats: CSV is every spelling the portals use for it; a dataset may list two of them, so the total is
    // what CKAN itself finds for all of them at once.
    const csv = all.facets.formats.find((one) => one.value === 'CSV')!
    expect(all.facets.formats.map((one) => one.value)).not.toContain('csv')
    expect(csv.variants).toEqual(expect.arrayContaining(['csv', '.csv', 'text/csv']))
    const spellings = [...new Set(raw.flatMap((facets) => Object.keys(facets.res_format ?? {})))].filter((value) => value === 'CSV' || (csv.variants ?? []).includes(value))
    const directCount = async (values: string[]) => {
      const counts = await Promise.all(two.map(async (portal) => {
        const fq = `res_format:(${values.map((value) => `"${value}"`).join(' OR ')})`
        const response = await fetch(`${portal.apiBase}/action/package_search?rows=0&fq=${encodeURIComponent(fq)}`)
        return ((await response.json()) as { result: { count: number } }).result.count
      }))
      return counts.reduce((a, b) => a + b, 0)
    }
    const byCsv = await liveSearch(two, { ...BASE, formats: ['csv'] }, { client: { gate: fast } })
    expect(byCsv.total).toBe(await directCount(spellings))
    expect(byCsv.total).toBeGreaterThan(await directCount(['CSV']))
  })

  it('builds CKAN filter queries with quoting', () => {
    expect(filterQuery({ ...BASE, formats: ['CSV', 'GeoJSON'], tags: ['doprava "MHD"'] }, 'praha')).toBe('res_format:("CSV" OR "GeoJSON") AND tags:("doprava \\"MHD\\"")')
    expect(filterQuery({ ...BASE, organizationIds: ['brno:mmb'] }, 'praha')).toBeNull()
    expect(filterQuery(BASE, 'praha')).toBeUndefined()
  })
})
