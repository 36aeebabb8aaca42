import { TRPCError } from '@trpc/server'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { portals } from '../../../db/schema/portal.ts'
import { rejection } from '../../../tests/helpers/rejection.ts'
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/test-db.ts'
import { testContext } from '../../../tests/helpers/trpc-context.ts'
import { signedInAccount } from '../../../tests/helpers/test-account.ts'
import { storePackages } from '../../ckan/harvest/ingest.server.ts'
import { insertAttachment } from '../../queries/attachments.server.ts'
import { PackageSchema } from '../../ckan/schemas.server.ts'
import type { AuthState } from '../../session.server.ts'
import { appRouter, createCaller } from '../router.server.ts'

let testDb: TestDatabase
let owner: AuthState
let tester: AuthState
let stranger: AuthState
let projectId: string
const DATASET_ID = 'tm-portal:11111111-2222-3333-4444-555555555555'

const account = (name: string, email: string): Promise<AuthState> => signedInAccount(testDb.db, name, email)

const as = async (auth: AuthState, locale: 'en' | 'cs' = 'en') => createCaller(await testContext(testDb.db, { auth, locale }))

beforeAll(async () => {
  testDb = await createTestDatabase()
  owner = await account('Olga Owner', 'olga@example.cz')
  tester = await account('Tomáš Tester', 'tomas@example.cz')
  stranger = await account('Sam Stranger', 'sam@example.cz')
  await testDb.db.insert(portals).values({ id: 'tm-portal', name: 'Test portal', baseUrl: 'https://tm.example', apiBase: 'https://tm.example/api/3', createdAt: new Date() })
  const pkg = PackageSchema.parse({
    id: '11111111-2222-3333-4444-555555555555',
    name: 'air-quality',
    title: 'Air quality in Brno',
    metadata_modified: '2026-01-01T00:00:00',
    resources: [{ id: 'r1', name: 'Measurements', format: 'CSV', url: 'https://tm.example/air.csv' }],
    tags: [],
  })
  await storePackages(testDb.db, 'tm-portal', [pkg], { runId: null, now: new Date() })
  const created = await (await as(owner)).projects.create({ name: 'Portal regression', key: 'prg', description: 'Checks of the **national** catalogue', portalIds: ['tm-portal', 'nowhere'] })
  projectId = created.id
})
afterAll(async () => {
  await testDb.cleanup()
})

const STEPS = [
  { kind: 'step' as const, id: 's1', action: 'Open the dataset page', data: DATASET_ID, expected: 'The page shows the title' },
  { kind: 'step' as const, id: 's2', action: 'Download the CSV', data: '', expected: 'A header row' },
]

describe('projects and members', () => {
  it('makes the creator the owner, keeps the key unique and lists the project with its counts', async () => {
    const api = await as(owner)
    expect(await api.projects.list()).toEqual([expect.objectContaining({ id: projectId, key: 'PRG', name: 'Portal regression', role: 'owner', cases: 0, members: 1 })])
    const taken = await rejection(api.projects.create({ name: 'Another', key: 'PRG' }), TRPCError)
    expect(taken.code).toBe('CONFLICT')
    const dashboard = await api.projects.byId({ projectId })
    expect(dashboard.portals.map((portal) => portal.id)).toEqual(['tm-portal'])
    expect(dashboard.role).toBe('owner')
  })

  it('adds existing accounts by e-mail; only owners change roles; the last owner stays', async () => {
    const api = await as(owner, 'cs')
    const unknown = await rejection(api.projects.members.add({ projectId, email: 'nobody@example.cz', role: 'tester' }), TRPCError)
    expect(unknown.message).toBe('Žádný účet s touto e-mailovou adresou neexistuje. Pozvěte ji raději v části Pozvánky: dotyčný se přidá při registraci.')
    await api.projects.members.add({ projectId, email: 'TOMAS@example.cz', role: 'tester' })
    expect((await rejection(api.projects.members.add({ projectId, email: 'tomas@example.cz', role: 'editor' }), TRPCError)).code).toBe('CONFLICT')

    const testerApi = await as(tester)
    expect((await rejection(testerApi.projects.members.setRole({ projectId, userId: tester.user!.id, role: 'owner' }), TRPCError)).code).toBe('FORBIDDEN')
    expect((await rejection(testerApi.testCases.create({ projectId, title: 'Not mine to write' }), TRPCError)).code).toBe('FORBIDDEN')
    expect((await rejection(testerApi.invitations.create({ projectId, email: 'friend@example.cz', role: 'viewer', locale: 'en' }), TRPCError)).code).toBe('FORBIDDEN')
    expect((await rejection(testerApi.invitations.list({ projectId }), TRPCError)).code).toBe('FORBIDDEN')
    expect((await testerApi.projects.byId({ projectId })).role).toBe('tester')

    expect((await rejection(api.projects.members.setRole({ projectId, userId: owner.user!.id, role: 'editor' }), TRPCError)).code).toBe('BAD_REQUEST')
    expect((await rejection(api.projects.members.remove({ projectId, userId: owner.user!.id }), TRPCError)).code).toBe('BAD_REQUEST')
    const audit = await api.projects.debug({ projectId })
    expect(audit.audit.map((event) => `${event.entity} ${event.action}`)).toEqual(expect.arrayContaining(['member added', 'project created']))
  })
})

