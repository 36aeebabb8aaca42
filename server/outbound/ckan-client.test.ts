import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rejection } from '../../tests/helpers/rejection.ts'
import { startCkanFixture, type CkanFixture } from '../../tests/ckan-fixture/server.ts'
import { createCkanClient, type CkanClientOptions } from './ckan-client.server.ts'
import { CkanError } from './errors.server.ts'

// The real client against the CKAN-compatible fixture on loopback, including every way a portal fails.
let fixture: CkanFixture

beforeAll(async () => {
  fixture = await startCkanFixture({
    portals: [
      { slug: 'good', datasets: 2500, organizations: 60 },
      { slug: 'hang', datasets: 10, fault: 'hang' },
      { slug: 'err500', datasets: 10, fault: 'http500' },
      { slug: 'limited', datasets: 10, fault: 'rate-limit' },
      { slug: 'badjson', datasets: 10, fault: 'malformed-json' },
      { slug: 'cut', datasets: 10, fault: 'truncated' },
      { slug: 'html', datasets: 10, fault: 'html-200' },
      { slug: 'huge', datasets: 10, fault: 'huge-body' },
      { slug: 'gone', datasets: 10, fault: 'refused' },
      { slug: 'flaky', datasets: 10 },
      { slug: 'breaker', datasets: 10, fault: 'http500' },
      { slug: 'samples', datasets: 0, serveSamples: true },
      { slug: 'old', datasets: 2500, organizations: 60, fault: 'org-list-ignores-offset' },
    ],
  })
})
afterAll(async () => {
  await fixture.close()
})

const FAST: Partial<CkanClientOptions> = { timeoutMs: 1500, retries: 0, backoffBaseMs: 10, backoffCapMs: 50, gate: { politenessDelayMs: 0 } }

function client(slug: string, options: Partial<CkanClientOptions> = {}) {
  return createCkanClient({ apiBase: fixture.apiBase(slug), ...FAST, ...options })
}


describe('a healthy portal', () => {
  it('answers status_show', async () => {
    const status = await client('good').statusShow()
    expect(status.ckan_version).toBe('2.10.4')
  })

  it('searches with paging, facets and the 1,000-row cap', async () => {
    const ckan = client('good')
    const page = await ckan.packageSearch({ rows: 5000, facetFields: ['organization', 'res_format'], facetLimit: -1, sort: 'metadata_modified desc' })
    expect(page.count).toBe(2500)
    expect(page.packages).toHaveLength(1000)
    expect(page.skipped).toBe(0)
    const orgTotal = page.facets.organization!.reduce((sum, item) => sum + item.count, 0)
    expect(orgTotal).toBe(2500)
    const next = await ckan.packageSearch({ rows: 1000, start: 1000, sort: 'metadata_modified desc' })
    expect(new Set([...page.packages, ...next.packages].map((p) => p.id)).size).toBe(2000)
  })

  it('shows one dataset by id and by name, and says when there is none', async () => {
    const ckan = client('good')
    const [first] = (await ckan.packageSearch({ rows: 1 })).packages
    expect((await ckan.packageShow(first!.id)).name).toBe(first!.name)
    expect((await ckan.packageShow(first!.name)).id).toBe(first!.id)
    expect((await rejection(ckan.packageShow('no-such-dataset'), CkanError)).kind).toBe('ckan-error')
  })

  it('lists every organization past the 25-object cap', async () => {
    const orgs = await client('good').organizationListAll()
    expect(orgs).toHaveLength(60)
    expect(new Set(orgs.map((org) => org.name)).size).toBe(60)
  })

  it('stops listing organizations when a page brings nothing new: an old CKAN that ignores offset', async () => {
    const before = fixture.requestCount('old')
    const orgs = await client('old').organizationListAll()
    // The first page is all such a portal gives; the second repeats it and ends the listing.
    expect(orgs).toHaveLength(25)
    expect(new Set(orgs.map((org) => org.name)).size).toBe(25)
    expect(fixture.requestCount('old') - before).toBe(2)
  })

  it('asks before every page of organizations and sends nothing more once told to stop', async () => {
    const before = fixture.requestCount('good')
    const stop = new Error('the harvest was cancelled')
    let asked = 0
    const listing = client('good').organizationListAll({
      beforePage: () => {
        asked++
        if (asked === 2) throw stop
      },
    })
    await expect(listing).rejects.toBe(stop)
    expect(asked).toBe(2)
    expect(fixture.requestCount('good') - before).toBe(1)
  })

  it('keeps at most two requests in flight per portal', async () => {
    const ckan = client('good', { gate: { politenessDelayMs: 0 } })
    await Promise.all(Array.from({ length: 10 }, (_, i) => ckan.packageSearch({ rows: 1, start: i })))
    expect(fixture.maxConcurrent('good')).toBeLessThanOrEqual(2)
  })

  it('reads the real samples, mess and all', async () => {
    const page = await client('samples').packageSearch({ rows: 100 })
    expect(page.packages.length).toBeGreaterThan(0)
    expect(page.packages.every((pkg) => typeof pkg.id === 'string')).toBe(true)
  })
})

describe('a portal that fails', () => {
  it.each([
    ['hang', 'timeout'],
    ['err500', 'http'],
    ['badjson', 'malformed'],
    ['cut', 'malformed'],
    ['html', 'not-ckan'],
    ['gone', 'unreachable'],
  ] as const)('%s is classified as %s', async (slug, kind) => {
    expect((await rejection(client(slug, { timeoutMs: 800 }).statusShow(), CkanError)).kind).toBe(kind)
  })

  it('refuses a body over the size cap without holding it', async () => {
    const error = await rejection(client('huge', { maxBodyBytes: 1024 * 1024, timeoutMs: 10_000 }).packageSearch({ rows: 10 }), CkanError)
    expect(error.kind).toBe('too-large')
  })

  it('retries a 5xx and succeeds when the portal recovers', async () => {
    fixture.setFault('flaky', 'http500', { failTimes: 2 })
    const before = fixture.requestCount('flaky')
    const status = await client('flaky', { retries: 3 }).statusShow()
    expect(status.ckan_version).toBeTruthy()
    expect(fixture.requestCount('flaky') - before).toBe(3)
  })

  it('honours Retry-After on 429', async () => {
    fixture.setFault('limited', 'rate-limit', { retryAfterSeconds: 1, failTimes: 1 })
    const started = Date.now()
    await client('limited', { retries: 2 }).statusShow()
    expect(Date.now() - started).toBeGreaterThanOrEqual(900)
  })

  it('opens the circuit after repeated failures and stops calling', async () => {
    const ckan = client('breaker', { gate: { failureThreshold: 3, politenessDelayMs: 0 } })
    for (let i = 0; i < 3; i++) expect((await rejection(ckan.statusShow(), CkanError)).kind).toBe('http')
    const calls = fixture.requestCount('breaker')
    expect((await rejection(ckan.statusShow(), CkanError)).kind).toBe('circuit-open')
    expect(fixture.requestCount('breaker')).toBe(calls)
  })
})
