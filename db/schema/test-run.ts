import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { portals } from './portal.ts'
import { projects } from './project.ts'
import { testSuites } from './test-suite.ts'
import { users } from './user.ts'
import { RUN_SOURCES, RUN_STATES } from '../../lib/domain/test-runs.ts'

// A test run: a frozen list of cases (test_run_case) executed once, from a suite or a selection of cases. `version`
// grows with every change of its fields or state, so two editors' changes cannot overwrite each other.
export const testRuns = sqliteTable(
  'test_run',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    source: text('source', { enum: RUN_SOURCES }).notNull(),
    // The suite it was started from (null for a selection, or once the suite is deleted: the run keeps its cases).
    suiteId: text('suite_id').references(() => testSuites.id, { onDelete: 'set null' }),
    portalId: text('portal_id').references(() => portals.id, { onDelete: 'set null' }),
    assignees: text('assignees', { mode: 'json' }).$type<string[]>().notNull().default([]),
    environment: text('environment').notNull().default(''),
    // Set by CI when a pipeline starts the run.
    build: text('build'),
    commit: text('commit'),
    state: text('state', { enum: RUN_STATES }).notNull().default('open'),
    version: integer('version').notNull().default(1),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    startedBy: text('started_by').references(() => users.id, { onDelete: 'set null' }),
    startedAt: integer('started_at', { mode: 'timestamp_ms' }),
    completedBy: text('completed_by').references(() => users.id, { onDelete: 'set null' }),
    completedAt: integer('completed_at', { mode: 'timestamp_ms' }),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (table) => [index('test_run_project_idx').on(table.projectId, table.createdAt), index('test_run_suite_idx').on(table.suiteId)],
)
