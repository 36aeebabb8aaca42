// Metadata quality of one CKAN dataset, explainable indicator by indicator. Two published methods:
// - data.europa.eu's Metadata Quality Assessment (MQA): 23 weighted indicators in five dimensions, 405 points, read
//   here from CKAN fields the way ckanext-dcat maps them to DCAT-AP;
// - Open Data Portal Watch (Neumaier, Umbrich, Polleres 2016, "Automated Quality Assessment of Metadata across Open
//   Data Portals"): existence, conformance and openness ratios.
// Pure functions of stored values: link checks come in as input, nothing here touches the network. Every result
// carries a machine-readable Reason the UI translates; docs/quality.md lists every indicator, check and reason code.

import { isMachineReadable, isOpenStandard, normaliseFormatLabel, resolveFormat } from '../../lib/domain/formats.ts'
import type { CanonicalFormat } from '../../lib/domain/canonical-formats.ts'
import { licenceDeclared, licenceInfo } from './licences.server.ts'
import { bandOf, DIMENSIONS, MQA_INDICATORS, MQA_MAX, type Band, type Dimension, type IndicatorId, type IndicatorStatus, type Reason } from '../../lib/domain/mqa.ts'
import { madeBy } from '../../lib/made-by.ts'

export type LinkCheck = { ok: boolean; status: number | null }
export type QualityResource = {
  url: string | null          // CKAN resource.url  → dcat:accessURL
  downloadUrl: string | null  // CKAN resource.download_url when a portal sends one (ckanext-dcat) → dcat:downloadURL
  format: string | null       // declared format, raw ("csv ", "text/csv", "EXE"...)
  mimetype: string | null
  canonicalFormat: CanonicalFormat
  size: number | null
  rights: string | null       // resource.rights when present
  accessCheck: LinkCheck | null    // latest link check of url; null = never checked
  downloadCheck: LinkCheck | null  // latest link check of the download URL; null = never checked
}
export type QualityInput = {
  title: string | null
  notes: string | null
  tags: string[]
  groups: string[]
  hasExtent: boolean           // a spatial extent was parsed from the dataset
  extra: Record<string, unknown> | null  // unknown top-level CKAN fields, plus `extra.extras` = object of the CKAN `extras` key→value
  licenseId: string | null
  licenseTitle: string | null
  maintainer: string | null
  maintainerEmail: string | null
  author: string | null
  authorEmail: string | null
  hasPublisher: boolean        // dataset has an organization
  metadataCreated: Date | null
  metadataModified: Date | null
  resources: QualityResource[]
}

export type IndicatorResult = {
  id: IndicatorId
  dimension: Dimension
  weight: number
  points: number
  status: IndicatorStatus
  passed: number
  total: number
  reason: Reason
}
export type QualityScore = {
  points: number
  max: typeof MQA_MAX
  maxReachable: number
  scaled: number
  band: Band
  partial: boolean
  dimensions: Record<Dimension, { points: number; max: number; maxReachable: number }>
  indicators: IndicatorResult[]
}

// ---------------------------------------------------------------------------------------------------------------
// Field access

const text = (v: string | null | undefined): string => (v ?? '').trim()

// ckanext-dcat stores list-valued fields as JSON text, so "[]" is an empty list, not a value.
const EMPTY_TEXT = new Set(['', '[]', '{}', 'null'])

function present(v: unknown): boolean {
  if (v === null || v === undefined) return false
  if (typeof v === 'string') return !EMPTY_TEXT.has(v.trim())
  if (Array.isArray(v)) return v.some(present)
  if (typeof v === 'object') return Object.keys(v).length > 0
  return true
}

function fromExtras(extras: unknown, key: string): unknown {
  if (Array.isArray(extras)) {
    // Raw CKAN form, [{ key, value }], in case a caller passes it through unconverted.
    const hit = extras.find((e: unknown) => typeof e === 'object' && e !== null && (e as { key?: unknown }).key === key)
    return hit ? (hit as { value?: unknown }).value : undefined
  }
  return typeof extras === 'object' && extras !== null ? (extras as Record<string, unknown>)[key] : undefined
}

