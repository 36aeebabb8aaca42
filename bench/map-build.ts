// One map build (the `map-build` job, as the helper process runs it after a harvest) on a libSQL file, in a process of
// its own so that its peak memory is its own. bench/map.ts runs it; it prints one JSON line.
//
//   npx node bench/map-build.ts file:/path/to/map-100000.db
import { createDb } from '../db/client.server.ts'
import { runJob } from '../server/jobs/registry.server.ts'

const url = process.argv[2]
if (!url) throw new Error('usage: npx node bench/map-build.ts <database url>')
const db = await createDb({ url })
const started = performance.now()
const summary = await runJob('map-build', db, { force: true })
if (!summary) throw new Error('the map build did not run')
const { points, tiles, bytes, ms, scopes } = summary
// maxRSS is in kibibytes.
console.log(JSON.stringify({ points, tiles, bytes, scopes, ms, wallMs: Math.round(performance.now() - started), maxRssMiB: Math.round(process.resourceUsage().maxRSS / 1024) }))
process.exit(0)