describe('test cases', () => {
  let caseId: string

  it('creates a case with steps, a custom field and a dataset target, under the project key', async () => {
    const api = await as(owner)
    const { id: fieldId } = await api.projects.fields.create({ projectId, field: { label: 'Browser', type: 'select', options: ['Chrome', 'Firefox'], required: false } })
    const created = await api.testCases.create({
      projectId,
      title: 'Air quality has a CSV',
      description: 'The **CSV** must download.',
      steps: STEPS,
      priority: 'high',
      state: 'active',
      tags: ['smoke', 'csv'],
      folder: ' Datasets / Environment ',
      target: { kind: 'dataset', id: DATASET_ID, label: 'whatever the browser said' },
      custom: { [fieldId]: 'Firefox' },
      estimateMinutes: 15,
    })
    caseId = created.id
    expect(created).toMatchObject({ key: 'PRG-1', version: 1 })
    const { case: stored } = await api.testCases.byId({ id: caseId })
    // The label is the catalogue's, the folder normalised.
    expect(stored).toMatchObject({ folder: 'Datasets/Environment', target: { kind: 'dataset', id: DATASET_ID, label: 'Air quality in Brno' }, custom: { [fieldId]: 'Firefox' } })

    const wrong = await rejection(api.testCases.create({ projectId, title: 'Bad values', custom: { [fieldId]: 'Safari' }, target: { kind: 'dataset', id: 'tm-portal:missing', label: '' } }), TRPCError)
    expect(wrong.code).toBe('BAD_REQUEST')
  })

  it('keeps every version; a save over an older version is refused and writes nothing', async () => {
    const api = await as(owner)
    const first = await api.testCases.update({ id: caseId, expectedVersion: 1, title: 'Air quality has a CSV resource', steps: [...STEPS].reverse(), priority: 'critical', state: 'active', tags: ['smoke'] })
    expect(first.version).toBe(2)
    // A second editor still holding version 1.
    const stale = await rejection(api.testCases.update({ id: caseId, expectedVersion: 1, title: 'Lost update' }), TRPCError)
    expect(stale.code).toBe('CONFLICT')
    expect(stale.message).toMatch(/^Olga Owner saved this test case after you opened it \(version 2\)/)
    const history = await api.testCases.history({ id: caseId })
    expect(history.map((version) => [version.version, version.change, version.changedBy])).toEqual([
      [2, 'edited', 'Olga Owner'],
      [1, 'created', 'Olga Owner'],
    ])
    expect(history[0]!.snapshot).toMatchObject({ title: 'Air quality has a CSV resource', priority: 'critical', steps: [STEPS[1], STEPS[0]] })
    expect(history[1]!.snapshot).toMatchObject({ title: 'Air quality has a CSV', priority: 'high' })
  })

  it('shared steps: an edit gives every case using them a new version, and the history reads them as they were', async () => {
    const api = await as(owner)
    const { id: sharedId } = await api.projects.sharedSteps.create({ projectId, step: { title: 'Sign in', steps: [{ action: 'Open the login form', data: '', expected: 'A form' }] } })
    const uses = await api.testCases.create({ projectId, title: 'Profile shows the name', steps: [{ kind: 'shared', id: 'x', sharedStepId: sharedId }, { kind: 'step', id: 'y', action: 'Open the profile', data: '', expected: 'The name' }] })
    await api.projects.sharedSteps.update({ sharedStepId: sharedId, expectedVersion: 1, step: { title: 'Sign in', steps: [{ action: 'Open the sign-in form', data: 'jana@example.cz', expected: 'A form' }] } })
    const history = await api.testCases.history({ id: uses.id })
    expect(history.map((version) => version.change)).toEqual(['shared-step', 'created'])
    expect(history[0]!.sharedSteps[sharedId]!.steps[0]!.action).toBe('Open the sign-in form')
    expect(history[1]!.sharedSteps[sharedId]!.steps[0]!.action).toBe('Open the login form')
    expect((await rejection(api.projects.sharedSteps.remove({ sharedStepId: sharedId }), TRPCError)).code).toBe('BAD_REQUEST')
  })

  it('bulk edits in one transaction, with undo for a deletion; lists filter, sort and page', async () => {
    const api = await as(owner)
    const more = []
    for (const title of ['Search finds air', 'Search finds water', 'Formats page lists CSV']) more.push((await api.testCases.create({ projectId, title, folder: 'Search', tags: ['search'] })).id)
    const { changed } = await api.testCases.bulk({ projectId, caseIds: more, action: { kind: 'addTags', tags: ['regression', 'SEARCH'] } })
    expect(changed).toBe(3)
    await api.testCases.bulk({ projectId, caseIds: more.slice(0, 2), action: { kind: 'priority', priority: 'critical' } })
    const list = await api.testCases.list({ projectId, filters: { tags: ['regression'], priorities: ['critical'] }, sort: 'title' })
    expect(list.items.map((item) => [item.key, item.title, item.tags])).toEqual([
      ['PRG-3', 'Search finds air', ['search', 'regression']],
      ['PRG-4', 'Search finds water', ['search', 'regression']],
    ])
    expect(list.folders).toEqual(expect.arrayContaining([{ folder: 'Search', cases: 3 }]))
    const deletion = await api.testCases.bulk({ projectId, caseIds: more, action: { kind: 'delete' } })
    expect((await api.testCases.list({ projectId, filters: { folder: 'Search' } })).total).toBe(0)
    expect(await api.testCases.restore({ projectId, undo: deletion.undo! })).toEqual({ restored: 3 })
    expect((await api.testCases.list({ projectId, filters: { folder: 'Search' } })).total).toBe(3)
    expect((await api.testCases.sameTitle({ projectId, title: '  search FINDS air ', excludeId: null })).map((row) => row.key)).toEqual(['PRG-3'])
    const history = await api.testCases.history({ id: more[0]! })
    expect(history.map((version) => version.change)).toEqual(['restored', 'deleted', 'bulk', 'bulk', 'created'])
  })

  it('a bulk change says what it changed: cases that already have the value, or are in the suite, are left alone', async () => {
    const api = await as(owner)
    const ids = []
    for (const title of ['Bulk same A', 'Bulk same B', 'Bulk same C', 'Bulk same D']) ids.push((await api.testCases.create({ projectId, title, folder: 'Bulk', tags: ['bulk'] })).id)
    const { id: suiteId } = await api.testSuites.create({ projectId, suite: { name: 'Bulk target', kind: 'static' } })
    const suiteVersion = async () => (await api.testSuites.byId({ id: suiteId })).suite.version
    expect(await api.testCases.bulk({ projectId, caseIds: ids, action: { kind: 'addToSuite', suiteId } })).toEqual({ changed: 4, undo: null })
    const version = await suiteVersion()
    // The same cases again, and again with one new: only what is new counts, and an unchanged suite keeps its version.
    expect(await api.testCases.bulk({ projectId, caseIds: ids, action: { kind: 'addToSuite', suiteId } })).toEqual({ changed: 0, undo: null })
    expect(await suiteVersion()).toBe(version)
    const fifth = (await api.testCases.create({ projectId, title: 'Bulk same E', folder: 'Bulk' })).id
    expect(await api.testCases.bulk({ projectId, caseIds: [...ids, fifth], action: { kind: 'addToSuite', suiteId } })).toEqual({ changed: 1, undo: null })
    expect(await api.testSuites.addCases({ id: suiteId, caseIds: ids })).toEqual({ ok: true, added: 0 })
    expect((await api.testSuites.byId({ id: suiteId })).sections.flatMap((section) => section.cases)).toHaveLength(5)

    // Values the cases have already: nothing changes, no version is written.
    expect((await api.testCases.bulk({ projectId, caseIds: ids.slice(0, 2), action: { kind: 'priority', priority: 'critical' } })).changed).toBe(2)
    expect((await api.testCases.bulk({ projectId, caseIds: ids, action: { kind: 'priority', priority: 'critical' } })).changed).toBe(2)
    expect((await api.testCases.bulk({ projectId, caseIds: ids, action: { kind: 'folder', folder: 'Bulk' } })).changed).toBe(0)
    expect((await api.testCases.bulk({ projectId, caseIds: ids, action: { kind: 'addTags', tags: ['BULK'] } })).changed).toBe(0)
    expect((await api.testCases.bulk({ projectId, caseIds: ids, action: { kind: 'removeTags', tags: ['absent'] } })).changed).toBe(0)
    expect((await api.testCases.bulk({ projectId, caseIds: ids, action: { kind: 'state', state: 'draft' } })).changed).toBe(0)
    expect((await api.testCases.history({ id: ids[3]! })).map((version) => version.change)).toEqual(['bulk', 'created'])
    expect((await api.testCases.history({ id: ids[0]! })).map((version) => version.change)).toEqual(['bulk', 'created'])
  })
})