/**
 * A DCAT field as CKAN portals carry it: `extra.extras[key]` (ckanext-dcat, harvesters) then the top-level
 * `extra[key]` (scheming). Empty strings, "[]", "{}", "null", empty arrays and empty objects count as absent: null.
 */
export function extraField(extra: Record<string, unknown> | null, key: string): unknown {
  if (!extra) return null
  const inExtras = fromExtras(extra.extras, key)
  if (present(inExtras)) return inExtras
  const top = extra[key]
  return present(top) ? top : null
}

/** The first field of `keys` that is present, or null. */
function firstField(extra: Record<string, unknown> | null, keys: readonly string[]): string | null {
  for (const key of keys) if (extraField(extra, key) !== null) return key
  return null
}

/** A field's value as text: a string, or the first non-empty string of a list. */
function fieldText(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() || null
  if (Array.isArray(value)) {
    for (const item of value) if (typeof item === 'string' && item.trim()) return item.trim()
  }
  return null
}

// Field lists, shared by both methods. temporal_coverage_from/_to are data.gov.au's names (see the samples).
const SPATIAL_FIELDS = ['spatial_uri', 'spatial_text', 'spatial'] as const
const TEMPORAL_FIELDS = ['temporal_start', 'temporal_end', 'temporal', 'temporal_coverage', 'temporal_coverage_from', 'temporal_coverage_to'] as const
const CONTACT_EXTRA_FIELDS = ['contact_name', 'contact_email'] as const

function spatialSource(input: QualityInput): string | null {
  return input.hasExtent ? 'extent' : firstField(input.extra, SPATIAL_FIELDS)
}

function contactSource(input: QualityInput): string | null {
  const own: Array<[string, string | null]> = [
    ['maintainer', input.maintainer], ['maintainer_email', input.maintainerEmail], ['author', input.author], ['author_email', input.authorEmail],
  ]
  for (const [field, value] of own) if (text(value) !== '') return field
  return firstField(input.extra, CONTACT_EXTRA_FIELDS)
}

const validDate = (d: Date | null): d is Date => madeBy(d, Date) && !Number.isNaN(d.getTime())

const ACCESS_URL = /^(?:https?|ftp):\/\/[^\s]+$/i

/**
 * An absolute http(s) or ftp URL with a host and no whitespace: what DCAT-AP's accessURL and Portal Watch expect.
 * These schemes cannot parse without a host, so parsing is the whole check (without building a URL object: this
 * runs for every resource of every harvested dataset).
 */
export function isAccessUrl(raw: string | null): boolean {
  const s = text(raw)
  return ACCESS_URL.test(s) && URL.canParse(s)
}

const ACCESS_RIGHTS_URI = /^https?:\/\/publications\.europa\.eu\/resource\/authority\/access-right\//i
/** The EU access-right authority table (publications.europa.eu/resource/authority/access-right). */
export const ACCESS_RIGHTS_VOCABULARY = ['PUBLIC', 'RESTRICTED', 'NON_PUBLIC'] as const

/** PUBLIC, RESTRICTED or NON_PUBLIC when the value is one of them, bare (any case) or as the EU URI; else null. */
export function accessRightsTerm(value: unknown): string | null {
  const s = fieldText(value)
  if (!s) return null
  const term = s.replace(ACCESS_RIGHTS_URI, '').replace(/\/+$/, '').toUpperCase()
  return (ACCESS_RIGHTS_VOCABULARY as readonly string[]).includes(term) ? term : null
}

// ---------------------------------------------------------------------------------------------------------------
// DCAT-AP checklist

/** Mandatory DCAT-AP properties as they map to CKAN, in the order reasons list them. */
export const DCAT_AP_CHECKLIST = [
  { item: 'title', property: 'dct:title', ckan: 'title' },
  { item: 'description', property: 'dct:description', ckan: 'notes' },
  { item: 'distribution', property: 'dcat:distribution', ckan: 'resources' },
  { item: 'access-url', property: 'dcat:accessURL', ckan: 'resources[].url' },
] as const

