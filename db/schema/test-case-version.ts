import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { testCases } from './test-case.ts'
import { users } from './user.ts'

export const CASE_CHANGES = ['created', 'edited', 'bulk', 'imported', 'shared-step', 'deleted', 'restored'] as const

// Every version of a test case as it was saved (a JSON snapshot of its fields, taken by SQL from the row itself), who
// saved it and how: the history with its diffs, and what a test run's result pins.
export const testCaseVersions = sqliteTable(
  'test_case_version',
  {
    caseId: text('case_id')
      .notNull()
      .references(() => testCases.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    snapshot: text('snapshot').notNull(),
    change: text('change', { enum: CASE_CHANGES }).notNull(),
    changedBy: text('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: integer('changed_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.caseId, table.version] })],
)
