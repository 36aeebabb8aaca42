import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { readCaseFile } from './read-file.ts'
import { defaultMapping, mappedValue } from './values.ts'

const FIXTURES = path.join(import.meta.dirname, '../../../tests/fixtures/case-imports')
const read = (name: string) => {
  const file = readCaseFile(readFileSync(path.join(FIXTURES, name), 'utf8'))
  return { ...file, all: [...file.cases()] }
}

// Case counts as tests/fixtures/case-imports/SOURCES.md gives them, per file.
const COUNTS: Array<[string, string, number]> = [
  ['testrail/xml-export-comic-estore.xml', 'testrail-xml', 5],
  ['testrail/xml-export-sample-project-master.xml', 'testrail-xml', 235],
  ['testrail/xml-export-bvt-cyrillic-custom-fields.xml', 'testrail-xml', 141],
  ['qase/csv-v2-export-comic-estore.csv', 'qase-csv', 7],
  ['zephyr-scale/xml-export-cloud-ewb.xml', 'zephyr-xml', 6],
  ['zephyr-scale/xml-export-server-ce.xml', 'zephyr-xml', 3],
  ['xray/csv-importer-cloud-from-testrail.csv', 'csv', 5],
  ['xray/csv-importer-cloud-from-qase.csv', 'csv', 6],
  ['xray/csv-importer-cloud-from-zephyr-scale.csv', 'csv', 6],
  ['xray/csv-importer-server-from-zephyr-scale.csv', 'csv', 2],
  ['xray/csv-importer-cloud-from-testlink-testsets.csv', 'csv', 4],
  ['xray/csv-importer-server-from-testlink-minimal.csv', 'csv', 4],
  ['testlink/xml-testproject-comic-estore.xml', 'testlink-xml', 4],
  ['testlink/xml-testsuite-regression-comic-estore.xml', 'testlink-xml', 3],
  ['testlink/xml-single-testcase-login-validation.xml', 'testlink-xml', 1],
  ['testlink/xml-project-tl19-nested-70.xml', 'testlink-xml', 70],
  ['testlink/xml-project-dry-tyres-keywords-crlf.xml', 'testlink-xml', 66],
  ['testlink/xml-project-coffeemaker-executiontype.xml', 'testlink-xml', 6],
  ['testlink/xml-children-testcases-iptv-keywords.xml', 'testlink-xml', 4],
  ['testlink/xml-testsuite-deep-custom-fields.xml', 'testlink-xml', 2],
  ['testlink/xml-project-fman-keywords-importance.xml', 'testlink-xml', 4],
  ['testlink/xml-project-no-steps.xml', 'testlink-xml', 15],
  ['testlink/xml-testsuite-requirements-reindented.xml', 'testlink-xml', 6],
  ['kiwi-tcms/testcase-filter-item.json', 'kiwi-json', 1],
]

