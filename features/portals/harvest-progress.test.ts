import { describe, expect, it } from 'vitest'
import { etaParts, harvestFailureCause, isNewerHarvestLog, latestHarvestLog, pollInterval, progressBar, servedFewer } from './harvest-progress.ts'

describe('harvest progress', () => {
  it('says how long is left in the unit a person would use', () => {
    expect(etaParts(0)).toEqual({ value: 1, unit: 'second' })
    expect(etaParts(42.2)).toEqual({ value: 43, unit: 'second' })
    expect(etaParts(200)).toEqual({ value: 4, unit: 'minute' })
    expect(etaParts(3 * 3600)).toEqual({ value: 3, unit: 'hour' })
  })

  it('is indeterminate until the total is known and never runs past it', () => {
    expect(progressBar(10, null)).toEqual({ value: null, max: 100 })
    expect(progressBar(10, 0)).toEqual({ value: null, max: 100 })
    expect(progressBar(250, 1000)).toEqual({ value: 250, max: 1000 })
    expect(progressBar(1200, 1000)).toEqual({ value: 1000, max: 1000 })
  })

  it('polls only while the harvest runs', () => {
    expect(pollInterval(true)).toBeGreaterThan(0)
    expect(pollInterval(false)).toBe(false)
  })
})

describe('which harvest log to show', () => {
  type Log = { running: { runId: number } | null; runs: Array<{ runId: number }> }
  const run = (runId: number) => ({ runId })
  const runningLog = (runId: number, older: number[] = []): Log => ({ running: run(runId), runs: [run(runId), ...older.map(run)] })
  const endedLog = (runId: number, older: number[] = []): Log => ({ running: null, runs: [run(runId), ...older.map(run)] })

  it('keeps a run the poll saw end, when the page data still shows it running', () => {
    const page = runningLog(7, [6])
    const polled = endedLog(7, [6])
    expect(latestHarvestLog(page, polled)).toBe(polled)
    expect(isNewerHarvestLog(polled, page)).toBe(true)
  })

  it('takes the page data once it has caught up, or got further', () => {
    expect(latestHarvestLog(endedLog(8, [7]), endedLog(7))).toEqual(endedLog(8, [7]))
    expect(latestHarvestLog(runningLog(8, [7]), endedLog(7))).toEqual(runningLog(8, [7]))
    expect(isNewerHarvestLog(endedLog(7), endedLog(7))).toBe(false)
  })

  it('prefers the poll when both say the same: its counts are live', () => {
    const page = endedLog(7)
    const polled = endedLog(7)
    expect(latestHarvestLog(page, polled)).toBe(polled)
  })

  it('takes whichever there is when the other is missing', () => {
    expect(latestHarvestLog(undefined, endedLog(3))).toEqual(endedLog(3))
    expect(latestHarvestLog(runningLog(3), null)).toEqual(runningLog(3))
    expect(latestHarvestLog(null, null)).toBe(null)
    expect(latestHarvestLog<Log>({ running: null, runs: [] }, null)).toEqual({ running: null, runs: [] })
  })
})

describe('what a finished harvest says', () => {
  it('names the cause of a failure, not the pause that followed it', () => {
    const timeout = { kind: 'timeout', message: 'No answer in 30 s' }
    const paused = { kind: 'circuit-open', message: 'Calls to https://x/api/3 are paused after 5 failures in a row' }
    expect(harvestFailureCause([timeout, timeout, paused])).toEqual({ cause: timeout, paused: true })
    expect(harvestFailureCause([timeout])).toEqual({ cause: timeout, paused: false })
    expect(harvestFailureCause([paused])).toEqual({ cause: null, paused: true })
    expect(harvestFailureCause([])).toEqual({ cause: null, paused: false })
  })

  it('says when a portal served fewer datasets than it reported', () => {
    expect(servedFewer({ status: 'succeeded', done: 10, total: 38, stopReason: null })).toEqual({ reported: 38, served: 10 })
    expect(servedFewer({ status: 'succeeded', done: 38, total: 38, stopReason: null })).toBeNull()
    // A stopped or failed run says why it stopped instead; a total never known says nothing.
    expect(servedFewer({ status: 'succeeded', done: 10, total: 38, stopReason: 'time-limit' })).toBeNull()
    expect(servedFewer({ status: 'failed', done: 10, total: 38, stopReason: null })).toBeNull()
    expect(servedFewer({ status: 'succeeded', done: 10, total: null, stopReason: null })).toBeNull()
  })
})
