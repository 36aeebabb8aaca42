// `npm run ckan -- <command>`: the CKAN portal registry from the server's shell. Honours DATABASE_URL and
// PORTALSCOPE_ALLOW_PRIVATE_HOSTS.
//   portals list              every registered portal with its health
//   portals add <url>         check that the address answers like CKAN, then register it
//   portals remove <slug>     forget a portal (and its harvested data)
//   status                    check every enabled portal now and print the result
//   harvest [--portal <slug>] [--full]
//                             harvest every enabled portal (or one), incrementally unless --full
//   import <slug> <file.jsonl> store a `ckanapi dump datasets` file as the portal's datasets
//   demo load | demo remove   load the generated demo catalogue, or remove it for good
//   analyse                   re-analyse what is not yet and refresh every portal's rollups
//   links [--portal <slug>] [--limit N]
//                             check due resource links (all portals, or one) and re-score their datasets
//   harvest --run <id>        continue one harvest run (the server starts harvests this way)
//   map-build [--force]       build the map's points and tiles if the rollups changed since the last build (or always);
//                             runs on the database as it is, so DATABASE_URL may be the local D1 file of dev:edge
//   background                the demo catalogue and the harvest scheduler (the server starts this helper)
// `instances` and `--instance` are deprecated aliases of `portals` and `--portal` (their names before 2026-11).
import { createReadStream } from 'node:fs'
import { createInterface } from 'node:readline'
import { createDb } from '../db/client.server.ts'
import { checkAndRecord, checkPortalLinks } from '../server/jobs/link-check.server.ts'
import { dueLinks } from '../server/queries/link-checks.server.ts'
import { summariseChecks } from '../server/outbound/link-check.server.ts'
import { migrateLibsql } from '../db/migrate.server.ts'
import { isCkanError } from '../server/outbound/errors.server.ts'
import { describeMapBuild } from '../server/jobs/map-build.server.ts'
import { runJob } from '../server/jobs/registry.server.ts'
import { startJobsHere } from '../server/jobs/triggers.server.ts'
import { loadDemoCatalogue, removeDemoCatalogue } from '../server/ckan/demo/demo-catalogue.server.ts'
import { HarvestError, progressOf, runHarvest, startHarvest, type HarvestRun } from '../server/ckan/harvest/harvest.server.ts'
import { importJsonl } from '../server/ckan/harvest/import.server.ts'
import { createWorkerStore } from '../server/ckan/harvest/worker-store.server.ts'
import { addPortal, checkPortalHealth, seedFeaturedPortals } from '../server/ckan/portal-registry.server.ts'
import { listPortals, removePortal, type PortalRow } from '../server/queries/portals.server.ts'
import { madeBy } from '../lib/made-by.ts'

const url = process.env.DATABASE_URL ?? 'file:./data/portalscope.db'
const allowPrivate = process.env.PORTALSCOPE_ALLOW_PRIVATE_HOSTS === '1' || process.env.PORTALSCOPE_ALLOW_PRIVATE_HOSTS === 'true'
const args = process.argv.slice(2)
const [named, command, argument] = args
// Deprecated aliases: `instances` for `portals`, `--instance` for `--portal`.
const group = named === 'instances' ? 'portals' : named
const portalFlag = (): number => (args.includes('--portal') ? args.indexOf('--portal') : args.indexOf('--instance'))
const USAGE = [
  'Usage: npm run ckan -- portals list | portals add <url> | portals remove <slug> | status',
  '       npm run ckan -- harvest [--portal <slug>] [--full]',
  '       npm run ckan -- import <slug> <file.jsonl>',
  '       npm run ckan -- demo load | demo remove',
  '       npm run ckan -- analyse',
  '       npm run ckan -- links [--portal <slug>] [--limit N]',
  '       npm run ckan -- map-build [--force]',
].join('\n')

function fail(message: string): never {
  console.error(message)
  process.exit(1)
}

function describe(row: PortalRow): string {
  const health = row.isDemo
    ? 'demo'
    : row.lastErrorKind
      ? `down (${row.lastErrorKind}: ${row.lastErrorMessage ?? ''})`
      : row.lastCheckedAt
        ? `up, CKAN ${row.ckanVersion ?? '?'}, ${row.datasetCount ?? '?'} datasets, ${row.responseMs ?? '?'} ms`
        : 'not checked yet'
  return `${row.id.padEnd(28)} ${row.enabled ? ' ' : 'x'} ${row.apiBase.padEnd(48)} ${health}`
}

