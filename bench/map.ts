// Why this file is long: one benchmark script; its data, its two pages and its measurements share its settings.
// The map at scale (issue 16): the product's map against a Leaflet + markercluster page, in one run, on the same points
// (one fixture portal where every dataset has an extent, harvested into a libSQL file and built into map tiles), the
// same Chromium flags (tests/chromium.ts), the same viewport and view (Czechia), a fresh browser context for every run.
// Neither page reaches the network: the product draws its offline basemap, the Leaflet page the same country and kraj
// outlines (server/map/geo.server.ts) as canvas vectors, no tile layer.
//
// Per page and size: the first fully painted frame from navigation start (the data layer drawn, then two animation
// frames); for the product both its server-rendered first frame (the picture of the opening view with the first
// view's clusters, features/map/MapPicture.tsx: inline SVG in the document) and the interactive
// map's own first frame with its data ("map drawn", which includes waiting for the first pointer move after hydration:
// the map loads on interaction); frame times while the map is dragged (p50, p95) and the settle time after the drag ends (until the new data
// is drawn and frames are quiet); medians of the runs. Goals: first paint at least 5x faster than Leaflet at 100,000
// points and 15x at 1,000,000; pan frames (p95) at or under 50 ms.
//
//   npx node bench/map.ts [--sizes 100000,1000000] [--runs 5] [--pages product,leaflet] [--skip-build]
//   npx node bench/map.ts --sizes 20000 --runs 2                     (quick: a few minutes)
//   BENCH_MAP_DB=/some/dir npx node bench/map.ts                     (keeps map-<size>.db there: harvest once)
//   BENCH_MAP_DB=/some/dir npx node bench/map.ts --prepare           (only harvest and build, to measure later)
//
// The Leaflet page: L.markerClusterGroup({ chunkedLoading: true }) fed one addLayers() call of default L.marker
// markers (markercluster's documented way for many points), the points fetched as one Float32Array (lon, lat) exported
// from the database's map_point table, the product's very points.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import { chromium, type Browser, type Page } from 'playwright'
import { createDb, readRaw } from '../db/client.server.ts'
import { migrateLibsql } from '../db/migrate.server.ts'
import { portals } from '../db/schema/portal.ts'
import { MAP_INITIAL_VIEW } from '../lib/domain/map.ts'
import { runHarvest, startHarvest } from '../server/ckan/harvest/harvest.server.ts'
import { createWorkerStore } from '../server/ckan/harvest/worker-store.server.ts'
import { outlineFile } from '../server/map/geo.server.ts'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/chromium.ts'
import { startBuiltServer } from './built-server.ts'
import { startFixtureProcess } from './fixture-process.ts'

// The fixture portal listens on loopback, which the harvest refuses by default (server/outbound/guarded-fetch.server.ts).
process.env.PORTALSCOPE_ALLOW_PRIVATE_HOSTS = '1'
const ROOT = path.resolve(import.meta.dirname, '..')
const PRODUCT_PORT = 3340
const LEAFLET_PORT = 3341
const FIXTURE_PORT = 5340
const VIEWPORT = { width: 1366, height: 768 }
const SEED = 1600
/** The event a page raises when its data layer has drawn (the product: features/map/use-home-layers.ts; Leaflet: below). */
const DRAWN = 'portalscope:map-drawn'
/** A frame longer than two vsyncs is work; the map has settled once none has come for QUIET_MS. */
const BUSY_FRAME_MS = 34
const QUIET_MS = 1000
// From the map's centre 400 px right and 200 px down: the product's legend and list toggle sit top-left, its zoom
// buttons top-right, so the drag starts and ends on the map itself.
const DRAG = { steps: 40, dx: 10, dy: 5, stepMs: 16 }

