import { TRPCError } from '@trpc/server'
import { sql, type SQL } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../db/client.server.ts'
import { portals } from '../../db/schema/portal.ts'
import { foldKeyword } from '../../lib/domain/keywords.ts'
import { licenceFacetValue } from '../analysis/licences.server.ts'
import { refreshAllRollups } from './rollups.server.ts'
import { startCkanFixture, type CkanFixture } from '../../tests/ckan-fixture/server.ts'
import { rejection } from '../../tests/helpers/rejection.ts'
import { createTestDatabase, type TestDatabase } from '../../tests/helpers/test-db.ts'
import { testContext } from '../../tests/helpers/trpc-context.ts'
import { runHarvest, startHarvest } from '../ckan/harvest/harvest.server.ts'
import { createCaller } from '../trpc/router.server.ts'
import { FACET_SAMPLE, snapshotSearch, type SnapshotSearchInput } from './dataset-search.server.ts'

let fixture: CkanFixture
let testDb: TestDatabase
const SLUGS = ['kraj', 'mesto']

beforeAll(async () => {
  fixture = await startCkanFixture({ portals: [{ slug: 'kraj', datasets: 1_200 }, { slug: 'mesto', datasets: 500 }] })
  testDb = await createTestDatabase()
  for (const slug of SLUGS) {
    await testDb.db.insert(portals).values({ id: slug, name: slug, baseUrl: fixture.portalUrl(slug), apiBase: fixture.apiBase(slug), createdAt: new Date() })
    const { run } = await startHarvest(testDb.db, slug, { mode: 'full', trigger: 'cli' })
    await runHarvest(testDb.db, run.id, { client: { gate: { politenessDelayMs: 0 } } })
  }
}, 120_000)
afterAll(async () => {
  await fixture.close()
  await testDb.cleanup()
})

type Row = Record<string, unknown>
const base: SnapshotSearchInput = { sort: 'relevance', page: 1, pageSize: 20 }
const search = (input: Partial<SnapshotSearchInput>, db: Database = testDb.db) => snapshotSearch(db, SLUGS, { ...base, ...input }, { everyPortal: true })
const count = async (query: SQL) => Number((await testDb.db.all<Row>(query))[0]!.n)
const LIVE = sql`d.deleted_at IS NULL`

/** Live datasets per licence facet value, resolved one by one in JavaScript through the licence table. */
async function licenceCounts(where: SQL = sql`1`): Promise<Map<string, number>> {
  const rows = await testDb.db.all<Row>(sql`SELECT d.license_id AS id, d.license_title AS title FROM dataset d WHERE ${LIVE} AND ${where} AND coalesce(d.license_id, '') <> ''`)
  const counts = new Map<string, number>()
  for (const row of rows) {
    const value = licenceFacetValue(String(row.id), row.title === null ? null : String(row.title))
    counts.set(value, (counts.get(value) ?? 0) + 1)
  }
  return counts
}

