import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { testRunCases } from './test-run-case.ts'
import { testRuns } from './test-run.ts'
import { users } from './user.ts'
import { RESULT_STATUSES, type ResultEvidence, type StepResult } from '../../lib/domain/test-runs.ts'

// Results are appended, never changed: a run case's latest result (the highest id) is the one that counts, the ones
// before it are its history. The id grows with every insert (AUTOINCREMENT never reuses one), so "latest" is exact.
export const testResults = sqliteTable(
  'test_result',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    runId: text('run_id')
      .notNull()
      .references(() => testRuns.id, { onDelete: 'cascade' }),
    runCaseId: text('run_case_id')
      .notNull()
      .references(() => testRunCases.id, { onDelete: 'cascade' }),
    status: text('status', { enum: RESULT_STATUSES }).notNull(),
    steps: text('steps', { mode: 'json' }).$type<StepResult[]>().notNull().default([]),
    comment: text('comment').notNull().default(''),
    // Milliseconds: JUnit reports give times to the millisecond, and a result under half a second is not zero.
    elapsedMs: integer('elapsed_ms'),
    defects: text('defects', { mode: 'json' }).$type<string[]>().notNull().default([]),
    retest: integer('retest', { mode: 'boolean' }).notNull().default(false),
    caseVersion: integer('case_version').notNull(),
    recordedBy: text('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    recordedAt: integer('recorded_at', { mode: 'timestamp_ms' }).notNull(),
    // Screenshots, responses, timings of an automated check; null for a person's result.
    evidence: text('evidence', { mode: 'json' }).$type<ResultEvidence | null>(),
  },
  (table) => [index('test_result_run_case_idx').on(table.runCaseId, table.id), index('test_result_run_idx').on(table.runId, table.id)],
)