const { values: args } = parseArgs({
  options: {
    sizes: { type: 'string', default: '100000,1000000' },
    runs: { type: 'string', default: '5' },
    pages: { type: 'string', default: 'product,leaflet' },
    'skip-build': { type: 'boolean', default: false },
    // Harvest and build only (with BENCH_MAP_DB, to measure later).
    prepare: { type: 'boolean', default: false },
    // Saves what each page showed after its first paint and after the pan (warm-up visits) into this folder.
    screenshots: { type: 'string' },
  },
})
const SIZES = args.sizes.split(',').map((s) => Number(s.replace(/_/g, '')))
const RUNS = Number(args.runs)
const PAGES = args.pages.split(',') as PageName[]
if (SIZES.some((n) => !Number.isInteger(n) || n <= 0) || !(RUNS >= 1) || PAGES.some((p) => p !== 'product' && p !== 'leaflet')) {
  throw new Error('usage: npx node bench/map.ts [--sizes 100000,1000000] [--runs 5] [--pages product,leaflet] [--skip-build] [--prepare] [--screenshots dir]')
}

type PageName = 'product' | 'leaflet'
type Run = { firstFrame: number; picture: number; firstPaint: number; html: number; domReady: number; drawn: number; panP50: number; panP95: number; settle: number; panFrames: number; dragMs: number; drawnAfterUp: number[] }
type Build = { points: number; tiles: number; bytes: number; scopes: number; ms: number; wallMs: number; maxRssMiB: number } | null

const kept = process.env.BENCH_MAP_DB
const dir = kept ?? (await mkdtemp(path.join(tmpdir(), 'portalscope-map-')))
await mkdir(dir, { recursive: true })
const fileOf = (size: number) => path.join(dir, `map-${size}.db`)
const slugOf = (size: number) => `map${size}`

// ------------------------------------------------------------------------------------------------- data

async function harvestedCount(size: number): Promise<number> {
  if (!existsSync(fileOf(size))) return 0
  const db = await createDb({ url: `file:${fileOf(size)}` })
  const [row] = await db.all<{ n: number }>(sql`SELECT count(*) AS n FROM dataset WHERE portal_id = ${slugOf(size)} AND deleted_at IS NULL`)
  return row?.n ?? 0
}

/** Harvests one `extents=all` fixture portal per size that has no complete database yet. */
async function harvestMissing(): Promise<void> {
  const missing: number[] = []
  for (const size of SIZES) if ((await harvestedCount(size)) < size) missing.push(size)
  if (!missing.length) return
  const fixture = await startFixtureProcess(
    missing.map((size) => `${slugOf(size)}:${size}:none:seed=${SEED},extents=all`),
    { port: FIXTURE_PORT },
  )
  try {
    const { apiBases } = fixture
    for (const size of missing) {
      const url = `file:${fileOf(size)}`
      await migrateLibsql(url)
      const db = await createDb({ url })
      const slug = slugOf(size)
      const apiBase = apiBases.get(slug)!
      // A database left by an interrupted harvest keeps its portal and what it stored; a full harvest completes it.
      await db
        .insert(portals)
        .values({ id: slug, name: `Map ${size.toLocaleString('en')}`, baseUrl: apiBase.replace(/\/api\/3$/, ''), apiBase, country: 'CZ', createdAt: new Date() })
        .onConflictDoUpdate({ target: portals.id, set: { baseUrl: apiBase.replace(/\/api\/3$/, ''), apiBase } })
      const workerStore = createWorkerStore(url)
      const started = performance.now()
      let lastLine = started
      const { run } = await startHarvest(db, slug, { mode: 'full', trigger: 'cli' })
      const result = await runHarvest(db, run.id, {
        client: { gate: { politenessDelayMs: 0 } },
        store: workerStore.store,
        onProgress: (progress) => {
          if (performance.now() - lastLine < 60_000) return
          lastLine = performance.now()
          console.log(`map: harvesting ${slug}: ${progress.done.toLocaleString('en')} datasets after ${((lastLine - started) / 1000).toFixed(0)} s`)
        },
      })
      await workerStore.close()
      if (result?.status !== 'succeeded') throw new Error(`harvest of ${slug} ${result?.status}: ${JSON.stringify(result?.errors)}`)
      console.log(`map: harvested ${size.toLocaleString('en')} datasets in ${((performance.now() - started) / 1000).toFixed(0)} s`)
    }
  } finally {
    fixture.process.kill()
  }
}

