import { TRPCError } from '@trpc/server'
import { rejection } from '../../../tests/helpers/rejection.ts'
import { eq } from 'drizzle-orm'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { rateEvents } from '../../../db/schema/rate-event.ts'
import { sessions } from '../../../db/schema/session.ts'
import { users } from '../../../db/schema/user.ts'
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/test-db.ts'
import { testContext } from '../../../tests/helpers/trpc-context.ts'
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, SESSION_REFRESH_MS, validateSessionToken } from '../../auth/session.server.ts'
import { ACCOUNT_FAILURE_LIMIT, LOGIN_WINDOW_MS } from '../../auth/login-throttle.server.ts'
import { validateApiToken } from '../../auth/api-tokens.server.ts'
import type { AuthState } from '../../session.server.ts'
import { createCaller } from '../router.server.ts'

const databases: TestDatabase[] = []
let testDb: TestDatabase

beforeEach(async () => {
  testDb = await createTestDatabase()
  databases.push(testDb)
})
afterAll(async () => {
  await Promise.all(databases.map((d) => d.cleanup()))
})

const ALICE = { name: 'Alice Nováková', email: 'Alice@Example.CZ', password: 'zelené jablko na stole' }

async function signup(input = ALICE, locale: 'en' | 'cs' = 'en') {
  const ctx = await testContext(testDb.db, { locale })
  const result = await createCaller(ctx).auth.signup(input)
  return { ctx, result, token: tokenFrom(ctx.resHeaders) }
}

function tokenFrom(headers: Headers): string {
  const cookie = headers.getSetCookie().find((c) => c.startsWith('portalscope_session='))
  const token = cookie?.split(';')[0]?.split('=')[1]
  if (!token) throw new Error('no session cookie')
  return token
}

async function cookieAuth(token: string): Promise<AuthState> {
  const validated = await validateSessionToken(testDb.db, token)
  if (!validated) throw new Error('invalid session')
  return { via: 'cookie', user: validated.user, session: validated.session, tokenId: null }
}