/** The checklist items a dataset misses, and how many of its resources have no valid access URL. */
export function dcatApGaps(input: QualityInput): { missing: string[]; invalidAccessUrls: number } {
  const missing: string[] = []
  if (text(input.title) === '') missing.push('title')
  if (text(input.notes) === '') missing.push('description')
  if (input.resources.length === 0) missing.push('distribution')
  const invalidAccessUrls = input.resources.filter((r) => !isAccessUrl(r.url)).length
  if (invalidAccessUrls > 0) missing.push('access-url')
  return { missing, invalidAccessUrls }
}

// ---------------------------------------------------------------------------------------------------------------
// MQA

type Outcome = { status: IndicatorStatus; passed: number; total: number; reason: Reason }

const round1 = (x: number): number => Math.round(x * 10) / 10
const round3 = (x: number): number => Math.round(x * 1000) / 1000

function datasetOutcome(field: string | null, missing: readonly string[]): Outcome {
  return field !== null
    ? { status: 'pass', passed: 1, total: 1, reason: { code: 'present', params: { field } } }
    : { status: 'fail', passed: 0, total: 1, reason: { code: 'missing', params: { fields: missing.join(', ') } } }
}

const NO_RESOURCES: Outcome = { status: 'fail', passed: 0, total: 0, reason: { code: 'no-resources' } }

function shareOutcome(passed: number, total: number, extra: Record<string, number> = {}): Outcome {
  const params = { passed, total, ...extra }
  if (passed === total) return { status: 'pass', passed, total, reason: { code: 'all-resources-pass', params } }
  if (passed === 0) return { status: 'fail', passed, total, reason: { code: 'no-resource-passes', params } }
  return { status: 'partial', passed, total, reason: { code: 'some-resources-pass', params } }
}

function perResource(resources: readonly QualityResource[], test: (r: QualityResource) => boolean): Outcome {
  if (resources.length === 0) return NO_RESOURCES
  return shareOutcome(resources.filter(test).length, resources.length)
}

/** Reachability over the resources that have a check; weight excluded (not-checked) when none has one. */
function reachability(candidates: readonly QualityResource[], check: (r: QualityResource) => LinkCheck | null): Outcome {
  const checked = candidates.filter((r) => check(r) !== null)
  const unchecked = candidates.length - checked.length
  if (checked.length === 0) return { status: 'not-checked', passed: 0, total: 0, reason: { code: 'not-checked', params: { unchecked } } }
  return shareOutcome(checked.filter((r) => check(r)?.ok === true).length, checked.length, { unchecked })
}

const knownFormat = (r: QualityResource): boolean => resolveFormat({ format: r.format, mimetype: r.mimetype }).format !== 'unknown'

function outcomeOfLicence(input: QualityInput): Outcome {
  if (licenceDeclared(input.licenseId, input.licenseTitle)) {
    return { status: 'pass', passed: 1, total: 1, reason: { code: 'present', params: { field: text(input.licenseId) ? 'license_id' : 'license_title' } } }
  }
  const raw = text(input.licenseId) || text(input.licenseTitle)
  return raw
    ? { status: 'fail', passed: 0, total: 1, reason: { code: 'licence-not-specified', params: { licence: raw } } }
    : { status: 'fail', passed: 0, total: 1, reason: { code: 'missing', params: { fields: 'license_id, license_title' } } }
}

function licenceVocabularyOutcome(input: QualityInput): Outcome {
  const info = licenceInfo(input.licenseId, input.licenseTitle)
  if (info.known) return { status: 'pass', passed: 1, total: 1, reason: { code: 'known-licence', params: { key: info.key ?? '' } } }
  if (info.title === null) return { status: 'fail', passed: 0, total: 1, reason: { code: 'missing', params: { fields: 'license_id, license_title' } } }
  return { status: 'fail', passed: 0, total: 1, reason: { code: 'unknown-licence', params: { licence: info.title } } }
}

function accessRightsVocabularyOutcome(input: QualityInput): Outcome {
  const value = extraField(input.extra, 'access_rights')
  if (value === null) return datasetOutcome(null, ['access_rights'])
  const term = accessRightsTerm(value)
  if (term) return { status: 'pass', passed: 1, total: 1, reason: { code: 'access-rights-known', params: { value: term } } }
  return { status: 'fail', passed: 0, total: 1, reason: { code: 'access-rights-unknown', params: { value: fieldText(value) ?? JSON.stringify(value) } } }
}

