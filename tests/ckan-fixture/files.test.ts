import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FIXTURE_ROBOTS, HUGE_FILE_BYTES, startCkanFixture, type CkanFixture } from './server.ts'

// The fixture's resource files: every link it hands out leads back to the fixture itself, so no check, link check or
// harvest of a fixture portal ever leaves this machine; and the files checks need to fail in every way are there.

let fx: CkanFixture

beforeAll(async () => {
  fx = await startCkanFixture({ portals: [{ slug: 'cz', datasets: 120 }, { slug: 'aliased', datasets: 20, resourceHosts: ['one.test', 'two.test'] }] })
})
afterAll(async () => {
  await fx.close()
})

async function linksOf(slug: string): Promise<string[]> {
  const found = (await (await fetch(`${fx.apiBase(slug)}/action/package_search?rows=1000`)).json()) as {
    result: { results: Array<{ url?: string | null; resources: Array<{ url: string; download_url?: string }> }> }
  }
  const links = found.result.results.flatMap((pkg) => [pkg.url, ...pkg.resources.flatMap((resource) => [resource.url, resource.download_url])])
  return [...new Set(links.filter((link): link is string => !!link))]
}

describe('resource links', () => {
  it('all lead to the portal on the fixture, where each answers 200 to HEAD and GET', async () => {
    const links = await linksOf('cz')
    expect(links.length).toBeGreaterThan(200)
    expect(links.filter((link) => !link.startsWith(`${fx.portalUrl('cz')}/`))).toEqual([])
    const failing: string[] = []
    for (const link of links) {
      for (const method of ['HEAD', 'GET']) {
        const response = await fetch(link, { method })
        await response.body?.cancel()
        if (response.status !== 200) failing.push(`${method} ${link} ${response.status}`)
      }
    }
    expect(failing).toEqual([])
  })

  it('keep the shapes of real links: map services, download scripts, files by extension', async () => {
    const links = await linksOf('cz')
    expect(links.some((link) => /\/files\/gis\/[^/]+\/.*service=WMS/.test(link))).toBe(true)
    expect(links.some((link) => /\/files\/data\/[^/]+\/download\?id=/.test(link))).toBe(true)
    expect(links.some((link) => /\/files\/data\/[^/]+\/\d{4}\/[^/]+\.csv$/.test(link))).toBe(true)
    expect(links.some((link) => /\/dataset\/[^/]+\/resource\/[^/]+\/download\//.test(link))).toBe(true)
    const csv = links.find((link) => link.endsWith('.csv') && link.includes('/files/data/'))!
    const response = await fetch(csv)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect((await response.text()).split('\r\n')[0]).toBe('id,obec,pocet')
  })

  it('are handed out under the names a portal is told to use, still on the fixture', async () => {
    const links = (await linksOf('aliased')).filter((link) => !link.includes('/files/www/'))
    const hosts = new Set(links.map((link) => new URL(link).hostname))
    expect(hosts).toEqual(new Set(['one.test', 'two.test']))
    for (const link of links) expect(new URL(link).port).toBe(new URL(fx.baseUrl).port)
  })
})

describe('files that fail as real ones do', () => {
  it('answers robots.txt that keeps crawlers out of /files/private/, a 404, a wrong type, a hang and a huge file', async () => {
    const files = `${fx.portalUrl('cz')}/files`
    expect(await (await fetch(`${fx.baseUrl}/robots.txt`)).text()).toBe(FIXTURE_ROBOTS)
    expect((await fetch(`${files}/gone`)).status).toBe(404)
    expect((await fetch(`${files}/wrong-type.csv`)).headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect((await fetch(`${files}/redirect/2`, { redirect: 'manual' })).headers.get('location')).toBe(`${files}/redirect/1`)
    await expect(fetch(`${files}/hang`, { signal: AbortSignal.timeout(200) })).rejects.toMatchObject({ name: 'TimeoutError' })
    const huge = await fetch(`${files}/huge.csv`, { method: 'HEAD' })
    expect(Number(huge.headers.get('content-length'))).toBe(HUGE_FILE_BYTES)
  })

  it('holds its answers until released, counting what arrived', async () => {
    const before = fx.fileRequests()
    const release = fx.holdFiles()
    const answers = [fetch(`${fx.portalUrl('cz')}/files/data.csv`), fetch(`${fx.portalUrl('cz')}/files/bad.csv`)]
    await fx.fileRequestsReached(before + 2)
    expect(fx.maxConcurrentFiles()).toBeGreaterThanOrEqual(2)
    release()
    expect((await Promise.all(answers)).map((response) => response.status)).toEqual([200, 200])
  })
})