describe('sign-up', () => {
  it('creates the first account as administrator, signed in, with the e-mail normalised', async () => {
    const { result, token, ctx } = await signup()
    expect(result.user).toMatchObject({ email: 'alice@example.cz', role: 'admin', name: 'Alice Nováková' })
    const cookie = ctx.resHeaders.getSetCookie()[0]!
    expect(cookie).toMatch(/HttpOnly/)
    expect(cookie).toMatch(/SameSite=Lax/)
    expect(cookie).toMatch(/Path=\//)
    expect(token).toMatch(/^[a-z2-7]{32}\.[a-z2-7]{32}$/)
    const [stored] = await testDb.db.select().from(sessions)
    // Only a hash of the secret is stored, never the secret.
    expect(stored!.secretHash).not.toContain(token.split('.')[1]!)
    expect(stored!.secretHash).toMatch(/^[0-9a-f]{64}$/)
  })

  it('makes later accounts members', async () => {
    await signup()
    const { result } = await signup({ name: 'Bob', email: 'bob@example.cz', password: 'modrá obloha nad Prahou' })
    expect(result.user.role).toBe('member')
  })

  it('accepts 64 characters of anything, spaces and emoji included', async () => {
    const password = `${'ř ž 🙂 '.repeat(9)}abcdefghij`.slice(0, 64)
    const { result } = await signup({ ...ALICE, password })
    expect(result.user.email).toBe('alice@example.cz')
  })

  it('refuses a common password, in the user’s language', async () => {
    const cs = await testContext(testDb.db, { locale: 'cs' })
    const error = await rejection(createCaller(cs).auth.signup({ ...ALICE, password: 'password123' }), TRPCError)
    expect(error.code).toBe('BAD_REQUEST')
    expect(error.message).not.toMatch(/common|password/i)
    const en = await testContext(testDb.db, { locale: 'en' })
    expect((await rejection(createCaller(en).auth.signup({ ...ALICE, password: 'qwertyuiop' }), TRPCError)).message).toMatch(/most common/)
  })

  it('refuses a second account with the same e-mail in any capitalisation', async () => {
    await signup()
    const ctx = await testContext(testDb.db)
    const error = await rejection(createCaller(ctx).auth.signup({ ...ALICE, email: 'ALICE@example.cz' }), TRPCError)
    expect(error.code).toBe('CONFLICT')
  })
})

describe('sign-in', () => {
  it('signs in with the right password and rotates the session id', async () => {
    const { token: first } = await signup()
    const ctx = await testContext(testDb.db, { auth: await cookieAuth(first) })
    const result = await createCaller(ctx).auth.login({ email: 'ALICE@example.cz', password: ALICE.password })
    expect(result.user.email).toBe('alice@example.cz')
    const second = tokenFrom(ctx.resHeaders)
    expect(second.split('.')[0]).not.toBe(first.split('.')[0])
    // The session the browser had before is gone.
    expect(await validateSessionToken(testDb.db, first)).toBeNull()
    expect(await validateSessionToken(testDb.db, second)).not.toBeNull()
  })

  it('gives the same answer for a wrong password and an unknown e-mail', async () => {
    await signup()
    const ctx = await testContext(testDb.db)
    const wrong = await rejection(createCaller(ctx).auth.login({ email: ALICE.email, password: 'not the password' }), TRPCError)
    const unknown = await rejection(createCaller(ctx).auth.login({ email: 'nobody@example.cz', password: 'not the password' }), TRPCError)
    expect(wrong.code).toBe('UNAUTHORIZED')
    expect(unknown.code).toBe('UNAUTHORIZED')
    expect(wrong.message).toBe(unknown.message)
    expect(ctx.resHeaders.getSetCookie()).toEqual([])
  })

  it('locks an account after 10 failures for 15 minutes, with Retry-After, then lets it in again', async () => {
    await signup()
    const ctx = await testContext(testDb.db)
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i++) {
      expect((await rejection(createCaller(ctx).auth.login({ email: ALICE.email, password: `wrong ${i}` }), TRPCError)).code).toBe('UNAUTHORIZED')
    }
    const locked = await testContext(testDb.db)
    const error = await rejection(createCaller(locked).auth.login({ email: ALICE.email, password: ALICE.password }), TRPCError)
    expect(error.code).toBe('TOO_MANY_REQUESTS')
    expect(error.message).toMatch(/Try again in 15 minutes/)
    const retryAfter = Number(locked.resHeaders.get('Retry-After'))
    expect(retryAfter).toBeGreaterThan(14 * 60)
    expect(retryAfter).toBeLessThanOrEqual(15 * 60)

    // The window passes: move every recorded failure back by 15 minutes.
    const rows = await testDb.db.select().from(rateEvents)
    for (const row of rows) {
      await testDb.db.update(rateEvents).set({ at: new Date(row.at.getTime() - LOGIN_WINDOW_MS - 1000) }).where(eq(rateEvents.id, row.id))
    }
    const later = await testContext(testDb.db)
    expect((await createCaller(later).auth.login({ email: ALICE.email, password: ALICE.password })).user.email).toBe('alice@example.cz')
  })

  it('limits a client address to 50 failures across accounts', async () => {
    const ctx = await testContext(testDb.db, { clientAddress: '198.51.100.9' })
    for (let i = 0; i < 50; i++) {
      await rejection(createCaller(ctx).auth.login({ email: `user${i}@example.cz`, password: 'wrong password' }), TRPCError)
    }
    const error = await rejection(createCaller(ctx).auth.login({ email: 'fresh@example.cz', password: 'wrong password' }), TRPCError)
    expect(error.code).toBe('TOO_MANY_REQUESTS')
    const elsewhere = await testContext(testDb.db, { clientAddress: '198.51.100.10' })
    expect((await rejection(createCaller(elsewhere).auth.login({ email: 'fresh@example.cz', password: 'wrong password' }), TRPCError)).code).toBe('UNAUTHORIZED')
  })
})

