// Why this file is long: the report's shape and the one streaming handler that builds it, whose events share one
// report's state (suites, cases, texts being collected); its bytes come in through junit-stream.ts.
// Reading a JUnit XML report (docs/junit-import.md): the report is read as a stream into one small record per
// distinct test case (its status and truncated details), whichever tool wrote it (pytest, Maven Surefire, JUnit 5 and
// the others: the dialects differ in their roots, class names, times and outputs). Matching the cases to a project is
// junit-match.ts. Pure, with no Node imports: the same code runs on Node and on Cloudflare Workers.

import { SHA256 } from '@oslojs/crypto/sha2'
import { encodeHexLowerCase } from '@oslojs/encoding'
import { madeBy } from '../made-by.ts'
import { worstOutcome } from './checks.ts'
import type { ResultStatus } from './test-runs.ts'
import { XmlStreamError, XmlStreamParser, type XmlHandler, type XmlProblem } from './xml-stream.ts'

/** The largest report accepted, counted as it streams in. */
export const JUNIT_MAX_BYTES = 256 * 1024 * 1024
/** Characters kept of each output (system-out, system-err) and of each failure's detail; the rest is hashed and counted. */
export const JUNIT_KEPT_CHARS = 8 * 1024
/** Failures (and errors) kept per case; duplicates of one case beyond these are only counted. */
export const JUNIT_MAX_FAILURES = 10
/** Distinct test cases in one report. */
export const JUNIT_MAX_CASES = 50_000
/** Suites whose own output is kept. */
export const JUNIT_MAX_SUITE_OUTPUTS = 500
/** Characters of kept text in all (outputs and details): beyond it only hashes and sizes are kept. */
export const JUNIT_TEXT_BUDGET = 48 * 1024 * 1024

/** Why a report was refused: an XML problem or one of JUnit's own. */
export type JunitProblem = XmlProblem | 'notJunit' | 'tooManyCases' | 'tooLarge' | 'implausibleTime' | 'badBytes'

export class JunitImportError extends Error {
  readonly problem: JunitProblem
  readonly line: number | null
  readonly params: Record<string, string | number>

  constructor(problem: JunitProblem, line: number | null, params: Record<string, string | number> = {}) {
    super(`JUnit import refused: ${problem}${line ? ` at line ${line}` : ''}`)
    this.name = 'JunitImportError'
    this.problem = problem
    this.line = line
    this.params = params
  }
}

/** A text kept as evidence: its start, and the SHA-256 and UTF-8 length of all of it. */
export type KeptText = { text: string; sha256: string; bytes: number; truncated: boolean }

export type JunitFailure = {
  /** `failure` (an assertion did not hold) or `error` (the test could not run: setup, teardown, an exception). */
  element: 'failure' | 'error'
  type: string
  message: string
  detail: string
  detailHash: string
  detailBytes: number
}

/** One distinct test case of a report, its occurrences merged. */
export type JunitCase = {
  /** What identifies it: the pinned key, else its full name (lower case). */
  identity: string
  classname: string
  name: string
  /** `classname.name`, or the suite path and the name. */
  fullName: string
  /** The suites it was found in, outermost first. */
  suitePath: string[]
  /** The source file a tool names (`file` of the test case or of its suite), or null. */
  file: string | null
  /** `PRG-12` from `portalscope_case` or a `[PRG-12]` prefix, upper case. */
  pin: string | null
  status: ResultStatus
  /** Seconds, summed over its occurrences; null when no occurrence had a readable time. */
  time: number | null
  failures: JunitFailure[]
  /** Failures beyond those kept. */
  moreFailures: number
  skippedMessage: string | null
  systemOut: KeptText | null
  systemErr: KeptText | null
  occurrences: number
  /** Earlier attempts a tool reran (Surefire's `flakyFailure`, `flakyError`, `rerunFailure`, `rerunError`), at most ten kept. */
  retries: JunitRetry[]
  /** Passed on a retry after failed attempts. */
  flaky: boolean
}

/** An earlier attempt of a rerun test: its element, type and message (its stack trace is not kept). */
export type JunitRetry = { element: 'flakyFailure' | 'flakyError' | 'rerunFailure' | 'rerunError'; type: string; message: string }

