import { describe, expect, it } from 'vitest'
import { fromCsvText, parseCsv } from '../csv.ts'
import { evidenceLines, runExportFilename, runToCsv, runToJson, runToJunit, xmlEscape, type ReportCase, type ReportResult, type ReportRun } from './run-report.ts'

const run: ReportRun = {
  id: 'r1',
  name: 'Noční běh <ČR>',
  projectKey: 'OPEN',
  state: 'in_progress',
  environment: 'test',
  build: '1.2',
  commit: null,
  createdAt: new Date('2026-11-23T22:30:00Z'),
  startedAt: null,
  completedAt: null,
}

function result(status: ReportResult['status'], extra: Partial<ReportResult> = {}): ReportResult {
  const made = { id: 1, status, comment: '', elapsedSeconds: 3, defects: [], steps: [], retest: false, caseVersion: 1, recordedBy: 'Žofie', recordedAt: new Date('2026-11-23T23:00:00Z'), ...extra }
  return { ...made, elapsedMs: extra.elapsedMs !== undefined ? extra.elapsedMs : made.elapsedSeconds === null ? null : made.elapsedSeconds * 1000 }
}

function item(key: string, section: string, results: ReportResult[], title = `Případ ${key}`): ReportCase {
  return { key, title, section, caseVersion: 2, results }
}

/** A small well-formedness check: every tag balanced, attributes quoted, no raw `<` or `&` outside references. */
function wellFormed(xml: string): boolean {
  const body = xml.replace(/^<\?xml[^?]*\?>\s*/, '')
  if (/&(?!(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);)/i.test(body)) return false
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/.test(body)) return false
  const stack: string[] = []
  const tag = /<(\/?)([A-Za-z_][\w.-]*)((?:\s+[\w.-]+="[^"<]*")*)\s*(\/?)>|<|>/g
  let last = 0
  for (let match = tag.exec(body); match; match = tag.exec(body)) {
    if (body.slice(last, match.index).includes('>')) return false
    last = tag.lastIndex
    if (match[0] === '<' || match[0] === '>') return false
    const [, closing, name, , selfClosing] = match
    if (closing) {
      if (stack.pop() !== name) return false
    } else if (!selfClosing) stack.push(name!)
  }
  return stack.length === 0 && !body.slice(last).includes('>')
}

describe('JUnit XML', () => {
  const cases = [
    item('OPEN-1', 'Katalog', [result('failed', { id: 1 }), result('passed', { id: 2, elapsedSeconds: 4 })]),
    item('OPEN-2', 'Katalog', [result('failed', { comment: 'Vrací 500\ndruhý řádek', elapsedSeconds: 10 })]),
    item('OPEN-3', 'Sady', [result('blocked', { comment: 'Portál nedostupný' })]),
    item('OPEN-4', 'Sady', [result('skipped', { elapsedSeconds: null })]),
    item('OPEN-5', 'Sady', []),
  ]

  it('maps statuses, leaves untested cases out and counts what it writes', () => {
    const xml = runToJunit(run, cases)
    expect(wellFormed(xml)).toBe(true)
    expect(xml).toContain('<testsuites name="Noční běh &lt;ČR&gt;" tests="4" failures="1" errors="0" time="17">')
    expect(xml).toContain('<testsuite name="Katalog" tests="2" failures="1" errors="0" skipped="0" time="14">')
    expect(xml).toContain('<testsuite name="Sady" tests="2" failures="0" errors="0" skipped="2" time="3">')
    expect(xml).toContain('<testcase classname="Katalog" name="[OPEN-1] Případ OPEN-1" time="4">')
    expect(xml).toContain('<failure message="Vrací 500">Vrací 500\ndruhý řádek</failure>')
    expect(xml).toContain('<skipped message="blocked: Portál nedostupný"/>')
    // No time was recorded: none is written (rather than 0 s).
    expect(xml).toMatch(/name="\[OPEN-4\][^"]*">\n\s*<skipped\/>/)
    expect(xml).not.toContain('OPEN-5')
    // The key before the name pins the case when read back; junit-10.xsd allows no properties in a test case.
    expect(xml).toContain('name="[OPEN-3] Případ OPEN-3"')
    expect(xml).not.toContain('<properties>')
    expect(xml.match(/<testcase /g)).toHaveLength(4)
  })

  it('writes times to the millisecond, in the cases, the suites and the CSV', () => {
    const timed = [item('T-1', 'S', [result('passed', { elapsedMs: 9 })]), item('T-2', 'S', [result('passed', { elapsedMs: 366_120 })])]
    const xml = runToJunit(run, timed)
    expect(xml).toContain('name="[T-1] Případ T-1" time="0.009">')
    expect(xml).toContain('name="[T-2] Případ T-2" time="366.12">')
    expect(xml).toContain('<testsuite name="S" tests="2" failures="0" errors="0" skipped="0" time="366.129">')
    expect(runToCsv(timed).split('\r\n')[1]).toContain(',passed,,0.009,')
  })

  it('puts every case in one suite named after the run when there are no sections', () => {
    const xml = runToJunit(run, [item('OPEN-1', '', [result('passed')]), item('OPEN-2', ' ', [result('passed')])])
    expect(xml.match(/<testsuite /g)).toHaveLength(1)
    expect(xml).toContain('<testcase classname="Noční běh &lt;ČR&gt;"')
    expect(wellFormed(xml)).toBe(true)
  })

  it('escapes hostile text and drops characters XML 1.0 cannot hold', () => {
    const nasty = 'a]]></failure><script>alert("x")</script> & \'q\' \u0000\u0007\u001b\uFFFE 🐞 Příliš žluťoučký kůň \ud800'
    const xml = runToJunit(run, [item('OPEN-9', nasty, [result('failed', { comment: nasty })], nasty)])
    expect(wellFormed(xml)).toBe(true)
    expect(xml).not.toContain('<script>')
    expect(xml).not.toContain(']]></failure>')
    expect(xml).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &apos;q&apos;')
    expect(xml).toContain('🐞 Příliš žluťoučký kůň')
    // eslint-disable-next-line no-control-regex
    expect(xml).not.toMatch(/[\u0000\u0007\u001b\uFFFE]/)
    expect(xml).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/)
    expect(xml.match(/<failure /g)).toHaveLength(1)
  })

  it('has a well-formedness check that does refuse broken XML', () => {
    for (const broken of ['<a><b></a>', '<a x="1">&</a>', '<a>x < y</a>', '<a x=1/>', '<a>]]></b>']) expect(wellFormed(broken)).toBe(false)
  })

  it('keeps line breaks in attributes as references, so a parser does not fold them', () => {
    expect(xmlEscape('a\nb\tc\rd')).toBe('a&#10;b&#9;c&#13;d')
  })
})