describe('sessions', () => {
  it('slides the expiry at most hourly and ends at the absolute lifetime', async () => {
    const { token } = await signup()
    const start = new Date()
    const soon = await validateSessionToken(testDb.db, token, new Date(start.getTime() + 10 * 60 * 1000))
    expect(soon?.refreshed).toBe(false)
    const later = new Date(start.getTime() + SESSION_REFRESH_MS + 1000)
    const refreshed = await validateSessionToken(testDb.db, token, later)
    expect(refreshed?.refreshed).toBe(true)
    expect(refreshed!.session.expiresAt.getTime()).toBe(later.getTime() + SESSION_IDLE_MS)
    // Idle past 30 days: gone.
    expect(await validateSessionToken(testDb.db, token, new Date(later.getTime() + SESSION_IDLE_MS + 1000))).toBeNull()
    expect(await testDb.db.select().from(sessions)).toHaveLength(0)
  })

  it('ends at the absolute lifetime however active', async () => {
    const { token } = await signup()
    const start = Date.now()
    let now = start
    while (now < start + SESSION_ABSOLUTE_MS - 20 * 24 * 3600_000) {
      now += 20 * 24 * 3600_000
      expect(await validateSessionToken(testDb.db, token, new Date(now))).not.toBeNull()
    }
    expect(await validateSessionToken(testDb.db, token, new Date(start + SESSION_ABSOLUTE_MS + 1000))).toBeNull()
  })

  it('sign-out invalidates the session on the server', async () => {
    const { token } = await signup()
    const ctx = await testContext(testDb.db, { auth: await cookieAuth(token) })
    await createCaller(ctx).auth.logout()
    expect(ctx.resHeaders.getSetCookie()[0]).toMatch(/Max-Age=0/)
    expect(await validateSessionToken(testDb.db, token)).toBeNull()
  })

  it('does not adopt a session token it did not issue', async () => {
    await signup()
    expect(await validateSessionToken(testDb.db, `${'a'.repeat(32)}.${'b'.repeat(32)}`)).toBeNull()
    expect(await validateSessionToken(testDb.db, 'attacker-chosen')).toBeNull()
  })

  it('refuses a session id with the wrong secret', async () => {
    const { token } = await signup()
    const [id] = token.split('.')
    expect(await validateSessionToken(testDb.db, `${id}.${'c'.repeat(32)}`)).toBeNull()
  })

  it('lists sessions and revokes one, or all others', async () => {
    const { token: a } = await signup()
    const loginCtx = await testContext(testDb.db)
    await createCaller(loginCtx).auth.login({ email: ALICE.email, password: ALICE.password })
    const b = tokenFrom(loginCtx.resHeaders)
    const loginCtx2 = await testContext(testDb.db)
    await createCaller(loginCtx2).auth.login({ email: ALICE.email, password: ALICE.password })
    const c = tokenFrom(loginCtx2.resHeaders)

    const caller = createCaller(await testContext(testDb.db, { auth: await cookieAuth(a) }))
    const listed = await caller.auth.sessions.list()
    expect(listed).toHaveLength(3)
    expect(listed.filter((s) => s.current)).toHaveLength(1)
    await caller.auth.sessions.revoke({ sessionId: b.split('.')[0]! })
    expect(await validateSessionToken(testDb.db, b)).toBeNull()
    expect(await validateSessionToken(testDb.db, c)).not.toBeNull()
    await caller.auth.sessions.revokeOthers()
    expect(await validateSessionToken(testDb.db, c)).toBeNull()
    expect(await validateSessionToken(testDb.db, a)).not.toBeNull()
  })
})

