// Runs one automated check against a live catalogue and keeps its evidence (docs/checks.md). Every request goes
// through the outbound guard: CKAN calls through the CKAN client (its per-portal gate, retries and size cap) with a
// fetch that records each attempt, resource calls through probeResource (robots.txt, per-host gate, redirect chain).
// A check never throws for what a portal does: an answer that cannot be judged is `blocked`, a missing precondition
// is `skipped`.

import { ckanTime, rowsOf } from '../ckan/harvest/package-rows.server.ts'
import type { CkanPackage, CkanResource } from '../ckan/schemas.server.ts'
import { licenceInfo } from '../analysis/licences.server.ts'
import { createCkanClient, PACKAGE_SEARCH_MAX_ROWS, type CkanClient } from '../outbound/ckan-client.server.ts'
import { isCkanError, type CkanError } from '../outbound/errors.server.ts'
import { guardedFetch, type OutboundPolicy } from '../outbound/guarded-fetch.server.ts'
import { isMapService, isServiceError, probeResource, type ProbeResult } from '../outbound/resource-probe.server.ts'
import { checkCsv } from '../../lib/domain/csv-check.ts'
import { CHECK_SUBJECT, worstOutcome, type CaseCheck, type CheckAttempt, type CheckEvidence, type CheckItemEvidence, type CheckMessage } from '../../lib/domain/checks.ts'
import { resolveFormat } from '../../lib/domain/formats.ts'
import type { ResultStatus } from '../../lib/domain/test-runs.ts'
import { madeBy } from '../../lib/made-by.ts'

export type CheckPortal = { id: string; apiBase: string; isDemo: boolean }

export type CheckContext = {
  /** The portal the check runs against (the check's own, else the run's); null when none is set. */
  portal: CheckPortal | null
  /** content-unchanged: what the last passed result of this case saw, by subject (resource URL). */
  previous?: ReadonlyMap<string, { hash: string | null; bytes: number | null }>
  policy?: OutboundPolicy
  timeoutMs?: number
  now?: () => Date
  /** Tests: a stand-in for the network, used by the CKAN client and the resource probe alike. */
  fetch?: typeof fetch
  /**
   * Cancels the check (its run was completed or deleted): requests in flight are aborted and no other is sent. What
   * it answers then is partial, and not recorded.
   */
  signal?: AbortSignal
}

export const CHECK_TIMEOUT_MS = 10_000
const PROBE_CONCURRENCY = 4
const DAY_MS = 24 * 60 * 60 * 1000

const NO_HEADERS: CheckItemEvidence['headers'] = { contentType: null, contentLength: null, etag: null, lastModified: null }

function item(subject: string, outcome: ResultStatus, messages: CheckMessage[], fields: Partial<CheckItemEvidence> = {}): CheckItemEvidence {
  return { subject, outcome, messages, request: null, finalUrl: null, status: null, latencyMs: null, headers: NO_HEADERS, redirects: [], hash: null, bytes: null, excerpt: null, attempts: [], ...fields }
}

