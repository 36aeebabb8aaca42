import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { portals } from '../../db/schema/portal.ts'
import { createTestDatabase, type TestDatabase } from '../../tests/helpers/test-db.ts'
import { storePackages } from '../ckan/harvest/ingest.server.ts'
import type { CkanPackage } from '../ckan/schemas.server.ts'
import { dueLinks } from '../queries/link-checks.server.ts'
import { checkDatasetLinks, checkPortalLinks } from './link-check.server.ts'
import { refreshRollups } from '../queries/rollups.server.ts'

// Link checks against a real server on loopback: stored per URL, applied to the quality score of every dataset that
// links the URL, and left out for demo portals.

let server: Server
let base: string
let testDb: TestDatabase
const requests: string[] = []

const options = { allowPrivate: true, perDomainDelayMs: 0, sleep: async () => undefined }

function pkg(n: number, urls: string[]): CkanPackage {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name: `sada-${n}`,
    title: `Sada ${n}`,
    notes: 'Popis',
    resources: urls.map((url) => ({ url, format: 'CSV', mimetype: 'text/csv' })),
  }
}

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`)
    if (req.url === '/robots.txt') return void res.writeHead(404).end()
    if (req.url?.startsWith('/ok')) return void res.writeHead(200, { 'content-type': 'text/csv', 'content-length': '42' }).end()
    res.writeHead(404, { 'content-type': 'text/html' }).end('missing')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  testDb = await createTestDatabase()
  for (const [id, isDemo] of [['real', false], ['demo', true]] as const) {
    await testDb.db.insert(portals).values({ id, name: id, baseUrl: `https://${id}.example`, apiBase: `https://${id}.example/api/3`, isDemo, createdAt: new Date() })
  }
  await storePackages(testDb.db, 'real', [pkg(1, [`${base}/ok/a.csv`, `${base}/gone/b.csv`]), pkg(2, [`${base}/ok/a.csv`])], { runId: null, now: new Date() })
  await storePackages(testDb.db, 'demo', [pkg(3, [`${base}/ok/demo.csv`])], { runId: null, now: new Date() })
  await refreshRollups(testDb.db, 'real')
})
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  await testDb.cleanup()
})

const quality = async (id: string) =>
  (await testDb.db.all<{ quality_points: number; quality_max: number }>(sql`SELECT quality_points, quality_max FROM dataset WHERE id = ${id}`))[0]!

describe('link checks', () => {
  it('lists never-checked URLs of real portals only, each once', async () => {
    const due = await dueLinks(testDb.db, { limit: 10 })
    expect(due.sort()).toEqual([`${base}/gone/b.csv`, `${base}/ok/a.csv`])
  })

  it('checks a dataset on demand and scores its reachability with the results', async () => {
    const before = await quality('real:00000000-0000-4000-8000-000000000001')
    expect(before.quality_max).toBeLessThan(405)
    const run = await checkDatasetLinks(testDb.db, 'real:00000000-0000-4000-8000-000000000001', options)
    expect(run?.results.map((result) => [result.url.replace(base, ''), result.ok, result.status]).sort()).toEqual([
      ['/gone/b.csv', false, 404],
      ['/ok/a.csv', true, 200],
    ])
    // The dataset sharing the checked URL is re-scored too.
    expect(run?.rescored).toBe(2)
    const after = await quality('real:00000000-0000-4000-8000-000000000001')
    expect(after.quality_max).toBeGreaterThan(before.quality_max)
    const stored = await testDb.db.all<{ url: string; ok: number }>(sql`SELECT url, ok FROM link_check ORDER BY url`)
    expect(stored.map((row) => row.ok)).toEqual([0, 1])
    // Checked this week: nothing is due any more.
    expect(await dueLinks(testDb.db, { limit: 10 })).toEqual([])
  })

  it('answers null for a dataset that does not exist', async () => {
    expect(await checkDatasetLinks(testDb.db, 'real:nope', options)).toBeNull()
  })

  it('refreshes the rollups after checking a portal on demand', async () => {
    await testDb.db.run(sql`DELETE FROM link_check`)
    const [{ n: before } = { n: 0 }] = await testDb.db.all<{ n: number }>(sql`SELECT count(*) AS n FROM rollup_run WHERE portal_id = 'real'`)
    const run = await checkPortalLinks(testDb.db, 'real', { ...options, limit: 100 })
    expect(run.checked).toBe(2)
    const [{ n: after } = { n: 0 }] = await testDb.db.all<{ n: number }>(sql`SELECT count(*) AS n FROM rollup_run WHERE portal_id = 'real'`)
    expect(after).toBe(before + 1)
    const [portal] = await testDb.db.all<{ max_reachable: number; datasets: number }>(sql`
      SELECT q.max_reachable, q.datasets FROM rollup_quality q WHERE q.scope = 'portal' AND q.rollup_id = (SELECT max(id) FROM rollup_run WHERE portal_id = 'real')`)
    // Both datasets are fully checked now, so their maxima add up to 2 × 405.
    expect(portal).toEqual({ max_reachable: 810, datasets: 2 })
    expect(requests.some((line) => line.includes('demo.csv'))).toBe(false)
  })
})
