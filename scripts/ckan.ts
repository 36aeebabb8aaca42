// `npm run ckan -- <command>`: the CKAN portal registry from the server's shell. Honours DATABASE_URL and
// PORTALSCOPE_ALLOW_PRIVATE_HOSTS.
//   instances list            every registered portal with its health
//   instances add <url>       check that the address answers like CKAN, then register it
//   instances remove <slug>   forget a portal (and its harvested data)
//   status                    check every enabled portal now and print the result
import { createDb } from '../db/client.ts'
import { migrateLibsql } from '../db/migrate.ts'
import { isCkanError } from '../server/ckan/errors.ts'
import { addInstance, checkInstanceHealth, listInstances, removeInstance, seedFeaturedInstances, type InstanceRow } from '../server/ckan/registry.ts'

const url = process.env.DATABASE_URL ?? 'file:./data/portalscope.db'
const allowPrivate = process.env.PORTALSCOPE_ALLOW_PRIVATE_HOSTS === '1' || process.env.PORTALSCOPE_ALLOW_PRIVATE_HOSTS === 'true'
const [group, command, argument] = process.argv.slice(2)
const USAGE = 'Usage: npm run ckan -- instances list | instances add <url> | instances remove <slug> | status'

function fail(message: string): never {
  console.error(message)
  process.exit(1)
}

function describe(row: InstanceRow): string {
  const health = row.isDemo
    ? 'demo'
    : row.lastErrorKind
      ? `down (${row.lastErrorKind}: ${row.lastErrorMessage ?? ''})`
      : row.lastCheckedAt
        ? `up, CKAN ${row.ckanVersion ?? '?'}, ${row.datasetCount ?? '?'} datasets, ${row.responseMs ?? '?'} ms`
        : 'not checked yet'
  return `${row.id.padEnd(28)} ${row.enabled ? ' ' : 'x'} ${row.apiBase.padEnd(48)} ${health}`
}

await migrateLibsql(url)
const db = await createDb({ url })
await seedFeaturedInstances(db)

if (group === 'instances' && command === 'list') {
  for (const row of await listInstances(db)) console.log(describe(row))
} else if (group === 'instances' && command === 'add') {
  if (!argument) fail(USAGE)
  try {
    const { instance, created } = await addInstance(db, { url: argument }, { allowPrivate })
    console.log(`${created ? 'Added' : 'Already registered'}: ${describe(instance)}`)
  } catch (error) {
    fail(`Not added: ${isCkanError(error) ? `${error.kind}: ${error.message}` : String(error)}`)
  }
} else if (group === 'instances' && command === 'remove') {
  if (!argument) fail(USAGE)
  if (!(await removeInstance(db, argument))) fail(`No portal with the slug ${argument}.`)
  console.log(`Removed ${argument}.`)
} else if (group === 'status') {
  const rows = (await listInstances(db)).filter((row) => row.enabled && !row.isDemo)
  const checked = await Promise.all(rows.map((row) => checkInstanceHealth(db, row)))
  for (const row of checked) console.log(describe(row))
} else {
  fail(USAGE)
}
