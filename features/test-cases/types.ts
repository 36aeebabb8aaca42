import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server'
import type { AppRouter } from '../../server/trpc/router.server.ts'

// What the test-case procedures answer, as the pages receive them (type imports only: nothing of the server ships).
type Outputs = inferRouterOutputs<AppRouter>
type Inputs = inferRouterInputs<AppRouter>

export type CaseList = Outputs['testCases']['list']
export type CaseListItem = CaseList['items'][number]
export type BulkAction = Inputs['testCases']['bulk']['action']
export type ImportPreview = Outputs['testCases']['importPreview']
export type ImportPreviewRow = ImportPreview['rows'][number]
export type ImportResult = Outputs['testCases']['import']
export type SuiteList = Outputs['testSuites']['list']
