import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/test-db.ts'
import { testContext } from '../../../tests/helpers/trpc-context.ts'
import { createUser } from '../../queries/accounts.server.ts'
import type { AuthState } from '../../session.server.ts'
import { createCaller } from '../router.server.ts'

// The list's folder filters: a folder with everything under it, and the cases in no folder at all.
let testDb: TestDatabase
let owner: AuthState
let projectId: string

const api = async () => createCaller(await testContext(testDb.db, { auth: owner, locale: 'en' }))

beforeAll(async () => {
  testDb = await createTestDatabase()
  const user = await createUser(testDb.db, { name: 'Fiona Folder', email: 'fiona@example.cz', password: 'x'.repeat(12) })
  owner = { via: 'cookie', user: { ...user, locale: null, theme: null }, session: { id: 's-fiona', expiresAt: new Date(Date.now() + 1e7), createdAt: new Date() }, tokenId: null }
  const caller = await api()
  projectId = (await caller.projects.create({ name: 'Folders', key: 'FLD' })).id
  for (const [title, folder] of [
    ['At the top', ''],
    ['Also at the top', ''],
    ['In search', 'Search'],
    ['In search facets', 'Search/Facets'],
    ['Elsewhere', 'Searching'],
  ] as const) {
    await caller.testCases.create({ projectId, title, folder })
  }
})
afterAll(async () => {
  await testDb.cleanup()
})

describe('testCases.list folder filters', () => {
  it('noFolder lists only the cases at the top level', async () => {
    const list = await (await api()).testCases.list({ projectId, filters: { noFolder: true } })
    expect(list.items.map((item) => item.title)).toEqual(['At the top', 'Also at the top'])
    expect(list.total).toBe(2)
  })

  it('a folder lists its own cases and those of its sub-folders, not of a folder that merely starts alike', async () => {
    const list = await (await api()).testCases.list({ projectId, filters: { folder: 'Search' } })
    expect(list.items.map((item) => item.title)).toEqual(['In search', 'In search facets'])
  })

  it('without either, every case is listed', async () => {
    expect((await (await api()).testCases.list({ projectId, filters: {} })).total).toBe(5)
  })
})
