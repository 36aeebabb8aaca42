import { describe, expect, it } from 'vitest'
import { CSV_IMPORT_MAX_ROWS, parseTestCaseCsv, readTestCaseCsv, writeTestCaseCsv, type CsvExportCase } from './test-case-csv.ts'

const CASE: CsvExportCase = {
  key: 'PRG-7',
  title: 'Air quality dataset has a CSV resource',
  folder: 'Datasets/Environment',
  priority: 'high',
  type: 'manual',
  state: 'active',
  description: 'Checks the **CSV** distribution.\nSecond line, with a comma.',
  preconditions: 'The portal answers',
  steps: [
    { action: 'Open the dataset', data: 'demo-kraje:abc', expected: 'The page shows "Resources"' },
    { action: 'Download the CSV', data: '', expected: 'A file; header row present' },
    { action: '=HYPERLINK("x")', data: '+1', expected: '-' },
  ],
  references: ['JIRA-1', 'JIRA-2'],
  estimateMinutes: 90,
  tags: ['smoke', 'csv export'],
  target: { kind: 'dataset', id: 'demo-kraje:abc' },
  custom: { Owner: 'Jana', Browsers: 'Chrome, Firefox' },
}

describe('test case CSV', () => {
  it('reads back what it writes, field for field, in either separator', () => {
    for (const separator of [',', ';']) {
      const text = writeTestCaseCsv([CASE, { ...CASE, key: 'PRG-8', title: 'No steps', steps: [], target: null, tags: [] }], ['Owner', 'Browsers'], separator)
      const { cases, fileErrors, customColumns } = parseTestCaseCsv(`\uFEFF${text}`)
      expect(fileErrors).toEqual([])
      expect(customColumns).toEqual(['Owner', 'Browsers'])
      expect(cases).toHaveLength(2)
      const [first, second] = cases
      expect(first).toMatchObject({
        rawKey: 'PRG-7',
        title: CASE.title,
        folder: CASE.folder,
        values: { priority: 'High', type: 'Manual', state: 'Active' },
        description: CASE.description,
        preconditions: CASE.preconditions,
        steps: CASE.steps,
        references: CASE.references,
        estimateMinutes: 90,
        tags: CASE.tags,
        target: CASE.target,
        custom: new Map(Object.entries(CASE.custom)),
        errors: [],
      })
      expect(second).toMatchObject({ rawKey: 'PRG-8', steps: [], target: null, tags: [] })
    }
  })

  it('reads a sheet saved by Czech Excel: semicolons, a byte order mark, Czech headers and values', () => {
    const text = '\uFEFFNázev;Sekce;Priorita;Stav;Kroky;Očekávaný výsledek\r\nOvěřit vyhledávání;Portál/Hledání;Vysoká;Aktivní;Otevřít portál;Stránka se načte\r\n;;;;Hledat „ovzduší“;Nalezeno\r\n'
    const { cases } = parseTestCaseCsv(text)
    expect(cases).toEqual([
      expect.objectContaining({
        title: 'Ověřit vyhledávání',
        folder: 'Portál/Hledání',
        values: { priority: 'Vysoká', type: '', state: 'Aktivní' },
        steps: [
          { action: 'Otevřít portál', data: '', expected: 'Stránka se načte' },
          { action: 'Hledat „ovzduší“', data: '', expected: 'Nalezeno' },
        ],
        errors: [],
      }),
    ])
  })

  it('reads steps numbered inside one cell (a row per case)', () => {
    const text = 'Title,Steps (Step),Steps (Expected Result)\n"Login","1. Open the form\n2. Type the password\nwith a second line\n3. Submit","1. The form shows\n3. Signed in"\n'
    const [only] = parseTestCaseCsv(text).cases
    expect(only!.steps).toEqual([
      { action: 'Open the form', data: '', expected: 'The form shows' },
      { action: 'Type the password\nwith a second line', data: '', expected: 'Signed in' },
      { action: 'Submit', data: '', expected: '' },
    ])
  })

  it('names what is wrong with a row, and what is wrong with the file; an unknown value or ID and a step without an action are no fault', () => {
    const { cases } = parseTestCaseCsv('ID,Title,Priority,Estimate,Target,Steps (Step),Steps (Expected Result)\nP1-X,Bad,Urgent,soon,planet:mars,,only expected\n')
    expect(cases[0]!.errors.map((error) => error.code)).toEqual(['cases.csvBadEstimate', 'cases.csvBadTarget'])
    expect(cases[0]).toMatchObject({ rawKey: 'P1-X', values: { priority: 'Urgent' }, steps: [{ action: '–', data: '', expected: 'only expected' }] })
    expect(parseTestCaseCsv('Foo,Bar\n1,2\n').fileErrors).toEqual([{ code: 'cases.csvNoTitleColumn' }])
    expect(parseTestCaseCsv('Title\n"open\n').fileErrors[0]!.code).toBe('cases.csvUnclosedQuote')
    expect(parseTestCaseCsv('').fileErrors[0]!.code).toBe('cases.csvEmpty')
  })

  it('refuses a file over the row limit at the first row over it, without reading further, and takes one at the limit', () => {
    const rows = (count: number) => Array.from({ length: count }, (_, index) => `PRG-${index + 1};t${index}\n`).join('')
    // A quote left open after the limit is never reached: the file is refused for its rows.
    expect(readTestCaseCsv(`ID;Title\n${rows(CSV_IMPORT_MAX_ROWS + 1)}"open\n`).fileErrors).toEqual([{ code: 'cases.csvTooManyRows', params: { max: CSV_IMPORT_MAX_ROWS } }])
    const atLimit = readTestCaseCsv(`ID;Title\n${rows(CSV_IMPORT_MAX_ROWS)}`)
    expect(atLimit.fileErrors).toEqual([])
    expect(atLimit.rawKeys).toHaveLength(CSV_IMPORT_MAX_ROWS)
    expect(atLimit.rawKeys.at(-1)).toBe(`PRG-${CSV_IMPORT_MAX_ROWS}`)
    // Cases are read one at a time, each with the line it starts on.
    const cases = atLimit.cases()
    expect(cases.next().value).toMatchObject({ line: 2, title: 't0' })
    expect(cases.next().value).toMatchObject({ line: 3, title: 't1' })
  })
})