describe('the snapshot search, counted from the rollups', () => {
  it('answers the first view with the live total and facets equal to direct counts', async () => {
    const result = await search({})
    expect(result.total).toBe(await count(sql`SELECT count(*) AS n FROM dataset d WHERE ${LIVE}`))
    expect(result.totalApproximate).toBe(false)
    expect(result.facetSample).toBeNull()
    expect(result.portals.map((portal) => portal.count)).toEqual([1_200, 500])
    for (const { value, count: n } of result.facets.organization.slice(0, 5)) {
      expect(n).toBe(await count(sql`SELECT count(*) AS n FROM dataset d WHERE ${LIVE} AND d.organization_id = ${value}`))
    }
    // Licences are merged by the licence table: each value counts the datasets whose licence resolves to it.
    const byLicence = await licenceCounts()
    expect(result.facets.license.length).toBe(byLicence.size)
    for (const { value, count: n } of result.facets.license) expect(n).toBe(byLicence.get(value))
    for (const { value, count: n } of result.facets.groups.slice(0, 5)) {
      expect(n).toBe(await count(sql`SELECT count(DISTINCT g.dataset_key) AS n FROM dataset_group g JOIN dataset d ON d.key = g.dataset_key WHERE ${LIVE} AND g.name = ${value}`))
    }
    // Formats are canonical: one name per format, whatever the portals declared ("csv", ".csv", "text/csv" ...).
    expect(result.facets.formats.map((one) => one.value)).toContain('CSV')
    expect(result.facets.formats.map((one) => one.value)).not.toContain('csv')
    for (const { value, count: n } of result.facets.formats.slice(0, 5)) {
      expect(n).toBe(await count(sql`SELECT count(DISTINCT r.dataset_key) AS n FROM resource r JOIN dataset d ON d.key = r.dataset_key WHERE ${LIVE} AND r.canonical_format = ${value}`))
    }
    // Keywords are case-folded: "Doprava" and "doprava" are one, each dataset counted once.
    const tagRows = await testDb.db.all<Row>(sql`SELECT t.dataset_key AS key, t.name FROM dataset_tag t JOIN dataset d ON d.key = t.dataset_key WHERE ${LIVE}`)
    const byKeyword = new Map<string, Set<number>>()
    for (const row of tagRows) byKeyword.set(foldKeyword(String(row.name)), (byKeyword.get(foldKeyword(String(row.name))) ?? new Set()).add(Number(row.key)))
    expect(result.facets.tags.length).toBeGreaterThan(5)
    for (const { value, count: n } of result.facets.tags) expect(n).toBe(byKeyword.get(value)?.size)
    expect(new Set(result.facets.tags.map((one) => one.value)).size).toBe(result.facets.tags.length)
  })

  it('filters by a merged value on every raw spelling behind it', async () => {
    const csv = await count(sql`SELECT count(DISTINCT r.dataset_key) AS n FROM resource r JOIN dataset d ON d.key = r.dataset_key WHERE ${LIVE} AND r.canonical_format = 'CSV'`)
    const rawCsv = await count(sql`SELECT count(DISTINCT r.dataset_key) AS n FROM resource r JOIN dataset d ON d.key = r.dataset_key WHERE ${LIVE} AND r.format = 'CSV'`)
    expect(csv).toBeGreaterThan(rawCsv)
    expect((await search({ formats: ['CSV'] })).total).toBe(csv)
    expect((await search({ formats: ['csv'] })).total).toBe(csv)
    // The same with a second filter, counted by the bounded path instead of the rollups.
    // cc-by-4.0 is CC BY 4.0, and so is its URI as some portals send it.
    const both = await search({ formats: ['csv'], licenses: ['cc-by-4.0'] })
    expect(both.total).toBe(
      await count(sql`SELECT count(*) AS n FROM dataset d WHERE ${LIVE} AND d.license_id IN ('cc-by-4.0', 'https://creativecommons.org/licenses/by/4.0/')
        AND EXISTS (SELECT 1 FROM resource r WHERE r.dataset_key = d.key AND r.canonical_format = 'CSV')`),
    )
    const keyword = (await search({})).facets.tags.find((one) => one.value === 'doprava')!
    const spellings = await count(sql`SELECT count(DISTINCT t.name) AS n FROM dataset_tag t WHERE lower(t.name) = 'doprava'`)
    expect(spellings).toBeGreaterThan(1)
    const byTag = await search({ tags: ['Doprava'] })
    expect(byTag.total).toBe(keyword.count)
    expect(byTag.total).toBe(await count(sql`SELECT count(DISTINCT t.dataset_key) AS n FROM dataset_tag t JOIN dataset d ON d.key = t.dataset_key WHERE ${LIVE} AND lower(t.name) = 'doprava'`))
  })

  it('counts each dataset once when a rare value drives the search, however many of its resources or regions match', async () => {
    const first = await search({})
    // Rare formats: few datasets, so their resources are the candidates; a licence with two spellings as a second filter.
    const license = 'CC-BY-4.0'
    const licenseIds = sql`('cc-by-4.0', 'https://creativecommons.org/licenses/by/4.0/')`
    const rare = first.facets.formats.filter((one) => one.count >= 3).slice(-4)
    expect(rare.length).toBeGreaterThan(0)
    for (const format of rare) {
      const found = await search({ formats: [format.value], licenses: [license] })
      expect(found.totalApproximate).toBe(false)
      expect(found.total).toBe(
        await count(sql`SELECT count(*) AS n FROM dataset d WHERE ${LIVE} AND d.license_id IN ${licenseIds} AND EXISTS (SELECT 1 FROM resource r WHERE r.dataset_key = d.key AND r.canonical_format = ${format.value})`),
      )
    }
    const regions = await testDb.db.all<Row>(sql`SELECT region_id AS id FROM dataset_region GROUP BY region_id ORDER BY count(*) ASC LIMIT 3`)
    const ids = regions.map((row) => String(row.id))
    const inRegions = await search({ regions: ids, licenses: [license] })
    expect(inRegions.total).toBe(
      await count(sql`SELECT count(*) AS n FROM dataset d WHERE ${LIVE} AND d.license_id IN ${licenseIds} AND EXISTS (SELECT 1 FROM dataset_region x WHERE x.dataset_key = d.key AND x.region_id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}))`),
    )
  })

  it('merges the spellings of one licence, says whether it is open, and filters on every id behind it', async () => {
    const { license } = (await search({})).facets
    const values = license.map((one) => one.value)
    expect(values).not.toContain('cc-by-4.0')
    expect(values).not.toContain('https://creativecommons.org/licenses/by/4.0/')
    const ccBy4 = license.find((one) => one.value === 'CC-BY-4.0')!
    expect(ccBy4).toMatchObject({ label: 'Creative Commons Attribution 4.0 International', open: true })
    expect([...(ccBy4.variants ?? [])].sort()).toEqual(['cc-by-4.0', 'https://creativecommons.org/licenses/by/4.0/'])
    expect(license.find((one) => one.value === 'other-closed')).toMatchObject({ label: 'Other (Not Open)', open: false })
    expect(license.find((one) => one.value === 'CC0-1.0')).toMatchObject({ open: true, variants: ['cc-zero'] })
    const direct = await count(sql`SELECT count(*) AS n FROM dataset d WHERE ${LIVE} AND d.license_id IN ('cc-by-4.0', 'https://creativecommons.org/licenses/by/4.0/')`)
    const rawOnly = await count(sql`SELECT count(*) AS n FROM dataset d WHERE ${LIVE} AND d.license_id = 'cc-by-4.0'`)
    expect(direct).toBeGreaterThan(rawOnly)
    expect(ccBy4.count).toBe(direct)
    // From the rollups (one licence), by any spelling of it, and by the bounded path (a second filter): the same datasets.
    for (const spelling of ['CC-BY-4.0', 'cc-by-4.0', 'https://creativecommons.org/licenses/by/4.0/', 'Creative Commons Uveďte původ 4.0 Mezinárodní']) {
      const chosen = await search({ licenses: [spelling], pageSize: 100 })
      expect(chosen.total, spelling).toBe(direct)
      expect(chosen.portals.map((portal) => portal.count ?? 0).reduce((a, b) => a + b, 0)).toBe(direct)
    }
    const organization = (await search({ licenses: ['CC-BY-4.0'] })).facets.organization[0]!
    const narrowed = await search({ licenses: ['CC-BY-4.0'], organizationIds: [organization.value], pageSize: 100 })
    expect(narrowed.total).toBe(
      await count(sql`SELECT count(*) AS n FROM dataset d WHERE ${LIVE} AND d.organization_id = ${organization.value} AND d.license_id IN ('cc-by-4.0', 'https://creativecommons.org/licenses/by/4.0/')`),
    )
    const ids = await testDb.db.all<Row>(sql`SELECT d.id FROM dataset d WHERE ${LIVE} AND d.organization_id = ${organization.value}
      AND d.license_id IN ('cc-by-4.0', 'https://creativecommons.org/licenses/by/4.0/')`)
    const expected = new Set(ids.map((row) => String(row.id)))
    expect(narrowed.items).toHaveLength(Math.min(100, expected.size))
    expect(narrowed.items.every((item) => expected.has(item.id))).toBe(true)
    // The sampled licence facet of a filtered search merges the same way.
    const sampled = (await search({ organizationIds: [organization.value], formats: ['CSV'] })).facets.license
    expect(sampled.map((one) => one.value)).not.toContain('cc-by-4.0')
    expect(new Set(sampled.map((one) => one.value)).size).toBe(sampled.length)
  })

  it('counts and filters a merged licence from a rollup written before licences were merged', async () => {
    const ids = ['cc-by-4.0', 'https://creativecommons.org/licenses/by/4.0/']
    const direct = await count(sql`SELECT count(*) AS n FROM dataset d WHERE ${LIVE} AND d.license_id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`)
    // What such a rollup holds: one row per id as sent.
    const latest = sql`(SELECT max(id) FROM rollup_run GROUP BY portal_id)`
    await testDb.db.run(sql`DELETE FROM rollup_facet WHERE facet = 'license' AND value = 'CC-BY-4.0' AND rollup_id IN ${latest}`)
    for (const [portal, id] of SLUGS.flatMap((slug) => ids.map((one) => [slug, one] as const))) {
      await testDb.db.run(sql`INSERT INTO rollup_facet (rollup_id, facet, value, label, datasets, variants)
        SELECT (SELECT max(id) FROM rollup_run WHERE portal_id = ${portal}), 'license', ${id}, ${id}, count(*), json_array(${id})
        FROM dataset d WHERE ${LIVE} AND d.portal_id = ${portal} AND d.license_id = ${id}`)
    }
    try {
      const chosen = await search({ licenses: ['CC-BY-4.0'] })
      expect(chosen.total).toBe(direct)
    } finally {
      await refreshAllRollups(testDb.db)
    }
    expect((await search({})).facets.license.find((one) => one.value === 'CC-BY-4.0')?.count).toBe(direct)
  })

  it('lists the declared formats and keyword spellings behind each merged value', async () => {
    const { formats, tags } = (await search({})).facets
    const csv = formats.find((one) => one.value === 'CSV')!
    expect(csv.variants).toEqual(expect.arrayContaining(['csv', '.csv', 'text/csv']))
    expect(csv.variants).not.toContain('CSV')
    const declared = await testDb.db.all<Row>(sql`SELECT DISTINCT r.format AS raw FROM resource r JOIN dataset d ON d.key = r.dataset_key WHERE ${LIVE} AND r.canonical_format = 'CSV' AND r.format <> 'CSV'`)
    expect([...(csv.variants ?? [])].sort()).toEqual(declared.map((row) => String(row.raw)).sort())
    const doprava = tags.find((one) => one.value === 'doprava')!
    expect(doprava.variants?.length).toBeGreaterThan(0)
    expect(doprava.variants?.every((spelling) => foldKeyword(spelling) === 'doprava' && spelling !== doprava.label)).toBe(true)
    // The sampled facets of a filtered search say the same of the results they counted.
    const organization = (await search({})).facets.organization[0]!
    const sampledCsv = (await search({ organizationIds: [organization.value], tags: ['doprava'] })).facets.formats.find((one) => one.value === 'CSV')
    expect(sampledCsv?.variants?.every((spelling) => spelling !== 'CSV')).toBe(true)
  })

  it('counts a single organization or region from the rollups, and its results are exactly those datasets', async () => {
    const organization = (await search({})).facets.organization[3]!
    const byOrganization = await search({ organizationIds: [organization.value], pageSize: 100 })
    expect(byOrganization.total).toBe(organization.count)
    expect(byOrganization.items.every((item) => item.organization?.id === organization.value)).toBe(true)
    const [region] = await testDb.db.all<Row>(sql`SELECT region_id AS id, count(*) AS n FROM dataset_region x JOIN dataset d ON d.key = x.dataset_key WHERE ${LIVE} GROUP BY region_id ORDER BY n DESC LIMIT 1`)
    const byRegion = await search({ regions: [String(region!.id)] })
    expect(byRegion.total).toBe(Number(region!.n))
  })

  it('counts the facets of a single filter over every result when there are at most COUNT_LIMIT, equal to direct counts', async () => {
    const first = await search({})
    const organization = first.facets.organization[0]!.value
    const keyword = first.facets.tags[0]!.value
    const [largest] = await testDb.db.all<Row>(sql`SELECT region_id AS id FROM dataset_region GROUP BY region_id ORDER BY count(*) DESC LIMIT 1`)
    const region = String(largest!.id)
    const cases: Array<[Partial<SnapshotSearchInput>, SQL]> = [
      [{ organizationIds: [organization] }, sql`d.organization_id = ${organization}`],
      [{ formats: ['CSV'] }, sql`EXISTS (SELECT 1 FROM resource r WHERE r.dataset_key = d.key AND r.canonical_format = 'CSV')`],
      [{ regions: [region] }, sql`EXISTS (SELECT 1 FROM dataset_region x WHERE x.dataset_key = d.key AND x.region_id = ${region})`],
      [{ tags: [keyword] }, sql`EXISTS (SELECT 1 FROM dataset_tag t WHERE t.dataset_key = d.key AND lower(t.name) = ${keyword})`],
    ]
    for (const [input, where] of cases) {
      const found = await search(input)
      expect([input, found.total >= FACET_SAMPLE]).toEqual([input, true])
      expect(found.facetSample).toBeNull()
      const byLicence = await licenceCounts(where)
      for (const { value, count: n } of found.facets.license.slice(0, 3)) expect(n).toBe(byLicence.get(value))
      for (const { value, count: n } of found.facets.groups.slice(0, 3)) {
        expect(n).toBe(await count(sql`SELECT count(*) AS n FROM dataset d WHERE ${LIVE} AND ${where} AND EXISTS (SELECT 1 FROM dataset_group g WHERE g.dataset_key = d.key AND g.name = ${value})`))
      }
    }
  })
})

