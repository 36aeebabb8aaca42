import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { junitCaseFolder, junitComment, junitEvidence } from './junit-match.ts'
import { JUNIT_KEPT_CHARS, JunitImportError, JunitReader, parseJunitTime, type JunitCase, type JunitReport } from './junit-read.ts'
import { readJunitStream } from './junit-stream.ts'
import { runToJunit } from './run-report.ts'
import { madeBy } from '../made-by.ts'

const FIXTURES = path.resolve(import.meta.dirname, '../../tests/fixtures/junit')
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name), 'utf8')

/** Reads a report pushed in pieces of `size` characters (1 splits every tag, reference and CDATA end). */
function read(text: string, size = text.length): JunitReport {
  const reader = new JunitReader()
  for (let at = 0; at < text.length; at += size) reader.write(text.slice(at, at + size))
  return reader.end()
}

function refusal(text: string, size?: number): JunitImportError {
  try {
    read(text, size)
  } catch (error) {
    if (madeBy(error, JunitImportError)) return error
    throw error
  }
  throw new Error('the report was accepted')
}

const byName = (report: JunitReport, name: string): JunitCase => {
  const found = report.cases.find((item) => item.name === name)
  if (!found) throw new Error(`no case ${name}`)
  return found
}

describe('pytest report', () => {
  for (const size of [1, 7, 64, Infinity]) {
    it(`reads statuses, merges the teardown error into its test and keeps details (pieces of ${size})`, () => {
      const report = read(fixture('pytest.xml'), size === Infinity ? undefined : size)
      expect(report.testcases).toBe(7)
      expect(report.cases.map((item) => [item.fullName, item.status])).toEqual([
        ['tests.test_api.test_catalogue_answers', 'passed'],
        ['tests.test_api.test_dataset_count', 'failed'],
        ['tests.test_api.test_licences_open', 'passed'],
        ['tests.test_api.test_needs_credentials', 'skipped'],
        ['tests.test_formats.test_csv_resources_parse', 'passed'],
        ['tests.test_formats.test_geojson_valid[Praha]', 'skipped'],
      ])
      const count = byName(report, 'test_dataset_count')
      expect(count.occurrences).toBe(2)
      expect(count.time).toBeCloseTo(0.985)
      expect(count.failures.map((failure) => [failure.element, failure.message.split('\n')[0]])).toEqual([
        ['failure', 'AssertionError: expected at least 1000 datasets, got 987'],
        ['error', 'failed on teardown with "ConnectionResetError: [Errno 104] Connection reset by peer"'],
      ])
      expect(count.failures[0]!.detail).toContain('>       assert count >= 1000')
      expect(count.failures[0]!.detailHash).toMatch(/^[0-9a-f]{64}$/)
      expect(count.systemOut?.text).toBe('GET https://data.example.cz/api/3/action/package_search?rows=0 -> 200 (312 ms)\n')
      expect(junitComment(count)).toBe('AssertionError: expected at least 1000 datasets, got 987\nerror: failed on teardown with "ConnectionResetError: [Errno 104] Connection reset by peer"')
      expect(byName(report, 'test_licences_open').pin).toBe('PJUNIT-2')
      expect(byName(report, 'test_csv_resources_parse').pin).toBe('PJUNIT-3')
      expect(byName(report, 'test_csv_resources_parse').systemErr?.text).toBe('DeprecationWarning: codecs.open() is deprecated\n')
      expect(byName(report, 'test_needs_credentials').skippedMessage).toBe('no API key in the environment')
      expect(byName(report, 'test_catalogue_answers').suitePath).toEqual(['pytest'])
    })
  }
})

