import { describe, expect, it } from 'vitest'
import { runJunitContention } from './junit-contention.ts'

// A tester imports 40,000 JUnit results while an editor saves a case every 50 ms (docs/decisions/012-database-writes.md,
// "Imports"): every save is stored and the import records every result. How long the saves waited is printed for
// bench/write-contention.ts's readers; nothing here asserts a duration.
describe('a person’s saves during a large JUnit import', () => {
  it('all succeed, and the import records every result', async () => {
    const report = await runJunitContention({ results: 40_000 })
    console.log(JSON.stringify(report, null, 2))
    expect(report.import).toMatchObject({ status: 200, recorded: 40_000, addedToRun: 39_900 })
    expect(report.saves.failed).toBe(0)
    // Saves were made while the results were being written, not only before or after.
    expect(report.savesWhileWriting.ok).toBeGreaterThan(0)
  })
})
