import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { projects } from './project.ts'
import { users } from './user.ts'
import type { StepText } from '../../lib/domain/test-management.ts'

// Steps written once and inserted into many test cases by reference: editing them changes every case that uses them,
// and each such case gets a new version that says so. `version` counts the edits (shared_step_version keeps each).
export const sharedSteps = sqliteTable(
  'shared_step',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    steps: text('steps', { mode: 'json' }).$type<StepText[]>().notNull(),
    version: integer('version').notNull().default(1),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (table) => [index('shared_step_project_idx').on(table.projectId)],
)
