import { readFileSync } from 'node:fs'
import { serialize } from 'node:v8'
import { PackageSchema, PackageSearchSchema } from '../server/ckan/schemas.server.ts'
import { buildSlices, rowsOf } from '../server/ckan/harvest/ingest.server.ts'
const bytes = readFileSync('/tmp/page.json')
const u8 = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)
let text = '', json: any, pkgs: any[] = [], slices: any
const steps: Array<[string, () => void]> = [
  ['decode', () => { text = new TextDecoder().decode(u8) }],
  ['JSON.parse', () => { json = JSON.parse(text) }],
  ['zod', () => { const r = PackageSearchSchema.parse(json.result); pkgs = r.results.map((p) => PackageSchema.parse(p)) }],
  ['rowsOf', () => { for (const p of pkgs) rowsOf('bench', p, { runId: 1, now: new Date() }) }],
  ['buildSlices (incl rowsOf)', () => { slices = buildSlices('bench', pkgs, { runId: 1, now: new Date() }, 32766, 100) }],
  ['serialize', () => { serialize({ id: 1, slices }) }],
]
const best = new Map<string, number>()
for (let round = 0; round < 12; round++) for (const [name, f] of steps) { const s = performance.now(); f(); const t = performance.now() - s; if (round >= 2) best.set(name, Math.min(best.get(name) ?? Infinity, t)) }
for (const [name, t] of best) console.log(name.padEnd(28), (t).toFixed(1), 'ms per 1000 =', (t).toFixed(1), 'µs/ds')
