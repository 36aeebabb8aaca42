// Lighthouse (desktop) on the analysis pages, served the README's way (`npm start`) from a database holding the demo
// catalogue. Goal (issue 7): performance ≥ 95 and accessibility 100 on /data-formats and /data-quality.
//
//   npx node bench/lighthouse.ts [path ...]
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

const PATHS = process.argv.slice(2).length ? process.argv.slice(2) : ['/data-formats', '/data-quality', '/']
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

const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
})
try {
  for (const page of PATHS) {
    // The first run warms the server's caches; the second is the one reported.
    await lighthouse(`${base}${page}`, { port: chrome.port, output: 'json', logLevel: 'error' }, desktopConfig)
    const result = await lighthouse(`${base}${page}`, { port: chrome.port, output: 'json', logLevel: 'error' }, desktopConfig)
    const categories = result?.lhr.categories ?? {}
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100)
    const audits = result?.lhr.audits ?? {}
    const metric = (id: string) => audits[id]?.displayValue ?? '?'
    console.log(
      `lighthouse desktop ${page.padEnd(14)} performance ${score('performance')}  accessibility ${score('accessibility')}  best practices ${score('best-practices')}  SEO ${score('seo')}` +
        `  (FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')})`,
    )
    const failing = Object.values(result?.lhr.categories.accessibility?.auditRefs ?? [])
      .map((ref) => audits[ref.id])
      .filter((audit) => audit && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
    for (const audit of failing) console.log(`  accessibility: ${audit!.id}: ${audit!.title}`)
  }
} finally {
  await chrome.kill()
  if (server.pid) process.kill(-server.pid)
  await rm(dir, { recursive: true, force: true })
}