describe('CSV', () => {
  it('writes one row per case with the latest result and keeps formulas inert', () => {
    const csv = runToCsv([
      item('OPEN-1', 'Katalog', [result('failed'), result('passed', { comment: '=HYPERLINK("http://x")', defects: ['BUG-1', 'BUG-2'] })]),
      item('OPEN-2', '', [], 'Čeština, "uvozovky"'),
    ])
    const rows = parseCsv(csv)
    expect(rows[0]).toEqual(['Key', 'Title', 'Section', 'Version', 'Status', 'Comment', 'Elapsed', 'Defects', 'Recorded by', 'Recorded at', 'Evidence'])
    expect(rows[1]).toEqual(['OPEN-1', 'Případ OPEN-1', 'Katalog', '2', 'passed', `'=HYPERLINK("http://x")`, '3', 'BUG-1 BUG-2', 'Žofie', '2026-11-23T23:00:00.000Z', ''])
    expect(fromCsvText(rows[1]![5]!)).toBe('=HYPERLINK("http://x")')
    expect(rows[2]).toEqual(['OPEN-2', 'Čeština, "uvozovky"', '', '2', 'untested', '', '', '', '', '', ''])
  })
})

describe('JSON and file names', () => {
  it('holds the run, the latest result and the whole history', () => {
    const parsed = JSON.parse(runToJson(run, [item('OPEN-1', 'K', [result('failed', { id: 1 }), result('passed', { id: 2 })]), item('OPEN-2', 'K', [])])) as {
      run: { name: string }
      cases: Array<{ key: string; status: string; latest: { id: number } | null; results: unknown[] }>
    }
    expect(parsed.run.name).toBe('Noční běh <ČR>')
    expect(parsed.cases[0]).toMatchObject({ key: 'OPEN-1', status: 'passed', latest: { id: 2 } })
    expect(parsed.cases[0]!.results).toHaveLength(2)
    expect(parsed.cases[1]).toMatchObject({ status: 'untested', latest: null })
  })

  it('names the file by the project key and the run date', () => {
    expect(runExportFilename(run, 'junit')).toBe('OPEN-run-2026-11-23.xml')
    expect(runExportFilename({ ...run, projectKey: 'A"B\r\n' }, 'csv')).toBe('AB-run-2026-11-23.csv')
  })
})

describe('evidence in exports', () => {
  it('writes an automated check’s requests, statuses, redirects and messages as lines', () => {
    const evidence = {
      kind: 'check', check: 'resource-reachable', scope: 'single', startedAt: '2026-11-24T10:00:00.000Z', durationMs: 120, items: [],
      subject: 'https://data.example.cz/a.csv', outcome: 'passed', messages: [{ code: 'reachable', params: { status: 200, redirects: 1 } }],
      request: { method: 'HEAD', url: 'https://data.example.cz/a.csv' }, finalUrl: 'https://cdn.example.cz/a.csv', status: 200, latencyMs: 120,
      headers: { contentType: 'text/csv', contentLength: '10', etag: null, lastModified: null }, redirects: ['https://cdn.example.cz/a.csv'],
      hash: null, bytes: null, excerpt: null, attempts: [],
    }
    expect(evidenceLines(evidence)).toBe('check resource-reachable (single): passed\npassed HEAD https://data.example.cz/a.csv -> 200 via https://cdn.example.cz/a.csv | reachable status=200 redirects=1')
    expect(evidenceLines({ kind: 'junit' })).toBe('')
    expect(evidenceLines(null)).toBe('')
  })
})