function dcatApOutcome(input: QualityInput): Outcome {
  const { missing, invalidAccessUrls } = dcatApGaps(input)
  if (missing.length === 0) return { status: 'pass', passed: 1, total: 1, reason: { code: 'dcat-ap-conformant' } }
  return { status: 'fail', passed: 0, total: 1, reason: { code: 'dcat-ap-incomplete', params: { missing: missing.join(','), invalidAccessUrls } } }
}

function evaluate(id: IndicatorId, input: QualityInput): Outcome {
  const rs = input.resources
  const extra = input.extra
  switch (id) {
    case 'keywords':
      return datasetOutcome(input.tags.some((t) => t.trim() !== '') ? 'tags' : null, ['tags'])
    case 'categories':
      return datasetOutcome(input.groups.some((g) => g.trim() !== '') ? 'groups' : firstField(extra, ['theme']), ['groups', 'theme'])
    case 'spatial':
      return datasetOutcome(spatialSource(input), ['extent', ...SPATIAL_FIELDS])
    case 'temporal':
      return datasetOutcome(firstField(extra, TEMPORAL_FIELDS), TEMPORAL_FIELDS)
    case 'accessUrlReachable':
      return rs.length === 0 ? NO_RESOURCES : reachability(rs, (r) => r.accessCheck)
    case 'downloadUrlPresent':
      return perResource(rs, (r) => text(r.downloadUrl) !== '')
    case 'downloadUrlReachable': {
      if (rs.length === 0) return NO_RESOURCES
      const withDownload = rs.filter((r) => text(r.downloadUrl) !== '')
      if (withDownload.length === 0) return { status: 'fail', passed: 0, total: 0, reason: { code: 'no-download-url' } }
      return reachability(withDownload, (r) => r.downloadCheck)
    }
    case 'format':
      return perResource(rs, (r) => text(r.format) !== '')
    case 'mediaType':
      return perResource(rs, (r) => text(r.mimetype) !== '')
    case 'formatVocabulary':
      return perResource(rs, knownFormat)
    case 'nonProprietary':
      return perResource(rs, (r) => isOpenStandard(r.canonicalFormat))
    case 'machineReadable':
      return perResource(rs, (r) => isMachineReadable(r.canonicalFormat))
    case 'dcatApConformance':
      return dcatApOutcome(input)
    case 'licence':
      return outcomeOfLicence(input)
    case 'licenceVocabulary':
      return licenceVocabularyOutcome(input)
    case 'accessRights':
      return datasetOutcome(firstField(extra, ['access_rights']), ['access_rights'])
    case 'accessRightsVocabulary':
      return accessRightsVocabularyOutcome(input)
    case 'contactPoint':
      return datasetOutcome(contactSource(input), ['maintainer', 'maintainer_email', 'author', 'author_email', ...CONTACT_EXTRA_FIELDS])
    case 'publisher':
      return datasetOutcome(input.hasPublisher ? 'organization' : firstField(extra, ['publisher_name']), ['organization', 'publisher_name'])
    case 'rights':
      return perResource(rs, (r) => text(r.rights) !== '')
    case 'byteSize':
      return perResource(rs, (r) => typeof r.size === 'number' && Number.isFinite(r.size))
    case 'issued':
      return datasetOutcome(firstField(extra, ['issued']) ?? (validDate(input.metadataCreated) ? 'metadata_created' : null), ['issued', 'metadata_created'])
    case 'modified':
      return datasetOutcome(firstField(extra, ['modified']) ?? (validDate(input.metadataModified) ? 'metadata_modified' : null), ['modified', 'metadata_modified'])
  }
}


/**
 * The MQA score of one dataset. A distribution indicator earns weight × the share of resources that pass; network
 * indicators count only resources with a link check, and with none their weight leaves the maximum (`partial`).
 * Points are rounded to 0.1 per indicator and summed from those rounded values, so everything adds up.
 */
