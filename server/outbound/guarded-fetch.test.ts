import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addPortal, probePortal } from '../ckan/portal-registry.server.ts'
import { createTestDatabase, type TestDatabase } from '../../tests/helpers/test-db.ts'
import { createCkanClient } from './ckan-client.server.ts'
import { checkLinks } from './link-check.server.ts'
import { takeOffMachineAttempts } from '../../tests/helpers/loopback-only.ts'
import { assertOutboundUrl, guardedFetch, outboundAddress, OutboundBlockedError, type OutboundPolicy } from './guarded-fetch.server.ts'

// Loopback stands in for both sides: 127.0.0.2 plays a server on the internet (the policy is told to treat it as
// public) and 127.0.0.1 plays the inside, which every test checks was never reached.

type Host = { server: Server; port: number; hits: string[] }

async function listen(address: string, port: number, answer: (path: string) => { status: number; headers?: Record<string, string>; body?: string }): Promise<Host> {
  const hits: string[] = []
  const server = createServer((request, response) => {
    hits.push(request.url ?? '')
    const { status, headers = {}, body = '' } = answer(request.url ?? '')
    // A new connection for every request, so that each one resolves the name again.
    response.writeHead(status, { connection: 'close', ...headers })
    response.end(body)
  })
  await new Promise<void>((resolve) => server.listen(port, address, resolve))
  const actual = (server.address() as { port: number }).port
  return { server, port: actual, hits }
}

let inside: Host
let outside: Host
let testDb: TestDatabase
const strict = (overrides: Partial<OutboundPolicy> = {}): OutboundPolicy => ({ allowPrivate: false, allowAddresses: ['127.0.0.2'], ...overrides })

beforeAll(async () => {
  inside = await listen('127.0.0.1', 0, () => ({ status: 200, body: 'secret' }))
  // The same port on 127.0.0.2, so that a name can move from one to the other.
  outside = await listen('127.0.0.2', inside.port, (path) =>
    path.startsWith('/to-inside')
      ? { status: 302, headers: { location: `http://127.0.0.1:${inside.port}/admin` } }
      : path.startsWith('/to-mapped')
        ? { status: 307, headers: { location: `http://[::ffff:7f00:1]:${inside.port}/admin` } }
        : { status: 200, body: 'public' },
  )
  testDb = await createTestDatabase()
})

afterAll(async () => {
  await Promise.all([inside, outside].map((host) => new Promise((resolve) => host.server.close(resolve))))
  await testDb.cleanup()
})

describe('guardedFetch', () => {
  it('reaches a public address', async () => {
    const response = await guardedFetch(`http://127.0.0.2:${outside.port}/`, { policy: strict() })
    expect(await response.text()).toBe('public')
  })

  it('refuses a redirect into the private network, without calling it', async () => {
    await expect(guardedFetch(`http://127.0.0.2:${outside.port}/to-inside`, { policy: strict() })).rejects.toThrow(OutboundBlockedError)
    await expect(guardedFetch(`http://127.0.0.2:${outside.port}/to-mapped`, { policy: strict() })).rejects.toThrow(OutboundBlockedError)
    expect(inside.hits).toEqual([])
  })

  it('refuses a name whose answer changes to a private address after it was checked (DNS rebinding)', async () => {
    let calls = 0
    const rebinding = strict({ lookup: async () => (calls++ === 0 ? ['127.0.0.2'] : ['127.0.0.1']) })
    const first = await guardedFetch(`http://portal.example:${outside.port}/`, { policy: rebinding })
    expect(await first.text()).toBe('public')
    await expect(guardedFetch(`http://portal.example:${outside.port}/`, { policy: rebinding })).rejects.toMatchObject({ cause: expect.any(OutboundBlockedError) })
    expect(inside.hits).toEqual([])
  })

  it('refuses every spelling of a private address before any connection', async () => {
    for (const host of ['127.0.0.1', '[::ffff:7f00:1]', '[::ffff:127.0.0.1]', '2130706433', '[::1]', '[::7f00:1]', '[::ffff:0:7f00:1]', '[2002:7f00:1::1]', 'localhost']) {
      await expect(guardedFetch(`http://${host}:${inside.port}/`, { policy: strict() }), host).rejects.toThrow(OutboundBlockedError)
    }
    expect(inside.hits).toEqual([])
  })

  it('hands redirects back when asked to (the link checker follows them itself, hop by hop)', async () => {
    const response = await guardedFetch(`http://127.0.0.2:${outside.port}/to-inside`, { policy: strict(), redirect: 'manual' })
    expect(response.status).toBe(302)
    expect(inside.hits).toEqual([])
  })
})

