import { describe, expect, it } from 'vitest'
import { parseCsv } from '../csv.ts'
import {
  blockedCauses,
  byRunField,
  filtersFromQuery,
  filtersToQuery,
  flakyCases,
  flipsOf,
  isFlaky,
  groupFigures,
  normaliseCause,
  overTime,
  periodStart,
  reportExportFilename,
  reportToCsv,
  type ReportRunRow,
  type ReportSummary,
} from './reports.ts'
import { emptyCounts, type ResultStatus, type RunCounts } from './test-runs.ts'

const counts = (values: Partial<RunCounts>): RunCounts => ({ ...emptyCounts(), ...values })

function run(id: string, createdAt: string, values: Partial<RunCounts>, extra: Partial<ReportRunRow> = {}): ReportRunRow {
  const of = counts(values)
  const total = Object.values(of).reduce((sum, value) => sum + value, 0)
  return { id, name: `Run ${id}`, state: 'completed', createdAt: new Date(createdAt), suiteId: null, suiteName: null, portalId: null, portalName: null, counts: of, total, passRate: total ? of.passed / total : null, ...extra }
}

describe('filters', () => {
  it('reads known values from the address and falls back for the rest', () => {
    expect(filtersFromQuery({ period: '7', suite: ' s1 ', portal: 'p1', state: 'completed' })).toEqual({ period: '7', suiteId: 's1', portalId: 'p1', state: 'completed' })
    expect(filtersFromQuery({ period: '365', suite: '', state: 'done' })).toEqual({ period: '30', suiteId: null, portalId: null, state: null })
    expect(filtersFromQuery({ suite: 'x'.repeat(65) }).suiteId).toBeNull()
  })

  it('writes only what differs from the defaults', () => {
    expect(filtersToQuery({ period: '30', suiteId: null, portalId: null, state: null })).toBe('')
    expect(filtersToQuery({ period: 'all', suiteId: 'a b', portalId: null, state: 'open' })).toBe('period=all&suite=a+b&state=open')
  })

  it('starts a period that many days back, or never', () => {
    const now = new Date('2026-11-30T12:00:00Z')
    expect(periodStart('7', now)?.toISOString()).toBe('2026-11-23T12:00:00.000Z')
    expect(periodStart('all', now)).toBeNull()
  })
})

describe('flakiness', () => {
  it('counts flips between passed and failed, stepping over the other outcomes', () => {
    expect(flipsOf(['passed', 'failed', 'passed'])).toBe(2)
    expect(flipsOf(['passed', 'blocked', null, 'failed', 'skipped', 'failed'])).toBe(1)
    expect(flipsOf(['passed', 'passed'])).toBe(0)
    expect(flipsOf([])).toBe(0)
  })

  it('finds cases whose outcome alternates among their newest runs, most flips first', () => {
    const at = (day: number) => new Date(Date.UTC(2026, 10, day))
    const series = (caseId: string, statuses: ReadonlyArray<ResultStatus | null>) => statuses.map((status, index) => ({ caseId, runId: `r${index}`, runCreatedAt: at(index + 1), status }))
    const rows = [
      // A: P F P F over four runs (3 flips).
      ...series('A', ['passed', 'failed', 'passed', 'failed']),
      // B: F P F (2 flips), listed newest first to show the order is taken from the dates.
      ...series('B', ['failed', 'passed', 'failed']).reverse(),
      // C: always passes; D: failed long ago, then passed back and forth, only the newest 2 runs in a window of 2.
      ...series('C', ['passed', 'passed']),
      ...series('D', ['failed', 'passed', 'failed', 'failed']),
    ]
    expect(flakyCases(rows, 10)).toEqual([
      { caseId: 'A', flips: 3, runs: 4, passed: 2, failed: 2, statuses: ['passed', 'failed', 'passed', 'failed'] },
      { caseId: 'D', flips: 2, runs: 4, passed: 1, failed: 3, statuses: ['failed', 'passed', 'failed', 'failed'] },
      { caseId: 'B', flips: 2, runs: 3, passed: 1, failed: 2, statuses: ['failed', 'passed', 'failed'] },
    ])
    expect(flakyCases(rows, 3).map((item) => item.caseId)).toEqual(['A', 'B'])
    expect(flakyCases(rows, 10, 1).map((item) => item.caseId)).toEqual(['A'])
  })

  it('does not call a single fix or a single regression flaky, however many runs stand around it', () => {
    const at = (day: number) => new Date(Date.UTC(2026, 10, day))
    const series = (caseId: string, statuses: ReadonlyArray<ResultStatus | null>) => statuses.map((status, index) => ({ caseId, runId: `r${index}`, runCreatedAt: at(index + 1), status }))
    const notFlaky: Array<ReadonlyArray<ResultStatus | null>> = [
      ['failed', 'passed'],
      ['passed', 'failed'],
      ['failed', 'failed', 'failed', 'passed', 'passed'],
      ['passed', 'passed', 'failed', 'failed', 'failed'],
      ['failed', 'blocked', null, 'skipped', 'passed'],
      ['passed', 'blocked', 'passed', null, 'failed'],
      ['failed', 'failed'],
      ['blocked', 'skipped', null],
      [],
    ]
    for (const statuses of notFlaky) {
      expect(isFlaky(statuses), statuses.join(',')).toBe(false)
      expect(flakyCases(series('X', statuses), 10)).toEqual([])
    }
    const flaky: Array<ReadonlyArray<ResultStatus | null>> = [
      ['passed', 'failed', 'passed'],
      ['failed', 'passed', 'failed'],
      ['passed', 'blocked', 'failed', null, 'skipped', 'passed'],
      ['failed', 'failed', 'passed', 'passed', 'failed'],
    ]
    for (const statuses of flaky) {
      expect(isFlaky(statuses), statuses.join(',')).toBe(true)
      expect(flakyCases(series('X', statuses), 10).map((item) => item.caseId)).toEqual(['X'])
    }
  })
})