describe('words', () => {
  it('finds Czech words whatever their case and diacritics, title matches first', async () => {
    const titled = await count(sql`SELECT count(*) AS n FROM dataset d WHERE ${LIVE} AND (d.title LIKE '%doprav%' OR d.notes LIKE '%doprav%' OR d.keywords LIKE '%doprav%')`)
    expect(titled).toBeGreaterThan(0)
    const plain = await search({ q: 'dopravni', pageSize: 100 })
    const accented = await search({ q: 'DOPRAVNÍ', pageSize: 100 })
    expect(plain.total).toBeGreaterThan(0)
    expect(accented.items.map((item) => item.id)).toEqual(plain.items.map((item) => item.id))
    expect(plain.items[0]!.title.toLowerCase()).toContain('dopravn')
    // Exact against the full-text index itself, with a filter: nothing is left out or added.
    const organization = plain.items[0]!.organization!.id
    const filtered = await search({ q: 'dopravni', organizationIds: [organization] })
    expect(filtered.total).toBe(
      await count(sql`SELECT count(*) AS n FROM dataset_fts f JOIN dataset d ON d.key = f.rowid WHERE dataset_fts MATCH '"dopravni"*' AND ${LIVE} AND d.organization_id = ${organization}`),
    )
  })
})

describe('sorted by name or by date', () => {
  const direct = (where: SQL, order: SQL, limit: number, offset: number) =>
    testDb.db.all<Row>(sql`SELECT d.id FROM dataset d WHERE ${LIVE} AND ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`)
  const BY_NAME = sql`d.title COLLATE NOCASE ASC, d.key DESC`
  const NEWEST = sql`d.metadata_modified DESC, d.key DESC`
  const matching = (words: string) => sql`d.key IN (SELECT rowid FROM dataset_fts WHERE dataset_fts MATCH ${words})`

  it('gives the order of a full sort, page after page, for the catalogue, a common word, a rare word and an organization', async () => {
    const organization = (await search({})).facets.organization[0]!.value
    const rare = await testDb.db.all<Row>(sql`SELECT d.title FROM dataset d WHERE ${LIVE} ORDER BY d.key LIMIT 1`)
    const rareWord = String(rare[0]!.title).split(/\s+/).find((word) => word.length > 6)!
    const rareMatches = await count(sql`SELECT count(*) AS n FROM dataset_fts WHERE dataset_fts MATCH ${`"${rareWord}"*`}`)
    const commonMatches = await count(sql`SELECT count(*) AS n FROM dataset_fts WHERE dataset_fts MATCH '"aktualizace"*'`)
    // One word the index walk finds its page in, one whose few matches are sorted.
    expect(commonMatches).toBeGreaterThan(300)
    expect(rareMatches).toBeLessThan(commonMatches)
    const cases: Array<[Partial<SnapshotSearchInput>, SQL, SQL]> = [
      [{ sort: 'name' }, sql`1`, BY_NAME],
      [{ sort: 'name', organizationIds: [organization] }, sql`d.organization_id = ${organization}`, BY_NAME],
      [{ q: 'aktualizace', sort: 'name' }, matching('"aktualizace"*'), BY_NAME],
      [{ q: 'aktualizace', sort: 'modified' }, matching('"aktualizace"*'), NEWEST],
      [{ q: 'doprava', sort: 'name', organizationIds: [organization] }, sql`${matching('"doprava"*')} AND d.organization_id = ${organization}`, BY_NAME],
      [{ q: rareWord, sort: 'name' }, matching(`"${rareWord}"*`), BY_NAME],
      [{ q: rareWord, sort: 'modified' }, matching(`"${rareWord}"*`), NEWEST],
    ]
    for (const [input, where, order] of cases) {
      for (const page of [1, 2, 5]) {
        const found = await search({ ...input, page, pageSize: 30 })
        expect(found.items.map((item) => item.id)).toEqual((await direct(where, order, 30, (page - 1) * 30)).map((row) => String(row.id)))
      }
    }
  })
})