describe('API tokens', () => {
  it('creates a token shown once, uses it, lists it without the secret, and revokes it', async () => {
    const { token } = await signup()
    const caller = createCaller(await testContext(testDb.db, { auth: await cookieAuth(token) }))
    const created = await caller.auth.tokens.create({ name: 'nightly checks', expiresInDays: 30 })
    expect(created.token).toMatch(/^[a-z2-7]{32}\.[a-z2-7]{32}$/)
    const used = await validateApiToken(testDb.db, created.token)
    expect(used?.user.email).toBe('alice@example.cz')
    const listed = await caller.auth.tokens.list()
    expect(listed).toHaveLength(1)
    expect(JSON.stringify(listed)).not.toContain(created.token.split('.')[1]!)
    expect(listed[0]!.lastUsedAt).toEqual(expect.any(Date))
    await caller.auth.tokens.revoke({ tokenId: created.id })
    expect(await validateApiToken(testDb.db, created.token)).toBeNull()
  })

  it('refuses an expired token', async () => {
    const { token } = await signup()
    const caller = createCaller(await testContext(testDb.db, { auth: await cookieAuth(token) }))
    const created = await caller.auth.tokens.create({ name: 'short', expiresInDays: 1 })
    expect(await validateApiToken(testDb.db, created.token, new Date(Date.now() + 2 * 24 * 3600_000))).toBeNull()
  })

  it('does not let a token create tokens or change the password', async () => {
    const { token } = await signup()
    const created = await createCaller(await testContext(testDb.db, { auth: await cookieAuth(token) })).auth.tokens.create({ name: 'ci', expiresInDays: null })
    const found = await validateApiToken(testDb.db, created.token)
    const viaToken = createCaller(await testContext(testDb.db, { auth: { via: 'token', user: found!.user, session: null, tokenId: found!.tokenId, scope: found!.scope } }))
    expect((await viaToken.auth.me()).via).toBe('token')
    expect((await rejection(viaToken.auth.tokens.create({ name: 'more', expiresInDays: null }), TRPCError)).code).toBe('FORBIDDEN')
    expect((await rejection(viaToken.profile.changePassword({ currentPassword: ALICE.password, newPassword: 'another long passphrase' }), TRPCError)).code).toBe('FORBIDDEN')
  })
})

describe('profile', () => {
  it('changes the password only with the current one, and signs out other sessions', async () => {
    const { token } = await signup()
    const other = await testContext(testDb.db)
    await createCaller(other).auth.login({ email: ALICE.email, password: ALICE.password })
    const otherToken = tokenFrom(other.resHeaders)
    const caller = createCaller(await testContext(testDb.db, { auth: await cookieAuth(token) }))
    expect((await rejection(caller.profile.changePassword({ currentPassword: 'wrong one!', newPassword: 'a brand new passphrase' }), TRPCError)).code).toBe('BAD_REQUEST')
    await caller.profile.changePassword({ currentPassword: ALICE.password, newPassword: 'a brand new passphrase' })
    expect(await validateSessionToken(testDb.db, otherToken)).toBeNull()
    expect(await validateSessionToken(testDb.db, token)).not.toBeNull()
    const relogin = await testContext(testDb.db)
    expect((await createCaller(relogin).auth.login({ email: ALICE.email, password: 'a brand new passphrase' })).user.email).toBe('alice@example.cz')
  })

  it('keeps language and theme with the account', async () => {
    const { token } = await signup()
    const ctx = await testContext(testDb.db, { auth: await cookieAuth(token) })
    const updated = await createCaller(ctx).profile.update({ locale: 'de', theme: 'dark', name: 'Alice N.' })
    expect(updated).toMatchObject({ locale: 'de', theme: 'dark', name: 'Alice N.' })
    expect(ctx.resHeaders.getSetCookie()).toContain('lang=de; Path=/; Max-Age=31536000; SameSite=Lax')
    expect((await validateSessionToken(testDb.db, token))?.user).toMatchObject({ locale: 'de', theme: 'dark' })
  })

  it('exports the user’s data without secrets, and deletes the account with its password', async () => {
    const { token } = await signup()
    const caller = createCaller(await testContext(testDb.db, { auth: await cookieAuth(token) }))
    await caller.auth.tokens.create({ name: 'export check', expiresInDays: null })
    const data = await caller.profile.exportData()
    expect(data.account.email).toBe('alice@example.cz')
    expect(data.apiTokens).toHaveLength(1)
    expect(JSON.stringify(data)).not.toMatch(/scrypt|secretHash|passwordHash/)
    expect((await rejection(caller.profile.deleteAccount({ password: 'not mine at all' }), TRPCError)).code).toBe('BAD_REQUEST')
    await caller.profile.deleteAccount({ password: ALICE.password })
    expect(await testDb.db.select().from(users)).toHaveLength(0)
    expect(await testDb.db.select().from(sessions)).toHaveLength(0)
  })

  it('refuses everything to a visitor without a session', async () => {
    const caller = createCaller(await testContext(testDb.db))
    expect((await rejection(caller.profile.exportData(), TRPCError)).code).toBe('UNAUTHORIZED')
    expect((await rejection(caller.auth.sessions.list(), TRPCError)).code).toBe('UNAUTHORIZED')
    expect(await caller.auth.me()).toEqual({ user: null, via: 'none', expiresAt: null })
  })
})