/** A CKAN client whose requests are recorded for the evidence; `take()` hands over what was recorded since the last call. */
function recordingClient(portal: CheckPortal, context: CheckContext) {
  let attempts: CheckAttempt[] = []
  let headers: CheckItemEvidence['headers'] = NO_HEADERS
  const now = context.now ?? (() => new Date())
  const send = context.fetch ?? ((input: string | URL | Request, init?: RequestInit) => guardedFetch(input, { ...init, ...(context.policy ? { policy: context.policy } : {}) }))
  const recording: typeof fetch = async (input, init) => {
    // The client retries a failed call: a cancelled check must not send it again.
    context.signal?.throwIfAborted()
    if (context.signal) init = { ...init, signal: init?.signal ? AbortSignal.any([init.signal, context.signal]) : context.signal }
    const at = now()
    const url = madeBy(input, Request) ? input.url : String(input)
    const attempt: CheckAttempt = { at: at.toISOString(), method: init?.method ?? 'GET', url, status: null, ms: 0, error: null }
    attempts.push(attempt)
    try {
      const response = await send(input, init)
      attempt.status = response.status
      headers = { contentType: response.headers.get('content-type'), contentLength: response.headers.get('content-length'), etag: response.headers.get('etag'), lastModified: response.headers.get('last-modified') }
      return response
    } catch (error) {
      attempt.error = (error as { name?: string }).name === 'TimeoutError' ? 'timeout' : 'unreachable'
      throw error
    } finally {
      attempt.ms = now().getTime() - at.getTime()
    }
  }
  const client: CkanClient = createCkanClient({ apiBase: portal.apiBase, fetch: recording, retries: 1, timeoutMs: context.timeoutMs ?? CHECK_TIMEOUT_MS, backoffBaseMs: 200, maxRetryAfterMs: 2_000 })
  return {
    client,
    /** The evidence fields of the requests made since the last take. */
    take(): Partial<CheckItemEvidence> {
      const taken = attempts
      attempts = []
      const last = taken.at(-1)
      return {
        attempts: taken,
        request: taken[0] ? { method: taken[0].method, url: taken[0].url } : null,
        finalUrl: last?.url ?? null,
        status: last?.status ?? null,
        latencyMs: taken.reduce((sum, attempt) => sum + attempt.ms, 0),
        headers,
      }
    },
  }
}

/** Not found: CKAN's 404 with `success: false` ("Not found"), or a bare 404. */
function isNotFound(error: CkanError): boolean {
  return error.status === 404 || (error.kind === 'ckan-error' && /not\s*found/i.test(error.message))
}

/**
 * What a CKAN failure means for a check: the portal did not let us judge (blocked), or its API answered and said no.
 * An answer that is not the API (a maintenance page served with 200, a proxy's page) could not be judged: blocked.
 */
function ckanFailure(subject: string, error: unknown, recorded: Partial<CheckItemEvidence>): CheckItemEvidence {
  if (!isCkanError(error)) return item(subject, 'blocked', [{ code: 'checkCrashed', params: { message: String((error as Error)?.message ?? error).slice(0, 200) } }], recorded)
  const judged = error.kind === 'ckan-error' || (error.kind === 'http' && error.status !== null && error.status < 500)
  return item(subject, judged ? 'failed' : 'blocked', [{ code: `ckan.${error.kind}`, params: { message: error.message.slice(0, 300), status: error.status ?? '' } }], recorded)
}

/** Compares dotted versions numerically: 2.10 is above 2.9. */
export function versionAtLeast(actual: string, minimum: string): boolean {
  const a = actual.split(/[.\-+a-z]/i).map((part) => Number(part) || 0)
  const b = minimum.split('.').map((part) => Number(part) || 0)
  for (let index = 0; index < Math.max(a.length, b.length); index++) {
    const difference = (a[index] ?? 0) - (b[index] ?? 0)
    if (difference !== 0) return difference > 0
  }
  return true
}

/** Whether a CKAN field (or an extra of that key) holds something: outside keys read as data, never as properties. */
function fieldPresent(pkg: CkanPackage, field: string): boolean {
  const entries = new Map<string, unknown>(Object.entries(pkg))
  for (const extra of pkg.extras ?? []) if (extra.key !== null && !entries.has(extra.key)) entries.set(extra.key, extra.value)
  const value = entries.get(field)
  if (value === null || value === undefined) return false
  if (typeof value === 'string') return value.trim() !== ''
  if (Array.isArray(value)) return value.length > 0
  if (typeof value === 'object') return Object.keys(value).length > 0
  return true
}