describe('names are one line', () => {
  const LURES = ['Title\n::error file=a.ts::pwned', 'Red \u001b[31mtitle', 'Tab\tseparated', 'Reversed \u202Eeltit', 'Line\u2028separator']

  it('refuses a title, a name or a label with a line break, an escape or a bidirectional control, and writes nothing', async () => {
    const api = await as(owner)
    const before = (await api.testCases.list({ projectId })).total
    for (const lure of LURES) {
      const refused = await rejection(api.testCases.create({ projectId, title: lure }), TRPCError)
      expect(refused.code, lure).toBe('BAD_REQUEST')
      expect(refused.message, lure).toContain('validation.singleLine')
      expect((await rejection(api.testSuites.create({ projectId, suite: { name: lure, kind: 'static' } }), TRPCError)).code, lure).toBe('BAD_REQUEST')
      expect((await rejection(api.projects.create({ name: lure, key: 'LURE' }), TRPCError)).code, lure).toBe('BAD_REQUEST')
    }
    expect((await api.testCases.list({ projectId })).total).toBe(before)
    // Leading and trailing white space is trimmed as before; inner spaces and any script are fine.
    const created = await api.testCases.create({ projectId, title: '  Žluťoučký kůň – 测试 🐎\n' })
    expect((await api.testCases.byId({ id: created.id })).case.title).toBe('Žluťoučký kůň – 测试 🐎')
  })
})