describe('while another process holds the write lock', () => {
  /** Another process's connection holding SQLite's write lock, and a database that waits 100 ms for it. */
  async function blocked() {
    const { default: Database } = await import('libsql')
    const { createDb } = await import('../../../db/client.server.ts')
    const { pathOfFileUrl } = await import('../../../db/sqlite-file.server.ts')
    const other = new Database(pathOfFileUrl(testDb.url))
    other.exec('BEGIN IMMEDIATE')
    const db = await createDb({ url: testDb.url }, { lockWaitMs: 100 })
    return { db, release: () => (other.exec('ROLLBACK'), other.close()) }
  }

  it('sign-up answers 503 with Retry-After and a translated message, and writes nothing', async () => {
    const { db, release } = await blocked()
    const ctx = await testContext(db, { locale: 'cs' })
    const error = await rejection(createCaller(ctx).auth.signup(ALICE), TRPCError).finally(release)
    expect(error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: 'Server právě ukládá jiné změny. Nic nebylo uloženo, zkuste to prosím za chvíli znovu.' })
    expect(ctx.resHeaders.get('Retry-After')).toBe('2')
    expect(ctx.resHeaders.getSetCookie()).toEqual([])
    expect(await testDb.db.select().from(users)).toEqual([])
    expect(await testDb.db.select().from(sessions)).toEqual([])
    // The same sign-up a moment later goes through, account and session together.
    await signup()
    expect(await testDb.db.select({ email: users.email }).from(users)).toEqual([{ email: 'alice@example.cz' }])
    expect(await testDb.db.select().from(sessions)).toHaveLength(1)
  })

  it('a signed-in page view still works; the sliding expiry waits for the next visit', async () => {
    const { token } = await signup()
    const hourLater = new Date(Date.now() + SESSION_REFRESH_MS + 1000)
    const { db, release } = await blocked()
    const validated = await validateSessionToken(db, token, hourLater)
    release()
    expect(validated?.user.email).toBe('alice@example.cz')
    expect(validated?.refreshed).toBe(false)
    expect((await validateSessionToken(testDb.db, token, hourLater))?.refreshed).toBe(true)
  })
})

describe('sign-in writes all or nothing', () => {
  it('two sign-ups with one address at once: one account, and the other answer says the address is taken', async () => {
    const results = await Promise.allSettled([signup(), signup()])
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected'])
    const refused = results.find((result) => result.status === 'rejected') as PromiseRejectedResult
    expect(refused.reason).toMatchObject({ code: 'CONFLICT' })
    expect(await testDb.db.select().from(users)).toHaveLength(1)
    expect(await testDb.db.select().from(sessions)).toHaveLength(1)
  })
})