/** The map build in a process of its own (bench/map-build.ts): its time and peak memory. */
function buildMap(size: number): Build {
  const result = spawnSync(process.execPath, [path.join(ROOT, 'bench/map-build.ts'), `file:${fileOf(size)}`], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] })
  if (result.status !== 0) throw new Error(`the map build of ${size} points failed`)
  return JSON.parse(result.stdout.trim().split('\n').at(-1)!) as Build
}

/** The newest finished build in the database (with --skip-build): its own time, no memory figure. */
async function lastBuild(size: number): Promise<Build> {
  const db = await createDb({ url: `file:${fileOf(size)}` })
  const [row] = (await readRaw(db, { sql: 'SELECT points, tiles, ms FROM map_build WHERE finished_at IS NOT NULL ORDER BY id DESC LIMIT 1', args: [] })) as Array<[number, number, number]>
  if (!row) return null
  const [points, tiles, ms] = row
  const [[bytes, scopes] = [0, 0]] = (await readRaw(db, { sql: 'SELECT sum(length(data)), count(DISTINCT scope) FROM map_tile WHERE build_id = (SELECT max(id) FROM map_build WHERE finished_at IS NOT NULL)', args: [] })) as Array<[number, number]>
  return { points, tiles, bytes, scopes, ms, wallMs: ms, maxRssMiB: Number.NaN }
}

/**
 * The points of the newest map build as [lon, lat, lon, lat, ...], the form the Leaflet page reads; without a build
 * (--skip-build on a fresh database), the centres of the extents' boxes.
 */
async function exportPoints(size: number): Promise<Float32Array> {
  const db = await createDb({ url: `file:${fileOf(size)}` })
  let rows = (await readRaw(db, { sql: 'SELECT lon, lat FROM map_point ORDER BY dataset_key', args: [] })) as Array<[number, number]>
  if (!rows.length) {
    console.log('map: no map build in the database; the Leaflet page gets the centres of the extents')
    rows = (await readRaw(db, { sql: 'SELECT (west + east) / 2, (south + north) / 2 FROM dataset_extent ORDER BY dataset_key', args: [] })) as Array<[number, number]>
  }
  const points = new Float32Array(rows.length * 2)
  rows.forEach(([lon, lat], i) => {
    points[2 * i] = lon
    points[2 * i + 1] = lat
  })
  return points
}

// ------------------------------------------------------------------------------------------------- pages