/** The dataset-level judgement of a package (dataset-active, format, dates, licence, MQA, stars, metadata). */
function judgeDataset(check: CaseCheck, portalId: string, pkg: CkanPackage, now: Date): { outcome: ResultStatus; messages: CheckMessage[]; excerpt: string | null } {
  const state = (pkg.state ?? 'active').trim() || 'active'
  if (state !== 'active') {
    // Only dataset-active is about the dataset being there; for the others its absence is a missing precondition.
    return check.type === 'dataset-active'
      ? { outcome: 'failed', messages: [{ code: 'datasetNotActive', params: { state } }], excerpt: `state: ${state}` }
      : { outcome: 'skipped', messages: [{ code: 'datasetNotActive', params: { state } }], excerpt: `state: ${state}` }
  }
  switch (check.type) {
    case 'dataset-active':
      return { outcome: 'passed', messages: [{ code: 'datasetActive', params: { name: pkg.name } }], excerpt: `state: ${state}` }
    case 'resource-format': {
      const wanted = resolveFormat({ format: check.format }).format
      const formats = [...new Set(rowsOf(portalId, pkg, { runId: null, now }).resources.map((resource) => resource.canonicalFormat))]
      const found = formats.includes(wanted)
      return { outcome: found ? 'passed' : 'failed', messages: [{ code: found ? 'formatFound' : 'formatMissing', params: { format: wanted, formats: formats.join(', ') || '—' } }], excerpt: `formats: ${formats.join(', ')}` }
    }
    case 'modified-within': {
      const modified = ckanTime(pkg.metadata_modified)
      if (!modified) return { outcome: 'failed', messages: [{ code: 'modifiedUnknown' }], excerpt: null }
      const age = Math.floor((now.getTime() - modified.getTime()) / DAY_MS)
      const ok = age <= check.days
      return { outcome: ok ? 'passed' : 'failed', messages: [{ code: ok ? 'modifiedRecently' : 'modifiedLongAgo', params: { modified: modified.toISOString().slice(0, 10), age, days: check.days } }], excerpt: `metadata_modified: ${pkg.metadata_modified ?? ''}` }
    }
    case 'licence-open': {
      const info = licenceInfo(pkg.license_id ?? null, pkg.license_title ?? null)
      const label = pkg.license_id ?? pkg.license_title ?? ''
      if (info.open === true) return { outcome: 'passed', messages: [{ code: 'openLicence', params: { licence: label } }], excerpt: `license_id: ${label}` }
      return { outcome: 'failed', messages: [{ code: info.open === false ? 'licenceClosed' : 'licenceUnknown', params: { licence: label || '—' } }], excerpt: `license_id: ${label}` }
    }
    case 'mqa-at-least': {
      const score = rowsOf(portalId, pkg, { runId: null, now }).dataset.qualityScaled ?? 0
      const ok = score >= check.minimum
      return { outcome: ok ? 'passed' : 'failed', messages: [{ code: ok ? 'mqaEnough' : 'mqaLow', params: { score, minimum: check.minimum } }], excerpt: `MQA: ${score}` }
    }
    case 'stars-at-least': {
      const stars = Math.max(0, ...rowsOf(portalId, pkg, { runId: null, now }).resources.map((resource) => resource.openness ?? 0))
      const ok = stars >= check.minimum
      return { outcome: ok ? 'passed' : 'failed', messages: [{ code: ok ? 'starsEnough' : 'starsLow', params: { stars, minimum: check.minimum } }], excerpt: `stars: ${stars}` }
    }
    case 'metadata-present': {
      const missing = check.fields.filter((field) => !fieldPresent(pkg, field))
      return { outcome: missing.length ? 'failed' : 'passed', messages: missing.length ? missing.map((field) => ({ code: 'metadataMissing', params: { field } })) : [{ code: 'metadataPresent', params: { count: check.fields.length } }], excerpt: null }
    }
    default:
      return { outcome: 'skipped', messages: [{ code: 'checkNotForDatasets' }], excerpt: null }
  }
}

function probeFields(probe: ProbeResult): Partial<CheckItemEvidence> {
  return {
    request: probe.request,
    finalUrl: probe.finalUrl,
    status: probe.status,
    latencyMs: probe.latencyMs,
    headers: probe.headers,
    redirects: probe.redirects,
    hash: probe.hash,
    bytes: probe.bytes,
    excerpt: probe.excerpt,
    attempts: probe.attempts,
  }
}

/** A probe that got no judgeable answer: the URL itself is wrong (failed) or the server could not be asked (blocked). */
function probeProblem(url: string, probe: ProbeResult): CheckItemEvidence | null {
  if (!probe.error) return null
  const judged = probe.error === 'invalid-url' || probe.error === 'too-many-redirects'
  return item(url, judged ? 'failed' : 'blocked', [{ code: `probe.${probe.error}` }], probeFields(probe))
}