describe('reading other tools’ exports', () => {
  it.each(COUNTS)('%s is read as %s with every case, each with a title', (file, format, count) => {
    const { format: found, fileErrors, all } = read(file)
    expect(fileErrors).toEqual([])
    expect(found).toBe(format)
    expect(all).toHaveLength(count)
    expect(all.every((item) => item.title.length > 0 && item.errors.length === 0)).toBe(true)
  })

  it('keeps TestRail sections as folder levels, separated steps with their expected results, and the case ID', () => {
    const { all } = read('testrail/xml-export-comic-estore.xml')
    const steps = all.find((item) => item.title === 'Manual Test Case (Steps)')!
    expect(steps).toMatchObject({ rawKey: 'C22475', folder: 'Test Cases/Regression', values: { priority: 'Medium', type: 'UAT' }, preconditions: 'Manual Test Case (Steps) Precondition' })
    expect(steps.steps[1]).toEqual({ action: 'First step description', data: 'Additional step description', expected: 'Expected result for the first step' })
    expect(steps.custom.get('automation_type')).toBe('Manual')
    // Five levels deep, a slash in a name kept inside its level.
    const deep = read('testrail/xml-export-bvt-cyrillic-custom-fields.xml').all
    expect(Math.max(...deep.map((item) => item.folder.split('/').length))).toBe(5)
  })

  it('reads Qase’s JSON-quoted numbered steps and its suites by id', () => {
    const { all, customColumns } = read('qase/csv-v2-export-comic-estore.csv')
    const withSteps = all.find((item) => item.rawKey === 'qase:1')!
    expect(withSteps.title).toBe('My manual test title')
    expect(withSteps.steps.length).toBeGreaterThan(1)
    expect(withSteps.steps.every((step) => !step.action.startsWith('"'))).toBe(true)
    expect(all.some((item) => item.folder.includes('/'))).toBe(true)
    expect(customColumns).toContain('severity')
  })

  it('continues a case on Xray’s step rows that repeat its Issue ID, and resolves its precondition', () => {
    const { all } = read('xray/csv-importer-server-from-testlink-minimal.csv')
    expect(all[0]!.steps).toHaveLength(5)
    expect(all[0]!.steps[3]!.expected).toBe('Password "Pass123" appear in the password input form')
    const testsets = read('xray/csv-importer-cloud-from-testlink-testsets.csv').all
    expect(testsets[0]!.preconditions).toBe('Site is up and running.')
  })

  it('reads Azure DevOps: steps on continuation rows, area path with backslashes, unknown values as written', () => {
    const csv = 'ID,Work Item Type,Title,Test Step,Step Action,Step Expected,Area Path,Assigned To,State\n28028,Test Case,Sign in,,,,Portal\\Accounts\\Sign-in,Jana,Design\n,,,1,Open the page,<div>The form shows</div>,,,\n,,,2,Sign in,Signed in,,,\n'
    const { all, customColumns } = read2(csv)
    expect(all).toEqual([expect.objectContaining({ rawKey: '28028', title: 'Sign in', folder: 'Portal/Accounts/Sign-in', values: { priority: '', type: '', state: 'Design' } })])
    expect(all[0]!.steps.map((step) => [step.action, step.expected])).toEqual([
      ['Open the page', 'The form shows'],
      ['Sign in', 'Signed in'],
    ])
    expect(customColumns).toEqual(['Assigned To'])
  })

  it('reads a TestRail CSV: `sep=;`, the section hierarchy, steps line by line and the second Steps column', () => {
    const csv = 'sep=;\n"ID";"Title";"Section";"Section Hierarchy";"Steps";"Steps";"Steps (Step)";"Steps (Expected Result)";"Priority";"Type"\n"C1";"Login";"Leaf";"Top > Middle > Leaf";"";"";"Open\nType";"Form\nTyped";"Normal";"Regression"\n"C2";"Text";"Leaf";"Top > Middle > Leaf";"Do it";"";"";"";"1";"Functional"\n'
    const { all } = read2(csv)
    expect(all.map((item) => item.folder)).toEqual(['Top/Middle/Leaf', 'Top/Middle/Leaf'])
    expect(all[0]!.steps).toEqual([
      { action: 'Open', data: '', expected: 'Form' },
      { action: 'Type', data: '', expected: 'Typed' },
    ])
    expect(all[1]!.steps).toEqual([{ action: 'Do it', data: '', expected: '' }])
  })

  it('reads TestRail’s text rendering of separated steps: “Expected Result:” blocks in one Steps cell', () => {
    const csv = 'ID,Title,Steps\nC9,Blocks,"Open the form\nExpected Result:\nThe form shows\n\nType the name\nExpected Result:\nThe name shows"\n'
    expect(read2(csv).all[0]!.steps).toEqual([
      { action: 'Open the form', data: '', expected: 'The form shows' },
      { action: 'Type the name', data: '', expected: 'The name shows' },
    ])
  })

  it('reads the Zephyr Scale spreadsheet layout: metadata on the first row, steps on the rows after it', () => {
    const csv =
      'Key,Name,Status,Precondition,Objective,Folder,Priority,Component,Labels,Owner,Estimated Time,Coverage (Issues),Coverage (Pages),AutomatedBy,Test Script (Step-by-Step) - Step,Test Script (Step-by-Step) - Test Data,Test Script (Step-by-Step) - Expected Result,Test Script (Plain Text),Test Script (BDD)\n' +
      'CE-T1,Checkout,Draft,Signed in,Buy a comic,Shop/Checkout,Normal,Web,"smoke,shop",JIRAUSER1,90,CE-2,,robot,Open cart,,Cart shows,,\n' +
      ',,,,,,,,,,,,,,Pay,card 4111,Paid,,\n' +
      'CE-T2,Plain,Draft,,,Shop,High,,,,,,,,,,,Just read it,\n'
    const { all, customColumns } = read2(csv)
    expect(all.map((item) => [item.rawKey, item.folder, item.values.priority, item.steps.length])).toEqual([
      ['CE-T1', 'Shop/Checkout', 'Normal', 2],
      ['CE-T2', 'Shop', 'High', 1],
    ])
    expect(all[0]).toMatchObject({ preconditions: 'Signed in', description: 'Buy a comic', tags: ['smoke', 'shop'], references: ['CE-2'], estimateMinutes: 90 })
    expect(all[0]!.steps[1]).toEqual({ action: 'Pay', data: 'card 4111', expected: 'Paid' })
    expect(all[1]!.steps[0]!.action).toBe('Just read it')
    expect(customColumns).toEqual(['Component', 'Owner', 'Coverage (Pages)', 'AutomatedBy'])
  })

  it('reads a Zephyr Scale XML export: steps, a plain script as one step, issues as references', () => {
    const { all } = read('zephyr-scale/xml-export-server-ce.xml')
    const steps = all.find((item) => item.rawKey === 'CE-T1')!
    expect(steps).toMatchObject({ folder: 'Test Cases/Steps', values: { priority: 'Normal', state: 'Draft' }, references: ['CE-2'] })
    expect(steps.steps.every((step) => step.expected)).toBe(true)
    expect(all.find((item) => item.rawKey === 'CE-T3')!.steps[0]!.action).toMatch(/^Given browser is opened/)
  })

  it('reads a Qase JSON export: suites nesting suites, steps by position', () => {
    const json = JSON.stringify({
      suites: [{ title: 'Login', cases: [{ id: 3, title: 'Sign in', priority: 'high', automation: 'is-not-automated', status: 'actual', steps: [{ position: 2, action: 'Submit', expected_result: 'Signed in', data: '' }, { position: 1, action: 'Open', expected_result: '', data: 'https://x' }] }], suites: [{ title: 'SSO', cases: [{ id: 4, title: 'With SSO' }] }] }],
    })
    const { format, all } = read2(json)
    expect(format).toBe('qase-json')
    expect(all.map((item) => [item.rawKey, item.folder])).toEqual([['qase:3', 'Login'], ['qase:4', 'Login/SSO']])
    expect(all[0]!.steps.map((step) => step.action)).toEqual(['Open', 'Submit'])
    expect(all[0]!.values).toEqual({ priority: 'high', type: 'is-not-automated', state: 'actual' })
  })

  it('refuses a structured file of more than 50,000 cases, and takes one at the limit', () => {
    const kiwi = (count: number) => JSON.stringify(Array.from({ length: count }, (_, index) => ({ id: index, summary: `c${index}` })))
    expect(readCaseFile(kiwi(50_001)).fileErrors).toEqual([{ code: 'cases.importTooManyCases' }])
    expect(readCaseFile(kiwi(50_000)).fileErrors).toEqual([])
  })

  it('refuses what it cannot read with the reason', () => {
    expect(readCaseFile('{"foo": 1}').fileErrors).toEqual([{ code: 'cases.importUnknownJson' }])
    expect(readCaseFile('{"foo": ').fileErrors).toEqual([{ code: 'cases.importBadJson' }])
    expect(readCaseFile('<html><body/></html>').fileErrors).toEqual([{ code: 'cases.importUnknownXml', params: { root: 'html' } }])
    expect(readCaseFile('<suite><sections>').fileErrors[0]!.code).toBe('cases.importBadXml')
    expect(readCaseFile('<!DOCTYPE x [<!ENTITY a "b">]><suite/>').fileErrors[0]!.code).toBe('cases.importBadXml')
    const deep = `${'{"title":"a","suites":['.repeat(100_000)}${']}'.repeat(100_000)}`
    expect(readCaseFile(`{"suites":[${deep}]}`).fileErrors).toEqual([{ code: 'cases.importUnknownJson' }])
  })
})

describe('mapping other tools’ values', () => {
  it('guesses sensibly and takes the user’s choice', () => {
    expect(['Normal', '1', '2', '3', '4', '5', 'Highest', 'Blocker', 'P1'].map((value) => defaultMapping('priority', value))).toEqual(['medium', 'critical', 'high', 'medium', 'low', 'low', 'critical', 'critical', 'critical'])
    expect(defaultMapping('state', 'Design')).toBe('draft')
    expect(defaultMapping('type', 'Regression')).toBe('manual')
    expect(mappedValue('priority', ' Normal ', new Map([['priority', new Map([['normal', 'high']])]]))).toBe('high')
    // A choice that is no value of ours is ignored.
    expect(mappedValue('priority', 'Normal', new Map([['priority', new Map([['normal', 'urgent']])]]))).toBe('medium')
  })
})

function read2(text: string) {
  const file = readCaseFile(text)
  return { ...file, all: [...file.cases()] }
}