function leafletHtml(): string {
  // Leaflet's zoom counts 256-pixel tiles and maplibre's 512-pixel ones: zoom z there is z + 1 here, the same scale.
  const { latitude, longitude, zoom } = MAP_INITIAL_VIEW
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Leaflet + markercluster</title>
<link rel="stylesheet" href="/leaflet/leaflet.css">
<link rel="stylesheet" href="/markercluster/MarkerCluster.css">
<link rel="stylesheet" href="/markercluster/MarkerCluster.Default.css">
<style>html, body { margin: 0; height: 100%; } #map { background: #dde6ee; }</style>
</head><body><div id="map"></div>
<script src="/leaflet/leaflet.js"></script>
<script src="/markercluster/leaflet.markercluster.js"></script>
<script>
const size = new URLSearchParams(location.search)
const element = document.getElementById('map')
element.style.width = (size.get('w') || innerWidth) + 'px'
element.style.height = (size.get('h') || innerHeight) + 'px'
// maxZoom 18 as under OpenStreetMap's tiles; markercluster clusters up to it.
const map = L.map(element, { preferCanvas: true, maxZoom: 18 }).setView([${latitude}, ${longitude}], ${zoom + 1})
// The product's offline basemap: the same country and kraj outlines, drawn on the canvas.
fetch('/countries.json').then((r) => r.json()).then((countries) => {
  L.geoJSON(countries, { interactive: false, style: { color: '#8a99a8', weight: 1, fillColor: '#f4f1ea', fillOpacity: 1 } }).addTo(map)
  return fetch('/kraje.json').then((r) => r.json())
}).then((kraje) => L.geoJSON(kraje, { interactive: false, style: { color: '#b3bcc6', weight: 0.8, fill: false } }).addTo(map))
fetch('/points.bin').then((r) => r.arrayBuffer()).then((buffer) => {
  const points = new Float32Array(buffer)
  const markers = new Array(points.length / 2)
  for (let i = 0; i < markers.length; i++) markers[i] = L.marker([points[2 * i + 1], points[2 * i]])
  const drawn = () => dispatchEvent(new Event('${DRAWN}'))
  const clusters = L.markerClusterGroup({
    chunkedLoading: true,
    // Called before the last chunk's clusters go onto the map; they are there once this task ends. (Adding the group
    // to the map calls it too, for no markers.)
    chunkProgress: (done, total) => { if (total === markers.length && done === total) queueMicrotask(drawn) },
  })
  map.addLayer(clusters)
  // markercluster redraws on moveend with a handler registered before this one.
  map.on('moveend', drawn)
  clusters.addLayers(markers)
})
</script></body></html>`
}

async function startLeafletServer(): Promise<{ server: Server; setPoints: (points: Float32Array) => void }> {
  let points: Float32Array = new Float32Array(0)
  const html = leafletHtml()
  const files: Record<string, string> = {
    '/leaflet/leaflet.js': 'node_modules/leaflet/dist/leaflet.js',
    '/leaflet/leaflet.css': 'node_modules/leaflet/dist/leaflet.css',
    '/leaflet/images/marker-icon.png': 'node_modules/leaflet/dist/images/marker-icon.png',
    '/leaflet/images/marker-icon-2x.png': 'node_modules/leaflet/dist/images/marker-icon-2x.png',
    '/leaflet/images/marker-shadow.png': 'node_modules/leaflet/dist/images/marker-shadow.png',
    '/markercluster/leaflet.markercluster.js': 'node_modules/leaflet.markercluster/dist/leaflet.markercluster.js',
    '/markercluster/MarkerCluster.css': 'node_modules/leaflet.markercluster/dist/MarkerCluster.css',
    '/markercluster/MarkerCluster.Default.css': 'node_modules/leaflet.markercluster/dist/MarkerCluster.Default.css',
  }
  const types: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.png': 'image/png' }
  const server = createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname
    const file = files[pathname]
    if (pathname === '/') res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html)
    else if (pathname === '/countries.json' || pathname === '/kraje.json') res.writeHead(200, { 'content-type': 'application/json' }).end(outlineFile(pathname === '/kraje.json' ? 'kraje' : 'countries').body)
    else if (pathname === '/points.bin') res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(Buffer.from(points.buffer, points.byteOffset, points.byteLength))
    else if (file) void readFile(path.join(ROOT, file)).then((body) => res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' }).end(body))
    else res.writeHead(pathname === '/favicon.ico' ? 204 : 404).end()
  })
  await new Promise<void>((resolve) => server.listen(LEAFLET_PORT, '127.0.0.1', resolve))
  return { server, setPoints: (next) => (points = next) }
}

// ------------------------------------------------------------------------------------------------- measuring

type Probe = { drawn: number[]; frames: number[]; firstPaint: number | null; picture: number | null; down: number | null; up: number | null; recording: boolean }
declare global {
  interface Window {
    __mapBench: Probe
  }
}

/** Installed before any page script: when the data is drawn, the first painted frame, animation frames, the drag. */
function probe(drawnName: string): void {
  const bench: Probe = (window.__mapBench = { drawn: [], frames: [], firstPaint: null, picture: null, down: null, up: null, recording: false })
  // The product's server-rendered first frame (features/map/MapPicture.tsx, inline SVG): painted once it is in the
  // document, two animation frames later (no frame runs while the page's style sheets still load).
  const watch = new MutationObserver(() => {
    if (!document.querySelector('[data-testid=map-picture] svg')) return
    watch.disconnect()
    requestAnimationFrame(() => requestAnimationFrame(() => (bench.picture = performance.now())))
  })
  watch.observe(document, { childList: true, subtree: true })
  const onDrawn = () => {
    bench.drawn.push(performance.now())
    if (bench.drawn.length === 1) requestAnimationFrame(() => requestAnimationFrame(() => (bench.firstPaint = performance.now())))
  }
  addEventListener(drawnName, onDrawn)
  addEventListener('mousedown', () => (bench.down = performance.now()), true)
  addEventListener('mouseup', () => (bench.up = performance.now()), true)
  const tick = (time: number) => {
    bench.frames.push(time)
    if (bench.recording) requestAnimationFrame(tick)
  }
  addEventListener('portalscope:bench-frames', () => {
    bench.recording = true
    requestAnimationFrame(tick)
  })
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN
}

/** The end of the last busy frame or data draw after `from`, once nothing busy has come for QUIET_MS (or after 120 s). */
async function waitQuiet(page: Page, from: number): Promise<number> {
  const deadline = Date.now() + 120_000
  for (;;) {
    await sleep(200)
    const { now, frames, drawn } = await page.evaluate(() => ({ now: performance.now(), frames: window.__mapBench.frames, drawn: window.__mapBench.drawn }))
    let busy = from
    for (let i = 1; i < frames.length; i++) if (frames[i]! > from && frames[i]! - frames[i - 1]! > BUSY_FRAME_MS) busy = Math.max(busy, frames[i]!)
    for (const time of drawn) if (time > from) busy = Math.max(busy, time)
    if (now - busy >= QUIET_MS || Date.now() > deadline) return busy
  }
}

async function measure(browser: Browser, url: string, mapSelector: string, screenshot?: string): Promise<Run & { mapSize: { width: number; height: number } }> {
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1 })
  try {
    const page = await context.newPage()
    page.on('pageerror', (error) => console.log(`map: page error on ${url}: ${error.message}`))
    page.on('console', (message) => message.type() === 'error' && console.log(`map: console error on ${url}: ${message.text()}`))
    await page.addInitScript(probe, DRAWN)
    await page.goto(url, { waitUntil: 'commit' })
    // The product's map loads on the first interaction once the page has hydrated (decision 022): the pointer moves
    // over the page every 100 ms until the data layer is drawn, as a hand on the mouse would.
    const paintDeadline = Date.now() + Number(process.env.BENCH_MAP_PAINT_TIMEOUT_MS ?? 600_000)
    for (let moves = 0; !(await page.evaluate(() => window.__mapBench?.firstPaint != null)); moves++) {
      if (Date.now() > paintDeadline) throw new Error(`map: ${url} drew nothing in time`)
      await page.mouse.move(VIEWPORT.width / 2 + (moves % 2), VIEWPORT.height / 2)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    // Where the time to the first paint went: the HTML's last byte, DOMContentLoaded, the data layer drawn.
    const { firstPaint, picture, html, domReady, drawn } = await page.evaluate(() => {
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming
      return { firstPaint: window.__mapBench.firstPaint!, picture: window.__mapBench.picture ?? Number.NaN, html: navigation.responseEnd, domReady: navigation.domContentLoadedEventEnd, drawn: window.__mapBench.drawn[0]! }
    })
    await page.evaluate(() => dispatchEvent(new Event('portalscope:bench-frames')))
    await waitQuiet(page, firstPaint)
    if (screenshot) await page.screenshot({ path: `${screenshot}-first.png` })
    const box = (await page.locator(mapSelector).first().boundingBox())!
    let x = box.x + box.width / 2
    let y = box.y + box.height / 2
    await page.mouse.move(x, y)
    await page.mouse.down()
    // A hand moves the mouse at its own pace however slow the page is: the moves go out every DRAG.stepMs without
    // waiting for the page to take the previous one (the browser coalesces what queues up, once per frame).
    const moves: Array<Promise<void>> = []
    for (let step = 0; step < DRAG.steps; step++) {
      x += DRAG.dx
      y += DRAG.dy
      moves.push(page.mouse.move(x, y))
      await sleep(DRAG.stepMs)
    }
    await Promise.all(moves)
    await page.mouse.up()
    const { down, up } = await page.evaluate(() => ({ down: window.__mapBench.down!, up: window.__mapBench.up! }))
    const settledAt = await waitQuiet(page, up)
    if (screenshot) await page.screenshot({ path: `${screenshot}-panned.png` })
    const frames = await page.evaluate(() => window.__mapBench.frames)
    const during: number[] = []
    for (let i = 1; i < frames.length; i++) if (frames[i]! > down && frames[i - 1]! < up) during.push(frames[i]! - frames[i - 1]!)
    const drawnAfter = await page.evaluate((after) => window.__mapBench.drawn.filter((time) => time > after).map((time) => Math.round(time - after)), up)
    return {
      // The first frame that shows the map with its data: the server's picture, else the map's own first draw.
      firstFrame: Number.isNaN(picture) ? firstPaint : Math.min(picture, firstPaint),
      picture,
      firstPaint,
      html,
      domReady,
      drawn,
      panP50: quantile(during, 0.5),
      panP95: quantile(during, 0.95),
      settle: settledAt - up,
      panFrames: during.length,
      dragMs: up - down,
      drawnAfterUp: drawnAfter,
      mapSize: { width: Math.round(box.width), height: Math.round(box.height) },
    }
  } finally {
    await context.close()
  }
}

// ------------------------------------------------------------------------------------------------- run

await harvestMissing()
const builds = new Map<number, Build>()
for (const size of SIZES) builds.set(size, args['skip-build'] ? await lastBuild(size) : buildMap(size))

if (args.prepare) {
  for (const [size, build] of builds) if (build) console.log(`map: ${size.toLocaleString('en')}: map build of ${build.points.toLocaleString('en')} points in ${(build.ms / 1000).toFixed(1)} s, peak RSS ${build.maxRssMiB} MiB`)
  process.exit(0)
}

const leaflet = await startLeafletServer()
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
const chromiumVersion = browser.version()
const results = new Map<string, Run[]>()
try {
  for (const size of SIZES) {
    const points = await exportPoints(size)
    leaflet.setPoints(points)
    console.log(`map: ${size.toLocaleString('en')} datasets, ${(points.length / 2).toLocaleString('en')} points on the map`)
    const product = PAGES.includes('product')
      ? await startBuiltServer(dir, {
          port: PRODUCT_PORT,
          startTimeoutMs: 900_000,
          env: { DATABASE_URL: `file:${fileOf(size)}` },
        })
      : null
    try {
      // The product's map area sizes the Leaflet map, so both draw the same area of the same view.
      let mapSize = VIEWPORT
      const urls: Record<PageName, () => string> = {
        product: () => `http://127.0.0.1:${PRODUCT_PORT}/`,
        leaflet: () => `http://127.0.0.1:${LEAFLET_PORT}/?w=${mapSize.width}&h=${mapSize.height}`,
      }
      const selectors: Record<PageName, string> = { product: '.maplibregl-map', leaflet: '#map' }
      // One warm-up visit per page (server caches, the browser's compiled code stays per context anyway), not counted.
      for (const name of PAGES) {
        const warm = await measure(browser, urls[name](), selectors[name], args.screenshots && path.join(args.screenshots, `${name}-${size}`))
        if (name === 'product') mapSize = warm.mapSize
      }
      for (let run = 0; run < RUNS; run++) {
        for (const name of PAGES) {
          const result = await measure(browser, urls[name](), selectors[name])
          const key = `${size} ${name}`
          results.set(key, [...(results.get(key) ?? []), result])
          console.log(
            `map: ${size.toLocaleString('en')} ${name.padEnd(7)} run ${run + 1}: first frame ${result.firstFrame.toFixed(0)} ms, map drawn ${result.firstPaint.toFixed(0)} ms (HTML ${result.html.toFixed(0)}, DOMContentLoaded ${result.domReady.toFixed(0)}, drawn ${result.drawn.toFixed(0)}), pan p50 ${result.panP50.toFixed(0)} / p95 ${result.panP95.toFixed(0)} ms (${result.panFrames} frames in a ${result.dragMs.toFixed(0)} ms drag), settle ${result.settle.toFixed(0)} ms (data drawn ${result.drawnAfterUp.join(', ') || 'never'} ms after the drag)`,
          )
        }
      }
    } finally {
      product?.server.kill('SIGTERM')
      await sleep(1000)
    }
  }
} finally {
  await browser.close()
  leaflet.server.close()
}