describe('sign-in limits under attack', () => {
  it('checks at most 10 of 300 wrong passwords sent at once for one account', async () => {
    await signup()
    const attempts = await Promise.allSettled(
      Array.from({ length: 300 }, async (_, i) => {
        const ctx = await testContext(testDb.db, { clientAddress: `198.51.100.${i % 200}` })
        return createCaller(ctx).auth.login({ email: ALICE.email, password: `wrong ${i}` })
      }),
    )
    const codes = attempts.map((attempt) => (attempt.status === 'rejected' ? (attempt.reason as TRPCError).code : 'OK'))
    expect(codes.filter((code) => code === 'UNAUTHORIZED')).toHaveLength(ACCOUNT_FAILURE_LIMIT)
    expect(codes.filter((code) => code === 'TOO_MANY_REQUESTS')).toHaveLength(300 - ACCOUNT_FAILURE_LIMIT)
  }, 60_000)

  it('keeps the owner signing in on a known device while the account is locked for everyone else', async () => {
    const { ctx: signupCtx } = await signup()
    const deviceToken = deviceTokenFrom(signupCtx.resHeaders)
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i++) {
      const attacker = await testContext(testDb.db, { clientAddress: `203.0.113.${i}` })
      await rejection(createCaller(attacker).auth.login({ email: ALICE.email, password: `guess ${i}` }), TRPCError)
    }
    const stranger = await testContext(testDb.db, { clientAddress: '203.0.113.99' })
    expect((await rejection(createCaller(stranger).auth.login(ALICE), TRPCError)).code).toBe('TOO_MANY_REQUESTS')
    const owner = await testContext(testDb.db, { clientAddress: '192.0.2.50', deviceToken })
    expect((await createCaller(owner).auth.login(ALICE)).user.email).toBe('alice@example.cz')
    // Another account's device cookie is no pass.
    const bob = await testContext(testDb.db, { clientAddress: '192.0.2.51' })
    await createCaller(bob).auth.signup({ name: 'Bob', email: 'bob@example.cz', password: 'modrá obloha nad mořem' })
    const borrowed = await testContext(testDb.db, { clientAddress: '192.0.2.52', deviceToken: deviceTokenFrom(bob.resHeaders) })
    expect((await rejection(createCaller(borrowed).auth.login(ALICE), TRPCError)).code).toBe('TOO_MANY_REQUESTS')
  })

  it('limits a known device to 10 wrong passwords of its own', async () => {
    const { ctx: signupCtx } = await signup()
    const deviceToken = deviceTokenFrom(signupCtx.resHeaders)
    for (let i = 0; i < 10; i++) {
      const device = await testContext(testDb.db, { deviceToken })
      await rejection(createCaller(device).auth.login({ email: ALICE.email, password: `typo ${i}` }), TRPCError)
    }
    const device = await testContext(testDb.db, { deviceToken })
    expect((await rejection(createCaller(device).auth.login(ALICE), TRPCError)).code).toBe('TOO_MANY_REQUESTS')
  })

  it('limits sign-ups to 10 an hour per client address, whether the address is taken or not', async () => {
    await signup()
    const codes: string[] = []
    for (let i = 0; i < 11; i++) {
      const ctx = await testContext(testDb.db, { clientAddress: '198.51.100.77' })
      const email = i % 2 === 0 ? ALICE.email : `new${i}@example.cz`
      codes.push(await createCaller(ctx).auth.signup({ ...ALICE, email }).then(() => 'OK', (error: TRPCError) => error.code))
    }
    expect(codes.slice(0, 10)).toEqual(['CONFLICT', 'OK', 'CONFLICT', 'OK', 'CONFLICT', 'OK', 'CONFLICT', 'OK', 'CONFLICT', 'OK'])
    expect(codes[10]).toBe('TOO_MANY_REQUESTS')
  }, 60_000)
})

function deviceTokenFrom(headers: Headers): string {
  const cookie = headers.getSetCookie().find((c) => c.startsWith('portalscope_device='))
  const token = cookie?.split(';')[0]?.split('=')[1]
  if (!token) throw new Error('no device cookie')
  return token
}