describe('blocked causes', () => {
  it('normalises a comment to its first line without trailing punctuation', () => {
    expect(normaliseCause('  Portal   down.\nTimeout after 30 s')).toBe('Portal down')
    expect(normaliseCause('Čeká na opravu…\r\n')).toBe('Čeká na opravu')
    expect(normaliseCause(null)).toBe('')
    expect([...normaliseCause('x'.repeat(300))]).toHaveLength(120)
  })

  it('merges comments that differ in case and spacing, keeps check messages apart by code and values, the biggest first', () => {
    const causes = blockedCauses([
      { source: 'comment', cause: 'Portal down', count: 2 },
      { source: 'comment', cause: 'portal  DOWN.', count: 1 },
      { source: 'check', cause: '{"code":"ckan.timeout"}', count: 2 },
      { source: 'check', cause: '{"code":"ckan.http","params":{"status":503}}', count: 1 },
      { source: 'check', cause: '{"code":"ckan.http","params":{"status":502,"odd":{"x":1}}}', count: 1 },
      { source: 'check', cause: 'not JSON', count: 1 },
      { source: 'comment', cause: '', count: 1 },
    ])
    expect(causes).toEqual([
      { source: 'comment', cause: 'Portal down', count: 3 },
      { source: 'check', cause: 'ckan.timeout', message: { code: 'ckan.timeout' }, count: 2 },
      { source: 'comment', cause: '', count: 1 },
      { source: 'check', cause: 'ckan.http', message: { code: 'ckan.http', params: { status: 503 } }, count: 1 },
      { source: 'check', cause: 'ckan.http', message: { code: 'ckan.http', params: { status: 502 } }, count: 1 },
      { source: 'check', cause: 'not JSON', count: 1 },
    ])
    expect(blockedCauses([{ source: 'comment', cause: 'a', count: 1 }, { source: 'comment', cause: 'b', count: 2 }], 1)).toEqual([{ source: 'comment', cause: 'b', count: 2 }])
  })
})

