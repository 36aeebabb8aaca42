// Starts the CKAN fixture for manual use and benchmarks.
//
//   npx node tests/ckan-fixture/cli.ts --port 5055 --portal demo-a:20000 --portal broken:100:http500
//   npx node tests/ckan-fixture/cli.ts --portal real:samples --portal big:1000000:none:seed=7
//
// --portal slug:datasets[:fault[:key=value,...]] where keys are seed, organizations, ckanVersion, extents (some|all:
// extents=all gives every dataset a valid spatial extent, for the map benchmark; replay=1 keeps each answer and sends
// it again as it was, for benchmarks that fetch every page once before the timed pass);
// --portal slug:samples serves the recorded real responses. Ctrl-C stops it.

import { EXTENT_MODES, type ExtentMode } from './extents.ts'
import { FAULT_MODES, startCkanFixture } from './server.ts'
import type { FaultMode, FixturePortalOptions } from './server.ts'

function usage(message?: string): never {
  if (message) console.error(`error: ${message}\n`)
  console.error(
    'usage: npx node tests/ckan-fixture/cli.ts [--port N] --portal slug:datasets[:fault[:seed=N,organizations=N,ckanVersion=X,extents=some|all,replay=1]] ...\n' +
      '       --portal slug:samples   (serve the recorded real CKAN responses)\n' +
      `faults: ${FAULT_MODES.join(', ')}`,
  )
  process.exit(message ? 2 : 0)
}

function parsePortal(spec: string): FixturePortalOptions {
  const [slug, size, fault, extra] = spec.split(':')
  if (!slug || !size) usage(`bad --portal ${spec}`)
  if (size === 'samples') return { slug, datasets: 0, serveSamples: true, fault: (fault as FaultMode | undefined) ?? 'none' }
  const datasets = Number(size.replace(/_/g, ''))
  if (!Number.isInteger(datasets) || datasets < 0) usage(`bad dataset count in ${spec}`)
  if (fault && !FAULT_MODES.includes(fault as FaultMode)) usage(`unknown fault ${fault}`)
  const options: FixturePortalOptions = { slug, datasets, fault: (fault as FaultMode | undefined) || 'none' }
  for (const kv of (extra ?? '').split(',').filter(Boolean)) {
    const [k, v = ''] = kv.split('=')
    if (k === 'seed') options.seed = Number(v)
    else if (k === 'organizations') options.organizations = Number(v)
    else if (k === 'ckanVersion') options.ckanVersion = v
    else if (k === 'replay') options.replay = v === '1'
    else if (k === 'extents') {
      if (!EXTENT_MODES.includes(v as ExtentMode)) usage(`extents must be ${EXTENT_MODES.join(' or ')}`)
      options.extents = v as ExtentMode
    }
    else usage(`unknown option ${k}`)
  }
  return options
}

const args = process.argv.slice(2)
let port = 0
const portals: FixturePortalOptions[] = []
for (let k = 0; k < args.length; k++) {
  const a = args[k]
  if (a === '--help' || a === '-h') usage()
  else if (a === '--port') port = Number(args[++k])
  else if (a === '--portal') portals.push(parsePortal(args[++k] ?? ''))
  else usage(`unknown argument ${a}`)
}
if (!portals.length) usage('at least one --portal is needed')

const fixture = await startCkanFixture({ portals, port })
console.log(`CKAN fixture listening on ${fixture.baseUrl}`)
for (const p of portals) {
  const what = p.serveSamples ? 'recorded samples' : `${p.datasets.toLocaleString('en')} datasets`
  console.log(`  ${p.slug.padEnd(16)} ${fixture.apiBase(p.slug)}  (${what}${p.fault && p.fault !== 'none' ? `, fault ${p.fault}` : ''})`)
}
console.log(`try: curl '${fixture.apiBase(portals[0]!.slug)}/action/package_search?rows=1'`)

const stop = () => {
  void fixture.close().then(() => process.exit(0))
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
