import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { CUSTOM_FIELD_TYPES } from '../../lib/domain/test-management.ts'
import { projects } from './project.ts'


// A field an owner adds to every test case of a project; the values live in test_case.custom, keyed by this id.
export const customFields = sqliteTable(
  'custom_field',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    type: text('type', { enum: CUSTOM_FIELD_TYPES }).notNull(),
    // The choices of a select or multi-select field.
    options: text('options', { mode: 'json' }).$type<string[]>().notNull().default([]),
    required: integer('required', { mode: 'boolean' }).notNull().default(false),
    position: integer('position').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (table) => [index('custom_field_project_idx').on(table.projectId, table.position)],
)
