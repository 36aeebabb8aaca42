// Prepares the e2e database: a fresh file with the migrations applied and one known portal and dataset.
import { rm } from 'node:fs/promises'
import { createDb } from '../../db/client.ts'
import { migrateLibsql } from '../../db/migrate.ts'
import { ckanInstances } from '../../db/schema/ckan-instance.ts'
import { datasets } from '../../db/schema/dataset.ts'
import { E2E_DATASET, E2E_DATASET_ID, E2E_INSTANCE } from './fixtures.ts'

const url = process.env.DATABASE_URL
if (!url?.startsWith('file:')) throw new Error('The e2e seed needs DATABASE_URL=file:...')
const file = url.slice('file:'.length)
await Promise.all(['', '-wal', '-shm', '-journal'].map((suffix) => rm(`${file}${suffix}`, { force: true })))
await migrateLibsql(url)
const db = await createDb({ url })
await db.insert(ckanInstances).values({
  id: E2E_INSTANCE.id,
  name: E2E_INSTANCE.name,
  baseUrl: 'http://127.0.0.1:9/',
  apiBase: 'http://127.0.0.1:9/api/3',
  createdAt: new Date(),
})
await db.insert(datasets).values({
  id: E2E_DATASET_ID,
  instanceId: E2E_INSTANCE.id,
  ckanId: E2E_DATASET.uuid,
  name: E2E_DATASET.name,
  title: E2E_DATASET.title,
  notes: 'Hourly measurements from the city network.',
})
console.log(`e2e database seeded at ${url}`)