export function scoreDataset(input: QualityInput): QualityScore {
  const indicators: IndicatorResult[] = MQA_INDICATORS.map((def) => {
    const o = evaluate(def.id, input)
    const points = o.status === 'not-checked' || o.total === 0 ? 0 : round1((def.weight * o.passed) / o.total)
    return { id: def.id, dimension: def.dimension, weight: def.weight, points, status: o.status, passed: o.passed, total: o.total, reason: o.reason }
  })
  const dimensions = Object.fromEntries(DIMENSIONS.map((d) => [d, { points: 0, max: 0, maxReachable: 0 }])) as QualityScore['dimensions']
  for (const r of indicators) {
    const dim = dimensions[r.dimension]
    dim.points = round1(dim.points + r.points)
    dim.max += r.weight
    if (r.status !== 'not-checked') dim.maxReachable += r.weight
  }
  const points = round1(DIMENSIONS.reduce((sum, d) => sum + dimensions[d].points, 0))
  const maxReachable = DIMENSIONS.reduce((sum, d) => sum + dimensions[d].maxReachable, 0)
  const scaled = maxReachable > 0 ? Math.round((points / maxReachable) * MQA_MAX) : 0
  return { points, max: MQA_MAX, maxReachable, scaled, band: bandOf(scaled), partial: maxReachable < MQA_MAX, dimensions, indicators }
}

/** Bit i set when MQA_INDICATORS[i] failed or passed only partly: lets the database filter "datasets missing X". */
export function failedMask(score: QualityScore): number {
  let mask = 0
  score.indicators.forEach((r) => {
    const bit = MQA_INDICATORS.findIndex((def) => def.id === r.id)
    if (bit >= 0 && (r.status === 'fail' || r.status === 'partial')) mask |= 1 << bit
  })
  return mask
}

// ---------------------------------------------------------------------------------------------------------------
// Open Data Portal Watch

export type PortalWatchDimension = 'existence' | 'conformance' | 'openness'

export const PORTAL_WATCH_CHECKS = [
  { id: 'access', dimension: 'existence' },
  { id: 'discovery', dimension: 'existence' },
  { id: 'contact', dimension: 'existence' },
  { id: 'rights', dimension: 'existence' },
  { id: 'preservation', dimension: 'existence' },
  { id: 'date', dimension: 'existence' },
  { id: 'temporal', dimension: 'existence' },
  { id: 'spatial', dimension: 'existence' },
  { id: 'accessUrl', dimension: 'conformance' },
  { id: 'contactEmail', dimension: 'conformance' },
  { id: 'dateFormat', dimension: 'conformance' },
  { id: 'fileFormat', dimension: 'conformance' },
  { id: 'odLicence', dimension: 'conformance' },
  { id: 'openFormat', dimension: 'openness' },
  { id: 'machineReadable', dimension: 'openness' },
  { id: 'openLicence', dimension: 'openness' },
] as const satisfies ReadonlyArray<{ id: string; dimension: PortalWatchDimension }>

export type PortalWatchCheckId = (typeof PORTAL_WATCH_CHECKS)[number]['id']
export type PortalWatchCheck = {
  id: PortalWatchCheckId
  dimension: PortalWatchDimension
  /** null: not applicable, left out of the ratio. */
  pass: boolean | null
  /** What the check adds to its ratio: 1 or 0, the share of resources for openFormat/machineReadable, null if n/a. */
  share: number | null
  reason: Reason
}
export type PortalWatchResult = { existence: number; conformance: number; openness: number; checks: PortalWatchCheck[] }

