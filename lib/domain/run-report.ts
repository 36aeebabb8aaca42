// A run written out for other tools: JUnit XML (the common dialect CI servers read), CSV for spreadsheets and JSON
// with the whole result history. Pure: the server reads the run and its results, these functions only write.

import { toCsv } from '../csv.ts'
import type { ResultEvidence, ResultStatus, StepResult } from './test-runs.ts'
import { isCheckEvidence } from './checks.ts'
import { isJunitEvidence, type JunitEvidence } from './junit-evidence.ts'

export const RUN_EXPORT_FORMATS = ['junit', 'csv', 'json'] as const
export type RunExportFormat = (typeof RUN_EXPORT_FORMATS)[number]

export function isRunExportFormat(value: string): value is RunExportFormat {
  return (RUN_EXPORT_FORMATS as readonly string[]).includes(value)
}

export const RUN_EXPORT_TYPES: Record<RunExportFormat, { extension: string; contentType: string }> = {
  junit: { extension: 'xml', contentType: 'application/xml; charset=utf-8' },
  csv: { extension: 'csv', contentType: 'text/csv; charset=utf-8' },
  json: { extension: 'json', contentType: 'application/json; charset=utf-8' },
}

export type ReportResult = {
  id: number
  status: ResultStatus
  comment: string
  /** Whole seconds, as the API answered before times were kept in milliseconds. */
  elapsedSeconds: number | null
  elapsedMs: number | null
  defects: string[]
  steps: StepResult[]
  retest: boolean
  caseVersion: number
  recordedBy: string | null
  recordedAt: Date
  /** What an automated check (or an import) kept with the result, as stored. */
  evidence?: ResultEvidence | null
}

export type ReportCase = {
  key: string
  title: string
  section: string
  caseVersion: number
  /** Every result, oldest first; the last one counts. */
  results: ReportResult[]
}

export type ReportRun = {
  id: string
  name: string
  projectKey: string
  state: string
  environment: string
  build: string | null
  commit: string | null
  createdAt: Date
  startedAt: Date | null
  completedAt: Date | null
}

export function latestResult(item: ReportCase): ReportResult | null {
  return item.results.at(-1) ?? null
}

/** `<KEY>-run-<yyyy-mm-dd>.<ext>`: the key is capitals and digits, so the name is safe in a header as it is. */
export function runExportFilename(run: Pick<ReportRun, 'projectKey' | 'createdAt'>, format: RunExportFormat): string {
  const key = run.projectKey.replace(/[^A-Za-z0-9]/g, '') || 'RUN'
  return `${key}-run-${run.createdAt.toISOString().slice(0, 10)}.${RUN_EXPORT_TYPES[format].extension}`
}

// Characters XML 1.0 does not allow at all (C0 controls other than tab, LF, CR; lone surrogates; U+FFFE, U+FFFF).
// They cannot be escaped, only left out.
// eslint-disable-next-line no-control-regex
const XML_ILLEGAL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

/** Text safe inside an attribute value or element content (quotes escaped too, so one function serves both). */
export function xmlEscape(value: string): string {
  return value
    .replace(XML_ILLEGAL, '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;')
    .replaceAll('\r', '&#13;')
    .replaceAll('\n', '&#10;')
    .replaceAll('\t', '&#9;')
}

/** Element content: line breaks stay line breaks (only attributes need them as references). */
function xmlText(value: string): string {
  return value.replace(XML_ILLEGAL, '').replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')
}

/** Milliseconds as JUnit's seconds, to the millisecond (`0.009`, `366.12`, `12`). */
export function junitSeconds(ms: number | null | undefined): string {
  return String(Math.max(0, Math.round(ms ?? 0)) / 1000)
}

function firstLine(text: string): string {
  const line = text.trim().split(/\r?\n/, 1)[0] ?? ''
  return line.length > 200 ? `${line.slice(0, 199)}…` : line
}

type Written = { xml: string; tests: number; failures: number; errors: number; skipped: number; time: number }