describe('paging', () => {
  const walk = async (input: Partial<SnapshotSearchInput>) => {
    const seen: string[] = []
    let cursor: string | undefined
    for (let guard = 0; guard < 400; guard++) {
      const page = await search({ ...input, pageSize: 7, ...(cursor ? { cursor } : {}) })
      seen.push(...page.items.map((item) => item.id))
      if (!page.nextCursor) return seen
      cursor = page.nextCursor
    }
    throw new Error('no last page')
  }

  it.each([
    ['newest first', {}],
    ['a word, by relevance', { q: 'praha' }],
    ['a format and a licence', { formats: ['CSV'], licenses: ['cc-by-4.0'] }],
  ] as Array<[string, Partial<SnapshotSearchInput>]>)('walks %s by keyset without duplicates or gaps, in page-number order', async (_label, input) => {
    const total = (await search(input)).total
    const walked = await walk(input)
    expect(new Set(walked).size).toBe(walked.length)
    // Page numbers give the same order (compared as far as the router lets them go).
    const numbered: string[] = []
    for (let page = 1; page <= Math.min(100, Math.ceil(Math.min(total, 700) / 7)); page++) numbered.push(...(await search({ ...input, page, pageSize: 7 })).items.map((item) => item.id))
    expect(walked.slice(0, numbered.length)).toEqual(numbered)
    if (total <= 700) expect(walked).toHaveLength(total)
  })

  it('walks every live dataset newest first with the keyset', async () => {
    const walked = await walk({})
    const expected = await testDb.db.all<Row>(sql`SELECT id FROM dataset d WHERE ${LIVE} ORDER BY d.metadata_modified DESC, d.key DESC`)
    expect(walked).toEqual(expected.map((row) => String(row.id)))
  })
})