describe('CSV', () => {
  it('exports the cases and imports them into another project with identical content', async () => {
    const api = await as(owner)
    const { csv } = await api.testCases.exportCsv({ projectId })
    const { id: otherId } = await api.projects.create({ name: 'Copy', key: 'CPY', portalIds: ['tm-portal'] })
    await api.projects.fields.create({ projectId: otherId, field: { label: 'Browser', type: 'select', options: ['Chrome', 'Firefox'], required: false } })
    const preview = await api.testCases.importPreview({ projectId: otherId, csv })
    expect(preview.fileErrors).toEqual([])
    expect(preview.rows.every((row) => row.action === 'create')).toBe(true)
    const imported = await api.testCases.import({ projectId: otherId, csv })
    expect(imported).toMatchObject({ created: preview.rows.length, updated: 0, refused: 0 })
    const strip = (text: string) => text.replace(/^.*?,/gm, '').replace(/PRG|CPY/g, '')
    expect(strip((await api.testCases.exportCsv({ projectId: otherId })).csv)).toBe(strip(csv))
  })

  it('reads a file from Czech Excel, previews create, update and refuse with reasons, and imports all or nothing', async () => {
    const api = await as(owner, 'cs')
    const before = await api.testCases.list({ projectId, filters: {}, pageSize: 200 })
    const target = before.items.find((item) => item.key === 'PRG-3')!
    const text = '\uFEFFID;Název;Priorita;Kroky;Očekávaný výsledek\r\n;Nový případ z Excelu;Vysoká;Otevřít portál;Načte se\r\nPRG-3;Search finds air quality;;;\r\nPRG-99;Neexistuje;;;\r\n;Špatná priorita;Urgentní;;\r\n'
    const preview = await api.testCases.importPreview({ projectId, csv: text })
    // An unknown priority refuses nothing: it is listed once with the priority it gets.
    expect(preview.rows.map((row) => row.action)).toEqual(['create', 'update', 'refuse', 'create'])
    expect(preview.rows[2]!.reasons).toEqual(['Případ PRG-99 v tomto projektu není.'])
    expect(preview.summary.values).toEqual([{ field: 'priority', value: 'Urgentní', to: 'medium', count: 1 }])
    expect(preview.rows[1]!.changes).toEqual(['title'])

    // Someone edits PRG-3 after the preview: the import writes nothing at all.
    await api.testCases.update({ id: target.id, expectedVersion: target.version, title: 'Edited meanwhile', folder: 'Search', tags: ['search', 'regression'], priority: 'critical' })
    const stale = await rejection(api.testCases.import({ projectId, csv: text, expectedVersions: { [target.id]: target.version } }), TRPCError)
    expect(stale.code).toBe('CONFLICT')
    expect((await api.testCases.list({ projectId, filters: { q: 'Nový případ z Excelu' } })).total).toBe(0)

    const again = await api.testCases.importPreview({ projectId, csv: text })
    const versions = Object.fromEntries(again.rows.filter((row) => row.action === 'update').map((row) => [row.caseId!, row.version!]))
    const done = await api.testCases.import({ projectId, csv: text, expectedVersions: versions })
    expect(done).toMatchObject({ created: 2, updated: 1, refused: 1 })
    const created = (await api.testCases.list({ projectId, filters: { q: 'Nový případ z Excelu' } })).items[0]!
    expect(created.priority).toBe('high')
    expect((await api.testCases.byId({ id: created.id })).case.steps).toEqual([expect.objectContaining({ kind: 'step', action: 'Otevřít portál', expected: 'Načte se' })])
  })
})

