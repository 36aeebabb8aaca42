// The Metadata Quality Assessment's fixed scale (data.europa.eu, docs/quality.md): its 23 indicators in five
// dimensions, 405 points, the rating bands and the reason codes the interface translates. Written once here, read by
// the scoring (server/analysis/mqa-score.server.ts), the rollups' SQL, the API and the pages' charts.

export type Dimension = 'findability' | 'accessibility' | 'interoperability' | 'reusability' | 'contextuality'
export type IndicatorStatus = 'pass' | 'partial' | 'fail' | 'not-checked'
/** Machine-readable, translated by the UI; every code is in REASON_CODES and docs/quality.md. */
export type Reason = { code: string; params?: Record<string, string | number> }

// In MQA's order; the index is the indicator's bit in failedMask(), so never reorder, only append.
const INDICATORS = [
  { id: 'keywords', dimension: 'findability', weight: 30, level: 'dataset', network: false },
  { id: 'categories', dimension: 'findability', weight: 30, level: 'dataset', network: false },
  { id: 'spatial', dimension: 'findability', weight: 20, level: 'dataset', network: false },
  { id: 'temporal', dimension: 'findability', weight: 20, level: 'dataset', network: false },
  { id: 'accessUrlReachable', dimension: 'accessibility', weight: 50, level: 'distribution', network: true },
  { id: 'downloadUrlPresent', dimension: 'accessibility', weight: 20, level: 'distribution', network: false },
  { id: 'downloadUrlReachable', dimension: 'accessibility', weight: 30, level: 'distribution', network: true },
  { id: 'format', dimension: 'interoperability', weight: 20, level: 'distribution', network: false },
  { id: 'mediaType', dimension: 'interoperability', weight: 10, level: 'distribution', network: false },
  { id: 'formatVocabulary', dimension: 'interoperability', weight: 10, level: 'distribution', network: false },
  { id: 'nonProprietary', dimension: 'interoperability', weight: 20, level: 'distribution', network: false },
  { id: 'machineReadable', dimension: 'interoperability', weight: 20, level: 'distribution', network: false },
  { id: 'dcatApConformance', dimension: 'interoperability', weight: 30, level: 'dataset', network: false },
  { id: 'licence', dimension: 'reusability', weight: 20, level: 'dataset', network: false },
  { id: 'licenceVocabulary', dimension: 'reusability', weight: 10, level: 'dataset', network: false },
  { id: 'accessRights', dimension: 'reusability', weight: 10, level: 'dataset', network: false },
  { id: 'accessRightsVocabulary', dimension: 'reusability', weight: 5, level: 'dataset', network: false },
  { id: 'contactPoint', dimension: 'reusability', weight: 20, level: 'dataset', network: false },
  { id: 'publisher', dimension: 'reusability', weight: 10, level: 'dataset', network: false },
  { id: 'rights', dimension: 'contextuality', weight: 5, level: 'distribution', network: false },
  { id: 'byteSize', dimension: 'contextuality', weight: 5, level: 'distribution', network: false },
  { id: 'issued', dimension: 'contextuality', weight: 5, level: 'dataset', network: false },
  { id: 'modified', dimension: 'contextuality', weight: 5, level: 'dataset', network: false },
] as const

export type IndicatorId = (typeof INDICATORS)[number]['id']
export type IndicatorDefinition = {
  id: IndicatorId
  dimension: Dimension
  weight: number
  level: 'dataset' | 'distribution'
  network: boolean
}
export const MQA_INDICATORS: ReadonlyArray<IndicatorDefinition> = INDICATORS

export const DIMENSIONS: readonly Dimension[] = ['findability', 'accessibility', 'interoperability', 'reusability', 'contextuality']

/** The most points each dimension can give, the sum of its indicators' weights: findability 100, accessibility 100,
 * interoperability 110, reusability 75, contextuality 20. */
export const DIMENSION_MAX: Readonly<Record<Dimension, number>> = Object.fromEntries(
  DIMENSIONS.map((dimension) => [dimension, INDICATORS.filter((indicator) => indicator.dimension === dimension).reduce((sum, indicator) => sum + indicator.weight, 0)]),
) as Record<Dimension, number>

/** The top of the scale: every indicator's weight. */
export const MQA_MAX = 405

/** Rating bands, best first. */
export const BANDS = ['excellent', 'good', 'sufficient', 'bad'] as const
export type Band = (typeof BANDS)[number]
/** The lowest score of each band on the 0-405 scale: excellent 351-405, good 221-350, sufficient 121-220, bad 0-120. */
export const BAND_MIN: Readonly<Record<Band, number>> = { excellent: 351, good: 221, sufficient: 121, bad: 0 }

/** The band a score on the 0-405 scale falls in (BAND_MIN). */
export function bandOf(scaled: number): Band {
  return BANDS.find((band) => scaled > BAND_MIN[band] - 1) ?? 'bad'
}

/** Every reason code either method emits. */
export const REASON_CODES = [
  'present', 'missing', 'no-resources', 'all-resources-pass', 'some-resources-pass', 'no-resource-passes', 'not-checked',
  'no-download-url', 'licence-not-specified', 'known-licence', 'unknown-licence', 'access-rights-known',
  'access-rights-unknown', 'dcat-ap-conformant', 'dcat-ap-incomplete', 'no-urls', 'no-emails', 'no-dates',
  'no-declared-formats', 'no-licence', 'invalid-dates', 'licence-od-conformant', 'licence-not-od-conformant',
  'licence-generic', 'licence-open', 'licence-not-open', 'licence-openness-unknown', 'all-valid', 'invalid-values',
] as const

/** One indicator's score on one dataset, with why (a Reason the UI translates). */
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
/** A dataset's MQA score (server/analysis/mqa-score.server.ts): points, band, per dimension and per indicator. */
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
