import { TRPCError } from '@trpc/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rejection } from '../../../tests/helpers/rejection.ts'
import { signedInAccount } from '../../../tests/helpers/test-account.ts'
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/test-db.ts'
import { testContext } from '../../../tests/helpers/trpc-context.ts'
import { CASE_IMPORT_QUEUE } from '../../queries/case-csv.server.ts'
import type { AuthState } from '../../session.server.ts'
import { createCaller } from '../router.server.ts'

// Large CSV imports (docs/test-case-csv.md, "Limits"): a file over the row limit is refused with the reason and changes
// nothing, one at the limit previews and imports, and imports of one process run one at a time, the rest waiting in a
// bounded queue.
let testDb: TestDatabase
let owner: AuthState
let projectId: string

const as = async (locale: 'en' | 'cs' = 'en') => createCaller(await testContext(testDb.db, { auth: owner, locale }))
const titles = (count: number, prefix = 't') => `Title\r\n${Array.from({ length: count }, (_, index) => `${prefix}${index}\r\n`).join('')}`
const caseCount = async () => (await (await as()).testCases.list({ projectId, filters: {}, pageSize: 1 })).total

beforeAll(async () => {
  testDb = await createTestDatabase()
  owner = await signedInAccount(testDb.db, 'Olga Owner', 'olga@import.cz')
  projectId = (await (await as()).projects.create({ name: 'Imports', key: 'IMP' })).id
})
afterAll(async () => {
  await testDb.cleanup()
})

describe('CSV import limits', () => {
  it('refuses a file of 50,001 rows with the reason in the user’s language, in the preview and the import, and writes nothing', async () => {
    const api = await as('cs')
    // Czech groups thousands with a no-break space.
    const reason = 'Soubor má víc než 50\u00a0000 řádků (za záhlavím), víc, než jeden import pojme. Rozdělte ho na menší soubory.'
    const preview = await api.testCases.importPreview({ projectId, csv: titles(50_001) })
    expect(preview).toEqual({ rows: [], fileErrors: [reason], summary: { format: 'csv', values: [], unmatchedColumns: [] } })
    const refused = await rejection(api.testCases.import({ projectId, csv: titles(50_001) }), TRPCError)
    expect(refused.code).toBe('BAD_REQUEST')
    expect(refused.message).toBe(reason)
    // Rows are counted, not cases: one case with 50,001 step rows is refused the same way.
    const steps = `Title;Steps (Step)\r\nOne long case;step 0\r\n${Array.from({ length: 50_000 }, (_, index) => `;step ${index + 1}\r\n`).join('')}`
    expect((await api.testCases.importPreview({ projectId, csv: steps })).fileErrors).toEqual([reason])
    expect(await caseCount()).toBe(0)
  })

  it('previews and imports a file at the limit, 50,000 rows', { timeout: 180_000 }, async () => {
    const api = await as()
    const csv = titles(50_000)
    const preview = await api.testCases.importPreview({ projectId, csv })
    expect(preview.fileErrors).toEqual([])
    expect(preview.rows).toHaveLength(50_000)
    expect(preview.rows.every((row) => row.action === 'create')).toBe(true)
    expect(preview.rows.at(-1)).toMatchObject({ line: 50_001, title: 't49999' })
    const imported = await api.testCases.import({ projectId, csv })
    expect(imported).toMatchObject({ created: 50_000, updated: 0, refused: 0 })
    expect(imported.rows.at(-1)).toMatchObject({ key: 'IMP-50000', title: 't49999', version: 1 })
    expect(await caseCount()).toBe(50_000)
  })

  it('runs concurrent imports one at a time: the later ones wait their turn, and past the queue’s bound are refused', async () => {
    const api = await as('cs')
    const before = { ...CASE_IMPORT_QUEUE.stats }
    const files = Array.from({ length: 4 }, (_, file) => titles(2_000, `queued ${file} `))
    const [first, second, third, imported] = await Promise.all([
      api.testCases.importPreview({ projectId, csv: files[0]! }),
      api.testCases.importPreview({ projectId, csv: files[1]! }),
      api.testCases.importPreview({ projectId, csv: files[2]! }),
      api.testCases.import({ projectId, csv: files[3]! }),
    ])
    // Each answered for its own file, none was refused, and never more than one ran at once.
    for (const [index, preview] of [first, second, third].entries()) {
      expect(preview.rows).toHaveLength(2_000)
      expect(preview.rows[0]!.title).toBe(`queued ${index} 0`)
    }
    expect(imported.created).toBe(2_000)
    expect(CASE_IMPORT_QUEUE.stats.peakRunning).toBe(1)
    expect(CASE_IMPORT_QUEUE.stats.waited - before.waited).toBe(3)
    expect(CASE_IMPORT_QUEUE.stats.refused).toBe(before.refused)

    // One running and five waiting fill the queue: the next is refused at once, with a message, and writes nothing.
    const total = await caseCount()
    const calls = Array.from({ length: 7 }, (_, index) => api.testCases.import({ projectId, csv: titles(2_000, `burst ${index} `) }).then(
      (done) => ({ ok: true as const, created: done.created }),
      (error: unknown) => ({ ok: false as const, error }),
    ))
    const outcomes = await Promise.all(calls)
    const refused = outcomes.filter((outcome) => !outcome.ok)
    expect(refused).toHaveLength(1)
    const error = refused[0]!.error as TRPCError
    expect(error.code).toBe('SERVICE_UNAVAILABLE')
    expect(error.message).toBe('Právě běží jiné importy. Nic se neimportovalo; zkuste to prosím za minutu znovu.')
    expect(outcomes.filter((outcome) => outcome.ok)).toEqual(Array.from({ length: 6 }, () => ({ ok: true, created: 2_000 })))
    expect(await caseCount()).toBe(total + 6 * 2_000)
    expect(CASE_IMPORT_QUEUE.stats.peakRunning).toBe(1)
  })
})