describe('test suites', () => {
  it('orders a static suite in sections and resolves a dynamic rule', async () => {
    const api = await as(owner)
    const all = (await api.testCases.list({ projectId, filters: {}, pageSize: 200 })).items
    const { id: suiteId } = await api.testSuites.create({ projectId, suite: { name: 'Smoke', kind: 'static' } })
    await api.testSuites.setContent({
      suiteId,
      expectedVersion: 1,
      sections: [
        { id: null, name: '', caseIds: [all[2]!.id] },
        { id: null, name: 'Search', caseIds: [all[1]!.id, all[0]!.id, all[2]!.id] },
      ],
    })
    const suite = await api.testSuites.byId({ id: suiteId })
    expect(suite.sections.map((section) => [section.name, section.cases.map((item) => item.key)])).toEqual([
      ['', [all[2]!.key]],
      ['Search', [all[1]!.key, all[0]!.key]],
    ])
    expect((await rejection(api.testSuites.setContent({ suiteId, expectedVersion: 1, sections: [] }), TRPCError)).code).toBe('CONFLICT')

    const { id: dynamicId } = await api.testSuites.create({ projectId, suite: { name: 'Critical regression', kind: 'dynamic', rule: { tags: ['regression'], minPriority: 'high', folder: 'Search', portalId: null } } })
    const dynamic = await api.testSuites.byId({ id: dynamicId })
    // Only active cases match a rule; these are still drafts.
    expect(dynamic.sections[0]!.cases).toEqual([])
    const search = all.filter((item) => item.folder === 'Search').map((item) => item.id)
    await api.testCases.bulk({ projectId, caseIds: search, action: { kind: 'state', state: 'active' } })
    expect((await api.testSuites.byId({ id: dynamicId })).sections[0]!.cases.map((item) => item.priority)).toEqual(['critical', 'critical'])
  })

  it('reports suites that list a deleted case and exports the whole project', async () => {
    const api = await as(owner)
    const suites = (await api.testSuites.list({ projectId })).suites
    const smoke = await api.testSuites.byId({ id: suites.find((suite) => suite.name === 'Smoke')!.id })
    const listed = smoke.sections.flatMap((section) => section.cases)[0]!
    await api.testCases.bulk({ projectId, caseIds: [listed.id], action: { kind: 'delete' } })
    const debug = await api.projects.debug({ projectId })
    expect(debug.integrity.suitesWithDeletedCases).toEqual([expect.objectContaining({ suite: 'Smoke', key: listed.key })])
    expect(debug.counts.cases).toBeGreaterThan(0)
    const exported = await api.projects.export({ projectId })
    expect(exported.project.key).toBe('PRG')
    expect(exported.cases.find((item) => item.key === listed.key)?.deletedAt).not.toBeNull()
    expect(exported.cases[0]!.versions.length).toBeGreaterThan(0)
  })
})

