import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { PROJECT_ROLES } from '../../lib/domain/test-management.ts'
import { projects } from './project.ts'
import { users } from './user.ts'


// Who may see a project and what they may do in it. Everything in a project is invisible to non-members.
export const projectMembers = sqliteTable(
  'project_member',
  {
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: PROJECT_ROLES }).notNull(),
    addedAt: integer('added_at', { mode: 'timestamp_ms' }).notNull(),
    addedBy: text('added_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [primaryKey({ columns: [table.projectId, table.userId] }), index('project_member_user_idx').on(table.userId)],
)
