import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDb } from '../../db/client.server.ts'
import { decodeTile } from '../../lib/domain/map-tile.ts'
import { CZ_KRAJE } from '../../lib/domain/cz-kraje.ts'
import { createTestDatabase } from '../../tests/helpers/test-db.ts'
import { harvestedDatabase, type HarvestedDatabase } from '../../tests/helpers/map-fixture.ts'
import { createApp } from '../app.server.ts'
import { runJob } from '../jobs/registry.server.ts'
import type { MapBuildSummary } from './build.server.ts'
import type { OutlineCollection } from './geo.server.ts'
import { mapPictureUrls } from './picture.server.ts'
import { MAP_INITIAL_VIEW, viewPixels } from '../../lib/domain/map.ts'
import { cssRgb, MAP_THEMES } from '../../lib/domain/map-palette.ts'
import { MAP_PICTURE_SIZE } from '../../lib/domain/map-picture.ts'

// The map's HTTP routes through the whole Hono app, as the browser and a shared cache meet them.
let testDb: HarvestedDatabase
let app: ReturnType<typeof createApp>
let build: MapBuildSummary
let pointsOf: Record<string, number>

beforeAll(async () => {
  // The app reads DATABASE_URL once per process, and the harvest already reads the settings.
  const empty = await createTestDatabase()
  process.env.DATABASE_URL = empty.url
  testDb = await harvestedDatabase({ a: 400, b: 150 }, empty)
  build = (await runJob('map-build', await createDb({ url: testDb.url }, { role: 'background' }), {}))!
  const rows = await testDb.db.all<{ portal_id: string; n: number }>(sql`SELECT portal_id, count(*) AS n FROM map_point GROUP BY portal_id`)
  pointsOf = Object.fromEntries(rows.map((row) => [row.portal_id, row.n]))
  app = createApp()
}, 120_000)
afterAll(async () => {
  await testDb.close()
})

const countsOf = async (res: Response) => {
  const tile = decodeTile(new Uint8Array(await res.arrayBuffer()))
  if (tile.kind !== 'clusters') throw new Error('expected clusters')
  return Array.from(tile.counts).reduce((a, b) => a + b, 0)
}

describe('GET /api/map/tiles/:buildId/:z/:x/:y', () => {
  it('serves a stored tile as bytes that are cached for good, for all portals or one', async () => {
    const res = await app.request(`/api/map/tiles/${build.buildId}/0/0/0?lang=en`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/octet-stream')
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(res.headers.get('etag')).toBe(`"map-${build.buildId}--0-0-0"`)
    // Before the session and the language: nothing personal, so a shared cache may keep it.
    expect(res.headers.getSetCookie()).toEqual([])
    expect(await countsOf(res)).toBe(build.points)
    const portal = await app.request(`/api/map/tiles/${build.buildId}/0/0/0?portal=b`)
    expect(portal.headers.get('etag')).toBe(`"map-${build.buildId}-b-0-0-0"`)
    expect(await countsOf(portal)).toBe(pointsOf.b)
  })

  it('answers 304 without a body when the browser has the tile', async () => {
    const etag = `"map-${build.buildId}--0-0-0"`
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await app.request(`/api/map/tiles/${build.buildId}/0/0/0`, { headers: { 'if-none-match': header } })
      expect(res.status, header).toBe(304)
      expect(res.headers.get('etag')).toBe(etag)
      expect(await res.text()).toBe('')
    }
    expect((await app.request(`/api/map/tiles/${build.buildId}/0/0/0`, { headers: { 'if-none-match': '"map-1-a-0-0-0"' } })).status).toBe(200)
  })

  it('answers 204, cacheable, for a tile with nothing in it and for a portal without points', async () => {
    // Zoom 13 over the Atlantic.
    const empty = await app.request(`/api/map/tiles/${build.buildId}/13/3000/3000`)
    expect(empty.status).toBe(204)
    expect(empty.headers.get('cache-control')).toContain('immutable')
    expect(empty.headers.get('etag')).toBe(`"map-${build.buildId}--13-3000-3000"`)
    expect((await app.request(`/api/map/tiles/${build.buildId}/0/0/0?portal=nowhere`)).status).toBe(204)
  })

  it('answers 404 for a build that is gone or never finished, so that the client asks for the current one', async () => {
    const gone = await app.request(`/api/map/tiles/${build.buildId + 100}/0/0/0`)
    expect(gone.status).toBe(404)
    expect(gone.headers.get('cache-control')).toBe('no-store')
    await testDb.db.run(sql`INSERT INTO map_build (source, started_at) VALUES ('unfinished', ${Date.now()})`)
    const [unfinished] = await testDb.db.all<{ id: number }>(sql`SELECT id FROM map_build WHERE source = 'unfinished'`)
    expect((await app.request(`/api/map/tiles/${unfinished!.id}/0/0/0`)).status).toBe(404)
  })

  it('answers 400 for an address that is not a tile', async () => {
    for (const path of [
      `${build.buildId}/14/0/0`,
      `${build.buildId}/1/2/0`,
      `${build.buildId}/1/0/2`,
      `${build.buildId}/-1/0/0`,
      `${build.buildId}/1.5/0/0`,
      `${build.buildId}/01/0/0`,
      `${build.buildId}/z/0/0`,
      `0/0/0/0`,
      `${build.buildId}/3/99999999999/0`,
    ]) {
      expect((await app.request(`/api/map/tiles/${path}`)).status, path).toBe(400)
    }
    expect((await app.request(`/api/map/tiles/${build.buildId}/0/0/0?portal=${'x'.repeat(81)}`)).status).toBe(400)
  })
})

