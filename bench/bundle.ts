// Initial JavaScript of a page, gzip-compressed, read from the build manifest (dist/node/assets.json): Vike's
// client entry, the page's entry and everything they import statically, plus the page's catalogue groups in the
// active language (lib/routing/route-table.ts), which the page loads before hydrating. Budget for every page but
// the map's: 150 KB (decision 021); the pages built around the map (the home page and a location's page) are printed
// against it too but have their own budget. Every route of the route table by default; `BENCH_PAGES=/a,/b` for some.
// `--by-package` (with a build made with PORTALSCOPE_SOURCEMAP=1) lists what each page's initial JS is made of, by
// package and folder; `BENCH_DEPTH=3` (path segments kept) breaks the folders down by file; `BENCH_TOP=60` lists more.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { messageGroupsFor, pageIdOf, ROUTES } from '../lib/routing/route-table.ts'

type ManifestEntry = { file: string; imports?: string[]; dynamicImports?: string[]; src?: string }

const ROOT = path.resolve(import.meta.dirname, '..')
const DIST = path.join(ROOT, 'dist/node')
const BUDGET_KB = 150
const MAP_PAGES = new Set(['/', '/location/{id}'])
const PAGES = process.env.BENCH_PAGES ? process.env.BENCH_PAGES.split(',') : ROUTES.map((route) => route.path)
const BY_PACKAGE = process.argv.includes('--by-package')

if (process.env.BENCH_SKIP_BUILD !== '1' || !existsSync(path.join(DIST, 'assets.json'))) {
  const env = { ...process.env, PORTALSCOPE_TARGET: 'node', ...(BY_PACKAGE ? { PORTALSCOPE_SOURCEMAP: '1' } : {}) }
  const build = spawnSync('npx', ['vike', 'build'], { cwd: ROOT, stdio: 'ignore', env })
  if (build.status !== 0) throw new Error('vike build failed')
}

const manifest = JSON.parse(readFileSync(path.join(DIST, 'assets.json'), 'utf8')) as Record<string, ManifestEntry>
const clientEntry = Object.keys(manifest).find((key) => key.endsWith('runtime-client-routing/entry.js'))
const groupKey = (locale: string, group: string) => Object.keys(manifest).find((key) => key.endsWith(`locales/${locale}/${group}.json`))

function staticClosure(keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue
    seen.add(key)
    staticClosure(manifest[key]!.imports ?? [], seen)
  }
  return seen
}

// A build with source maps (`--by-package`) ends each chunk with a `sourceMappingURL` comment the normal build does
// not have; it is left out so both builds print the same sizes.
const gzipBytes = (file: string) =>
  gzipSync(readFileSync(path.join(DIST, 'client', file), 'utf8').replace(/\n?\/\/# sourceMappingURL=\S+\s*$/, ''), { level: 9 }).length
const kb = (bytes: number) => (bytes / 1024).toFixed(1)

// Source-map segments give each source its share of a chunk's minified bytes; its share of the gzip size follows.
const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
function vlq(segment: string): number[] {
  const values: number[] = []
  let value = 0
  let shift = 0
  for (const char of segment) {
    const digit = BASE64.indexOf(char)
    value += (digit & 31) << shift
    if (digit & 32) shift += 5
    else {
      values.push(value & 1 ? -(value >> 1) : value >> 1)
      value = 0
      shift = 0
    }
  }
  return values
}

function packageOf(source: string): string {
  const inModules = source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)
  if (inModules) return inModules[1]!
  return source.replace(/^(\.\.\/)+/, '').split('/').slice(0, Number(process.env.BENCH_DEPTH ?? 2)).join('/')
}

function addShares(file: string, into: Map<string, number>): void {
  const code = readFileSync(path.join(DIST, 'client', file), 'utf8')
  const gzip = gzipBytes(file)
  const mapFile = path.join(DIST, 'client', `${file}.map`)
  if (!existsSync(mapFile)) {
    into.set('(no source map)', (into.get('(no source map)') ?? 0) + gzip)
    return
  }
  const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[]; mappings: string }
  const lines = code.split('\n')
  const bytes = new Map<string, number>()
  let source = 0
  map.mappings.split(';').forEach((line, index) => {
    const segments = line ? line.split(',').map(vlq) : []
    let column = 0
    segments.forEach((segment, i) => {
      column += segment[0] ?? 0
      if (segment.length > 1) source += segment[1] ?? 0
      const end = i + 1 < segments.length ? column + (segments[i + 1]![0] ?? 0) : (lines[index] ?? '').length
      const name = packageOf(map.sources[source] ?? '?')
      bytes.set(name, (bytes.get(name) ?? 0) + Math.max(0, end - column))
    })
  })
  const total = [...bytes.values()].reduce((sum, value) => sum + value, 0) || 1
  for (const [name, value] of bytes) into.set(name, (into.get(name) ?? 0) + (value / total) * gzip)
}

console.log(`bundle (initial JS, gzip; catalogue = the page's groups in Czech, the default; budget ${BUDGET_KB} KB)`)
const over: string[] = []
let measured = 0
for (const route of PAGES) {
  const pageId = pageIdOf(route)
  const entry = `virtual:vike:page-entry:client:${pageId}`
  if (!manifest[entry] || !clientEntry) {
    console.log(`  ${route.padEnd(24)} not in the manifest`)
    continue
  }
  const groups = messageGroupsFor(pageId).map((group) => groupKey('cs', group)).filter((key): key is string => !!key)
  const keys = staticClosure([clientEntry, entry, ...groups])
  const files = [...keys].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'))
  const total = files.reduce((sum, file) => sum + gzipBytes(file), 0)
  const catalogue = groups.reduce((sum, key) => sum + gzipBytes(manifest[key]!.file), 0)
  const verdict = total / 1024 <= BUDGET_KB ? 'within' : 'OVER'
  const mapPage = MAP_PAGES.has(route)
  const note = mapPage ? ', a map page: its own budget' : ''
  if (!mapPage) {
    measured += 1
    if (verdict === 'OVER') over.push(route)
  }
  console.log(
    `  ${route.padEnd(24)} ${kb(total).padStart(6)} KB in ${String(files.length).padStart(2)} files, catalogue ${kb(catalogue).padStart(4)} KB  (${verdict} the ${BUDGET_KB} KB budget${note})`,
  )
  if (BY_PACKAGE) {
    const shares = new Map<string, number>()
    for (const file of files) addShares(file, shares)
    const top = [...shares].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.BENCH_TOP ?? 25))
    console.log(top.map(([name, bytes]) => `      ${kb(bytes).padStart(5)} ${name}`).join('\n'))
  }
}
console.log(`within the budget: ${measured - over.length} of ${measured} pages (map pages apart)${over.length ? `; over: ${over.join(', ')}` : ''}`)