describe('Maven Surefire report', () => {
  it('reads a testsuite root with CDATA, thousands separators and a bad time', () => {
    const report = read(fixture('surefire.xml'), 5)
    expect(report.cases.map((item) => [item.name, item.status, item.time])).toEqual([
      ['harvestsAllPages', 'passed', 1180.002],
      ['keepsDeletedDatasets', 'failed', 12.5],
      ['handlesTimeouts', 'failed', 30.01],
      ['resumesAfterCrash', 'skipped', 0],
      ['Zpracuje české názvy & diakritiku', 'passed', null],
    ])
    const failed = byName(report, 'keepsDeletedDatasets')
    expect(failed.fullName).toBe('com.example.catalogue.HarvestTest.keepsDeletedDatasets')
    expect(failed.failures[0]).toMatchObject({ element: 'failure', type: 'org.opentest4j.AssertionFailedError', message: 'expected: <42> but was: <41>' })
    expect(failed.failures[0]!.detail).toMatch(/^org\.opentest4j\.AssertionFailedError: expected: <42> but was: <41>\n\tat /)
    expect(failed.systemOut?.text).toContain('retrying <&> in 2 s')
    expect(byName(report, 'handlesTimeouts').failures[0]).toMatchObject({ element: 'error', type: 'java.net.SocketTimeoutException', message: 'Read timed out' })
    expect(junitComment(byName(report, 'handlesTimeouts'))).toBe('error: Read timed out')
    const suite = report.suiteOutputs.get('com.example.catalogue.HarvestTest')
    expect(suite?.systemOut?.text).toBe('Harvester suite finished: 5 tests')
    expect(junitEvidence(failed, 'TEST-x.xml', report.suiteOutputs).suite?.systemOut?.bytes).toBe(33)
  })
})

describe('parseJunitTime', () => {
  it('reads plain seconds, thousands separators and refuses the rest', () => {
    expect(parseJunitTime('0.012')).toBe(0.012)
    expect(parseJunitTime('1,234.5')).toBe(1234.5)
    expect(parseJunitTime('12,345,678')).toBe(12345678)
    expect(parseJunitTime(' 3 ')).toBe(3)
    expect(parseJunitTime('1e-3')).toBe(0.001)
    // A decimal comma, as a German or Czech locale writes it (TestNG's JUnitReportReporter, issue testng#198).
    expect(parseJunitTime('1,23')).toBe(1.23)
    expect(parseJunitTime('0,009')).toBe(0.009)
    for (const bad of ['bad', '', '-1', 'NaN', 'Infinity', '1.2.3', '1,2,3', undefined]) expect(parseJunitTime(bad)).toBeNull()
  })
})

describe('times', () => {
  it('reads decimal commas, and reads 1,234 as the rest of the report writes its times', () => {
    const comma = read(`<testsuite name="de"><testcase classname="a" name="quick" time="0,160"/><testcase classname="a" name="long" time="1,234"/></testsuite>`)
    expect(comma.cases.map((item) => item.time)).toEqual([0.16, 1.234])
    const thousands = read(`<testsuite name="en"><testcase classname="a" name="long" time="1,234"/><testcase classname="a" name="longer" time="1,180.002"/></testsuite>`)
    expect(thousands.cases.map((item) => item.time)).toEqual([1234, 1180.002])
  })

  it('refuses a time over a year as implausible, with its line, instead of storing it', () => {
    const error = refusal(`<testsuite name="s">\n<testcase classname="a" name="ok" time="1"/>\n<testcase classname="a" name="b" time="40000000"/>\n</testsuite>`, 5)
    expect(error).toMatchObject({ problem: 'implausibleTime', line: 3, params: { time: '40000000' } })
    expect(read(`<testsuite><testcase classname="a" name="b" time="31536000"/></testsuite>`).cases[0]!.time).toBe(31_536_000)
  })

  it('keeps same-named tests apart by suite (a real Jenkins report, nested suites, thousands in a suite time)', () => {
    const report = read(fixture('jenkins-same-names-nested-suites.xml'), 17)
    expect(report.cases.map((item) => [item.fullName, item.time])).toEqual([
      ['test.fs.FileSystemTest1.testPrefix', 10],
      ['test.fs.FileSystemTest2.testPrefix', 11],
      ['test.db.DatabaseTest1.testTable', 10],
      ['test.db.DatabaseTest2.testTable', 12],
      ['test.Rest.post.testInterface', 12],
      ['test.Rest.get.testInterface', 13],
      ['test.Rest.delete.testInterface', 13],
      ['test.Rest.cleanup.testFinish', 20],
    ])
  })
})

describe('identity', () => {
  it('keeps one class and name in two files or two suites as two cases, named with their file or suite', () => {
    const files = read(
      `<testsuites><testsuite name="jest"><testcase classname="login" name="works" file="web/login.test.ts"/><testcase classname="login" name="works" file="api/login.test.ts"><failure message="401"/></testcase></testsuite></testsuites>`,
    )
    expect(files.cases.map((item) => [item.fullName, item.status, item.file])).toEqual([
      ['login.works (web/login.test.ts)', 'passed', 'web/login.test.ts'],
      ['login.works (api/login.test.ts)', 'failed', 'api/login.test.ts'],
    ])
    expect(files.warnings).toContainEqual({ code: 'sameNameApart', count: 2 })
    const suites = read(`<testsuites><testsuite name="chrome"><testcase classname="login" name="works"/></testsuite><testsuite name="firefox"><testcase classname="login" name="works"><error/></testcase></testsuite></testsuites>`)
    expect(suites.cases.map((item) => [item.fullName, item.status])).toEqual([
      ['login.works (chrome)', 'passed'],
      ['login.works (firefox)', 'failed'],
    ])
  })
})

