// A JUnit report's cases matched to the cases of a test run's project (docs/junit-import.md), and what each result
// records of its report case. The report was read whole by junit-read.ts; nothing is written here: the server writes
// what `matchJunitCases` plans once the whole file has been read and found sound. Pure, with no Node imports.

import { asOneLine } from './one-line.ts'
import { worstOutcome } from './checks.ts'
import { JUNIT_MAX_FAILURES, pinOf, type JunitCase, type JunitReport } from './junit-read.ts'
import type { JunitEvidence } from './junit-evidence.ts'
import { MAX_FOLDER_DEPTH, MAX_FOLDER_SEGMENT, normaliseFolder } from './test-management.ts'

/** An import refused because it would add cases to the run and was not asked to (`addCases`); nothing was written. */
export class JunitNeedsAddCases extends Error {
  readonly count: number
  constructor(count: number) {
    super(`The import would add ${count} cases to the run`)
    this.name = 'JunitNeedsAddCases'
    this.count = count
  }
}

/** The most unmatched names an answer lists. */
export const JUNIT_MAX_UNMATCHED_LISTED = 100

/** A case of the project, as matching needs it. */
export type ProjectCase = { id: string; number: number; title: string }
/** A case of the run. */
export type RunCaseRef = { id: string; caseId: string }

export type MatchedCase = { report: JunitCase; caseId: string; runCaseId: string | null }
export type UnmatchedCase = { report: JunitCase; reason: 'unknown' | 'pinOtherProject' | 'pinMissing' }

export type JunitMatch = {
  matched: MatchedCase[]
  /** Cases the project does not have and nothing pins: created when asked, else listed as unmatched. */
  unknown: JunitCase[]
  unmatched: UnmatchedCase[]
  /** Report cases recorded with another whose name differs only in case or white space (said in a warning). */
  namesMerged: number
}

/** Two records of one case (found by different names) as one: the worst status wins, details of both are kept. */
export function mergeJunitCases(into: JunitCase, other: JunitCase): JunitCase {
  const failures = [...into.failures, ...other.failures]
  return {
    ...into,
    status: worstOutcome([into.status, other.status]),
    time: into.time === null && other.time === null ? null : (into.time ?? 0) + (other.time ?? 0),
    failures: failures.slice(0, JUNIT_MAX_FAILURES),
    moreFailures: into.moreFailures + other.moreFailures + Math.max(0, failures.length - JUNIT_MAX_FAILURES),
    skippedMessage: into.skippedMessage ?? other.skippedMessage,
    systemOut: into.systemOut ?? other.systemOut,
    systemErr: into.systemErr ?? other.systemErr,
    occurrences: into.occurrences + other.occurrences,
    retries: [...into.retries, ...other.retries].slice(0, JUNIT_MAX_FAILURES),
    flaky: worstOutcome([into.status, other.status]) === 'passed' && (into.flaky || other.flaky),
  }
}

/** A test case's title as a created case gets it (titles are at most 200 characters). */
export function junitCaseTitle(report: JunitCase): string {
  // A test's name may hold anything; a title is one line (lib/domain/one-line.ts).
  const title = asOneLine(report.fullName)
  return title.length > 200 ? `${title.slice(0, 199)}…` : title
}

/** The folder a created case goes in: the suite path, each name made a valid folder segment. */
export function junitCaseFolder(suitePath: readonly string[]): string {
  const segments = suitePath
    .map((name) => name.replaceAll('/', '∕').trim().replace(/\s+/g, ' '))
    .filter(Boolean)
    .map((segment) => (segment.length > MAX_FOLDER_SEGMENT ? `${segment.slice(0, MAX_FOLDER_SEGMENT - 1)}…` : segment))
  return normaliseFolder(segments.slice(0, MAX_FOLDER_DEPTH).join('/'))
}

const titleKey = (title: string) => title.trim().replace(/\s+/g, ' ').toLowerCase()

/**
 * Finds each report case in the project: a pinned key (`portalscope_case`, `[PRG-12]`) names its case, else the full
 * name is compared with case keys and titles (case and spacing ignored; among several cases of one title, the one in
 * the run, then the lowest number). Report cases that land on one project case are merged.
 */
