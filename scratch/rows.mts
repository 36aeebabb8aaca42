import { readFileSync } from 'node:fs'
import { PackageSchema } from '../server/ckan/schemas.server.ts'
import { rowsOf } from '../server/ckan/harvest/ingest.server.ts'
const json = JSON.parse(readFileSync('/tmp/page.json', 'utf8'))
const pkgs = json.result.results.map((p: unknown) => PackageSchema.parse(p))
const s = performance.now()
for (let round = 0; round < 60; round++) for (const p of pkgs) rowsOf('bench', p, { runId: 1, now: new Date() })
console.log(((performance.now() - s) / 60).toFixed(1), 'µs/ds')
