import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { testSuites } from './test-suite.ts'

// A named group of cases in a static suite, in order.
export const testSuiteSections = sqliteTable(
  'test_suite_section',
  {
    id: text('id').primaryKey(),
    suiteId: text('suite_id')
      .notNull()
      .references(() => testSuites.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull(),
  },
  (table) => [index('test_suite_section_suite_idx').on(table.suiteId, table.position)],
)
