import type { CanonicalFormat } from '../../lib/domain/canonical-formats.ts'
import { failedMask, scoreDataset } from './mqa-score.server.ts'
import type { QualityScore } from '../../lib/domain/mqa.ts'
import { portalWatch } from './portal-watch.server.ts'
import type { LinkCheck, QualityInput, QualityResource } from './quality.server.ts'
import { placeExtent } from './regions.server.ts'

// What is stored about a dataset beyond what its portal said: its quality score and the regions it falls in. Computed
// when a dataset is stored and recomputed from the stored rows when a link check changes what is reachable, so the
// same function sees the same facts either way.

export type QualityColumns = {
  qualityPoints: number
  qualityMax: number
  qualityScaled: number
  qualityFailed: number
  qualityFindability: number
  qualityAccessibility: number
  qualityInteroperability: number
  qualityReusability: number
  qualityContextuality: number
  pwExistence: number
  pwConformance: number
  pwOpenness: number
}

export type DatasetAnalysis = { quality: QualityColumns; regions: string[] }

export type StoredExtent = { bbox: [number, number, number, number]; geometry: { type: string; coordinates: unknown } }

export function qualityColumns(input: QualityInput): QualityColumns {
  const score: QualityScore = scoreDataset(input)
  const watch = portalWatch(input)
  return {
    qualityPoints: score.points,
    qualityMax: score.maxReachable,
    qualityScaled: score.scaled,
    qualityFailed: failedMask(score),
    qualityFindability: score.dimensions.findability.points,
    qualityAccessibility: score.dimensions.accessibility.points,
    qualityInteroperability: score.dimensions.interoperability.points,
    qualityReusability: score.dimensions.reusability.points,
    qualityContextuality: score.dimensions.contextuality.points,
    pwExistence: watch.existence,
    pwConformance: watch.conformance,
    pwOpenness: watch.openness,
  }
}

export function analyseDataset(input: QualityInput, extent: StoredExtent | null): DatasetAnalysis {
  return { quality: qualityColumns(input), regions: extent ? placeExtent(extent).regions : [] }
}

/** A stored resource with the latest checks of its URLs, as quality.ts reads it. */
export function qualityResource(
  resource: { url: string | null; downloadUrl: string | null; format: string | null; mimetype: string | null; canonicalFormat: string; size: number | null; rights: string | null },
  checks: { access: LinkCheck | null; download: LinkCheck | null } = { access: null, download: null },
): QualityResource {
  return {
    url: resource.url,
    downloadUrl: resource.downloadUrl,
    format: resource.format,
    mimetype: resource.mimetype,
    canonicalFormat: resource.canonicalFormat as CanonicalFormat,
    size: resource.size,
    rights: resource.rights,
    accessCheck: checks.access,
    downloadCheck: checks.download,
  }
}
