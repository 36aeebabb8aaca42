import { describe, expect, it } from 'vitest'
import { runWriteLoad } from './write-load.ts'

// The promise behind every answer: 2xx means stored and visible, an error means nothing stored. The server's helper
// process loads the demo catalogue, then harvests a 100,000-dataset fixture portal, while 200 clients sign up, update
// their profiles, create API tokens, sign out and in again. Figures are printed for bench/write-contention.ts's
// readers; nothing here asserts a duration.
describe('user writes while the helper process loads and harvests', () => {
  it('none fails, none is lost, none appears uninvited', async () => {
    const report = await runWriteLoad({ clients: 200, datasets: 100_000 })
    const { serverLog, failures, ...figures } = report
    console.log(JSON.stringify(figures, null, 2))
    if (failures.length > 0) console.log(failures.slice(0, 10), serverLog.slice(-5000))

    expect(report.demo.datasets).toBe(20_000)
    expect(report.harvest).toMatchObject({ status: 'succeeded', datasets: 100_000 })
    expect(report.writes.byKind.signup.ok).toBe(200)
    // Every client went round at least once (profile, token, sign-out, sign-in) while the background work ran.
    for (const kind of ['profile', 'token', 'logout', 'login'] as const) expect(report.writes.byKind[kind].ok).toBeGreaterThanOrEqual(200)
    expect(failures).toEqual([])
    expect(report.lost).toEqual([])
    expect(report.phantom).toEqual([])
    expect(report.reads.failed).toBe(0)
  })
})
