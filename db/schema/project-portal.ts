import { primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { portals } from './portal.ts'
import { projects } from './project.ts'

// The portals a project tests (picked from the registry).
export const projectPortals = sqliteTable(
  'project_portal',
  {
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    portalId: text('portal_id')
      .notNull()
      .references(() => portals.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.projectId, table.portalId] })],
)