const RETRY_ELEMENTS: ReadonlySet<string> = new Set(['flakyFailure', 'flakyError', 'rerunFailure', 'rerunError'])

/** The longest time a test case may state: anything over a year is a misread, not a duration. */
export const JUNIT_MAX_SECONDS = 365 * 24 * 3600

export type JunitWarning = { code: 'caseWithoutName' | 'textBudget' | 'suiteOutputs' | 'lateProperty' | 'sameNameApart'; count: number }

export type JunitReport = {
  cases: JunitCase[]
  /** A suite's own output by its path (joined with '\u0000'). */
  suiteOutputs: Map<string, { systemOut: KeptText | null; systemErr: KeptText | null }>
  warnings: JunitWarning[]
  testcases: number
}

/**
 * A time as a report writes it. `style` says how a comma was read: `thousands` (`1,234.5`, `12,345,678`), `comma` as
 * a decimal comma (`0,009`, `12,5`: a locale's number format), `either` for `1,234`, which may be both (`seconds` reads
 * it as thousands, `decimalComma` as a decimal comma; the report's other times decide), `point` without a comma.
 */
export type JunitTime = { seconds: number; decimalComma: number; style: 'point' | 'thousands' | 'comma' | 'either' }

const plainSeconds = (text: string): number | null => {
  if (!/^(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/.test(text)) return null
  const seconds = Number(text)
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : null
}

export function readJunitTime(value: string | undefined): JunitTime | null {
  if (value === undefined) return null
  const text = value.trim()
  if (/^\d{1,3}(,\d{3})+(\.\d*)?$/.test(text) && !text.startsWith('0,')) {
    const seconds = plainSeconds(text.replaceAll(',', ''))
    if (seconds === null) return null
    // One comma before three digits and no point: thousands (Surefire's `#,##0.###`) or a decimal comma (`1,234` s).
    if (/^\d{1,3},\d{3}$/.test(text)) return { seconds, decimalComma: Number(text.replace(',', '.')), style: 'either' }
    return { seconds, decimalComma: seconds, style: 'thousands' }
  }
  if (/^\d+,\d+$/.test(text)) {
    const seconds = Number(text.replace(',', '.'))
    return { seconds, decimalComma: seconds, style: 'comma' }
  }
  const seconds = plainSeconds(text)
  return seconds === null ? null : { seconds, decimalComma: seconds, style: 'point' }
}

/** Seconds as reports write them, thousands separators (`1,234.5`) and decimal commas (`0,009`) included; null when unreadable. */
export function parseJunitTime(value: string | undefined): number | null {
  return readJunitTime(value)?.seconds ?? null
}

const KEY_PIN = /^\s*\[([A-Za-z][A-Za-z0-9]{1,9}-\d{1,9})\]\s*/

/** A `PRG-12` key (any case, spaces around) in upper case, or null. */
export function pinOf(value: string | undefined): string | null {
  const match = value === undefined ? null : /^\s*([A-Za-z][A-Za-z0-9]{1,9}-\d{1,9})\s*$/.exec(value)
  return match ? match[1]!.toUpperCase() : null
}

/** The key a test name starts with in brackets (`[PRG-12] loads the catalogue`), and the name without it. */
export function namePin(name: string): { pin: string | null; rest: string } {
  const match = KEY_PIN.exec(name)
  return match ? { pin: match[1]!.toUpperCase(), rest: name.slice(match[0].length) } : { pin: null, rest: name }
}

const encoder = new TextEncoder()

/**
 * A copy of a text that does not hold on to the piece it was cut from: V8 keeps a substring as a view of its parent,
 * so a name kept per case would keep a whole 256 KB chunk of the file alive. Joining forces a flat copy.
 */
function detach(text: string): string {
  return text.length < 13 ? text : (' ' + text).slice(1)
}

/** An attribute kept as evidence: at most what a text keeps. */
function keptAttribute(value: string | undefined): string {
  return detach((value ?? '').slice(0, JUNIT_KEPT_CHARS))
}

/** A text that comes in pieces: the first characters kept (within a shared budget), all of it hashed and counted. */
class TextCollector {
  private readonly parts: string[] = []
  private kept = 0
  private bytes = 0
  private readonly hash = new SHA256()
  private cut = false

  private readonly budget: { left: number; exhausted: boolean }

  constructor(budget: { left: number; exhausted: boolean }) {
    this.budget = budget
  }

  add(piece: string): void {
    if (piece.length === 0) return
    const encoded = encoder.encode(piece)
    this.hash.update(encoded)
    this.bytes += encoded.length
    const room = Math.min(JUNIT_KEPT_CHARS - this.kept, this.budget.left)
    if (room <= 0) {
      this.cut = true
      if (this.kept < JUNIT_KEPT_CHARS) this.budget.exhausted = true
      return
    }
    const part = detach(piece.length > room ? piece.slice(0, room) : piece)
    if (part.length < piece.length) this.cut = true
    this.parts.push(part)
    this.kept += part.length
    this.budget.left -= part.length
  }

  get empty(): boolean {
    return this.bytes === 0
  }

  /** Joined once the text is complete (the pieces become one string, which is what stays in memory). */
  result(): KeptText | null {
    if (this.bytes === 0) return null
    const text = this.parts.join('')
    this.parts.length = 0
    if (text) this.parts.push(text)
    return { text, sha256: encodeHexLowerCase(this.hash.digest()), bytes: this.bytes, truncated: this.cut }
  }
}

/** `timeComma`: the time with every ambiguous `1,234` read as a decimal comma (the report's other times decide which counts). */
type Entry = Omit<JunitCase, 'systemOut' | 'systemErr'> & { out: TextCollector | null; err: TextCollector | null; times: number; timeComma: number }

type Occurrence = {
  classname: string
  name: string
  time: JunitTime | null
  suitePath: string[]
  file: string | null
  pin: string | null
  entry: Entry | null
  statuses: ResultStatus[]
  skippedMessage: string | null
  /** A `<failure>` or `<error>` of a suite itself (its class did not load): read as a test case of its own. */
  suiteLevel: boolean
}

type Collecting = { kind: 'failure'; failure: Omit<JunitFailure, 'detail' | 'detailHash' | 'detailBytes'>; detail: TextCollector } | { kind: 'out' | 'err'; into: 'case' | 'suite' } | { kind: 'skipped' } | { kind: 'none' }

type Suite = { name: string; file: string | null; out: TextCollector | null; err: TextCollector | null }

/**
 * Reads a JUnit report pushed in as text. Tags and text it does not know are passed over (tools add their own); the
 * counts a file states (`tests=`, `failures=`) are not read, everything is counted from the test cases.
 */
export class JunitReader implements XmlHandler {
  private readonly parser: XmlStreamParser
  private readonly stack: string[] = []
  private readonly suites: Suite[] = []
  private readonly entries = new Map<string, Entry>()
  private readonly suiteOutputs = new Map<string, { systemOut: KeptText | null; systemErr: KeptText | null }>()
  private readonly budget = { left: JUNIT_TEXT_BUDGET, exhausted: false }
  private occurrence: Occurrence | null = null
  private collecting: Collecting[] = []
  private readonly counts = { caseWithoutName: 0, suiteOutputs: 0, lateProperty: 0 }
  private testcases = 0
  /** Times read with an unambiguous decimal comma, and with unambiguous thousands separators. */
  private readonly commaStyles = { comma: 0, thousands: 0 }

  constructor(options: { decodedFrom?: 'utf-8' | 'utf-16' } = {}) {
    this.parser = new XmlStreamParser(this, options)
  }

  write(text: string): void {
    try {
      this.parser.write(text)
    } catch (error) {
      throw asImportError(error)
    }
  }

  end(): JunitReport {
    try {
      this.parser.end()
    } catch (error) {
      throw asImportError(error)
    }
    const warnings: JunitWarning[] = []
    if (this.counts.caseWithoutName) warnings.push({ code: 'caseWithoutName', count: this.counts.caseWithoutName })
    if (this.counts.suiteOutputs) warnings.push({ code: 'suiteOutputs', count: this.counts.suiteOutputs })
    if (this.counts.lateProperty) warnings.push({ code: 'lateProperty', count: this.counts.lateProperty })
    if (this.budget.exhausted) warnings.push({ code: 'textBudget', count: 1 })
    // A report that writes decimal commas (`0,160`) and never a thousands separator wrote `1,234` as 1.234 s.
    const decimalComma = this.commaStyles.comma > 0 && this.commaStyles.thousands === 0
    const cases = [...this.entries.values()].map(({ out, err, times, timeComma, ...entry }): JunitCase => ({
      ...entry,
      time: times > 0 ? (decimalComma ? timeComma : entry.time) : null,
      systemOut: out?.result() ?? null,
      systemErr: err?.result() ?? null,
    }))
    const apart = nameApart(cases)
    if (apart > 0) warnings.push({ code: 'sameNameApart', count: apart })
    return { cases, suiteOutputs: this.suiteOutputs, warnings, testcases: this.testcases }
  }

  private readTime(value: string | undefined): JunitTime | null {
    const time = readJunitTime(value)
    if (!time) return null
    if (Math.min(time.seconds, time.decimalComma) > JUNIT_MAX_SECONDS) {
      throw new JunitImportError('implausibleTime', this.parser.currentLine(), { time: (value ?? '').trim().slice(0, 40) })
    }
    if (time.style === 'comma') this.commaStyles.comma += 1
    if (time.style === 'thousands') this.commaStyles.thousands += 1
    return time
  }

  private startOccurrence(classname: string, name: string, time: string | undefined, file: string | null, suiteLevel: boolean): Occurrence {
    this.testcases += 1
    return {
      classname: detach(classname.trim().slice(0, 2000)),
      name: detach(name.trim().slice(0, 2000)),
      time: this.readTime(time),
      suitePath: this.suites.map((suite) => suite.name).filter(Boolean),
      file,
      pin: null,
      entry: null,
      statuses: [],
      skippedMessage: null,
      suiteLevel,
    }
  }

  open(name: string, attributes: Record<string, string>, selfClosing: boolean): void {
    const parent = this.stack.at(-1)
    const grandparent = this.stack.at(-2)
    if (parent === undefined && name !== 'testsuites' && name !== 'testsuite') throw new JunitImportError('notJunit', null, { root: name.slice(0, 60) })
    if (!selfClosing) this.stack.push(name)
    const occurrence = this.occurrence
    if (name === 'testsuite' && !occurrence) {
      if (selfClosing) return
      this.suites.push({ name: detach((attributes.name ?? '').trim().slice(0, 1000)), file: fileAttribute(attributes.file) ?? this.suites.at(-1)?.file ?? null, out: null, err: null })
    } else if (name === 'testcase' && !occurrence && (parent === 'testsuite' || parent === 'testsuites')) {
      const file = fileAttribute(attributes.file) ?? this.suites.at(-1)?.file ?? null
      this.occurrence = this.startOccurrence(attributes.classname ?? attributes.class ?? '', attributes.name ?? '', attributes.time, file, false)
      if (selfClosing) this.finishCase()
    } else if (!occurrence && parent === 'testsuite' && (name === 'error' || name === 'failure')) {
      // A suite's own failure or error: its class failed to load (or its setup broke), so none of its tests ran. As
      // Jenkins does, it is a failed test case of its own, `<suite>.<init>`: a red report never imports green.
      const suite = this.suites.at(-1)
      const started = this.startOccurrence(suite?.name ?? '', '<init>', undefined, suite?.file ?? null, true)
      this.occurrence = started
      this.caseChild(started, name, attributes, selfClosing)
      if (selfClosing) this.finishCase()
    } else if (occurrence && parent === 'testcase') {
      this.caseChild(occurrence, name, attributes, selfClosing)
    } else if (occurrence && name === 'property' && parent === 'properties' && grandparent === 'testcase') {
      if (attributes.name === 'portalscope_case') {
        if (occurrence.entry) this.counts.lateProperty += 1
        else occurrence.pin = pinOf(attributes.value) ?? occurrence.pin
      }
      if (!selfClosing) this.collecting.push({ kind: 'none' })
    } else if (!occurrence && parent === 'testsuite' && (name === 'system-out' || name === 'system-err')) {
      if (!selfClosing) this.collecting.push({ kind: name === 'system-out' ? 'out' : 'err', into: 'suite' })
    } else if (!selfClosing) this.collecting.push({ kind: 'none' })
  }

  private caseChild(occurrence: Occurrence, name: string, attributes: Record<string, string>, selfClosing: boolean): void {
    if (name === 'properties') {
      if (!selfClosing) this.collecting.push({ kind: 'none' })
      return
    }
    const entry = this.entryOf(occurrence)
    if (name === 'failure' || name === 'error') {
      occurrence.statuses.push('failed')
      const failure = { element: name, type: keptAttribute(attributes.type?.trim()), message: keptAttribute(attributes.message) } as const
      const collecting: Collecting = { kind: 'failure', failure, detail: new TextCollector(this.budget) }
      if (selfClosing) this.keepFailure(entry, collecting)
      else this.collecting.push(collecting)
    } else if (name === 'skipped') {
      const message = keptAttribute(attributes.message)
      // Our own export writes a blocked case as skipped with "blocked: why"; it reads back as blocked.
      occurrence.statuses.push(/^blocked(:|$)/i.test(message.trim()) ? 'blocked' : 'skipped')
      occurrence.skippedMessage ??= message
      if (!selfClosing) this.collecting.push({ kind: 'skipped' })
    } else if (name === 'system-out' || name === 'system-err') {
      if (!selfClosing) this.collecting.push({ kind: name === 'system-out' ? 'out' : 'err', into: 'case' })
    } else if (RETRY_ELEMENTS.has(name)) {
      // Surefire's reruns: the test case's own outcome is the final attempt's; these are the attempts before it.
      if (entry.retries.length < JUNIT_MAX_FAILURES) entry.retries.push({ element: name as JunitRetry['element'], type: keptAttribute(attributes.type?.trim()), message: keptAttribute(attributes.message) })
      if (name.startsWith('flaky')) entry.flaky = true
      if (!selfClosing) this.collecting.push({ kind: 'none' })
    } else if (!selfClosing) this.collecting.push({ kind: 'none' })
  }

  /** The merged record of the case being read; from here on its identity is fixed. */
  private entryOf(occurrence: Occurrence): Entry {
    if (occurrence.entry) return occurrence.entry
    const { pin: fromName, rest } = namePin(occurrence.name)
    const pin = occurrence.pin ?? fromName
    const name = occurrence.pin ? occurrence.name : rest || occurrence.name
    const fullName = detach(occurrence.classname ? `${occurrence.classname}.${name}` : [...occurrence.suitePath, name].join('.'))
    // One name in two files or two suites is two tests (pytest's teardown error repeats a test in its own suite and file).
    const identity = pin ?? [fullName.toLowerCase(), occurrence.file ?? '', ...occurrence.suitePath].join('\u0000')
    let entry = this.entries.get(identity)
    if (!entry) {
      if (this.entries.size >= JUNIT_MAX_CASES) throw new JunitImportError('tooManyCases', null, { max: JUNIT_MAX_CASES })
      entry = {
        identity,
        classname: occurrence.classname,
        name,
        fullName,
        suitePath: occurrence.suitePath,
        file: occurrence.file,
        pin,
        status: 'passed',
        time: 0,
        timeComma: 0,
        times: 0,
        retries: [],
        flaky: false,
        failures: [],
        moreFailures: 0,
        skippedMessage: null,
        out: null,
        err: null,
        occurrences: 0,
      }
      this.entries.set(identity, entry)
    }
    entry.occurrences += 1
    occurrence.entry = entry
    return entry
  }

  private keepFailure(entry: Entry, collecting: Extract<Collecting, { kind: 'failure' }>): void {
    if (entry.failures.length >= JUNIT_MAX_FAILURES) {
      entry.moreFailures += 1
      return
    }
    const detail = collecting.detail.result()
    entry.failures.push({ ...collecting.failure, detail: detail?.text ?? '', detailHash: detail?.sha256 ?? '', detailBytes: detail?.bytes ?? 0 })
  }

  private finishCase(): void {
    const occurrence = this.occurrence!
    this.occurrence = null
    if (!occurrence.name && !occurrence.classname) {
      this.counts.caseWithoutName += 1
      return
    }
    if (!occurrence.name) occurrence.name = occurrence.classname
    const entry = this.entryOf(occurrence)
    entry.status = worstOutcome([entry.status, ...occurrence.statuses])
    // Flaky is what passed in the end: a final failure after reruns is a failure.
    if (entry.status !== 'passed') entry.flaky = false
    if (occurrence.time !== null) {
      entry.time = (entry.time ?? 0) + occurrence.time.seconds
      entry.timeComma += occurrence.time.decimalComma
      entry.times += 1
    }
    entry.skippedMessage ??= occurrence.skippedMessage
  }

  close(name: string): void {
    this.stack.pop()
    if (name === 'testcase' && this.occurrence && !this.stack.includes('testcase')) {
      this.finishCase()
      return
    }
    if (name === 'testsuite' && !this.occurrence) {
      const suite = this.suites.pop()
      if (suite && (suite.out || suite.err)) {
        if (this.suiteOutputs.size >= JUNIT_MAX_SUITE_OUTPUTS) this.counts.suiteOutputs += 1
        else this.suiteOutputs.set([...this.suites.map((item) => item.name), suite.name].filter(Boolean).join('\u0000'), { systemOut: suite.out?.result() ?? null, systemErr: suite.err?.result() ?? null })
      }
      return
    }
    const collecting = this.collecting.pop()
    if (collecting?.kind === 'failure' && this.occurrence?.entry) this.keepFailure(this.occurrence.entry, collecting)
    if (this.occurrence?.suiteLevel && this.stack.at(-1) === 'testsuite') this.finishCase()
  }

  text(piece: string): void {
    const collecting = this.collecting.at(-1)
    if (!collecting || collecting.kind === 'none' || collecting.kind === 'skipped') return
    if (collecting.kind === 'failure') {
      collecting.detail.add(piece)
      return
    }
    if (collecting.into === 'suite') {
      const suite = this.suites.at(-1)
      if (!suite) return
      const key = collecting.kind === 'out' ? 'out' : 'err'
      suite[key] ??= new TextCollector(this.budget)
      suite[key].add(piece)
      return
    }
    const entry = this.occurrence ? this.entryOf(this.occurrence) : null
    if (!entry) return
    const key = collecting.kind === 'out' ? 'out' : 'err'
    // Two occurrences of one case (a test and its teardown) add to the same output, hashed as one text.
    entry[key] ??= new TextCollector(this.budget)
    entry[key].add(piece)
  }
}

/** The `file` attribute (pytest, Jest, mocha): kept as written, at most 1,000 characters; null when absent or empty. */
function fileAttribute(value: string | undefined): string | null {
  const file = (value ?? '').trim()
  return file ? detach(file.slice(0, 1000)) : null
}

/**
 * Test cases with one full name that stay apart (other files, other suites) get the file, else the suite path, after
 * their name, so that matching and created titles keep them apart too. Answers how many were named so.
 */
function nameApart(cases: JunitCase[]): number {
  const groups = new Map<string, JunitCase[]>()
  for (const item of cases) {
    if (item.pin) continue
    const key = item.fullName.toLowerCase()
    groups.set(key, [...(groups.get(key) ?? []), item])
  }
  let apart = 0
  for (const group of groups.values()) {
    if (group.length < 2) continue
    const byFile = new Set(group.map((item) => item.file ?? '')).size > 1
    for (const item of group) {
      const where = byFile ? (item.file ?? '') : item.suitePath.join(' › ')
      if (where) item.fullName = `${item.fullName} (${where})`
    }
    apart += group.length
  }
  return apart
}

function asImportError(error: unknown): unknown {
  if (madeBy(error, XmlStreamError)) return new JunitImportError(error.problem, error.line, error.params)
  return error
}
