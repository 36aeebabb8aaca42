import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { testCases } from './test-case.ts'
import { testRuns } from './test-run.ts'
import { users } from './user.ts'

// A case of a run, frozen when the run was created: its place, its section (a static suite's section name) and the
// case version it is executed against, so later edits of the case or the suite do not change the run.
export const testRunCases = sqliteTable(
  'test_run_case',
  {
    id: text('id').primaryKey(),
    runId: text('run_id')
      .notNull()
      .references(() => testRuns.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    caseId: text('case_id')
      .notNull()
      .references(() => testCases.id, { onDelete: 'cascade' }),
    caseVersion: integer('case_version').notNull(),
    assigneeId: text('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    sectionName: text('section_name').notNull().default(''),
    // An automated case waiting for its check ('queued') or being checked ('running', until `check_lease_until`, after
    // which another worker may take it over); null when no check is pending.
    checkState: text('check_state', { enum: ['queued', 'running'] }),
    checkLeaseUntil: integer('check_lease_until', { mode: 'timestamp_ms' }),
    checkRequestedBy: text('check_requested_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [uniqueIndex('test_run_case_position_idx').on(table.runId, table.position), uniqueIndex('test_run_case_case_idx').on(table.runId, table.caseId), index('test_run_case_of_case_idx').on(table.caseId), index('test_run_case_assignee_idx').on(table.assigneeId), index('test_run_case_check_idx').on(table.checkState)],
)