describe('query plans', () => {
  /** Every statement one search runs, as the database plans it. */
  async function plans(input: Partial<SnapshotSearchInput>): Promise<string[]> {
    const statements: SQL[] = []
    const db = testDb.db
    const recording = new Proxy(db, {
      get(target, property, receiver) {
        if (property === 'all') {
          return (query: SQL) => {
            statements.push(query)
            return target.all(query)
          }
        }
        const value: unknown = Reflect.get(target, property, receiver)
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value
      },
    })
    await search(input, recording)
    const out: string[] = []
    for (const statement of statements) {
      const details = (await db.all<Row>(sql`EXPLAIN QUERY PLAN ${statement}`)).map((row) => String(row.detail))
      // A walk of a live-dataset index is ended by its LIMIT only when it is read in the answer's order: one that is
      // sorted afterwards reads the whole catalogue first.
      const walk = details.find((detail) => /^SCAN d USING (COVERING )?INDEX dataset_live_/.test(detail))
      if (walk && details.some((detail) => detail.includes('USE TEMP B-TREE FOR ORDER BY'))) out.push(`SORTED ${walk}`)
      out.push(...details)
    }
    return out
  }
  const organization = async () => (await search({})).facets.organization[0]!.value

  it.each([
    ['no filter', async () => ({})],
    ['a word', async () => ({ q: 'doprava' })],
    ['a format', async () => ({ formats: ['CSV'] })],
    ['an organization', async () => ({ organizationIds: [await organization()] })],
    ['a region', async () => ({ regions: ['CZ010'] })],
    ['a word plus two facets', async () => ({ q: 'doprava', formats: ['CSV'], organizationIds: [await organization()] })],
    ['page 50', async () => ({ page: 50 })],
    ['by name', async () => ({ sort: 'name' })],
    ['an organization by name', async () => ({ organizationIds: [await organization()], sort: 'name' })],
    ['a word, newest first', async () => ({ q: 'doprava', sort: 'modified' })],
    ['a word, by name', async () => ({ q: 'doprava', sort: 'name' })],
    ['a common word, by name', async () => ({ q: 'aktualizace', sort: 'name' })],
    ['a common word, newest first', async () => ({ q: 'aktualizace', sort: 'modified' })],
  ] as Array<[string, () => Promise<Partial<SnapshotSearchInput>>]>)('%s: no scan of the catalogue or of a big join', async (_label, input) => {
    const details = await plans(await input())
    expect(details.length).toBeGreaterThan(3)
    // A SCAN is allowed only of the full-text index or json_each (virtual tables), of a subquery's few rows, or as the
    // ordered walk of a live-dataset index that a LIMIT ends.
    const scans = details.filter((detail) => /^SCAN /.test(detail))
    const bad = scans.filter((detail) => !/VIRTUAL TABLE|USING (COVERING )?INDEX dataset_live_|^SCAN (sub|top)\b/.test(detail))
    expect(bad).toEqual([])
    expect(details.filter((detail) => detail.startsWith('SORTED '))).toEqual([])
  })
})