/**
 * A result imported from JUnit XML, written back as it came (docs/junit-import.md, "Export"): its classname and name
 * (the key before the name pins it when read back), each failure and error with message, type and detail, the skip
 * message, earlier attempts, system-out and system-err.
 */
function importedLines(evidence: JunitEvidence, status: ResultStatus): { lines: string[]; failures: number; errors: number; skipped: number } {
  const lines: string[] = []
  for (const failure of evidence.failures) {
    const type = failure.type ? ` type="${xmlEscape(failure.type)}"` : ''
    lines.push(`      <${failure.element} message="${xmlEscape(failure.message)}"${type}>${xmlText(failure.detail)}</${failure.element}>`)
  }
  if ((status === 'skipped' || status === 'blocked') && evidence.failures.length === 0) {
    const message = evidence.skipped ?? ''
    lines.push(message ? `      <skipped message="${xmlEscape(message)}"/>` : '      <skipped/>')
  }
  // Junit-10.xsd requires a type on a rerun element.
  for (const retry of evidence.retries ?? []) lines.push(`      <${retry.element} message="${xmlEscape(retry.message)}" type="${xmlEscape(retry.type)}"/>`)
  if (evidence.systemOut) lines.push(`      <system-out>${xmlText(evidence.systemOut.text)}</system-out>`)
  if (evidence.systemErr) lines.push(`      <system-err>${xmlText(evidence.systemErr.text)}</system-err>`)
  const onlyErrors = evidence.failures.length > 0 && evidence.failures.every((failure) => failure.element === 'error')
  return {
    lines,
    failures: status === 'failed' && !onlyErrors ? 1 : 0,
    errors: status === 'failed' && onlyErrors ? 1 : 0,
    skipped: status === 'skipped' || status === 'blocked' ? 1 : 0,
  }
}

function testcase(classname: string, item: ReportCase): Written | null {
  const result = latestResult(item)
  // An untested case has no outcome to report; leaving it out keeps CI from reading it as passed.
  if (!result) return null
  const time = Math.max(0, Math.round(result.elapsedMs ?? 0))
  // A time nobody recorded is left out rather than written as 0 s (junit-10.xsd makes it optional).
  const timeAttribute = result.elapsedMs === null ? '' : ` time="${junitSeconds(time)}"`
  const imported = isJunitEvidence(result.evidence) && (result.evidence.failures.length > 0) === (result.status === 'failed') ? result.evidence : null
  // The key before the name pins the case when the file is read back (junit-10.xsd has no properties in a test case).
  const name = `[${item.key}] ${imported?.name || item.title}`
  const lines = [`    <testcase classname="${xmlEscape(imported?.classname || classname)}" name="${xmlEscape(name)}"${timeAttribute}>`]
  let failures = 0
  let errors = 0
  let skipped = 0
  if (imported) {
    const written = importedLines(imported, result.status)
    lines.push(...written.lines)
    ;({ failures, errors, skipped } = written)
  } else {
    if (result.status === 'failed') {
      failures = 1
      lines.push(`      <failure message="${xmlEscape(firstLine(result.comment) || 'failed')}">${xmlText(result.comment)}</failure>`)
    } else if (result.status === 'blocked') {
      // JUnit has no "blocked": it is reported as skipped, and the message says what it really was.
      skipped = 1
      const reason = firstLine(result.comment)
      lines.push(`      <skipped message="${xmlEscape(reason ? `blocked: ${reason}` : 'blocked')}"/>`)
    } else if (result.status === 'skipped') {
      skipped = 1
      lines.push('      <skipped/>')
    }
    const evidence = evidenceLines(result.evidence)
    if (evidence) lines.push(`      <system-out>${xmlText(evidence)}</system-out>`)
  }
  lines.push('    </testcase>')
  return { xml: lines.join('\n'), tests: 1, failures, errors, skipped, time }
}