describe('suite-level failures', () => {
  it('records a suite’s own error (its class did not load) as a failed case, as Jenkins does', () => {
    for (const element of ['error', 'failure']) {
      const report = read(
        `<testsuite name="com.example.BrokenTest" tests="0" errors="1"><${element} message="java.lang.NoClassDefFoundError: Could not initialize class Config" type="java.lang.NoClassDefFoundError">at com.example.BrokenTest.&lt;clinit&gt;</${element}></testsuite>`,
        4,
      )
      expect(report.cases).toHaveLength(1)
      expect(report.cases[0]).toMatchObject({ fullName: 'com.example.BrokenTest.<init>', status: 'failed', failures: [{ element, type: 'java.lang.NoClassDefFoundError', detail: 'at com.example.BrokenTest.<clinit>' }] })
    }
    const alongside = read(`<testsuite name="S"><testcase classname="S" name="ok"/><error message="teardown of the class" /></testsuite>`)
    expect(alongside.cases.map((item) => [item.fullName, item.status])).toEqual([
      ['S.ok', 'passed'],
      ['S.<init>', 'failed'],
    ])
  })
})

describe('reruns (real Surefire reports)', () => {
  it('reads a test that passed on a rerun as passed and flaky, with its failed attempts kept', () => {
    const report = read(fixture('surefire-flaky-failure.xml'), 100)
    expect(report.cases).toHaveLength(1)
    expect(report.cases[0]).toMatchObject({ fullName: 'io.olamy.FlakyTest.testApp', status: 'passed', flaky: true, time: 0.001, failures: [], systemOut: null })
    expect(report.cases[0]!.retries).toEqual([
      { element: 'flakyFailure', type: 'junit.framework.AssertionFailedError', message: 'obvious fail' },
      { element: 'flakyFailure', type: 'junit.framework.AssertionFailedError', message: 'try one more time maybe' },
    ])
  })

  it('reads a test that failed every rerun as failed, not flaky', () => {
    const report = read(fixture('surefire-rerun-failure.xml'))
    expect(report.cases[0]).toMatchObject({ fullName: 'io.olamy.AlwaysFailTest.testApp', status: 'failed', flaky: false, failures: [{ element: 'failure', message: 'built to fail' }] })
    expect(report.cases[0]!.retries.map((retry) => retry.element)).toEqual(['rerunFailure', 'rerunFailure', 'rerunFailure'])
    expect(report.cases[0]!.systemOut?.text).toBe('this will fail for real\n')
  })
})

describe('encodings', () => {
  const stream = (bytes: Uint8Array, size = 5) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < bytes.length; at += size) controller.enqueue(bytes.slice(at, at + size))
        controller.close()
      },
    })
  const rejection = async (bytes: Uint8Array) => {
    try {
      await readJunitStream(stream(bytes))
    } catch (error) {
      if (madeBy(error, JunitImportError)) return error
      throw error
    }
    throw new Error('the report was accepted')
  }

  it('reads UTF-16 with a byte order mark as the same report as its UTF-8', async () => {
    const utf16 = await readJunitStream(stream(readFileSync(path.join(FIXTURES, 'surefire-flaky-failure-utf16le.xml')), 7))
    const utf8 = read(fixture('surefire-flaky-failure.xml'))
    expect(utf16.cases).toEqual(utf8.cases)
    const bigEndian = new Uint8Array(Buffer.from(`\uFEFF<?xml version="1.0" encoding="UTF-16"?><testsuite><testcase classname="č" name="ř"/></testsuite>`, 'utf16le').swap16())
    expect((await readJunitStream(stream(bigEndian))).cases[0]!.fullName).toBe('č.ř')
  })

  it('refuses bytes that are not valid in the encoding, with their line, instead of replacing them', async () => {
    const bytes = new TextEncoder().encode('<testsuite>\n<testcase classname="a" name="b"/>\n<testcase classname="a" name="X"/>\n</testsuite>')
    const bad = bytes.slice()
    bad[bad.indexOf(0x58)] = 0xe9 // a Latin-1 é in a file read as UTF-8
    expect(await rejection(bad)).toMatchObject({ problem: 'badBytes', line: 3, params: { encoding: 'UTF-8' } })
    const lone = new Uint8Array([0xff, 0xfe, ...Buffer.from('<testsuite>\n<testcase name="', 'utf16le'), 0x00, 0xd8, ...Buffer.from('"/></testsuite>', 'utf16le')])
    expect(await rejection(lone)).toMatchObject({ problem: 'badBytes', line: 2, params: { encoding: 'UTF-16LE' } })
    // A UTF-8 file that says it is UTF-16 is still refused: the declaration must match the bytes.
    expect(await rejection(new TextEncoder().encode('<?xml version="1.0" encoding="UTF-16"?><testsuite/>'))).toMatchObject({ problem: 'encoding' })
  })
})

