import { serve, type ServerType } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../tests/helpers/test-db.ts'
import { createApp } from '../../server/app.server.ts'
import { createPortalscopeClient } from './client.ts'
import { madeBy } from '../made-by.ts'

// The automation client against the real Hono app over HTTP on loopback.
describe('createPortalscopeClient', () => {
  let testDb: TestDatabase
  let server: ServerType
  let baseUrl: string

  beforeAll(async () => {
    testDb = await createTestDatabase()
    process.env.DATABASE_URL = testDb.url
    const app = createApp()
    await new Promise<void>((resolve) => {
      server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
        baseUrl = `http://127.0.0.1:${info.port}`
        resolve()
      })
    })
  })
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve))
    await testDb.cleanup()
  })

  it('calls health with types and dates intact', async () => {
    const health = await createPortalscopeClient(baseUrl).health.query()
    expect(health.status).toBe('ok')
    expect(madeBy(health.time, Date)).toBe(true)
  })

  it('sends the token and asks for messages in the chosen language', async () => {
    const english = createPortalscopeClient(baseUrl, { token: 'unknown.token', locale: 'en' })
    // An unknown token is nobody: a procedure that needs an account says so, in English rather than Czech.
    await expect(english.auth.tokens.list.query()).rejects.toThrow('Sign in to continue.')
    await expect(createPortalscopeClient(baseUrl).auth.tokens.list.query()).rejects.toThrow('Pro pokračování se přihlaste.')
    expect((await english.auth.me.query()).via).toBe('none')
  })
})
