import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { matchJunitCases } from './junit-match.ts'
import { JunitReader, type JunitReport } from './junit-read.ts'

const FIXTURES = path.resolve(import.meta.dirname, '../../tests/fixtures/junit')

function read(text: string): JunitReport {
  const reader = new JunitReader()
  reader.write(text)
  return reader.end()
}

describe('matching', () => {
  const report = read(readFileSync(path.join(FIXTURES, 'pytest.xml'), 'utf8'))
  const projectCases = [
    { id: 'c1', number: 1, title: 'tests.test_api.test_catalogue_answers' },
    { id: 'c2', number: 2, title: 'Licences are open' },
    { id: 'c3', number: 3, title: 'CSV resources parse' },
    { id: 'c4', number: 4, title: 'TESTS.TEST_API.TEST_DATASET_COUNT' },
    { id: 'c5', number: 5, title: 'tests.test_api.test_dataset_count' },
  ]

  it('matches pinned keys and titles (the one in the run first) and leaves the rest unknown', () => {
    const match = matchJunitCases(report.cases, 'PJUNIT', projectCases, [{ id: 'r5', caseId: 'c5' }])
    expect(match.matched.map((item) => [item.caseId, item.runCaseId, item.report.status])).toEqual([
      ['c1', null, 'passed'],
      ['c5', 'r5', 'failed'],
      ['c2', null, 'passed'],
      ['c3', null, 'passed'],
    ])
    expect(match.unknown.map((item) => item.fullName)).toEqual(['tests.test_api.test_needs_credentials', 'tests.test_formats.test_geojson_valid[Praha]'])
  })

  it('lists pins to another project or a missing case as unmatched, never as unknown', () => {
    const other = read(`<testsuite><testcase classname="a" name="[OTHER-1] x"/><testcase classname="a" name="[PJUNIT-99] y"/></testsuite>`)
    const match = matchJunitCases(other.cases, 'PJUNIT', projectCases, [])
    expect(match.unmatched.map((item) => item.reason)).toEqual(['pinOtherProject', 'pinMissing'])
    expect(match.unknown).toEqual([])
  })

  it('merges two report cases that land on one project case', () => {
    const two = read(`<testsuite><testcase classname="x" name="[PJUNIT-1] a"><failure message="m"/></testcase><testcase classname="tests.test_api" name="test_catalogue_answers"/></testsuite>`)
    const match = matchJunitCases(two.cases, 'PJUNIT', projectCases, [])
    expect(match.matched).toHaveLength(1)
    expect(match.matched[0]!.report).toMatchObject({ status: 'failed', occurrences: 2 })
  })

  it('says so when tests whose names differ only in white space are recorded as one case', () => {
    const spaced = read(`<testsuite><testcase classname="tests.test_api" name="test_catalogue_answers"/><testcase classname="tests.test_api" name="test_catalogue  answers"/><testcase classname="tests.test_api" name="test_catalogue answers"><failure/></testcase></testsuite>`)
    expect(spaced.cases).toHaveLength(3)
    const match = matchJunitCases(spaced.cases, 'PJUNIT', projectCases, [])
    expect(match.unknown).toHaveLength(1)
    expect(match.unknown[0]!.status).toBe('failed')
    expect(match.namesMerged).toBe(1)
    expect(matchJunitCases(report.cases, 'PJUNIT', projectCases, []).namesMerged).toBe(0)
  })
})