describe('GET /api/map/geo/:name.json', () => {
  it('serves the kraje with their NUTS 3 ids and both names, revalidated by ETag', async () => {
    const res = await app.request('/api/map/geo/kraje.json')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('application/geo+json')
    const body = (await res.json()) as OutlineCollection
    expect(body.features.map((f) => f.properties)).toEqual(CZ_KRAJE.map((k) => ({ id: k.id, nameEn: k.nameEn, nameCs: k.nameCs })))
    const etag = res.headers.get('etag')!
    expect(etag).toMatch(/^"geo-[0-9a-f]{20}"$/)
    const again = await app.request('/api/map/geo/kraje.json', { headers: { 'if-none-match': etag } })
    expect(again.status).toBe(304)
  })

  it('serves the countries with ISO alpha-2 ids, names in both languages and no line across the world', async () => {
    const res = await app.request('/api/map/geo/countries.json')
    expect(res.status).toBe(200)
    const body = (await res.json()) as OutlineCollection
    const byId = new Map(body.features.map((f) => [f.id, f]))
    expect(byId.get('CZ')?.properties).toEqual({ id: 'CZ', nameEn: 'Czechia', nameCs: 'Česko' })
    expect(byId.get('DE')?.properties.nameCs).toBe('Německo')
    expect(body.features.length).toBeGreaterThan(150)
    expect(body.features.every((f) => /^[A-Z]{2}$/.test(f.id) && f.properties.id === f.id)).toBe(true)
    // Russia and Fiji cross ±180°: no ring jumps from one edge of the world to the other.
    for (const id of ['RU', 'FJ']) {
      const geometry = byId.get(id)!.geometry
      const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates
      for (const ring of polygons.flat()) for (let i = 1; i < ring.length; i++) expect(Math.abs(ring[i]![0]! - ring[i - 1]![0]!)).toBeLessThan(180)
    }
    expect(res.headers.get('etag')).not.toBe((await app.request('/api/map/geo/kraje.json')).headers.get('etag'))
  })

  it('answers 404 for any other name', async () => {
    for (const name of ['rivers.json', 'kraje', 'kraje.geojson', 'constructor.json', '__proto__.json']) {
      expect((await app.request(`/api/map/geo/${name}`)).status, name).toBe(404)
    }
  })
})

describe('GET /api/map/picture/{light,dark}.svg', () => {
  it('serves the opening view\'s basemap per theme, for good at its versioned address and revalidated elsewhere', async () => {
    const { light, dark } = mapPictureUrls()
    expect(light).not.toBe(dark)
    const res = await app.request(light)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8')
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(res.headers.get('set-cookie')).toBeNull()
    const svg = await res.text()
    const { width, height } = MAP_PICTURE_SIZE
    expect(svg).toMatch(new RegExp(`^<svg [^>]*width="${width}" height="${height}"`))
    // Water, the land abroad, Czechia lighter, the kraje's lines and the countries' lines, in the light theme's colours.
    expect(svg.match(/<path d="M/g)).toHaveLength(4)
    expect(svg).toContain(`fill="${cssRgb(MAP_THEMES.light.landHome)}"`)
    const darkSvg = await (await app.request(dark)).text()
    expect(darkSvg).toContain(`fill="${cssRgb(MAP_THEMES.dark.landHome)}"`)
    const unversioned = await app.request('/api/map/picture/light.svg')
    expect(unversioned.headers.get('cache-control')).toBe('public, max-age=86400')
    const again = await app.request(light, { headers: { 'If-None-Match': res.headers.get('etag')! } })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    expect((await app.request('/api/map/picture/sepia.svg')).status).toBe(404)
  })

  it('draws Czechia where the map draws it: its centre at the picture\'s centre, at the opening zoom', () => {
    const { width, height } = MAP_PICTURE_SIZE
    const { project, bbox } = viewPixels(MAP_INITIAL_VIEW, width, height)
    expect(project(MAP_INITIAL_VIEW.longitude, MAP_INITIAL_VIEW.latitude)).toEqual([width / 2, height / 2])
    // 512-pixel tiles: one degree of longitude is 512 * 2^zoom / 360 pixels.
    const [x] = project(MAP_INITIAL_VIEW.longitude + 1, MAP_INITIAL_VIEW.latitude)
    expect(x - width / 2).toBeCloseTo((512 * 2 ** MAP_INITIAL_VIEW.zoom) / 360, 6)
    expect(project(bbox.west, bbox.north)[0]).toBeCloseTo(0, 6)
    expect(project(bbox.west, bbox.north)[1]).toBeCloseTo(0, 6)
    expect(project(bbox.east, bbox.south)[1]).toBeCloseTo(height, 6)
  })
})
