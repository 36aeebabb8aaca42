// Lighthouse on every public page, mobile (Lighthouse's default: simulated slow 4G, 4x CPU slowdown) and desktop,
// served the README's way (`npm start`) from a database holding the demo catalogue. Goals: performance ≥ 90 on every
// public page in both (issue 17; ≥ 95 on desktop for /data-formats and /data-quality, issue 7) and accessibility 100.
//
//   npx node bench/lighthouse.ts [--mobile-only | --desktop-only] [path ...]
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import desktopConfig from 'lighthouse/core/config/desktop-config.js'
import { createDb } from '../db/client.server.ts'
import { migrateLibsql } from '../db/migrate.server.ts'
import { loadDemoCatalogue } from '../server/ckan/demo/demo-catalogue.server.ts'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/chromium.ts'

const args = process.argv.slice(2)
const FORMS = args.includes('--mobile-only') ? ['mobile'] : args.includes('--desktop-only') ? ['desktop'] : ['mobile', 'desktop']
const given = args.filter((arg) => !arg.startsWith('--'))
// Every public page of the route table; a dataset's, an organization's and a region's page by an example.
const PUBLIC_PAGES = ['/', '/ckan-instances', '/ckan-explorer', '/organizations', '/data-formats', '/data-quality', '/regional-analysis', '/location/CZ010', '/auth/login', '/auth/signup']
const PATHS = given.length ? given : [...PUBLIC_PAGES]
const GOAL = 90
const PORT = 3190
const root = path.join(import.meta.dirname, '..')
const dir = await mkdtemp(path.join(tmpdir(), 'portalscope-lighthouse-'))
const url = `file:${path.join(dir, 'lighthouse.db')}`
await migrateLibsql(url)
await loadDemoCatalogue(await createDb({ url }))

const server = spawn('npm', ['start'], {
  cwd: root,
  env: { ...process.env, PORT: String(PORT), DATABASE_URL: url, PORTALSCOPE_SCHEDULER: 'off', PORTALSCOPE_DEMO: 'off' },
  stdio: ['ignore', 'ignore', 'inherit'],
  detached: true,
})
const base = `http://localhost:${PORT}`
for (let attempt = 0; ; attempt++) {
  try {
    if ((await fetch(`${base}/api/trpc/health`)).ok) break
  } catch {
    // Not listening yet.
  }
  if (attempt > 600) throw new Error('the server did not start')
  await new Promise((resolve) => setTimeout(resolve, 500))
}

// A dataset's and an organization's page: the first each list links to.
async function firstLink(page: string, pattern: RegExp): Promise<string | null> {
  const html = await (await fetch(`${base}${page}`)).text()
  return pattern.exec(html)?.[1] ?? null
}
if (!given.length) {
  for (const link of [await firstLink('/ckan-explorer', /href="(\/dataset\/[^"]+)"/), await firstLink('/organizations', /href="(\/organizations\/[^"?]+)"/)]) if (link) PATHS.push(link)
}

const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
})
const over: string[] = []
try {
  for (const form of FORMS) for (const page of PATHS) {
    const config = form === 'desktop' ? desktopConfig : undefined
    // The first run warms the server's caches; the second is the one reported.
    await lighthouse(`${base}${page}`, { port: chrome.port, output: 'json', logLevel: 'error' }, config)
    const result = await lighthouse(`${base}${page}`, { port: chrome.port, output: 'json', logLevel: 'error' }, config)
    const categories = result?.lhr.categories ?? {}
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100)
    const audits = result?.lhr.audits ?? {}
    const metric = (id: string) => audits[id]?.displayValue ?? '?'
    const verdict = score('performance') >= GOAL && score('accessibility') === 100 ? 'within' : 'OVER'
    if (verdict === 'OVER') over.push(`${form} ${page}`)
    console.log(
      `lighthouse ${form.padEnd(7)} ${page.padEnd(22)} ${verdict.padEnd(6)} performance ${score('performance')}  accessibility ${score('accessibility')}  best practices ${score('best-practices')}  SEO ${score('seo')}` +
        `  (FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')})`,
    )
    // A run Lighthouse could not measure (no paint recorded, a page that did not load) scores 0: say why.
    if (result?.lhr.runtimeError) console.log(`  Lighthouse could not measure the page: ${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`)
    const failing = Object.values(result?.lhr.categories.accessibility?.auditRefs ?? [])
      .map((ref) => audits[ref.id])
      .filter((audit) => audit && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
    for (const audit of failing) {
      console.log(`  accessibility: ${audit!.id}: ${audit!.title}`)
      // Which elements, so the finding can be acted on without opening the report.
      const items = ((audit!.details as { items?: Array<{ node?: { snippet?: string; selector?: string } }> } | undefined)?.items ?? []).slice(0, 5)
      for (const item of items) if (item.node) console.log(`    ${item.node.selector ?? ''}  ${item.node.snippet ?? ''}`)
    }
  }
  console.log(`lighthouse: goal performance ≥ ${GOAL} and accessibility 100 on every page: ${over.length ? `over on ${over.join(', ')}` : 'within'}`)
} finally {
  await chrome.kill()
  if (server.pid) process.kill(-server.pid)
  await rm(dir, { recursive: true, force: true })
}