/** An automated check's evidence in a few lines (requests, statuses, messages), for JUnit's system-out and the CSV. */
export function evidenceLines(evidence: ResultEvidence | null | undefined): string {
  if (!isCheckEvidence(evidence)) return ''
  const entries = evidence.items.length ? evidence.items : [evidence]
  const lines = [`check ${evidence.check} (${evidence.scope}): ${evidence.outcome}`]
  for (const entry of entries) {
    const request = entry.request ? `${entry.request.method} ${entry.request.url}` : entry.subject
    const messages = entry.messages.map((message) => [message.code, ...Object.entries(message.params ?? {}).map(([key, value]) => `${key}=${value}`)].join(' ')).join('; ')
    lines.push(`${entry.outcome} ${request}${entry.status !== null ? ` -> ${entry.status}` : ''}${entry.redirects.length ? ` via ${entry.redirects.join(' -> ')}` : ''}${messages ? ` | ${messages}` : ''}`)
  }
  return lines.join('\n')
}

/** A suite's counts; junit-10.xsd allows `skipped` on a testsuite, not on testsuites. */
function suiteAttributes(name: string, totals: Omit<Written, 'xml'>, root = false): string {
  const skipped = root ? '' : ` skipped="${totals.skipped}"`
  return `name="${xmlEscape(name)}" tests="${totals.tests}" failures="${totals.failures}" errors="${totals.errors}"${skipped} time="${junitSeconds(totals.time)}"`
}

/**
 * JUnit XML: one `<testsuite>` per section in the order the run holds them (one named after the run when it has no
 * sections), untested cases left out, every count taken from what is written.
 */
export function runToJunit(run: ReportRun, cases: readonly ReportCase[]): string {
  const sections = new Map<string, ReportCase[]>()
  for (const item of cases) {
    const section = item.section.trim() || run.name
    sections.set(section, [...(sections.get(section) ?? []), item])
  }
  const all = { tests: 0, failures: 0, errors: 0, skipped: 0, time: 0 }
  const suites: string[] = []
  for (const [section, items] of sections) {
    const written = items.map((item) => testcase(section, item)).filter((item): item is Written => item !== null)
    const totals = { tests: 0, failures: 0, errors: 0, skipped: 0, time: 0 }
    for (const item of written) {
      totals.tests += item.tests
      totals.failures += item.failures
      totals.errors += item.errors
      totals.skipped += item.skipped
      totals.time += item.time
    }
    all.tests += totals.tests
    all.failures += totals.failures
    all.errors += totals.errors
    all.skipped += totals.skipped
    all.time += totals.time
    suites.push([`  <testsuite ${suiteAttributes(section, totals)}>`, ...written.map((item) => item.xml), '  </testsuite>'].join('\n'))
  }
  return ['<?xml version="1.0" encoding="UTF-8"?>', `<testsuites ${suiteAttributes(run.name, all, true)}>`, ...suites, '</testsuites>', ''].join('\n')
}

export const RUN_CSV_HEADER = ['Key', 'Title', 'Section', 'Version', 'Status', 'Comment', 'Elapsed', 'Defects', 'Recorded by', 'Recorded at', 'Evidence']

/** One row per case with its latest result (blank for an untested case); formula-like text is kept inert by toCsv. */
export function runToCsv(cases: readonly ReportCase[]): string {
  return toCsv(
    RUN_CSV_HEADER,
    cases.map((item) => {
      const result = latestResult(item)
      return [
        item.key,
        item.title,
        item.section,
        item.caseVersion,
        result?.status ?? 'untested',
        result?.comment ?? '',
        // Seconds, to the millisecond.
        result?.elapsedMs === null || result?.elapsedMs === undefined ? null : result.elapsedMs / 1000,
        result?.defects.join(' ') ?? '',
        result?.recordedBy ?? '',
        result?.recordedAt ?? null,
        evidenceLines(result?.evidence),
      ]
    }),
  )
}

/** The run, its cases with the latest result each and their whole result history (oldest first). */
export function runToJson(run: ReportRun, cases: readonly ReportCase[], exportedAt = new Date()): string {
  return JSON.stringify(
    {
      exportedAt,
      run,
      cases: cases.map((item) => ({ ...item, status: latestResult(item)?.status ?? 'untested', latest: latestResult(item) })),
    },
    null,
    2,
  )
}