describe('a project is invisible to non-members', () => {
  // Every procedure of the three routers, with an input naming this project or something in it. A new procedure
  // without an entry here fails the first test, so none goes unchecked.
  async function inputs() {
    const api = await as(owner)
    const item = (await api.testCases.list({ projectId, filters: {} })).items[0]!
    const suite = (await api.testSuites.list({ projectId })).suites[0]!
    const field = (await api.projects.fields.list({ projectId }))[0]!
    const shared = (await api.projects.sharedSteps.list({ projectId }))[0]!
    const invitation = (await api.invitations.list({ projectId })).invitations[0] ?? (await api.invitations.create({ projectId, email: 'invited@example.cz', role: 'tester', locale: 'cs' }))
    const caseFields = { title: 'x' }
    const file = await insertAttachment(testDb.db, { projectId, target: { kind: 'case', caseId: item.id }, hash: 'a'.repeat(64), size: 1, contentType: 'text/plain', kind: 'file', filename: 'x.txt', createdBy: owner.user!.id })
    return {
      'projects.byId': { projectId },
      'projects.update': { projectId, name: 'Mine now' },
      'projects.remove': { projectId },
      'projects.setPortals': { projectId, portalIds: [] },
      'projects.members.list': { projectId },
      'projects.members.add': { projectId, email: 'sam@example.cz', role: 'owner' },
      'projects.members.setRole': { projectId, userId: owner.user!.id, role: 'viewer' },
      'projects.members.remove': { projectId, userId: owner.user!.id },
      'projects.fields.list': { projectId },
      'projects.fields.create': { projectId, field: { label: 'X', type: 'text' } },
      'projects.fields.update': { projectId, fieldId: field.id, label: 'X', options: [], required: false },
      'projects.fields.remove': { projectId, fieldId: field.id },
      'projects.sharedSteps.list': { projectId },
      'projects.sharedSteps.create': { projectId, step: { title: 'X', steps: [{ action: 'x' }] } },
      'projects.sharedSteps.update': { sharedStepId: shared.id, expectedVersion: shared.version, step: { title: 'X', steps: [{ action: 'x' }] } },
      'projects.sharedSteps.remove': { sharedStepId: shared.id },
      'projects.debug': { projectId },
      'projects.export': { projectId },
      'invitations.list': { projectId },
      'invitations.create': { projectId, email: 'sam@example.cz', role: 'owner', locale: 'en' },
      'invitations.resend': { projectId, invitationId: invitation.id },
      'invitations.revoke': { projectId, invitationId: invitation.id },
      'testCases.list': { projectId },
      'testCases.byId': { id: item.id },
      'testCases.history': { id: item.id },
      'testCases.results': { id: item.id },
      'testCases.create': { projectId, ...caseFields },
      'testCases.update': { id: item.id, expectedVersion: item.version, ...caseFields },
      'testCases.bulk': { projectId, caseIds: [item.id], action: { kind: 'delete' } },
      'testCases.restore': { projectId, undo: 'x' },
      'testCases.sameTitle': { projectId, title: 'x' },
      'testCases.targets': { projectId, kind: 'dataset', q: 'air' },
      'testCases.exportCsv': { projectId },
      'testCases.tryCheck': { projectId, check: { type: 'portal-answers' } },
      'testCases.importPreview': { projectId, csv: 'Title\nx\n' },
      'testCases.import': { projectId, csv: 'Title\nx\n' },
      'testCases.setDefaultAssignee': { caseId: item.id, assigneeId: null },
      'testSuites.list': { projectId },
      'testSuites.byId': { id: suite.id },
      'testSuites.preview': { projectId, rule: { tags: [] } },
      'testSuites.create': { projectId, suite: { name: 'x', kind: 'static' } },
      'testSuites.update': { id: suite.id, expectedVersion: 1, suite: { name: 'x', kind: 'static' } },
      'testSuites.setContent': { suiteId: suite.id, expectedVersion: 1, sections: [] },
      'testSuites.addCases': { id: suite.id, caseIds: [item.id] },
      'testSuites.setSchedule': { id: suite.id, schedule: null },
      'testSuites.remove': { id: suite.id },
      'attachments.list': { target: { kind: 'case', caseId: item.id } },
      'attachments.upload': { target: { kind: 'case', caseId: item.id }, filename: 'x.txt', size: 1, body: new ReadableStream() },
      'attachments.remove': { id: file.id },
    } as Record<string, unknown>
  }

  const procedurePaths = () =>
    // An invitation's own link (byToken, accept) names no project: whoever holds it may see what it invites to.
    Object.keys(appRouter._def.procedures).filter(
      (path) => /^(projects|testCases|testSuites|invitations|attachments)\./.test(path) && !['projects.list', 'projects.create', 'invitations.byToken', 'invitations.accept'].includes(path),
    )

  it('lists an input for every procedure that names a project', async () => {
    expect(procedurePaths().sort()).toEqual(Object.keys(await inputs()).sort())
  })

  it('answers 404 to a signed-in stranger for every one of them, and changes nothing', async () => {
    const before = await testDb.db.all<{ n: number }>(sql`SELECT (SELECT count(*) FROM test_case) + (SELECT count(*) FROM audit_event) + (SELECT count(*) FROM project_member) + (SELECT count(*) FROM project_invitation) AS n`)
    const api = await as(stranger)
    for (const [path, input] of Object.entries(await inputs())) {
      const procedure = path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], api) as (input: unknown) => Promise<unknown>
      const error = await rejection(procedure(input), TRPCError)
      expect(error.code, path).toBe('NOT_FOUND')
    }
    expect(await api.projects.list()).toEqual([])
    const after = await testDb.db.all<{ n: number }>(sql`SELECT (SELECT count(*) FROM test_case) + (SELECT count(*) FROM audit_event) + (SELECT count(*) FROM project_member) + (SELECT count(*) FROM project_invitation) AS n`)
    expect(after).toEqual(before)
  })

  it('lets an API token do what its owner may', async () => {
    const token: AuthState = { via: 'token', user: owner.user!, session: null, tokenId: 'tok', scope: 'write' }
    const api = await as(token)
    expect((await api.projects.byId({ projectId })).project.key).toBe('PRG')
    expect((await api.testCases.create({ projectId, title: 'From a script' })).key).toMatch(/^PRG-\d+$/)
  })
})
