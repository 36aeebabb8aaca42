// Prepares the e2e database: a fresh file with the migrations applied, the demo catalogue, two fixture portals
// harvested for real (live search asks them during the run), one that is down, and the e2e portal with known datasets.
import { rm } from 'node:fs/promises'
import { eq } from 'drizzle-orm'
import { createDb } from '../../db/client.server.ts'
import { migrateLibsql } from '../../db/migrate.server.ts'
import { portals } from '../../db/schema/portal.ts'
import { datasets } from '../../db/schema/dataset.ts'
import { refreshRollups } from '../../server/queries/rollups.server.ts'
import { loadDemoCatalogue } from '../../server/ckan/demo/demo-catalogue.server.ts'
import { runHarvest, startHarvest } from '../../server/ckan/harvest/harvest.server.ts'
import { storePackages } from '../../server/ckan/harvest/ingest.server.ts'
import { checkPortalHealth } from '../../server/ckan/portal-registry.server.ts'
import { findPortal } from '../../server/queries/portals.server.ts'
import { startCkanFixture } from '../ckan-fixture/server.ts'
import { createUser } from '../../server/queries/accounts.server.ts'
import { E2E_DATASET, E2E_DATASET_NOTES, E2E_DOWN_PORTAL, E2E_FIXTURE_PORT, E2E_PORTAL, E2E_LIVE_PORTALS, E2E_PUBLISHER, E2E_PASSWORD, E2E_USERS } from './fixtures.ts'

const url = process.env.DATABASE_URL
if (!url?.startsWith('file:')) throw new Error('The e2e seed needs DATABASE_URL=file:...')
const file = url.slice('file:'.length)
await Promise.all(['', '-wal', '-shm', '-journal'].map((suffix) => rm(`${file}${suffix}`, { force: true })))
await migrateLibsql(url)
const db = await createDb({ url })

await loadDemoCatalogue(db)

// A fixture on a port of its own is harvested here; during the run the same generated portals (the same slug gives
// the same datasets) are served on E2E_FIXTURE_PORT, where the registry then points.
const fixture = await startCkanFixture({
  portals: [
    ...E2E_LIVE_PORTALS.map((portal) => ({ slug: portal.id, datasets: portal.datasets })),
    { slug: E2E_DOWN_PORTAL.id, datasets: E2E_DOWN_PORTAL.datasets, fault: 'http500' as const },
  ],
})
try {
  for (const portal of [...E2E_LIVE_PORTALS, E2E_DOWN_PORTAL]) {
    await db.insert(portals).values({
      id: portal.id,
      name: portal.name,
      baseUrl: fixture.portalUrl(portal.id),
      apiBase: fixture.apiBase(portal.id),
      country: 'CZ',
      languages: ['cs'],
      createdAt: new Date(),
    })
  }
  for (const portal of E2E_LIVE_PORTALS) {
    const { run } = await startHarvest(db, portal.id, { mode: 'full', trigger: 'cli' })
    const harvested = await runHarvest(db, run.id, { client: { gate: { politenessDelayMs: 0 } } })
    if (harvested?.status !== 'succeeded') throw new Error(`e2e seed: harvest of ${portal.id} failed: ${JSON.stringify(harvested?.errors)}`)
  }
  // A real health check of the portal that answers 500: the registry records it as down, and why.
  const down = await findPortal(db, E2E_DOWN_PORTAL.id)
  if (down) await checkPortalHealth(db, down, { gate: { politenessDelayMs: 0 } })
} finally {
  await fixture.close()
}
for (const portal of [...E2E_LIVE_PORTALS, E2E_DOWN_PORTAL]) {
  const base = `http://127.0.0.1:${E2E_FIXTURE_PORT}/${portal.id}`
  await db.update(portals).set({ baseUrl: base, apiBase: `${base}/api/3` }).where(eq(portals.id, portal.id))
}

await db.insert(portals).values({
  id: E2E_PORTAL.id,
  name: E2E_PORTAL.name,
  baseUrl: 'http://127.0.0.1:9/',
  apiBase: 'http://127.0.0.1:9/api/3',
  country: 'CZ',
  createdAt: new Date(),
})
await storePackages(
  db,
  E2E_PORTAL.id,
  [
    {
      id: E2E_DATASET.uuid,
      name: E2E_DATASET.name,
      title: E2E_DATASET.title,
      notes: E2E_DATASET_NOTES,
      license_id: 'cc-by',
      license_title: 'Creative Commons Attribution',
      maintainer_email: 'air@e2e.example',
      metadata_created: '2024-03-01T08:00:00',
      metadata_modified: '2026-10-01T08:00:00',
      organization: { name: E2E_PUBLISHER.name, title: E2E_PUBLISHER.title },
      tags: [{ name: 'ovzduší' }, { name: 'měření' }],
      groups: [{ name: 'zivotni-prostredi', title: 'Životní prostředí' }],
      extras: [{ key: 'spatial', value: JSON.stringify({ type: 'Polygon', coordinates: [[[14.3, 50.0], [14.6, 50.0], [14.6, 50.15], [14.3, 50.15], [14.3, 50.0]]] }) }],
      resources: [
        { id: 'r1', name: 'Measurements 2026', url: 'http://127.0.0.1:9/air-2026.csv', format: 'CSV', mimetype: 'text/csv', size: 52_000 },
        { id: 'r2', name: 'Stations', url: 'http://127.0.0.1:9/stations.xlsx', format: 'xlsx' },
      ],
    },
    // A description and a resource that try to run script: the dataset page must render them inert.
    {
      id: '6f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b',
      name: 'unsafe-notes',
      title: 'Dataset with unsafe notes',
      notes:
        'Intro **bold**.\n\n<script>window.__xss = 1</script>\n\n[click me](javascript:window.__xss=2) and <img src=x onerror="window.__xss=3"> and the [methodology](https://example.org/metodika).\n\n![tracking pixel](https://tracker.example/p.gif)',
      organization: { name: E2E_PUBLISHER.name, title: E2E_PUBLISHER.title },
      resources: [{ id: 'r3', name: 'Evil resource', url: 'javascript:window.__xss=4', format: 'CSV' }],
    },
    // Removed from its portal since: kept, and shown as deleted.
    { id: '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d', name: 'removed-bus-stops', title: 'Removed bus stops' },
  ],
  { runId: null, now: new Date() },
)
await db.update(datasets).set({ deletedAt: new Date() }).where(eq(datasets.id, `${E2E_PORTAL.id}:9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d`))
await refreshRollups(db, E2E_PORTAL.id)
// A real health check against the closed port: the e2e portal is down, and the registry knows why.
const e2ePortal = await findPortal(db, E2E_PORTAL.id)
if (e2ePortal) await checkPortalHealth(db, e2ePortal, { gate: { politenessDelayMs: 0 } })

// The accounts journeys sign in with (sign-ups are limited per client address, and every e2e browser is loopback).
for (const user of Object.values(E2E_USERS)) await createUser(db, { ...user, password: E2E_PASSWORD })

console.log(`e2e database seeded at ${url}`)
