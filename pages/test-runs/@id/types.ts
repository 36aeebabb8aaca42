import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server'
import type { AppRouter } from '../../../server/trpc/router.server.ts'

// What the test-run procedures answer, as the execution view receives them (type imports only).
type Outputs = inferRouterOutputs<AppRouter>
type Inputs = inferRouterInputs<AppRouter>

export type RunDetail = Outputs['testRuns']['byId']
export type RunCase = RunDetail['cases'][number]
export type CaseResults = Outputs['testRuns']['results']
export type ResultItem = CaseResults['results'][number]
export type PinnedStep = CaseResults['steps'][number]
export type RecordInput = Inputs['testRuns']['record']
export type RunAssignInput = Inputs['testRuns']['assign']
/** The names the header shows beside the run (the API gives ids). */
export type RunInfo = { id: string; name: string; source: 'suite' | 'selection'; suiteName: string | null; portalName: string | null; environment: string; build: string | null; commit: string | null }
export type Member = { userId: string; name: string }
/** The newer result a refused record was stale against (`error.data.conflict.latest`). */
export type ConflictResult = { id: number; status: ResultItem['status']; recordedBy: string | null; recordedAt: Date; comment: string; elapsedSeconds: number | null; elapsedMs?: number | null; defects: string[]; retest: boolean }
