// Open Data Portal Watch's metrics of one CKAN dataset (Neumaier, Umbrich, Polleres 2016, "Automated Quality
// Assessment of Metadata across Open Data Portals"): existence, conformance and openness ratios, each check with a
// machine-readable Reason the UI translates (the fields: quality.server.ts; docs/quality.md lists every check).

import { isMachineReadable, isOpenStandard, normaliseFormatLabel } from '../../lib/domain/formats.ts'
import { licenceDeclared, licenceInfo } from './licences.server.ts'
import type { Reason } from '../../lib/domain/mqa.ts'
import { CONTACT_EMAIL_EXTRA_FIELDS, CONTACT_EXTRA_FIELDS, SPATIAL_FIELDS, TEMPORAL_FIELDS, contactSource, extraField, fieldText, firstField, isAccessUrl, knownFormat, shareOutcome, spatialSource, text, validDate, type QualityInput, type QualityResource } from './quality.server.ts'

const round3 = (x: number): number => Math.round(x * 1000) / 1000

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
      return fromField(contactSource(input), [...new Set(['maintainer', 'maintainer_email', 'author', 'author_email', ...CONTACT_EXTRA_FIELDS])])
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
      const fromExtras = CONTACT_EMAIL_EXTRA_FIELDS.map((key) => fieldText(extraField(input.extra, key)))
      const emails = [input.maintainerEmail, input.authorEmail, ...fromExtras].map(text).filter((e) => e !== '')
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
