import { integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { users } from './user.ts'

// A test project: people (project_member), the portals it tests (project_portal), its test cases, suites and runs.
// `key` prefixes its case ids (`PRG-12`); `next_case_number` hands out the numbers, never reusing one.
export const projects = sqliteTable(
  'project',
  {
    id: text('id').primaryKey(),
    key: text('key').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    nextCaseNumber: integer('next_case_number').notNull().default(1),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (table) => [uniqueIndex('project_key_idx').on(table.key)],
)