describe('the address a request goes to', () => {
  it('is the one its politeness was kept for: every name of one server has the same, and the request is pinned to it', async () => {
    const oneServer = strict({ lookup: async () => ['127.0.0.2'] })
    const addresses = await Promise.all(['a.example', 'b.example', '127.0.0.2'].map((host) => outboundAddress(new URL(`http://${host}:${outside.port}/`), oneServer)))
    expect(addresses).toEqual(['127.0.0.2', '127.0.0.2', '127.0.0.2'])
    // The resolver now answers the inside; the request still goes where it was pinned.
    const moved = strict({ lookup: async () => ['127.0.0.1'] })
    const response = await guardedFetch(`http://portal.example:${outside.port}/`, { policy: moved, address: '127.0.0.2' })
    expect(await response.text()).toBe('public')
    await expect(guardedFetch(`http://portal.example:${outside.port}/`, { policy: moved, address: '127.0.0.1' })).rejects.toMatchObject({ cause: expect.any(OutboundBlockedError) })
    expect(inside.hits).toEqual([])
  })

  it('is never looked up for a name under .invalid, which never exists', async () => {
    const looked: string[] = []
    const policy = { allowPrivate: true, lookup: async (host: string) => (looked.push(host), ['127.0.0.2']) }
    expect(() => assertOutboundUrl('https://data.brno.demo.portalscope.invalid/a.csv', policy)).toThrow(OutboundBlockedError)
    await expect(guardedFetch('https://data.brno.demo.portalscope.invalid/a.csv', { policy })).rejects.toThrow(OutboundBlockedError)
    expect(looked).toEqual([])
  })

  it('is on this machine under PORTALSCOPE_LOOPBACK_ONLY (as in every test), or refused before anything leaves, and reported', async () => {
    const lenient = { allowPrivate: true }
    await expect(guardedFetch('http://192.0.2.10:9/', { policy: lenient })).rejects.toThrow(OutboundBlockedError)
    await expect(guardedFetch('http://data.example.cz/a.csv', { policy: lenient })).rejects.toMatchObject({ cause: expect.any(OutboundBlockedError) })
    await expect(guardedFetch(`http://elsewhere.example:${outside.port}/`, { policy: { allowPrivate: true, lookup: async () => ['192.0.2.10'] } })).rejects.toMatchObject({ cause: expect.any(OutboundBlockedError) })
    await new Promise((resolve) => setImmediate(resolve))
    expect(takeOffMachineAttempts().map((attempt) => attempt.split(' ')[0])).toEqual(['192.0.2.10', 'data.example.cz', '192.0.2.10'])
    // This machine's own names are still resolved.
    expect(await outboundAddress(new URL('http://localhost/'), lenient)).toMatch(/^(127\.|::1$)/)
  })
})

describe('callers go through the guard', () => {
  it('the CKAN client (harvests, health checks, live search) refuses a portal that redirects inside', async () => {
    const client = createCkanClient({ apiBase: `http://127.0.0.2:${outside.port}/to-inside/api/3`, retries: 0, policy: strict() })
    await expect(client.statusShow()).rejects.toMatchObject({ kind: 'blocked' })
    expect(inside.hits).toEqual([])
  })

  it('the link checker records a link that redirects inside as blocked', async () => {
    const [result] = await checkLinks([`http://127.0.0.2:${outside.port}/to-inside`], {
      allowPrivate: false,
      perDomainDelayMs: 0,
      lookup: async () => ['127.0.0.2'],
      policy: strict(),
    })
    expect(result).toMatchObject({ ok: false, error: 'blocked' })
    expect(inside.hits).toEqual([])
  })

  it('adding a portal refuses loopback, metadata and private addresses in every IPv6 disguise', async () => {
    for (const url of [
      `http://[::ffff:7f00:1]:${inside.port}/api/3`,
      'http://[::ffff:a9fe:a9fe]/latest/meta-data/',
      'http://[::ffff:10.0.0.1]/',
      'http://[::ffff:192.168.1.1]/',
      'http://[::7f00:1]/',
      'http://[::ffff:0:7f00:1]/',
      'http://[2002:7f00:1::1]/',
      'http://[64:ff9b::7f00:1]/',
      'http://0x7f000001/',
    ]) {
      await expect(probePortal(url, { allowPrivate: false }), url).rejects.toMatchObject({ kind: 'blocked' })
      await expect(addPortal(testDb.db, { url, addedBy: null }, { allowPrivate: false }), url).rejects.toMatchObject({ kind: 'blocked' })
    }
    expect(inside.hits).toEqual([])
  })
})
