import { z } from 'zod'

// Filters shared by the analysis procedures (formats, quality, organizations, regions).
export const PortalIdsSchema = z.array(z.string().trim().min(1).max(80)).max(50).optional()
export const PublisherIdSchema = z.string().trim().min(1).max(300)
// NUTS3 for Czech kraje (CZ010), ISO 3166-1 alpha-2 for countries (CZ).
export const RegionIdSchema = z.string().trim().regex(/^[A-Z]{2}([0-9A-Z]{3})?$/, 'validation.invalidFormat')

export const AnalysisFiltersSchema = z.object({
  instanceIds: PortalIdsSchema,
  organizationId: PublisherIdSchema.optional(),
  regionId: RegionIdSchema.optional(),
})

/** An input with the API's `instanceIds` as the queries take it: `portalIds` (decision 011). */
export function withPortalIds<Input extends { instanceIds?: string[] | undefined }>({ instanceIds, ...rest }: Input): Omit<Input, 'instanceIds'> & { portalIds: string[] | undefined } {
  return { ...rest, portalIds: instanceIds }
}

export const PageSchema = { page: z.number().int().min(1).max(1000).default(1), pageSize: z.number().int().min(1).max(100).default(20) }
