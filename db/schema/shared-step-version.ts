import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { sharedSteps } from './shared-step.ts'
import type { StepText } from '../../lib/domain/test-management.ts'

// Every version of a shared step, so a test case's history shows what its shared steps said at each of its versions.
export const sharedStepVersions = sqliteTable(
  'shared_step_version',
  {
    sharedStepId: text('shared_step_id')
      .notNull()
      .references(() => sharedSteps.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    steps: text('steps', { mode: 'json' }).$type<StepText[]>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.sharedStepId, table.version] })],
)