describe('datasets.search input', () => {
  it('answers BAD_REQUEST for a forged cursor, a region or cursor on the live search, and a malformed region', async () => {
    const caller = createCaller(await testContext(testDb.db, { clientAddress: '198.51.100.7' }))
    for (const input of [
      { source: 'snapshot' as const, cursor: 'not-a-cursor' },
      { source: 'live' as const, regions: ['CZ010'] },
      { source: 'live' as const, cursor: 'WzAsbnVsbCwxXQ' },
      { source: 'snapshot' as const, regions: ["CZ' OR 1=1"] },
    ]) {
      expect((await rejection(caller.datasets.search(input), TRPCError)).code).toBe('BAD_REQUEST')
    }
  })
})

describe('a small area beyond the counted candidates', () => {
  let big: CkanFixture
  let bigDb: TestDatabase
  beforeAll(async () => {
    big = await startCkanFixture({ portals: [{ slug: 'velky', datasets: 5_400 }] })
    bigDb = await createTestDatabase()
    await bigDb.db.insert(portals).values({ id: 'velky', name: 'velky', baseUrl: big.portalUrl('velky'), apiBase: big.apiBase('velky'), createdAt: new Date() })
    const { run } = await startHarvest(bigDb.db, 'velky', { mode: 'full', trigger: 'cli' })
    await runHarvest(bigDb.db, run.id, { client: { gate: { politenessDelayMs: 0 } } })
    await refreshAllRollups(bigDb.db)
  }, 180_000)
  afterAll(async () => {
    await big.close()
    await bigDb.cleanup()
  })

  it('counts at least the results it shows when all of them are older than the candidates it counts', async () => {
    // The three oldest datasets alone lie in a far-away box: newer than none of the 5,000 candidates read for the count.
    const oldest = await bigDb.db.all<{ key: number }>(sql`SELECT key FROM dataset WHERE deleted_at IS NULL ORDER BY metadata_modified ASC LIMIT 3`)
    expect(oldest).toHaveLength(3)
    for (const { key } of oldest) {
      await bigDb.db.run(sql`INSERT INTO dataset_extent (dataset_key, source, west, south, east, north, geometry) VALUES (${key}, 'bbox-extras', 170, -40.5, 170.5, -40, '{"type":"Polygon","coordinates":[]}')
        ON CONFLICT (dataset_key) DO UPDATE SET west = 170, south = -40.5, east = 170.5, north = -40`)
    }
    const found = await snapshotSearch(bigDb.db, ['velky'], { bbox: [169, -41, 171, -39], sort: 'modified', page: 1, pageSize: 20 })
    expect(found.items).toHaveLength(3)
    expect(found.total).toBeGreaterThanOrEqual(3)
    const paged = await snapshotSearch(bigDb.db, ['velky'], { bbox: [169, -41, 171, -39], sort: 'modified', page: 1, pageSize: 2 })
    expect(paged.items).toHaveLength(2)
    expect(paged.total).toBeGreaterThanOrEqual(3)
  }, 60_000)
})