describe('figures', () => {
  it('groups status counts by key; untested is not passed', () => {
    expect(
      groupFigures([
        { key: 'high', status: 'passed', count: 3 },
        { key: 'high', status: null, count: 1 },
        { key: 'low', status: 'failed', count: 2 },
      ]),
    ).toEqual([
      { key: 'high', counts: counts({ passed: 3, untested: 1 }), total: 4, passRate: 0.75 },
      { key: 'low', counts: counts({ failed: 2 }), total: 2, passRate: 0 },
    ])
  })

  it('sums runs per UTC day of creation, with the results recorded per day', () => {
    const runs = [run('a', '2026-11-02T23:30:00Z', { passed: 1, failed: 1 }), run('b', '2026-11-02T01:00:00Z', { passed: 2 }), run('c', '2026-11-01T10:00:00Z', { untested: 2 })]
    expect(overTime(runs, [{ day: '2026-11-02', count: 5 }, { day: '2026-11-03', count: 1 }])).toEqual([
      { day: '2026-11-01', runs: 1, results: 0, counts: counts({ untested: 2 }), total: 2, passRate: 0 },
      { day: '2026-11-02', runs: 2, results: 5, counts: counts({ passed: 3, failed: 1 }), total: 4, passRate: 0.75 },
      { day: '2026-11-03', runs: 0, results: 1, counts: counts({}), total: 0, passRate: null },
    ])
  })

  it('sums runs per suite or portal, the biggest first', () => {
    const runs = [run('a', '2026-11-01', { passed: 1 }, { suiteId: 's', suiteName: 'Smoke' }), run('b', '2026-11-01', { failed: 3 }), run('c', '2026-11-01', { passed: 1, failed: 1 }, { suiteId: 's', suiteName: 'Smoke' })]
    expect(byRunField(runs, 'suite')).toEqual([
      { key: null, label: null, runs: 1, counts: counts({ failed: 3 }), total: 3, passRate: 0 },
      { key: 's', label: 'Smoke', runs: 2, counts: counts({ passed: 2, failed: 1 }), total: 3, passRate: 2 / 3 },
    ])
  })
})

describe('export', () => {
  const figure = { counts: counts({ passed: 1, failed: 2 }), total: 3, passRate: 1 / 3 }
  const report: ReportSummary = {
    project: { id: 'p', key: 'OPEN', name: 'Open data' },
    filters: { period: '30', suiteId: null, portalId: null, state: null },
    projectRuns: 1,
    matchingRuns: 1,
    runs: [run('r1', '2026-11-02T10:00:00Z', { passed: 1, failed: 2 }, { name: '=HYPERLINK("x")' })],
    overall: figure,
    overTime: [],
    byPriority: [{ key: 'high', ...figure }],
    bySuite: [],
    byFolder: [],
    byPortal: [],
    byDataset: [],
    flaky: [{ caseId: 'c', key: 'OPEN-1', title: 'Search', flips: 2, runs: 3, passed: 2, failed: 1, statuses: [] }],
    blockedCauses: [{ source: 'comment', cause: 'Portal down', count: 4 }],
    checkFailures: [],
    slowest: [{ caseId: 'c', key: 'OPEN-2', title: 'CSV', runId: 'r1', runName: 'Run', check: 'csv-valid', status: 'passed', durationMs: 1500 }],
  }

  it('writes one row per figure with its section, formulas made inert', () => {
    const rows = parseCsv(reportToCsv(report))
    expect(rows[0]).toEqual(['section', 'key', 'label', 'date', 'total', 'passed', 'failed', 'blocked', 'skipped', 'untested', 'pass_rate', 'value'])
    expect(rows.find((row) => row[0] === 'run')).toEqual(['run', 'r1', `'=HYPERLINK("x")`, '2026-11-02T10:00:00.000Z', '3', '1', '2', '0', '0', '0', '0.3333', 'completed'])
    expect(rows.find((row) => row[0] === 'flaky')?.slice(1, 3)).toEqual(['OPEN-1', 'Search'])
    expect(rows.find((row) => row[0] === 'flaky')?.at(-1)).toBe('2')
    expect(rows.find((row) => row[0] === 'blocked_cause')?.slice(1, 5)).toEqual(['comment', 'Portal down', '', '4'])
    expect(rows.find((row) => row[0] === 'slowest_check')?.at(-1)).toBe('1500')
  })

  it('names the file after the project key and the day', () => {
    expect(reportExportFilename('OPEN', new Date('2026-11-30T23:00:00Z'), 'csv')).toBe('OPEN-report-2026-11-30.csv')
    expect(reportExportFilename('"; x', new Date('2026-11-30T23:00:00Z'), 'json')).toBe('x-report-2026-11-30.json')
  })
})