type ResourceRef = { url: string; format: string | null; ckanHash: string | null; ckanSize: number | null }

function resourceRef(resource: CkanResource): ResourceRef | null {
  const url = (resource.url ?? '').trim()
  if (!url) return null
  const hash = typeof (resource as { hash?: unknown }).hash === 'string' ? ((resource as { hash: string }).hash.trim() || null) : null
  return { url, format: resource.format ?? null, ckanHash: hash, ckanSize: resource.size ?? null }
}

/** The resource-level judgement (reachable, CSV, content unchanged) of one URL. */
async function judgeResource(check: CaseCheck, ref: ResourceRef, context: CheckContext): Promise<CheckItemEvidence> {
  const common = {
    policy: context.policy,
    timeoutMs: context.timeoutMs ?? CHECK_TIMEOUT_MS,
    ...(context.fetch ? { fetch: context.fetch } : {}),
    ...(context.now ? { now: context.now } : {}),
    ...(context.signal ? { signal: context.signal } : {}),
  }
  if (check.type === 'resource-reachable') {
    const probe = await probeResource(ref.url, { ...common, get: isMapService(ref.url, ref.format), readBody: false })
    const problem = probeProblem(ref.url, probe)
    if (problem) return problem
    const fields = probeFields(probe)
    const status = probe.status ?? 0
    if (status < 200 || status >= 300) return item(ref.url, 'failed', [{ code: 'httpStatus', params: { status } }], fields)
    if (isServiceError(probe.excerpt)) return item(ref.url, 'failed', [{ code: 'serviceError' }], fields)
    const type = (probe.headers.contentType ?? '').split(';')[0]!.trim().toLowerCase()
    if (check.contentType && type !== check.contentType.trim().toLowerCase()) {
      return item(ref.url, 'failed', [{ code: 'contentTypeWrong', params: { expected: check.contentType, found: type || '—' } }], fields)
    }
    return item(ref.url, 'passed', [{ code: 'reachable', params: { status, redirects: probe.redirects.length } }], fields)
  }
  const probe = await probeResource(ref.url, { ...common, get: true, readBody: true })
  const problem = probeProblem(ref.url, probe)
  if (problem) return problem
  const fields = probeFields(probe)
  const status = probe.status ?? 0
  if (status < 200 || status >= 300) return item(ref.url, status >= 500 ? 'blocked' : 'failed', [{ code: 'httpStatus', params: { status } }], fields)
  if (check.type === 'csv-valid') {
    const csv = checkCsv(probe.body ?? new Uint8Array(0), { columns: check.columns, tableSchema: check.tableSchema, maxErrors: check.maxErrors })
    return item(ref.url, csv.ok ? 'passed' : 'failed', csv.messages, { ...fields, excerpt: probe.excerpt })
  }
  // content-unchanged: against the last passed result, else CKAN's own hash (when it is a SHA-256) and size.
  const previous = context.previous?.get(ref.url) ?? null
  const baseline = previous ?? { hash: ref.ckanHash && /^(sha256:)?[0-9a-f]{64}$/i.test(ref.ckanHash) ? ref.ckanHash.replace(/^sha256:/i, '').toLowerCase() : null, bytes: ref.ckanSize }
  if (baseline.hash === null && baseline.bytes === null) return item(ref.url, 'passed', [{ code: 'contentBaseline', params: { bytes: probe.bytes ?? 0 } }], fields)
  const changed = (baseline.hash !== null && baseline.hash !== probe.hash) || (baseline.hash === null && baseline.bytes !== null && baseline.bytes !== probe.bytes)
  return item(
    ref.url,
    changed ? 'failed' : 'passed',
    [{ code: changed ? 'contentChanged' : 'contentSame', params: { before: baseline.hash ?? `${baseline.bytes} B`, after: baseline.hash ? (probe.hash ?? '') : `${probe.bytes} B`, source: previous ? 'result' : 'ckan' } }],
    fields,
  )
}

/** Runs `work` over the items a few at a time; once `signal` aborts, no item is started (the answer is then partial). */
async function inPool<T, R>(items: T[], size: number, work: (item: T) => Promise<R>, signal?: AbortSignal): Promise<R[]> {
  const results: R[] = []
  let next = 0
  await Promise.all(
    Array.from({ length: Math.min(size, items.length) }, async () => {
      for (let index = next++; index < items.length && !signal?.aborted; index = next++) results[index] = await work(items[index]!)
    }),
  )
  return results.filter((result) => result !== undefined)
}

