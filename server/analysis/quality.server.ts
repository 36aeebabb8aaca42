// What the metadata quality of one CKAN dataset is judged on, and how both methods read it from CKAN fields:
// data.europa.eu's Metadata Quality Assessment (mqa-score.server.ts) and Open Data Portal Watch
// (portal-watch.server.ts). Pure functions of stored values: link checks come in as input, nothing here touches the
// network. docs/quality.md lists every indicator, check and reason code.

import { resolveFormat } from '../../lib/domain/formats.ts'
import type { CanonicalFormat } from '../../lib/domain/canonical-formats.ts'
import type { IndicatorStatus, Reason } from '../../lib/domain/mqa.ts'
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

// ---------------------------------------------------------------------------------------------------------------
// Field access

export const text = (v: string | null | undefined): string => (v ?? '').trim()

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
export function firstField(extra: Record<string, unknown> | null, keys: readonly string[]): string | null {
  for (const key of keys) if (extraField(extra, key) !== null) return key
  return null
}

/** A field's value as text: a string, or the first non-empty string of a list. */
export function fieldText(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() || null
  if (Array.isArray(value)) {
    for (const item of value) if (typeof item === 'string' && item.trim()) return item.trim()
  }
  return null
}

// Field lists, shared by both methods. temporal_coverage_from/_to are data.gov.au's names (see the samples).
export const SPATIAL_FIELDS = ['spatial_uri', 'spatial_text', 'spatial'] as const
export const TEMPORAL_FIELDS = ['temporal_start', 'temporal_end', 'temporal', 'temporal_coverage', 'temporal_coverage_from', 'temporal_coverage_to'] as const
// Contact extras as portals spell them: DCAT-AP's contact_*, ckanext-dcat's harvested `contact-email`, and a
// maintainer_email kept in the extras when the portal's schema moved it there.
export const CONTACT_EMAIL_EXTRA_FIELDS = ['contact_email', 'contact-email', 'maintainer_email'] as const
export const CONTACT_EXTRA_FIELDS = ['contact_name', 'contact-name', ...CONTACT_EMAIL_EXTRA_FIELDS] as const

export function spatialSource(input: QualityInput): string | null {
  return input.hasExtent ? 'extent' : firstField(input.extra, SPATIAL_FIELDS)
}

export function contactSource(input: QualityInput): string | null {
  const own: Array<[string, string | null]> = [
    ['maintainer', input.maintainer], ['maintainer_email', input.maintainerEmail], ['author', input.author], ['author_email', input.authorEmail],
  ]
  for (const [field, value] of own) if (text(value) !== '') return field
  return firstField(input.extra, CONTACT_EXTRA_FIELDS)
}

export const validDate = (d: Date | null): d is Date => madeBy(d, Date) && !Number.isNaN(d.getTime())

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

export const knownFormat = (r: QualityResource): boolean => resolveFormat({ format: r.format, mimetype: r.mimetype }).format !== 'unknown'

// ---------------------------------------------------------------------------------------------------------------
// Shares of resources, as both methods count them

/** How a dataset fares on one indicator or check: passed of total, and the reason the UI shows. */
export type Outcome = { status: IndicatorStatus; passed: number; total: number; reason: Reason }

export function shareOutcome(passed: number, total: number, extra: Record<string, number> = {}): Outcome {
  const params = { passed, total, ...extra }
  if (passed === total) return { status: 'pass', passed, total, reason: { code: 'all-resources-pass', params } }
  if (passed === 0) return { status: 'fail', passed, total, reason: { code: 'no-resource-passes', params } }
  return { status: 'partial', passed, total, reason: { code: 'some-resources-pass', params } }
}
