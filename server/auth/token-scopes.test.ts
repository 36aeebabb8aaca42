import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../tests/helpers/test-db.ts'
import { createApp } from '../app.server.ts'
import { ANONYMOUS, isReadOnly } from '../session.server.ts'

// API token scopes over HTTP, through the real Hono app: Bearer lookup, the tRPC context and the read-only middleware.
const ORIGIN = 'http://localhost'
let testDb: TestDatabase
let app: ReturnType<typeof createApp>
let cookie = ''

type TrpcAnswer<T> = { result?: { data: { json: T } }; error?: { json: { message: string; data: { code: string; httpStatus: number } } } }

function post(path: string, input: unknown, headers: Record<string, string>) {
  return app.request(`/api/trpc/${path}?lang=en`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ json: input }),
  })
}
const get = (path: string, headers: Record<string, string>) => app.request(`/api/trpc/${path}?lang=en`, { headers })
const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
const browser = () => ({ cookie, origin: ORIGIN })

async function createToken(input: Record<string, unknown>): Promise<{ id: string; token: string; scope: string }> {
  const res = await post('auth.tokens.create', { expiresInDays: null, ...input }, browser())
  expect(res.status).toBe(200)
  return ((await res.json()) as TrpcAnswer<{ id: string; token: string; scope: string }>).result!.data.json
}

beforeAll(async () => {
  testDb = await createTestDatabase()
  process.env.DATABASE_URL = testDb.url
  app = createApp()
  const res = await post('auth.signup', { name: 'Řehoř Skriptový', email: 'rehor@example.cz', password: 'skripty běží v noci 9' }, { origin: ORIGIN })
  expect(res.status).toBe(200)
  cookie = res.headers.getSetCookie().find((c) => c.startsWith('portalscope_session='))!.split(';')[0]!
})
afterAll(async () => {
  await testDb.cleanup()
})

describe('API token scopes', () => {
  it('lets a read token query and refuses every mutation with a clear 403', async () => {
    const { token, scope } = await createToken({ name: 'dashboards', scope: 'read' })
    expect(scope).toBe('read')
    const me = (await (await get('auth.me', bearer(token))).json()) as TrpcAnswer<{ via: string }>
    expect(me.result?.data.json.via).toBe('token')
    expect((await get('projects.list', bearer(token))).status).toBe(200)

    const refused = await post('projects.create', { name: 'Nope', key: 'NOPE' }, bearer(token))
    expect(refused.status).toBe(403)
    const body = (await refused.json()) as TrpcAnswer<never>
    expect(body.error?.json.data.code).toBe('FORBIDDEN')
    expect(body.error?.json.message).toBe('This API token may only read (scope “read”): create a token with the “write” scope to make changes.')
    // Nothing was written.
    const listed = (await (await get('projects.list', bearer(token))).json()) as TrpcAnswer<unknown[]>
    expect(listed.result?.data.json).toEqual([])
    // The token's own account is read-only through it too.
    expect((await post('profile.update', { name: 'Renamed' }, bearer(token))).status).toBe(403)
  })

  it('lets a write token and the browser session change things', async () => {
    const { token } = await createToken({ name: 'ci', scope: 'write' })
    const created = await post('projects.create', { name: 'Skripty', key: 'SKR' }, bearer(token))
    expect(created.status).toBe(200)
    expect((await post('projects.create', { name: 'Z prohlížeče', key: 'WEB' }, browser())).status).toBe(200)
  })

  it('keeps tokens created without a scope able to write (as before scopes), and lists every scope', async () => {
    const { token, scope } = await createToken({ name: 'older script' })
    expect(scope).toBe('write')
    expect((await post('profile.update', { name: 'Řehoř S.' }, bearer(token))).status).toBe(200)
    const listed = (await (await get('auth.tokens.list', { cookie })).json()) as TrpcAnswer<{ name: string; scope: string }[]>
    expect(Object.fromEntries(listed.result!.data.json.map((row) => [row.name, row.scope]))).toEqual({ dashboards: 'read', ci: 'write', 'older script': 'write' })
  })

  it('answers 401 for a revoked token', async () => {
    const { id, token } = await createToken({ name: 'leaked', scope: 'read' })
    expect((await get('projects.list', bearer(token))).status).toBe(200)
    expect((await post('auth.tokens.revoke', { tokenId: id }, browser())).status).toBe(200)
    const after = await get('projects.list', bearer(token))
    expect(after.status).toBe(401)
    expect(((await after.json()) as TrpcAnswer<never>).error?.json.data.code).toBe('UNAUTHORIZED')
  })

  it('tells routes outside tRPC whether the request is read-only', () => {
    const user = { id: 'u', name: 'U', email: 'u@example.cz', role: 'member' as const, locale: null, theme: null }
    expect(isReadOnly({ via: 'token', user, session: null, tokenId: 't', scope: 'read' })).toBe(true)
    expect(isReadOnly({ via: 'token', user, session: null, tokenId: 't', scope: 'write' })).toBe(false)
    expect(isReadOnly(ANONYMOUS)).toBe(false)
  })
})
