import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { testCases } from './test-case.ts'
import { testSuiteSections } from './test-suite-section.ts'
import { testSuites } from './test-suite.ts'

// A case in a static suite: its section (null: before the first section) and its place.
export const testSuiteCases = sqliteTable(
  'test_suite_case',
  {
    suiteId: text('suite_id')
      .notNull()
      .references(() => testSuites.id, { onDelete: 'cascade' }),
    caseId: text('case_id')
      .notNull()
      .references(() => testCases.id, { onDelete: 'cascade' }),
    sectionId: text('section_id').references(() => testSuiteSections.id, { onDelete: 'set null' }),
    position: integer('position').notNull(),
  },
  (table) => [primaryKey({ columns: [table.suiteId, table.caseId] }), index('test_suite_case_case_idx').on(table.caseId)],
)