function resourcesOf(check: CaseCheck, pkg: CkanPackage, portalId: string, now: Date): ResourceRef[] {
  const wanted = check.format ? resolveFormat({ format: check.format }).format : null
  const canonical = rowsOf(portalId, pkg, { runId: null, now }).resources.map((resource) => resource.canonicalFormat)
  return (pkg.resources ?? []).flatMap((resource, index) => {
    const ref = resourceRef(resource)
    if (!ref) return []
    if (check.resource && check.resource !== resource.id && check.resource !== ref.url) return []
    if (!check.resource && check.type === 'csv-valid' && canonical[index] !== 'CSV') return []
    if (!check.resource && wanted && check.type !== 'csv-valid' && canonical[index] !== wanted) return []
    return [ref]
  })
}

/** Everything a check looks at for one package: the dataset itself, or its resources. */
async function judgePackage(check: CaseCheck, portal: CheckPortal, pkg: CkanPackage, context: CheckContext, now: Date, recorded: Partial<CheckItemEvidence>): Promise<CheckItemEvidence[]> {
  if (CHECK_SUBJECT[check.type] === 'dataset') {
    const verdict = judgeDataset(check, portal.id, pkg, now)
    return [item(pkg.name, verdict.outcome, verdict.messages, { ...recorded, excerpt: verdict.excerpt })]
  }
  const state = (pkg.state ?? 'active').trim() || 'active'
  if (state !== 'active') return [item(pkg.name, 'skipped', [{ code: 'datasetNotActive', params: { state } }], recorded)]
  const refs = resourcesOf(check, pkg, portal.id, now)
  if (refs.length === 0) return [item(pkg.name, 'skipped', [{ code: check.resource ? 'resourceMissing' : 'noResources', params: { resource: check.resource } }], recorded)]
  return inPool(refs, PROBE_CONCURRENCY, (ref) => judgeResource(check, ref, context), context.signal)
}

