import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { testRunCases } from './test-run-case.ts'
import { testRuns } from './test-run.ts'
import { users } from './user.ts'

// Who gave a run case to whom and when, oldest first: the case's assignment history (the run case's `assignee_id`
// is the current one). A row is written only when the assignee changes, including when a new run takes a case's
// default tester; `assignee_id` null means the case was taken from its tester.
export const testRunCaseAssignments = sqliteTable(
  'test_run_case_assignment',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    runId: text('run_id')
      .notNull()
      .references(() => testRuns.id, { onDelete: 'cascade' }),
    runCaseId: text('run_case_id')
      .notNull()
      .references(() => testRunCases.id, { onDelete: 'cascade' }),
    assigneeId: text('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    assignedBy: text('assigned_by').references(() => users.id, { onDelete: 'set null' }),
    assignedAt: integer('assigned_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (table) => [index('test_run_case_assignment_case_idx').on(table.runCaseId, table.id), index('test_run_case_assignment_run_idx').on(table.runId)],
)
