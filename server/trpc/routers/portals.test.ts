import { TRPCError } from '@trpc/server'
import { rejection } from '../../../tests/helpers/rejection.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startCkanFixture, type CkanFixture } from '../../../tests/ckan-fixture/server.ts'
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/test-db.ts'
import { testContext } from '../../../tests/helpers/trpc-context.ts'
import { createUser } from '../../queries/accounts.server.ts'
import type { AuthState } from '../../session.server.ts'
import { createCaller } from '../router.server.ts'

let fixture: CkanFixture
let testDb: TestDatabase
let member: AuthState
let admin: AuthState

beforeAll(async () => {
  process.env.PORTALSCOPE_ALLOW_PRIVATE_HOSTS = '1'
  fixture = await startCkanFixture({
    portals: [
      { slug: 'brno', datasets: 120, ckanVersion: '2.11.1' },
      { slug: 'maintenance', datasets: 10, fault: 'html-200' },
      { slug: 'down-later', datasets: 10 },
      { slug: 'country', datasets: 5 },
    ],
  })
  testDb = await createTestDatabase()
  const first = await createUser(testDb.db, { name: 'Admin', email: 'admin@example.cz', password: 'x'.repeat(12) })
  const second = await createUser(testDb.db, { name: 'Member', email: 'member@example.cz', password: 'x'.repeat(12) })
  const session = { id: 's', expiresAt: new Date(Date.now() + 1e6), createdAt: new Date() }
  admin = { via: 'cookie', user: { ...first, locale: null, theme: null }, session, tokenId: null }
  member = { via: 'cookie', user: { ...second, locale: null, theme: null }, session, tokenId: null }
})
afterAll(async () => {
  await fixture.close()
  await testDb.cleanup()
})

describe('portals', () => {
  it('adds a portal after checking it answers like CKAN, under a stable slug', async () => {
    const caller = createCaller(await testContext(testDb.db, { auth: member }))
    const { instance, created } = await caller.portals.add({ url: fixture.portalUrl('brno'), name: 'Brno open data' })
    expect(created).toBe(true)
    expect(instance.id).toMatch(/^127-0-0-1-brno/)
    expect(instance.apiBase).toBe(fixture.apiBase('brno'))
    expect(instance.health).toMatchObject({ status: 'up', ckanVersion: '2.11.1', datasetCount: 120 })
    // A loopback address names no country, and none was given.
    expect(instance.country).toBeNull()
    // The same address again is the same portal.
    expect((await caller.portals.add({ url: `${fixture.portalUrl('brno')}/api/3` })).created).toBe(false)
  })

  it('keeps the country given with a portal, and refuses one that is not a country code, adding nothing', async () => {
    const caller = createCaller(await testContext(testDb.db, { auth: member, locale: 'en' }))
    const refused = await rejection(caller.portals.add({ url: fixture.portalUrl('country'), country: 'Czechia' }), TRPCError)
    expect(refused.code).toBe('BAD_REQUEST')
    expect((await caller.portals.list()).some((portal) => portal.apiBase === fixture.apiBase('country'))).toBe(false)
    const { instance } = await caller.portals.add({ url: fixture.portalUrl('country'), country: 'sk' })
    expect(instance.country).toBe('SK')
  })

  it('says clearly, in the user’s language, why an address is not a CKAN portal', async () => {
    const en = createCaller(await testContext(testDb.db, { auth: member, locale: 'en' }))
    const error = await rejection(en.portals.add({ url: fixture.portalUrl('maintenance') }), TRPCError)
    expect(error.code).toBe('BAD_REQUEST')
    expect(error.message).toBe('The portal was not added: The address does not answer like a CKAN catalogue.')
    const cs = createCaller(await testContext(testDb.db, { auth: member, locale: 'cs' }))
    expect((await rejection(cs.portals.add({ url: fixture.portalUrl('maintenance') }), TRPCError)).message).toMatch(/^Portál nebyl přidán: /)
    expect((await rejection(cs.portals.add({ url: 'not a url' }), TRPCError)).code).toBe('BAD_REQUEST')
  })

  it('refuses private addresses unless they are explicitly allowed', async () => {
    const { serverEnv } = await import('../../env.server.ts')
    const env = serverEnv()
    const saved = env.PORTALSCOPE_ALLOW_PRIVATE_HOSTS
    env.PORTALSCOPE_ALLOW_PRIVATE_HOSTS = false
    try {
      const caller = createCaller(await testContext(testDb.db, { auth: member, locale: 'en' }))
      const error = await rejection(caller.portals.add({ url: fixture.portalUrl('down-later') }), TRPCError)
      expect(error.message).toMatch(/not a public web address/)
    } finally {
      env.PORTALSCOPE_ALLOW_PRIVATE_HOSTS = saved
    }
  })

  it('records a portal going down with the reason, and anyone can read it', async () => {
    const caller = createCaller(await testContext(testDb.db, { auth: member, locale: 'en' }))
    const { instance } = await caller.portals.add({ url: fixture.portalUrl('down-later') })
    fixture.setFault('down-later', 'http500')
    const health = await caller.portals.health({ instanceId: instance.id })
    expect(health).toMatchObject({ status: 'down', errorKind: 'http', error: 'The portal answered with an error.' })
    const visitor = createCaller(await testContext(testDb.db))
    const listed = (await visitor.portals.list()).find((row) => row.id === instance.id)
    expect(listed?.health.status).toBe('down')
    expect(listed).not.toHaveProperty('addedBy')
  })

  it('needs a signed-in user to add and an administrator to remove', async () => {
    const visitor = createCaller(await testContext(testDb.db))
    expect((await rejection(visitor.portals.add({ url: fixture.portalUrl('brno') }), TRPCError)).code).toBe('UNAUTHORIZED')
    const memberCaller = createCaller(await testContext(testDb.db, { auth: member }))
    const [first] = await memberCaller.portals.list()
    expect((await rejection(memberCaller.portals.remove({ instanceId: first!.id }), TRPCError)).code).toBe('FORBIDDEN')
    const adminCaller = createCaller(await testContext(testDb.db, { auth: admin }))
    expect(await adminCaller.portals.remove({ instanceId: first!.id })).toEqual({ ok: true })
    expect((await rejection(adminCaller.portals.remove({ instanceId: first!.id }), TRPCError)).code).toBe('NOT_FOUND')
  })

  it('searches the directory and marks what is registered', async () => {
    const caller = createCaller(await testContext(testDb.db))
    const page = await caller.portals.directory({ q: 'slovak', pageSize: 5 })
    expect(page.total).toBeGreaterThan(0)
    expect(page.items[0]).toMatchObject({ registered: false })
  })

  it('answers under its deprecated name, instances, for scripts written against it', async () => {
    const caller = createCaller(await testContext(testDb.db))
    expect(await caller.instances.list()).toEqual(await caller.portals.list())
    expect((await caller.instances.directory({ q: 'slovak', pageSize: 5 })).total).toBe((await caller.portals.directory({ q: 'slovak', pageSize: 5 })).total)
  })
})