/** The items a check runs over: one dataset, or a catalogue query's datasets or resources. */
async function runItems(check: CaseCheck, portal: CheckPortal, context: CheckContext, now: Date): Promise<{ items: CheckItemEvidence[]; expanded: boolean; request: Partial<CheckItemEvidence> }> {
  const { client, take } = recordingClient(portal, context)
  if (check.type === 'portal-answers') {
    try {
      const status = await client.statusShow()
      const version = (status.ckan_version ?? '').trim()
      const recorded = take()
      if (check.minVersion && (!version || !versionAtLeast(version, check.minVersion))) {
        return { items: [item(portal.id, 'failed', [{ code: 'ckanVersionLow', params: { version: version || '—', minimum: check.minVersion } }], { ...recorded, excerpt: `ckan_version: ${version}` })], expanded: false, request: recorded }
      }
      return { items: [item(portal.id, 'passed', [{ code: 'portalAnswers', params: { version: version || '—' } }], { ...recorded, excerpt: `ckan_version: ${version}` })], expanded: false, request: recorded }
    } catch (error) {
      const recorded = take()
      return { items: [ckanFailure(portal.id, error, recorded)], expanded: false, request: recorded }
    }
  }
  if (check.type === 'organization-datasets') {
    try {
      const organization = await client.organizationShow(check.organization)
      const count = organization.package_count ?? 0
      const recorded = take()
      const ok = count >= check.minimum
      return { items: [item(check.organization, ok ? 'passed' : 'failed', [{ code: ok ? 'organizationEnough' : 'organizationFew', params: { count, minimum: check.minimum } }], { ...recorded, excerpt: `package_count: ${count}` })], expanded: false, request: recorded }
    } catch (error) {
      const recorded = take()
      if (isCkanError(error) && isNotFound(error)) return { items: [item(check.organization, 'failed', [{ code: 'organizationNotFound', params: { organization: check.organization } }], recorded)], expanded: false, request: recorded }
      return { items: [ckanFailure(check.organization, error, recorded)], expanded: false, request: recorded }
    }
  }
  // A resource-level check pointed straight at a URL needs no dataset.
  if (check.scope === 'single' && CHECK_SUBJECT[check.type] === 'resource' && /^https?:\/\//i.test(check.resource) && !check.dataset) {
    const result = await judgeResource(check, { url: check.resource, format: check.format || null, ckanHash: null, ckanSize: null }, context)
    return { items: [result], expanded: false, request: {} }
  }
  if (check.scope === 'single') {
    let pkg: CkanPackage
    try {
      pkg = await client.packageShow(check.dataset)
    } catch (error) {
      const recorded = take()
      if (isCkanError(error) && isNotFound(error)) {
        // The dataset is gone: that is the failure dataset-active looks for, and a missing precondition for the rest.
        const outcome: ResultStatus = check.type === 'dataset-active' ? 'failed' : 'skipped'
        return { items: [item(check.dataset, outcome, [{ code: 'datasetNotFound', params: { dataset: check.dataset } }], recorded)], expanded: false, request: recorded }
      }
      return { items: [ckanFailure(check.dataset, error, recorded)], expanded: false, request: recorded }
    }
    const recorded = take()
    return { items: await judgePackage(check, portal, pkg, context, now, recorded), expanded: false, request: recorded }
  }
  // A catalogue query: every dataset of an organization or of the portal, or every resource of a format.
  const fq = check.scope === 'organization-datasets' ? `organization:"${check.organization.replaceAll('"', '')}"` : check.scope === 'portal-resources' ? `res_format:"${check.format.replaceAll('"', '')}"` : undefined
  let packages: CkanPackage[]
  try {
    const found = await client.packageSearch({ ...(fq ? { fq } : {}), rows: Math.min(PACKAGE_SEARCH_MAX_ROWS, check.limit), sort: 'metadata_modified desc' })
    packages = found.packages
  } catch (error) {
    const recorded = take()
    return { items: [ckanFailure(check.scope, error, recorded)], expanded: false, request: recorded }
  }
  const request = take()
  const items: CheckItemEvidence[] = []
  for (const pkg of packages) {
    if (items.length >= check.limit || context.signal?.aborted) break
    items.push(...(await judgePackage(check, portal, pkg, context, now, {})))
  }
  return { items: items.slice(0, check.limit), expanded: true, request }
}

/** Runs a check once and answers its evidence (what a result keeps); never throws for anything a portal does. */
export async function runCheck(check: CaseCheck, context: CheckContext): Promise<CheckEvidence> {
  const now = context.now ?? (() => new Date())
  const started = now()
  const finish = (top: CheckItemEvidence, items: CheckItemEvidence[]): CheckEvidence => ({
    ...top,
    kind: 'check',
    check: check.type,
    scope: check.scope,
    startedAt: started.toISOString(),
    durationMs: now().getTime() - started.getTime(),
    items,
  })
  if (!context.portal) return finish(item('', 'skipped', [{ code: 'noPortal' }]), [])
  // Demo portals hold generated data and have no API to call.
  if (context.portal.isDemo) return finish(item(context.portal.id, 'blocked', [{ code: 'demoPortal', params: { portal: context.portal.id } }]), [])
  let outcome: Awaited<ReturnType<typeof runItems>>
  try {
    outcome = await runItems(check, context.portal, context, started)
  } catch (error) {
    return finish(item(context.portal.id, 'blocked', [{ code: 'checkCrashed', params: { message: String((error as Error)?.message ?? error).slice(0, 200) } }]), [])
  }
  const { items, expanded, request } = outcome
  if (!expanded) return finish(items[0] ?? item(context.portal.id, 'skipped', [{ code: 'noItems' }]), [])
  if (items.length === 0) return finish(item(check.scope, 'skipped', [{ code: 'noItems' }], request), [])
  const counts = { passed: 0, failed: 0, blocked: 0, skipped: 0 }
  for (const entry of items) counts[entry.outcome]++
  return finish(item(check.scope, worstOutcome(items.map((entry) => entry.outcome)), [{ code: 'itemsChecked', params: { total: items.length, ...counts } }], request), items)
}
