import { TRPCError } from '@trpc/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { portals } from '../../../db/schema/portal.ts'
import { rejection } from '../../../tests/helpers/rejection.ts'
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/test-db.ts'
import { testContext } from '../../../tests/helpers/trpc-context.ts'
import { signedInAccount } from '../../../tests/helpers/test-account.ts'
import type { AuthState } from '../../session.server.ts'
import { createCaller } from '../router.server.ts'

// testSuites.preview: what the rule builder shows while a dynamic suite's rule is being written.

let testDb: TestDatabase
let owner: AuthState
let viewer: AuthState
let stranger: AuthState
let projectId: string

const account = (name: string, email: string): Promise<AuthState> => signedInAccount(testDb.db, name, email)

const as = async (auth: AuthState) => createCaller(await testContext(testDb.db, { auth, locale: 'en' }))
const NO_RULE = { tags: [], minPriority: null, folder: null, portalId: null }

beforeAll(async () => {
  testDb = await createTestDatabase()
  owner = await account('Olga Owner', 'olga@example.cz')
  viewer = await account('Vera Viewer', 'vera@example.cz')
  stranger = await account('Sam Stranger', 'sam@example.cz')
  await testDb.db.insert(portals).values({ id: 'pv-portal', name: 'Preview portal', baseUrl: 'https://pv.example', apiBase: 'https://pv.example/api/3', createdAt: new Date() })
  const api = await as(owner)
  projectId = (await api.projects.create({ name: 'Preview', key: 'PV', portalIds: ['pv-portal'] })).id
  await api.projects.members.add({ projectId, email: 'vera@example.cz', role: 'viewer' })
  const cases = [
    { title: 'Search by word', tags: ['search', 'smoke'], priority: 'high', state: 'active', folder: 'Search' },
    { title: 'Search by tag', tags: ['Search'], priority: 'critical', state: 'active', folder: 'Search/Tags' },
    { title: 'Search draft', tags: ['search'], priority: 'critical', state: 'draft', folder: 'Search' },
    { title: 'Search is slow', tags: ['search'], priority: 'low', state: 'active', folder: 'Searching' },
    { title: 'Portal answers', tags: ['smoke'], priority: 'medium', state: 'active', folder: '', target: { kind: 'portal', id: 'pv-portal', label: '' } },
    { title: 'Old search', tags: ['search'], priority: 'critical', state: 'deprecated', folder: 'Search' },
  ] as const
  for (const item of cases) await api.testCases.create({ projectId, ...item, tags: [...item.tags] })
})
afterAll(async () => {
  await testDb.cleanup()
})

describe('testSuites.preview', () => {
  it('lists the active cases that meet every condition of the rule, in key order, with their keys', async () => {
    const api = await as(owner)
    const both = await api.testSuites.preview({ projectId, rule: { ...NO_RULE, tags: ['search'], minPriority: 'high' } })
    expect(both).toEqual({
      total: 2,
      cases: [
        { id: expect.any(String), key: 'PV-1', title: 'Search by word', priority: 'high' },
        { id: expect.any(String), key: 'PV-2', title: 'Search by tag', priority: 'critical' },
      ],
    })
    // A folder takes in its subfolders, not folders that merely start with the same letters.
    expect((await api.testSuites.preview({ projectId, rule: { ...NO_RULE, folder: 'Search' } })).cases.map((item) => item.key)).toEqual(['PV-1', 'PV-2'])
    expect((await api.testSuites.preview({ projectId, rule: { ...NO_RULE, portalId: 'pv-portal' } })).cases.map((item) => item.title)).toEqual(['Portal answers'])
    // No condition: every active case.
    expect((await api.testSuites.preview({ projectId, rule: NO_RULE })).total).toBe(4)
  })

  it('is open to viewers, and answers NOT_FOUND to a non-member', async () => {
    expect((await (await as(viewer)).testSuites.preview({ projectId, rule: { ...NO_RULE, tags: ['smoke'] } })).total).toBe(2)
    const refused = await rejection((await as(stranger)).testSuites.preview({ projectId, rule: NO_RULE }), TRPCError)
    expect(refused.code).toBe('NOT_FOUND')
  })

  it('refuses a rule that does not fit the schema', async () => {
    const refused = await rejection((await as(owner)).testSuites.preview({ projectId, rule: { ...NO_RULE, minPriority: 'urgent' as never } }), TRPCError)
    expect(refused.code).toBe('BAD_REQUEST')
  })
})
