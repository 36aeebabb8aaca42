import { z } from 'zod'
import { liveSearch } from '../../ckan/federated-search.ts'
import { listInstances } from '../../ckan/registry.ts'
import { publicProcedure, router } from '../init.ts'

const Values = z.array(z.string().trim().min(1).max(200)).max(50).optional()

export const DatasetSearchSchema = z.object({
  q: z.string().trim().max(500).optional(),
  instanceIds: z.array(z.string().min(1).max(80)).max(50).optional(),
  formats: Values,
  organizationIds: Values,
  tags: Values,
  groups: Values,
  licenses: Values,
  bbox: z
    .tuple([z.number().min(-180).max(180), z.number().min(-90).max(90), z.number().min(-180).max(180), z.number().min(-90).max(90)])
    .refine(([west, south, east, north]) => west < east && south < north, 'validation.invalidFormat')
    .optional(),
  sort: z.enum(['relevance', 'name', 'modified']).default('relevance'),
  page: z.number().int().min(1).max(100).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
  // The harvested snapshot ('snapshot') joins 'live' once harvesting lands.
  source: z.enum(['live']).default('live'),
})

export const datasetsRouter = router({
  /** Federated package_search across the chosen (default: every enabled, non-demo) portal, with partial results. */
  search: publicProcedure.input(DatasetSearchSchema).query(async ({ ctx, input }) => {
    const instances = (await listInstances(ctx.db)).filter(
      (row) => row.enabled && !row.isDemo && (!input.instanceIds?.length || input.instanceIds.includes(row.id)),
    )
    return liveSearch(
      instances.map((row) => ({ id: row.id, apiBase: row.apiBase })),
      { ...input, sort: input.sort, page: input.page, pageSize: input.pageSize },
    )
  }),
})
