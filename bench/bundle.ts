// Initial JavaScript of a page, gzip-compressed, read from the build manifest (dist/node/assets.json):
// Vike's client entry, the page's entry and everything they import statically, plus the active language's
// catalogue chunk, which the page loads before hydrating. Budget for non-map public pages: 150 KB.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

type ManifestEntry = { file: string; imports?: string[]; dynamicImports?: string[]; src?: string }

const ROOT = path.resolve(import.meta.dirname, '..')
const DIST = path.join(ROOT, 'dist/node')
const BUDGET_KB = 150
const PAGES = (process.env.BENCH_PAGES ?? '/data-formats,/test-vuetify,/,/ckan-explorer,/auth/login,/profile').split(',')

if (process.env.BENCH_SKIP_BUILD !== '1' || !existsSync(path.join(DIST, 'assets.json'))) {
  const build = spawnSync('npx', ['vike', 'build'], { cwd: ROOT, stdio: 'ignore', env: { ...process.env, PORTALSCOPE_TARGET: 'node' } })
  if (build.status !== 0) throw new Error('vike build failed')
}

const manifest = JSON.parse(readFileSync(path.join(DIST, 'assets.json'), 'utf8')) as Record<string, ManifestEntry>
const clientEntry = Object.keys(manifest).find((key) => key.endsWith('runtime-client-routing/entry.js'))
const catalogueKey = (locale: string) => Object.keys(manifest).find((key) => key.endsWith(`locales/${locale}/index.ts`))

function staticClosure(keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue
    seen.add(key)
    staticClosure(manifest[key]!.imports ?? [], seen)
  }
  return seen
}

const gzipKb = (file: string) => gzipSync(readFileSync(path.join(DIST, 'client', file)), { level: 9 }).length / 1024

function pageId(route: string): string {
  return route === '/' ? '/pages/index' : `/pages${route}`
}

console.log('bundle (initial JS, gzip; catalogue = Czech, the default)')
for (const route of PAGES) {
  const entry = `virtual:vike:page-entry:client:${pageId(route)}`
  if (!manifest[entry] || !clientEntry) {
    console.log(`  ${route.padEnd(18)} not in the manifest`)
    continue
  }
  const keys = staticClosure([clientEntry, entry, ...[catalogueKey('cs')].filter((k): k is string => !!k)])
  const files = [...keys].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'))
  const total = files.reduce((sum, file) => sum + gzipKb(file), 0)
  const verdict = total <= BUDGET_KB ? 'within' : 'OVER'
  console.log(`  ${route.padEnd(18)} ${total.toFixed(1).padStart(6)} KB in ${String(files.length).padStart(2)} files  (${verdict} the ${BUDGET_KB} KB budget)`)
}
const catalogues = ['cs', 'en', 'de', 'fr', 'pl', 'zh'].map((locale) => {
  const key = catalogueKey(locale)
  return `${locale} ${key ? gzipKb(manifest[key]!.file).toFixed(1) : '?'} KB`
})
console.log(`  catalogue chunks: ${catalogues.join(', ')}`)
