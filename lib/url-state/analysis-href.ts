// The analysis pages keep their filters in the URL (GET forms, shareable links): `portal` (repeatable),
// `organization`, `region`, plus page-specific keys (`format`, `page`, `orgPage`). This module builds those URLs and
// is safe in the browser; parsing them (with zod) is in analysis-query.ts, which only the server needs.

export type AnalysisQuery = { portals: string[]; organization: string | null; region: string | null }

export const EMPTY_QUERY: AnalysisQuery = { portals: [], organization: null, region: null }

/** `path?portal=…&organization=…&region=…&extra…`; empty extras and page 1 are left out, so URLs stay canonical. */
export function analysisHref(path: string, query: AnalysisQuery, extra: Record<string, string | number | null | undefined> = {}): string {
  const params = new URLSearchParams()
  for (const portal of query.portals) params.append('portal', portal)
  if (query.organization) params.set('organization', query.organization)
  if (query.region) params.set('region', query.region)
  for (const [key, value] of Object.entries(extra)) {
    if (value === null || value === undefined || value === '') continue
    if ((key === 'page' || key === 'orgPage') && Number(value) === 1) continue
    params.set(key, String(value))
  }
  const search = params.toString()
  return search ? `${path}?${search}` : path
}

export function hasFilters(query: AnalysisQuery): boolean {
  return query.portals.length > 0 || query.organization !== null || query.region !== null
}