describe('work that reaches other servers', () => {
  it('counts a member’s health checks, refusing the 31st in an hour with Retry-After; administrators are not counted', async () => {
    const adminCaller = createCaller(await testContext(testDb.db, { auth: admin }))
    const { instance } = await adminCaller.portals.add({ url: fixture.portalUrl('brno') })
    const fresh = await createUser(testDb.db, { name: 'Quota', email: 'quota@example.cz', password: 'x'.repeat(12) })
    const freshAuth: AuthState = { via: 'cookie', user: { ...fresh, locale: null, theme: null }, session: { id: 'q', expiresAt: new Date(Date.now() + 1e6), createdAt: new Date() }, tokenId: null }
    const memberCtx = await testContext(testDb.db, { auth: freshAuth, locale: 'en' })
    const caller = createCaller(memberCtx)
    for (let i = 0; i < 30; i++) await caller.portals.health({ instanceId: instance.id })
    const refused = await rejection(caller.portals.health({ instanceId: instance.id }), TRPCError)
    expect(refused.code).toBe('TOO_MANY_REQUESTS')
    expect(refused.message).toMatch(/^You have reached the limit for this action\. Try again in \d+ minutes?\.$/)
    expect(Number(memberCtx.resHeaders.get('Retry-After'))).toBeGreaterThan(0)
    for (let i = 0; i < 35; i++) await adminCaller.portals.health({ instanceId: instance.id })
  })

  it('runs one health check of a portal however many ask at once', async () => {
    const adminCaller = createCaller(await testContext(testDb.db, { auth: admin }))
    const { instance } = await adminCaller.portals.add({ url: fixture.portalUrl('brno') })
    const before = fixture.requestCount('brno')
    await Promise.all(Array.from({ length: 10 }, () => adminCaller.portals.health({ instanceId: instance.id })))
    // status_show and one package_search: one check, not ten.
    expect(fixture.requestCount('brno') - before).toBe(2)
  })

  it('leaves full harvests and whole-portal link checks to administrators', async () => {
    const caller = createCaller(await testContext(testDb.db, { auth: member }))
    const [portal] = await caller.portals.list()
    expect((await rejection(caller.harvest.start({ instanceId: portal!.id, mode: 'full' }), TRPCError)).code).toBe('FORBIDDEN')
    expect((await rejection(caller.links.checkPortal({ instanceId: portal!.id }), TRPCError)).code).toBe('FORBIDDEN')
  })
})