describe('structure', () => {
  it('names cases by their suite path when there is no class name, in nested suites', () => {
    const report = read(`<testsuites><testsuite name="api"><testsuite name="search / v2"><testcase name="finds"/></testsuite><testcase name="top" classname=""/></testsuite></testsuites>`)
    expect(report.cases.map((item) => [item.fullName, item.suitePath])).toEqual([
      ['api.search / v2.finds', ['api', 'search / v2']],
      ['api.top', ['api']],
    ])
    expect(junitCaseFolder(['api', 'search / v2'])).toBe('api/search ∕ v2')
    expect(junitCaseFolder(Array.from({ length: 12 }, (_, index) => `s${index}`)).split('/')).toHaveLength(10)
    expect(junitCaseFolder(['x'.repeat(100)]).length).toBe(80)
  })

  it('does not trust the counts the file states', () => {
    const report = read(`<testsuite tests="99" failures="50"><testcase classname="a" name="b"/></testsuite>`)
    expect(report.cases).toHaveLength(1)
    expect(report.cases[0]!.status).toBe('passed')
  })

  it('merges duplicates with the worst status and one hash over both outputs', () => {
    const report = read(
      `<testsuite><testcase classname="a" name="b" time="1"><skipped/><system-out>one</system-out></testcase><testcase classname="a" name="b" time="2"><system-out>two</system-out></testcase><testcase classname="a" name="b"><error message="x"/></testcase></testsuite>`,
      3,
    )
    const [only] = report.cases
    expect(only).toMatchObject({ status: 'failed', time: 3, occurrences: 3 })
    expect(only!.systemOut).toEqual({ text: 'onetwo', sha256: '25b6746d5172ed6352966a013d93ac846e1110d5a25e8f183b5931f4688842a1', bytes: 6, truncated: false })
  })

  it('reads a blocked case written by the export back as blocked, and ignores a blocked skip only when it says so', () => {
    const report = read(`<testsuite><testcase classname="a" name="b"><skipped message="blocked: portal down"/></testcase><testcase classname="a" name="c"><skipped message="not blocked"/></testcase></testsuite>`)
    expect(report.cases.map((item) => item.status)).toEqual(['blocked', 'skipped'])
  })

  it('truncates long outputs and keeps the hash and size of all of it', () => {
    const long = 'ř'.repeat(JUNIT_KEPT_CHARS + 100)
    const report = read(`<testsuite><testcase classname="a" name="b"><system-out>${long}</system-out><failure>${long}</failure></testcase></testsuite>`, 1000)
    const [only] = report.cases
    expect(only!.systemOut).toMatchObject({ truncated: true, bytes: long.length * 2 })
    expect(only!.systemOut!.text).toHaveLength(JUNIT_KEPT_CHARS)
    expect(only!.failures[0]!.detail).toHaveLength(JUNIT_KEPT_CHARS)
    expect(only!.failures[0]!.detailBytes).toBe(long.length * 2)
  })

  it('decodes the five entities and character references, and skips comments and instructions', () => {
    const report = read(`<?xml version="1.0"?><!-- a <comment> --><testsuite><?pi x?><testcase classname="&lt;a&gt;" name="&quot;b&apos; &amp; &#269;&#x159;"><system-out>x&#10;y</system-out></testcase></testsuite>`, 2)
    expect(report.cases[0]).toMatchObject({ fullName: `<a>."b' & čř` })
    expect(report.cases[0]!.systemOut?.text).toBe('x\ny')
  })
})

