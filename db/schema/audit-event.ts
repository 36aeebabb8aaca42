import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { projects } from './project.ts'
import { users } from './user.ts'

// Who changed what in a project and when: its settings, members and roles, cases (state changes included), suites,
// custom fields, shared steps, imports and bulk edits. Read on the project's debug page.
export const auditEvents = sqliteTable(
  'audit_event',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
    // project, member, case, suite, field, shared-step, run, result
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    // created, updated, deleted, restored, state-changed, role-changed, added, removed, imported, bulk-updated ...
    action: text('action').notNull(),
    detail: text('detail', { mode: 'json' }).$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [index('audit_event_project_idx').on(table.projectId, table.id)],
)
