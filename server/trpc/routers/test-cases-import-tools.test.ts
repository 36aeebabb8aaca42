import { readFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedInAccount } from '../../../tests/helpers/test-account.ts'
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/test-db.ts'
import { testContext } from '../../../tests/helpers/trpc-context.ts'
import type { AuthState } from '../../session.server.ts'
import { createCaller } from '../router.server.ts'

// Imports of other tools' exports (docs/test-case-csv.md, "Other tools") and our own export imported back.
let testDb: TestDatabase
let owner: AuthState

const FIXTURES = path.join(import.meta.dirname, '../../../tests/fixtures/case-imports')
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name), 'utf8')
const as = async () => createCaller(await testContext(testDb.db, { auth: owner, locale: 'en' }))

beforeAll(async () => {
  testDb = await createTestDatabase()
  owner = await signedInAccount(testDb.db, 'Olga Owner', 'olga@tools.cz')
})
afterAll(async () => {
  await testDb.cleanup()
})

describe('our own export imported back', () => {
  it('changes nothing, with custom fields of every type set and unset', async () => {
    const api = await as()
    const { id: projectId } = await api.projects.create({ name: 'Round trip', key: 'RT' })
    const field = async (label: string, type: 'text' | 'number' | 'select' | 'multiselect' | 'checkbox' | 'date' | 'url' | 'user', options: string[] = []) =>
      (await api.projects.fields.create({ projectId, field: { label, type, options, required: false } })).id
    const ids = {
      text: await field('Notes', 'text'),
      number: await field('Effort', 'number'),
      select: await field('Browser', 'select', ['Chrome', 'Firefox']),
      multiselect: await field('Devices', 'multiselect', ['Phone', 'Desktop']),
      checkbox: await field('Smoke', 'checkbox'),
      date: await field('Reviewed', 'date'),
      url: await field('Spec', 'url'),
      user: await field('Owner', 'user'),
    }
    const set = { [ids.text]: 'Ano, “quoted”', [ids.number]: 1.5, [ids.select]: 'Firefox', [ids.multiselect]: ['Phone', 'Desktop'], [ids.checkbox]: true, [ids.date]: '2026-11-28', [ids.url]: 'https://data.example/spec', [ids.user]: owner.user!.id }
    await api.testCases.create({ projectId, title: 'Everything set', folder: 'A/B', priority: 'high', tags: ['x'], steps: [{ kind: 'step', id: 's1', action: '=1+1', data: 'd', expected: 'e' }], custom: set })
    await api.testCases.create({ projectId, title: 'Nothing set' })
    await api.testCases.create({ projectId, title: 'Checkbox off', custom: { [ids.checkbox]: false } })
    for (const separator of [',', ';'] as const) {
      const { csv } = await api.testCases.exportCsv({ projectId, separator })
      const preview = await api.testCases.importPreview({ projectId, csv })
      expect(preview.rows.map((row) => [row.title, row.action, row.changes])).toEqual([
        ['Everything set', 'unchanged', []],
        ['Nothing set', 'unchanged', []],
        ['Checkbox off', 'unchanged', []],
      ])
      expect(preview.summary.values).toEqual([])
      expect(await api.testCases.import({ projectId, csv })).toMatchObject({ created: 0, updated: 0, refused: 0 })
    }
  })
})

describe('other tools’ exports', () => {
  it('imports a TestRail XML export whole, and a second import of the same file updates instead of duplicating', async () => {
    const api = await as()
    const { id: projectId } = await api.projects.create({ name: 'From TestRail', key: 'TR' })
    const xml = fixture('testrail/xml-export-sample-project-master.xml')
    const preview = await api.testCases.importPreview({ projectId, csv: xml })
    expect(preview.fileErrors).toEqual([])
    expect(preview.summary.format).toBe('testrail-xml')
    expect(preview.rows).toHaveLength(235)
    expect(preview.rows.filter((row) => row.action === 'create')).toHaveLength(235)
    // Each of TestRail's types is listed once with what it becomes; the user maps one differently.
    const regression = preview.summary.values.find((value) => value.field === 'type' && value.value === 'Regression')
    expect(regression).toMatchObject({ to: 'manual' })
    expect(preview.summary.values.find((value) => value.field === 'type' && value.value === 'Automated')).toBeUndefined()
    const done = await api.testCases.import({ projectId, csv: xml, mapping: [{ field: 'priority', value: 'Low', to: 'medium' }] })
    expect(done).toMatchObject({ created: 235, updated: 0, refused: 0 })
    const list = await api.testCases.list({ projectId, filters: {}, pageSize: 1 })
    expect(list.total).toBe(235)
    const again = await api.testCases.importPreview({ projectId, csv: xml, mapping: [{ field: 'priority', value: 'Low', to: 'medium' }] })
    expect(again.rows.every((row) => row.action === 'unchanged')).toBe(true)
    // Without the choice, the cases whose priority was Low would change back: updates, not new cases.
    const plain = await api.testCases.importPreview({ projectId, csv: xml })
    expect(plain.rows.filter((row) => row.action === 'create')).toHaveLength(0)
    expect(plain.rows.filter((row) => row.action === 'update').every((row) => row.changes.join() === 'priority')).toBe(true)
  })

  it('keeps folders, steps and expected results of a TestLink project, and turns a chosen column into a field', async () => {
    const api = await as()
    const { id: projectId } = await api.projects.create({ name: 'From TestLink', key: 'TL' })
    const xml = fixture('testlink/xml-testsuite-deep-custom-fields.xml')
    const preview = await api.testCases.importPreview({ projectId, csv: xml })
    expect(preview.summary.unmatchedColumns).toEqual(['CF_ATTEND_TIME', 'CF_UNATTEND_TIME'])
    const done = await api.testCases.import({ projectId, csv: xml, newFields: ['CF_ATTEND_TIME'] })
    expect(done).toMatchObject({ created: 2, refused: 0 })
    const fields = await api.projects.fields.list({ projectId })
    expect(fields.map((field) => field.label)).toEqual(['CF_ATTEND_TIME'])
    const { items } = await api.testCases.list({ projectId, filters: {}, pageSize: 10 })
    const first = (await api.testCases.byId({ id: items[0]!.id })).case
    expect(first.folder).not.toBe('')
    expect(first.steps.length).toBeGreaterThan(0)
  })
})
