import { z } from '../zod.ts'
import { CANONICAL_FORMATS, type CanonicalFormat } from '../domain/canonical-formats.ts'
import type { AnalysisFilterInput } from '../domain/analysis-filters.ts'
import type { AnalysisQuery } from './analysis-href.ts'

// URL parameters enter here (house style: parse what comes from outside where it enters). A value that does not fit
// is dropped rather than failing the page: a stale bookmark still shows the unfiltered figures.

const PortalSchema = z.string().trim().min(1).max(80)
const OrganizationSchema = z.string().trim().min(1).max(300)
// NUTS3 for Czech kraje (CZ010), ISO 3166-1 alpha-2 for countries (CZ), as server/trpc/routers/analysis-input.server.ts.
const RegionSchema = z.string().trim().regex(/^[A-Z]{2}([0-9A-Z]{3})?$/)
const PageSchema = z.coerce.number().int().min(1).max(1000)

const MAX_PORTALS = 50

function last(values: string[], schema: z.ZodType<string>): string | null {
  for (const value of [...values].reverse()) {
    const parsed = schema.safeParse(value)
    if (parsed.success) return parsed.data
  }
  return null
}

export function parseAnalysisQuery(query: URLSearchParams): AnalysisQuery {
  const portals = new Set<string>()
  for (const value of query.getAll('portal')) {
    const parsed = PortalSchema.safeParse(value)
    if (parsed.success && portals.size < MAX_PORTALS) portals.add(parsed.data)
  }
  return { portals: [...portals], organization: last(query.getAll('organization'), OrganizationSchema), region: last(query.getAll('region'), RegionSchema) }
}

/** The tRPC analysis filters for a query (absent filters left out). */
export function toFilters(query: AnalysisQuery): AnalysisFilterInput {
  return {
    ...(query.portals.length ? { instanceIds: query.portals } : {}),
    ...(query.organization ? { organizationId: query.organization } : {}),
    ...(query.region ? { regionId: query.region } : {}),
  }
}

export function parsePage(value: string | undefined): number {
  const parsed = PageSchema.safeParse(value)
  return parsed.success ? parsed.data : 1
}

/** A canonical format named in the URL, in any case (`csv` is `CSV`); null when absent or unknown. */
export function parseFormat(value: string | undefined): CanonicalFormat | null {
  const wanted = value?.trim().toLowerCase()
  if (!wanted) return null
  return CANONICAL_FORMATS.find((format) => format.toLowerCase() === wanted) ?? null
}
