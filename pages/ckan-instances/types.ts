import type { inferRouterOutputs } from '@trpc/server'
import type { AppRouter } from '../../server/trpc/router.server.ts'

type Outputs = inferRouterOutputs<AppRouter>

export type Portal = Outputs['portals']['list'][number]
export type HarvestStatus = Outputs['harvest']['status']
export type DirectoryResult = Outputs['portals']['directory']
export type AddedPortal = Outputs['portals']['add']
