import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startCkanFixture, type CkanFixture } from '../../tests/ckan-fixture/server.ts'
import { filterQuery, liveSearch, type LiveSearchInput } from './federated-search.server.ts'

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

  it('builds CKAN filter queries with quoting', () => {
    expect(filterQuery({ ...BASE, formats: ['CSV', 'GeoJSON'], tags: ['doprava "MHD"'] }, 'praha')).toBe('res_format:("CSV" OR "GeoJSON") AND tags:("doprava \\"MHD\\"")')
    expect(filterQuery({ ...BASE, organizationIds: ['brno:mmb'] }, 'praha')).toBeNull()
    expect(filterQuery(BASE, 'praha')).toBeUndefined()
  })
})
