// data.europa.eu's Metadata Quality Assessment (MQA) of one CKAN dataset, explainable indicator by indicator: 23
// weighted indicators in five dimensions, 405 points, read here from CKAN fields the way ckanext-dcat maps them to
// DCAT-AP (the fields: quality.server.ts). Every result carries a machine-readable Reason the UI translates;
// docs/quality.md lists every indicator and reason code.

import { isMachineReadable, isOpenStandard } from '../../lib/domain/formats.ts'
import { licenceDeclared, licenceInfo } from './licences.server.ts'
import { bandOf, DIMENSIONS, MQA_INDICATORS, MQA_MAX, type IndicatorId, type IndicatorResult, type QualityScore } from '../../lib/domain/mqa.ts'
import { CONTACT_EXTRA_FIELDS, SPATIAL_FIELDS, TEMPORAL_FIELDS, contactSource, extraField, fieldText, firstField, isAccessUrl, knownFormat, shareOutcome, spatialSource, text, validDate, type LinkCheck, type Outcome, type QualityInput, type QualityResource } from './quality.server.ts'

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

const round1 = (x: number): number => Math.round(x * 10) / 10

function datasetOutcome(field: string | null, missing: readonly string[]): Outcome {
  return field !== null
    ? { status: 'pass', passed: 1, total: 1, reason: { code: 'present', params: { field } } }
    : { status: 'fail', passed: 0, total: 1, reason: { code: 'missing', params: { fields: missing.join(', ') } } }
}

const NO_RESOURCES: Outcome = { status: 'fail', passed: 0, total: 0, reason: { code: 'no-resources' } }

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
      return datasetOutcome(contactSource(input), [...new Set(['maintainer', 'maintainer_email', 'author', 'author_email', ...CONTACT_EXTRA_FIELDS])])
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