// ------------------------------------------------------------------------------------------------- report

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}
const FIRST_PAINT_GOAL: Record<number, number> = { 100_000: 5, 1_000_000: 15 }
const PAN_GOAL_MS = 50
console.log(`\nmap: ${RUNS} runs per page and size, medians (min-max); viewport ${VIEWPORT.width}x${VIEWPORT.height}, Chromium ${chromiumVersion}`)
console.log('first frame: the first painted frame that shows the map with its data (the product: its server-rendered picture); map drawn: the interactive map\'s own first frame with its data')
console.log(`${'size'.padStart(10)}  ${'page'.padEnd(8)} ${'first frame ms'.padEnd(24)} ${'map drawn ms'.padEnd(24)} ${'pan p50'.padStart(8)} ${'pan p95'.padStart(8)} ${'settle ms'.padStart(10)}`)
for (const size of SIZES) {
  for (const name of PAGES) {
    const runs = results.get(`${size} ${name}`) ?? []
    const paints = runs.map((r) => r.firstPaint)
    const frames = runs.map((r) => r.firstFrame)
    const spread = (values: number[]) => `${median(values).toFixed(0)} (${Math.min(...values).toFixed(0)}-${Math.max(...values).toFixed(0)})`.padEnd(24)
    const breakdown = `HTML ${median(runs.map((r) => r.html)).toFixed(0)}, DOMContentLoaded ${median(runs.map((r) => r.domReady)).toFixed(0)}, drawn ${median(runs.map((r) => r.drawn)).toFixed(0)}`
    // Frame times are whole numbers of display frames (16.7 ms at 60 Hz) plus timer jitter: compared to 0.1 ms.
    const panOk = name === 'product' ? (Math.round(median(runs.map((r) => r.panP95)) * 10) / 10 <= PAN_GOAL_MS ? '  (pan goal ≤ 50 ms: within)' : '  (pan goal ≤ 50 ms: over)') : ''
    console.log(
      `${size.toLocaleString('en').padStart(10)}  ${name.padEnd(8)} ${spread(frames)} ${spread(paints)} ${median(runs.map((r) => r.panP50)).toFixed(1).padStart(8)} ${median(runs.map((r) => r.panP95)).toFixed(1).padStart(8)} ${median(runs.map((r) => r.settle)).toFixed(0).padStart(10)}  (${breakdown})${panOk}`,
    )
  }
  const product = results.get(`${size} product`)
  const other = results.get(`${size} leaflet`)
  if (product?.length && other?.length) {
    const ratio = (pick: (r: Run) => number) => median(other.map(pick)) / median(product.map(pick))
    const goal = FIRST_PAINT_GOAL[size]
    const paintRatio = ratio((r) => r.firstFrame)
    const verdict = goal === undefined ? '(no goal at this size)' : `(goal ≥ ${goal}x: ${paintRatio >= goal ? 'within' : 'over'})`
    console.log(`${''.padStart(10)}  Leaflet/product: first frame ${paintRatio.toFixed(1)}x ${verdict}, map drawn ${ratio((r) => r.firstPaint).toFixed(1)}x, pan p95 ${ratio((r) => r.panP95).toFixed(1)}x, settle ${ratio((r) => r.settle).toFixed(1)}x`)
  }
  const build = builds.get(size)
  if (build) {
    console.log(
      `${''.padStart(10)}  map build: ${build.points.toLocaleString('en')} points, ${build.tiles.toLocaleString('en')} tiles (${(build.bytes / 1048576).toFixed(1)} MiB, ${build.scopes} scopes) in ${(build.ms / 1000).toFixed(1)} s, ${Number.isNaN(build.maxRssMiB) ? 'an earlier build (--skip-build): peak RSS not measured' : `peak RSS ${build.maxRssMiB} MiB`}`,
    )
  }
}

if (!kept) await rm(dir, { recursive: true, force: true })