describe('refusals', () => {
  it('refuses a DOCTYPE, whatever it declares', () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]><testsuite><testcase classname="a" name="&lol2;"/></testsuite>`
    expect(refusal(bomb).problem).toBe('doctype')
    expect(refusal(bomb, 1).problem).toBe('doctype')
    expect(refusal(`<!DOCTYPE testsuite SYSTEM "file:///etc/passwd"><testsuite/>`).problem).toBe('doctype')
  })

  it('refuses entities other than the five', () => {
    expect(refusal(`<testsuite><testcase classname="a" name="&nbsp;"/></testsuite>`)).toMatchObject({ problem: 'entity', params: { entity: '&nbsp;' } })
    expect(refusal(`<testsuite><testcase classname="a" name="b"><system-out>a & b</system-out></testcase></testsuite>`).problem).toBe('entity')
    expect(refusal(`<testsuite><testcase classname="a" name="&#0;"/></testsuite>`).problem).toBe('entity')
  })

  it('refuses a truncated file cleanly, with the line where it stopped', () => {
    const whole = fixture('surefire.xml')
    for (const cut of [0.3, 0.6, 0.99]) {
      const error = refusal(whole.slice(0, Math.floor(whole.length * cut)), 100)
      expect(['truncated', 'entity']).toContain(error.problem)
      expect(error.line).toBeGreaterThan(1)
    }
    expect(refusal(`<testsuite><testcase classname="a" name="b"><system-out><![CDATA[half`).problem).toBe('truncated')
  })

  it('refuses what is not XML or not JUnit', () => {
    expect(refusal('{"tests": 3}').problem).toBe('notXml')
    expect(refusal('').problem).toBe('notXml')
    expect(refusal('name,status\na,passed\n').problem).toBe('notXml')
    expect(refusal('<html><body>nope</body></html>')).toMatchObject({ problem: 'notJunit', params: { root: 'html' } })
    expect(refusal('<testsuite><testcase></testsuite>').problem).toBe('mismatch')
    expect(refusal('<testsuite></testsuite><testsuite/>').problem).toBe('secondRoot')
    expect(refusal('<?xml version="1.0" encoding="ISO-8859-2"?><testsuite/>')).toMatchObject({ problem: 'encoding', params: { encoding: 'iso-8859-2' } })
  })

  it('caps names and tags', () => {
    expect(refusal(`<testsuite><${'a'.repeat(300)}/></testsuite>`).problem).toBe('nameTooLong')
    expect(refusal(`<testsuite><testcase name="${'x'.repeat(1024 * 1024 + 10)}"/></testsuite>`, 64 * 1024).problem).toBe('tagTooLong')
    expect(refusal(`<testsuite>${'<a>'.repeat(300)}`).problem).toBe('tooDeep')
  })

  it('refuses a stream beyond its size limit while it reads it', async () => {
    const chunk = new TextEncoder().encode('<testsuite>' + ' '.repeat(1000))
    let sent = 0
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 1
        controller.enqueue(chunk)
      },
    })
    await expect(readJunitStream(stream, 10_000)).rejects.toMatchObject({ problem: 'tooLarge' })
    expect(sent).toBeLessThan(20)
  })
})

describe('the run export', () => {
  it('reads back what the run export writes', () => {
    const xml = runToJunit({ id: 'r', name: 'Noční', projectKey: 'PJUNIT', state: 'completed', environment: '', build: null, commit: null, createdAt: new Date(), startedAt: null, completedAt: null }, [
      { key: 'PJUNIT-1', title: 'Katalog & <sady>', section: 'Katalog', caseVersion: 1, results: [{ id: 1, status: 'failed', comment: 'Vrací 500\ndruhý', elapsedSeconds: 4, elapsedMs: 4000, defects: [], steps: [], retest: false, caseVersion: 1, recordedBy: null, recordedAt: new Date() }] },
      { key: 'PJUNIT-2', title: 'Licence', section: 'Katalog', caseVersion: 1, results: [{ id: 2, status: 'blocked', comment: 'Portál spí', elapsedSeconds: null, elapsedMs: null, defects: [], steps: [], retest: false, caseVersion: 1, recordedBy: null, recordedAt: new Date() }] },
      { key: 'PJUNIT-3', title: 'Netestováno', section: 'Katalog', caseVersion: 1, results: [] },
    ])
    const back = read(xml, 13)
    expect(back.cases.map((item) => [item.pin, item.status, item.time])).toEqual([
      ['PJUNIT-1', 'failed', 4],
      ['PJUNIT-2', 'blocked', null],
    ])
    expect(junitComment(back.cases[0]!)).toBe('Vrací 500')
    expect(back.cases[0]!.failures[0]!.detail).toBe('Vrací 500\ndruhý')
  })
})
