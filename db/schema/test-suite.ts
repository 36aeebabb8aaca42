import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { projects } from './project.ts'
import { users } from './user.ts'

import { SUITE_KINDS, type SuiteRule } from '../../lib/domain/test-management.ts'
import { SUITE_SCHEDULES } from '../../lib/domain/checks.ts'
import { portals } from './portal.ts'

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
    // A schedule for the suite's automated cases: a run is started when `schedule_next_at` has passed, against
    // `schedule_portal_id`, on behalf of `schedule_by`.
    schedule: text('schedule', { enum: SUITE_SCHEDULES }),
    schedulePortalId: text('schedule_portal_id').references(() => portals.id, { onDelete: 'set null' }),
    scheduleBy: text('schedule_by').references(() => users.id, { onDelete: 'set null' }),
    scheduleNextAt: integer('schedule_next_at', { mode: 'timestamp_ms' }),
    version: integer('version').notNull().default(1),
    // The save that wrote the current version (see test_case.save_id).
    saveId: text('save_id').notNull().default(''),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (table) => [index('test_suite_project_idx').on(table.projectId), index('test_suite_schedule_idx').on(table.scheduleNextAt)],
)