// WHATWG HTML's "valid e-mail address": the syntax browsers accept in <input type=email>.
const EMAIL = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/
// ISO 8601 as DCAT uses it: year, year-month, date, or date-time with optional seconds, fraction and zone.
const ISO_DATE = /^\d{4}(?:-\d{2}(?:-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?)?)?$/
// IANA's top-level media types (RFC 6838 and the media-types registry).
const IANA_MEDIA_TYPE = /^(?:application|audio|example|font|haptics|image|message|model|multipart|text|video)\/[a-z0-9][a-z0-9!#$&^_.+-]*$/
const DAY_MS = 24 * 60 * 60 * 1000

export function isEmail(raw: string): boolean {
  return EMAIL.test(raw.trim().replace(/^mailto:/i, ''))
}

/** A declared mimetype shaped like an IANA type/subtype (parameters and the IANA URI prefix ignored). */
export function isIanaMediaType(raw: string | null): boolean {
  const key = normaliseFormatLabel(raw ?? '')
  const semi = key.indexOf(';')
  return IANA_MEDIA_TYPE.test(semi >= 0 ? key.slice(0, semi) : key)
}

type CheckValue = { pass: boolean | null; share?: number | null; reason: Reason }

const yes = (reason: Reason): CheckValue => ({ pass: true, reason })
const no = (reason: Reason): CheckValue => ({ pass: false, reason })
const notApplicable = (code: string): CheckValue => ({ pass: null, reason: { code } })

function allResources(resources: readonly QualityResource[], test: (r: QualityResource) => boolean): CheckValue {
  if (resources.length === 0) return no({ code: 'no-resources' })
  const o = shareOutcome(resources.filter(test).length, resources.length)
  return { pass: o.status === 'pass', reason: o.reason }
}

function resourceShare(resources: readonly QualityResource[], test: (r: QualityResource) => boolean): CheckValue {
  if (resources.length === 0) return notApplicable('no-resources')
  const o = shareOutcome(resources.filter(test).length, resources.length)
  return { pass: o.status === 'pass', share: round3(o.passed / o.total), reason: o.reason }
}

function validity(valid: number, total: number): CheckValue {
  return valid === total ? yes({ code: 'all-valid', params: { valid, total } }) : no({ code: 'invalid-values', params: { valid, invalid: total - valid, total } })
}

function presence(fields: ReadonlyArray<[string, boolean]>): CheckValue {
  const missing = fields.filter(([, ok]) => !ok).map(([name]) => name)
  return missing.length === 0 ? yes({ code: 'present', params: { field: fields.map(([n]) => n).join(', ') } }) : no({ code: 'missing', params: { fields: missing.join(', ') } })
}

function fromField(field: string | null, missing: readonly string[]): CheckValue {
  return field !== null ? yes({ code: 'present', params: { field } }) : no({ code: 'missing', params: { fields: missing.join(', ') } })
}

function dateCheck(input: QualityInput, now: Date): CheckValue {
  const limit = now.getTime() + DAY_MS
  let total = 0
  let invalid = 0
  let future = 0
  for (const d of [input.metadataCreated, input.metadataModified]) {
    if (d === null) continue
    total++
    if (!validDate(d)) invalid++
    else if (d.getTime() > limit) future++
  }
  for (const key of ['issued', 'modified']) {
    const value = extraField(input.extra, key)
    if (value === null) continue
    total++
    const s = fieldText(value)
    const ms = s !== null && ISO_DATE.test(s) ? Date.parse(s) : Number.NaN
    if (Number.isNaN(ms)) invalid++
    else if (ms > limit) future++
  }
  if (total === 0) return notApplicable('no-dates')
  return invalid + future === 0 ? yes({ code: 'all-valid', params: { valid: total, total } }) : no({ code: 'invalid-dates', params: { invalid, future, total } })
}

function check(input: QualityInput, id: PortalWatchCheckId, now: Date): CheckValue {
  const rs = input.resources
  switch (id) {
    case 'access':
      return allResources(rs, (r) => text(r.url) !== '' || text(r.downloadUrl) !== '')
    case 'discovery':
      return presence([['title', text(input.title) !== ''], ['notes', text(input.notes) !== ''], ['tags', input.tags.some((t) => t.trim() !== '')]])
    case 'contact':
      return fromField(contactSource(input), ['maintainer', 'maintainer_email', 'author', 'author_email', ...CONTACT_EXTRA_FIELDS])
    case 'rights':
      return licenceDeclared(input.licenseId, input.licenseTitle)
        ? yes({ code: 'present', params: { field: 'license' } })
        : no({ code: 'missing', params: { fields: 'license_id, license_title' } })
    case 'preservation':
      return allResources(rs, (r) => text(r.format) !== '' && typeof r.size === 'number' && Number.isFinite(r.size))
    case 'date': {
      const field = validDate(input.metadataCreated) ? 'metadata_created'
        : validDate(input.metadataModified) ? 'metadata_modified' : firstField(input.extra, ['issued', 'modified'])
      return fromField(field, ['metadata_created', 'metadata_modified', 'issued', 'modified'])
    }
    case 'temporal':
      return fromField(firstField(input.extra, TEMPORAL_FIELDS), TEMPORAL_FIELDS)
    case 'spatial':
      return fromField(spatialSource(input), ['extent', ...SPATIAL_FIELDS])
    case 'accessUrl': {
      const urls = rs.flatMap((r) => [r.url, r.downloadUrl]).filter((u): u is string => text(u) !== '')
      if (urls.length === 0) return notApplicable('no-urls')
      return validity(urls.filter(isAccessUrl).length, urls.length)
    }
    case 'contactEmail': {
      const fromExtra = fieldText(extraField(input.extra, 'contact_email'))
      const emails = [input.maintainerEmail, input.authorEmail, fromExtra].map(text).filter((e) => e !== '')
      if (emails.length === 0) return notApplicable('no-emails')
      return validity(emails.filter(isEmail).length, emails.length)
    }
    case 'dateFormat':
      return dateCheck(input, now)
    case 'fileFormat': {
      const declaring = rs.filter((r) => text(r.format) !== '' || text(r.mimetype) !== '')
      if (declaring.length === 0) return notApplicable('no-declared-formats')
      return validity(declaring.filter((r) => isIanaMediaType(r.mimetype) || knownFormat(r)).length, declaring.length)
    }
    case 'odLicence': {
      const licence = licenceInfo(input.licenseId, input.licenseTitle)
      if (licence.title === null) return notApplicable('no-licence')
      if (!licence.known) return no({ code: 'unknown-licence', params: { licence: licence.title } })
      if (licence.odConformant === true) return yes({ code: 'licence-od-conformant', params: { key: licence.key ?? '' } })
      if (licence.odConformant === false) return no({ code: 'licence-not-od-conformant', params: { key: licence.key ?? '' } })
      return no({ code: 'licence-generic', params: { key: licence.key ?? '' } })
    }
    case 'openFormat':
      return resourceShare(rs, (r) => isOpenStandard(r.canonicalFormat))
    case 'machineReadable':
      return resourceShare(rs, (r) => isMachineReadable(r.canonicalFormat))
    case 'openLicence': {
      const licence = licenceInfo(input.licenseId, input.licenseTitle)
      if (licence.title === null) return no({ code: 'missing', params: { fields: 'license_id, license_title' } })
      if (!licence.known) return no({ code: 'unknown-licence', params: { licence: licence.title } })
      if (licence.open === true) return yes({ code: 'licence-open', params: { key: licence.key ?? '' } })
      if (licence.open === false) return no({ code: 'licence-not-open', params: { key: licence.key ?? '' } })
      return no({ code: 'licence-openness-unknown', params: { key: licence.key ?? '' } })
    }
  }
}

/**
 * Open Data Portal Watch's three ratios for one dataset: each is the mean of its applicable checks' shares (a
 * boolean check adds 1 or 0), rounded to 3 decimals. A dimension with no applicable check scores 0: nothing was
 * given that could conform. `now` bounds "not in the future" (a day of slack for time zones).
 */
export function portalWatch(input: QualityInput, now: Date = new Date()): PortalWatchResult {
  const checks: PortalWatchCheck[] = PORTAL_WATCH_CHECKS.map(({ id, dimension }) => {
    const v = check(input, id, now)
    const share = v.pass === null ? null : (v.share ?? (v.pass ? 1 : 0))
    return { id, dimension, pass: v.pass, share, reason: v.reason }
  })
  const ratio = (dimension: PortalWatchDimension): number => {
    const shares = checks.filter((c) => c.dimension === dimension && c.share !== null).map((c) => c.share as number)
    return shares.length === 0 ? 0 : round3(shares.reduce((a, b) => a + b, 0) / shares.length)
  }
  return { existence: ratio('existence'), conformance: ratio('conformance'), openness: ratio('openness'), checks }
}
