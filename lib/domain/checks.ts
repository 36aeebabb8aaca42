// Automated catalogue checks (docs/checks.md): what a check is, the outcomes it gives and the evidence it keeps. Both
// the editors (to describe and try a check) and the server (to run it) read these; running lives in server/checks/.

import type { ResultStatus } from './test-runs.ts'

export const CHECK_TYPES = [
  'portal-answers',
  'dataset-active',
  'resource-format',
  'resource-reachable',
  'csv-valid',
  'content-unchanged',
  'modified-within',
  'licence-open',
  'mqa-at-least',
  'stars-at-least',
  'metadata-present',
  'organization-datasets',
] as const
export type CheckType = (typeof CHECK_TYPES)[number]

/** What a check runs over: one dataset (or the portal itself), or every item of a catalogue query. */
export const CHECK_SCOPES = ['single', 'organization-datasets', 'portal-datasets', 'portal-resources'] as const
export type CheckScope = (typeof CHECK_SCOPES)[number]

/** Which check types look at a dataset, a resource or neither (the portal, an organization). */
export const CHECK_SUBJECT: Readonly<Record<CheckType, 'portal' | 'dataset' | 'resource' | 'organization'>> = {
  'portal-answers': 'portal',
  'dataset-active': 'dataset',
  'resource-format': 'dataset',
  'resource-reachable': 'resource',
  'csv-valid': 'resource',
  'content-unchanged': 'resource',
  'modified-within': 'dataset',
  'licence-open': 'dataset',
  'mqa-at-least': 'dataset',
  'stars-at-least': 'dataset',
  'metadata-present': 'dataset',
  'organization-datasets': 'organization',
}

/** A Table Schema field as a CSV check uses it (https://specs.frictionlessdata.io/table-schema/). */
export type TableSchemaField = { name: string; type?: string; constraints?: { required?: boolean; unique?: boolean } }

/**
 * A check as a test case keeps it. `portal` is a portal id ('' = the run's target portal). `dataset` is a CKAN name
 * or id; `resource` a resource id or URL ('' = every resource of the dataset that the check applies to).
 */
export type CaseCheck = {
  type: CheckType
  portal: string
  scope: CheckScope
  dataset: string
  resource: string
  organization: string
  /** At most this many items when the scope is a catalogue query. */
  limit: number
  /** portal-answers: CKAN version at least this ('' = any). */
  minVersion: string
  /** resource-format and portal-resources scope: a canonical format such as CSV. */
  format: string
  /** resource-reachable: the media type expected ('' = any). */
  contentType: string
  /** csv-valid: the columns that must be there. */
  columns: string[]
  /** csv-valid: a Table Schema as JSON text ('' = none). */
  tableSchema: string
  /** csv-valid: the most errors reported. */
  maxErrors: number
  /** modified-within: days. */
  days: number
  /** mqa-at-least (0 to 405), stars-at-least (0 to 5), organization-datasets: the minimum. */
  minimum: number
  /** metadata-present: CKAN field names (extras by key as well). */
  fields: string[]
}

export const DEFAULT_CHECK: CaseCheck = {
  type: 'dataset-active',
  portal: '',
  scope: 'single',
  dataset: '',
  resource: '',
  organization: '',
  limit: 50,
  minVersion: '',
  format: '',
  contentType: '',
  columns: [],
  tableSchema: '',
  maxErrors: 20,
  days: 30,
  minimum: 0,
  fields: [],
}

/** A message of a check, as a code and its values, translated where it is shown (locale group `checks`). */
export type CheckMessage = { code: string; params?: Record<string, string | number> }

/** One HTTP request a check made. */
export type CheckAttempt = { at: string; method: string; url: string; status: number | null; ms: number; error: string | null }

/** What a check keeps for one item (the dataset or resource it looked at) or for the whole check. */
export type CheckItemEvidence = {
  /** The dataset name, resource URL or portal the item is. */
  subject: string
  outcome: ResultStatus
  messages: CheckMessage[]
  request: { method: string; url: string } | null
  finalUrl: string | null
  status: number | null
  latencyMs: number | null
  headers: { contentType: string | null; contentLength: string | null; etag: string | null; lastModified: string | null }
  redirects: string[]
  hash: string | null
  bytes: number | null
  excerpt: string | null
  attempts: CheckAttempt[]
}

/** A check's evidence as it is stored on its result (test_result.evidence). */
export type CheckEvidence = CheckItemEvidence & {
  kind: 'check'
  check: CheckType
  scope: CheckScope
  startedAt: string
  durationMs: number
  /** One entry per item when the check expanded over a catalogue query. */
  items: CheckItemEvidence[]
}

const OUTCOME_WEIGHT: Readonly<Record<ResultStatus, number>> = { passed: 0, skipped: 1, blocked: 2, failed: 3 }

/** The outcome of several: a failure wins over blocked, blocked over skipped, skipped over passed. */
export function worstOutcome(outcomes: Iterable<ResultStatus>): ResultStatus {
  let worst: ResultStatus = 'passed'
  for (const outcome of outcomes) if (OUTCOME_WEIGHT[outcome] > OUTCOME_WEIGHT[worst]) worst = outcome
  return worst
}

/** Whether a check's evidence is stored in a result's evidence field. */
export function isCheckEvidence(value: unknown): value is CheckEvidence {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'check'
}

/**
 * The codes of messages that state what was found without deciding an outcome (the portal's version, a CSV file's
 * encoding, "the licence is open"): a failed or blocked result is named by its first message outside these.
 */
export const FINDING_MESSAGE_CODES: readonly string[] = [
  'portalAnswers', 'datasetActive', 'formatFound', 'modifiedRecently', 'openLicence', 'mqaEnough', 'starsEnough', 'metadataPresent',
  'organizationEnough', 'reachable', 'contentBaseline', 'contentSame', 'itemsChecked', 'csvEncoding', 'csvDelimiter', 'csvRows',
  'retriedAfterPause',
]

const decides = (message: CheckMessage) => !FINDING_MESSAGE_CODES.includes(message.code)

/**
 * The message that names why a check ended as it did: the first that decides an outcome, at the top or, for a check
 * over many items, in the first item that ended as the whole check did; else the first message (a passed check).
 */
export function decidingMessage(evidence: CheckEvidence): CheckMessage | null {
  return (
    evidence.messages.find(decides) ??
    evidence.items.find((item) => item.outcome === evidence.outcome && item.messages.some(decides))?.messages.find(decides) ??
    evidence.messages[0] ??
    null
  )
}

/** The codes of a check blocked because calls to its server were paused by the circuit breaker, not by an answer. */
const PAUSE_CODES: readonly string[] = ['ckan.circuit-open', 'probe.circuit-open']

/**
 * Whether a check was blocked only because calls were paused after other checks' failures (the circuit breaker): it
 * asked nothing, so a run checks it again once the pause is over (server/jobs/automated-checks.server.ts).
 */
export function pausedByBreaker(evidence: CheckEvidence): boolean {
  const deciding = decidingMessage(evidence)
  return evidence.outcome === 'blocked' && deciding !== null && PAUSE_CODES.includes(deciding.code)
}

/** How often a suite's automated cases run by themselves. */
export const SUITE_SCHEDULES = ['daily', 'weekly'] as const
export type SuiteSchedule = (typeof SUITE_SCHEDULES)[number]

/** When a schedule next falls due after `from`. */
export function nextScheduledAt(schedule: SuiteSchedule, from: Date): Date {
  const days = schedule === 'daily' ? 1 : 7
  return new Date(from.getTime() + days * 24 * 60 * 60 * 1000)
}