export function matchJunitCases(cases: readonly JunitCase[], projectKey: string, projectCases: readonly ProjectCase[], runCases: readonly RunCaseRef[]): JunitMatch {
  const byNumber = new Map(projectCases.map((item) => [item.number, item]))
  const runCaseOf = new Map(runCases.map((item) => [item.caseId, item.id]))
  const byTitle = new Map<string, ProjectCase>()
  for (const item of [...projectCases].sort((a, b) => Number(runCaseOf.has(b.id)) - Number(runCaseOf.has(a.id)) || a.number - b.number)) {
    const key = titleKey(item.title)
    if (!byTitle.has(key)) byTitle.set(key, item)
  }
  const matched = new Map<string, MatchedCase>()
  const unknown = new Map<string, JunitCase>()
  const unmatched: UnmatchedCase[] = []
  let namesMerged = 0
  const merge = (into: JunitCase, other: JunitCase): JunitCase => {
    if (into.fullName !== other.fullName && !into.pin && !other.pin) namesMerged += 1
    return mergeJunitCases(into, other)
  }
  const keyOf = (key: string): ProjectCase | null | 'other' => {
    const [prefix, number] = [key.slice(0, key.lastIndexOf('-')), Number(key.slice(key.lastIndexOf('-') + 1))]
    if (prefix !== projectKey) return 'other'
    return byNumber.get(number) ?? null
  }
  for (const report of cases) {
    let found: ProjectCase | null
    if (report.pin) {
      const pinned = keyOf(report.pin)
      if (pinned === 'other' || pinned === null) {
        unmatched.push({ report, reason: pinned === 'other' ? 'pinOtherProject' : 'pinMissing' })
        continue
      }
      found = pinned
    } else {
      const asKey = pinOf(report.name) ?? pinOf(report.fullName)
      const byKey = asKey ? keyOf(asKey) : null
      found = byKey && byKey !== 'other' ? byKey : (byTitle.get(titleKey(report.fullName)) ?? byTitle.get(titleKey(junitCaseTitle(report))) ?? null)
    }
    if (!found) {
      const key = titleKey(junitCaseTitle(report))
      const known = unknown.get(key)
      unknown.set(key, known ? merge(known, report) : report)
      continue
    }
    const before = matched.get(found.id)
    matched.set(found.id, before ? { ...before, report: merge(before.report, report) } : { report, caseId: found.id, runCaseId: runCaseOf.get(found.id) ?? null })
  }
  return { matched: [...matched.values()], unknown: [...unknown.values()], unmatched, namesMerged }
}

// What a result records of its report case.

export function junitEvidence(report: JunitCase, file: string, suiteOutputs: JunitReport['suiteOutputs']): JunitEvidence {
  const suite = suiteOutputs.get(report.suitePath.join('\u0000'))
  return {
    kind: 'junit',
    file,
    classname: report.classname,
    name: report.name,
    time: report.time,
    sourceFile: report.file,
    failures: report.failures,
    retries: report.retries,
    flaky: report.flaky,
    moreFailures: report.moreFailures,
    skipped: report.skippedMessage,
    systemOut: report.systemOut,
    systemErr: report.systemErr,
    suite: suite ? { path: report.suitePath, ...suite } : null,
  }
}

/** The first line of a text, at most `max` characters. */
export function firstLine(text: string, max = 300): string {
  const line = text.trim().split(/\r?\n/, 1)[0]?.trim() ?? ''
  return line.length > max ? `${line.slice(0, max - 1)}…` : line
}

/** A result's comment: what failed (the first failures' messages), or why it was skipped; empty when it passed. */
export function junitComment(report: JunitCase): string {
  if (report.failures.length > 0) {
    const lines = report.failures.slice(0, 3).map((failure) => {
      const what = firstLine(failure.message) || firstLine(failure.detail) || failure.type || failure.element
      return failure.element === 'error' ? `error: ${what}` : what
    })
    const more = report.failures.length + report.moreFailures - lines.length
    return [...lines, ...(more > 0 ? [`(+${more})`] : [])].join('\n')
  }
  if (report.status === 'failed') return 'failed'
  if (report.skippedMessage) return firstLine(report.skippedMessage)
  return ''
}

/** Milliseconds as a result keeps them, or null. */
export function junitElapsedMs(report: JunitCase): number | null {
  return report.time === null ? null : Math.round(report.time * 1000)
}

/** A file name as it is kept: the last path segment, printable, at most 200 characters. */
export function junitFileName(value: string | null | undefined): string {
  // eslint-disable-next-line no-control-regex
  const name = (value ?? '').split(/[\\/]/).at(-1)!.replace(/[\u0000-\u001F\u007F]/g, '').trim()
  return (name || 'junit.xml').slice(0, 200)
}
