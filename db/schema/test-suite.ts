import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { projects } from './project.ts'
import { users } from './user.ts'

import { SUITE_KINDS, type SuiteRule } from '../../lib/domain/test-management.ts'

// A test suite: an ordered list of cases in sections (static), or a rule (dynamic).
export const testSuites = sqliteTable(
  'test_suite',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    kind: text('kind', { enum: SUITE_KINDS }).notNull(),
    rule: text('rule', { mode: 'json' }).$type<SuiteRule | null>(),
    version: integer('version').notNull().default(1),
    // The save that wrote the current version (see test_case.save_id).
    saveId: text('save_id').notNull().default(''),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (table) => [index('test_suite_project_idx').on(table.projectId)],
)