// The map build reads the catalogue and writes only the map's tables, on a database as it is: wrangler migrates the
// local D1 file (.wrangler/state/v3/d1/…/*.sqlite), which has no drizzle journal for migrateLibsql to read.
const mapOnly = group === 'map-build'
if (!mapOnly) await migrateLibsql(url)
// Everything the CLI writes is background work: people using the server go first (docs/decisions/012-database-writes.md).
const db = await createDb({ url }, { role: 'background' })
// A run started by the server only continues; everything else sees the registry a fresh installation would.
if (!mapOnly && !(group === 'harvest' && args[1] === '--run')) await seedFeaturedPortals(db)

if (group === 'portals' && command === 'list') {
  for (const row of await listPortals(db)) console.log(describe(row))
} else if (group === 'portals' && command === 'add') {
  if (!argument) fail(USAGE)
  try {
    const { portal, created } = await addPortal(db, { url: argument }, { allowPrivate })
    console.log(`${created ? 'Added' : 'Already registered'}: ${describe(portal)}`)
  } catch (error) {
    fail(`Not added: ${isCkanError(error) ? `${error.kind}: ${error.message}` : String(error)}`)
  }
} else if (group === 'portals' && command === 'remove') {
  if (!argument) fail(USAGE)
  if (!(await removePortal(db, argument))) fail(`No portal with the slug ${argument}.`)
  console.log(`Removed ${argument}.`)
} else if (group === 'status') {
  const rows = (await listPortals(db)).filter((row) => row.enabled && !row.isDemo)
  const checked = await Promise.all(rows.map((row) => checkPortalHealth(db, row)))
  for (const row of checked) console.log(describe(row))
} else if (group === 'harvest' && args[1] === '--run') {
  const runId = Number(args[2])
  if (!Number.isSafeInteger(runId)) fail(USAGE)
  const writer = createWorkerStore(url)
  const result = await runJob('harvest', db, { runId, store: writer.store })
  await writer.close()
  if (result) console.log(summary(result.portalId, result))
} else if (group === 'background') {
  // Started by the server with an IPC channel: it ends when the server does.
  process.on('disconnect', () => process.exit(0))
  await startJobsHere({ store: createWorkerStore(url, { unref: true }).store })
  // The scheduler's timers do not hold the process; the IPC channel (or, run by hand, this interval) does.
  if (!process.connected) setInterval(() => undefined, 60 * 60 * 1000)
} else if (group === 'harvest') {
  const slugIndex = portalFlag()
  const only = slugIndex >= 0 ? args[slugIndex + 1] : undefined
  if (slugIndex >= 0 && !only) fail(USAGE)
  const mode = args.includes('--full') ? 'full' : 'incremental'
  const targets = only ? [only] : (await listPortals(db)).filter((row) => row.enabled && !row.isDemo).map((row) => row.id)
  let failed = 0
  const writer = createWorkerStore(url)
  for (const slug of targets) {
    try {
      const { run, started } = await startHarvest(db, slug, { mode, trigger: 'cli' })
      if (!started) console.log(`${slug}: a harvest is already running (run ${run.id}); continuing it`)
      const result = await runHarvest(db, run.id, { store: writer.store, onProgress: (progress) => printProgress(slug, progress) })
      if (process.stdout.isTTY) process.stdout.write('\n')
      if (!result) console.log(`${slug}: another process is working on run ${run.id}`)
      else {
        console.log(summary(slug, result))
        if (result.status === 'failed') failed++
      }
    } catch (error) {
      failed++
      console.error(`${slug}: ${madeBy(error, HarvestError) ? error.message : String(error)}`)
    }
  }
  await writer.close()
  if (failed) process.exit(1)
} else if (group === 'import') {
  const file = argument
  if (!command || !file) fail(USAGE)
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity })
  try {
    const result = await importJsonl(db, command, lines, { onProgress: (progress) => printProgress(command, progress) })
    if (process.stdout.isTTY) process.stdout.write('\n')
    console.log(summary(command, result))
    if (result.status === 'failed') process.exit(1)
  } catch (error) {
    fail(`Not imported: ${madeBy(error, Error) ? error.message : String(error)}`)
  }
} else if (group === 'demo' && command === 'load') {
  const stored = await loadDemoCatalogue(db, {
    onProgress: (slug, done, total) => {
      if (process.stdout.isTTY || done === total) line(`${slug}: ${done.toLocaleString('en')} / ${total.toLocaleString('en')}`)
    },
  })
  if (process.stdout.isTTY) process.stdout.write('\n')
  console.log(stored ? `Demo catalogue loaded: ${stored.toLocaleString('en')} datasets.` : 'The demo catalogue is already loaded.')
} else if (group === 'demo' && command === 'remove') {
  const removed = await removeDemoCatalogue(db)
  console.log(`Removed ${removed} demo portals; the demo catalogue will not be loaded again (\`npm run ckan -- demo load\` brings it back).`)
} else if (group === 'analyse') {
  for (const refresh of await runJob('rollup-refresh', db, { all: true })) {
    console.log(`Rollups ${refresh.rollupId}: ${refresh.datasets.toLocaleString('en')} datasets, ${refresh.reanalysed.toLocaleString('en')} re-analysed, in ${refresh.ms} ms`)
  }
} else if (group === 'map-build') {
  const summary = await runJob('map-build', db, { force: args.includes('--force') })
  console.log(summary ? describeMapBuild(summary) : 'The map is as fresh as the rollups; --force builds it anyway.')
} else if (group === 'links') {
  const flag = (name: string) => {
    const at = args.indexOf(name)
    return at >= 0 ? args[at + 1] : undefined
  }
  const at = portalFlag()
  const portalId = at >= 0 ? args[at + 1] : undefined
  const limit = Number(flag('--limit') ?? 500)
  if (!Number.isInteger(limit) || limit < 1) fail('--limit takes a whole number of links')
  const options = { allowPrivate, onResult: (result: { url: string; ok: boolean; status: number | null; error: string | null }) => line(`${result.ok ? 'ok ' : 'bad'} ${result.status ?? result.error} ${result.url}`) }
  const run = portalId ? await checkPortalLinks(db, portalId, { ...options, limit }) : await checkAndRecord(db, await dueLinks(db, { limit }), options)
  if (process.stdout.isTTY) process.stdout.write('\n')
  const summary = summariseChecks(run.results)
  console.log(`Checked ${summary.total} links: ${summary.ok} ok, ${summary.broken} broken, ${summary.unreachable} unreachable, ${summary.blocked} not allowed, ${summary.invalid} invalid; ${run.rescored} datasets re-scored.`)
} else {
  fail(USAGE)
}

/** A progress line that rewrites itself on a terminal and prints every tenth update otherwise (logs stay short). */
function line(text: string): void {
  if (process.stdout.isTTY) process.stdout.write(`\r${text.padEnd(100)}`)
  else console.log(text)
}

function printProgress(slug: string, run: HarvestRun): void {
  const progress = progressOf(run)
  if (!process.stdout.isTTY && progress.done % 10_000 !== 0 && progress.done !== progress.total) return
  const total = progress.total === null ? '?' : progress.total.toLocaleString('en')
  const rate = progress.ratePerSecond === null ? '' : `, ${Math.round(progress.ratePerSecond).toLocaleString('en')}/s`
  const eta = progress.etaSeconds === null ? '' : `, ETA ${progress.etaSeconds} s`
  line(`${slug}: ${progress.done.toLocaleString('en')} / ${total}${rate}${eta}`)
}

function summary(slug: string, run: HarvestRun): string {
  const progress = progressOf(run)
  const seconds = ((run.finishedAt ?? new Date()).getTime() - run.startedAt.getTime()) / 1000
  const head = `${slug}: ${run.mode} ${run.status} in ${seconds.toFixed(1)} s: ${progress.done.toLocaleString('en')} datasets (${progress.created} new, ${progress.updated} updated, ${progress.deleted} marked deleted, ${progress.skipped} skipped)`
  const lastError = run.errors.at(-1)
  return lastError ? `${head}; ${run.errorCount} errors, last: ${lastError.kind}: ${lastError.message}` : head
}
