import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { projects } from './project.ts'
import { users } from './user.ts'
import { CASE_STATES, CASE_TYPES, PRIORITIES, type CaseStep, type CaseTarget } from '../../lib/domain/test-management.ts'
import type { CaseCheck } from '../../lib/domain/checks.ts'

// A test case. `number` is its number within the project (key `PRG-12`); `version` grows with every save, and
// test_case_version keeps each one. `save_id` names the save that wrote the current version, so the statements of a
// batch that depend on that save happening can check it. Deleted cases keep their row (`deleted_at`) for undo.
export const testCases = sqliteTable(
  'test_case',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    preconditions: text('preconditions').notNull().default(''),
    steps: text('steps', { mode: 'json' }).$type<CaseStep[]>().notNull().default([]),
    priority: text('priority', { enum: PRIORITIES }).notNull().default('medium'),
    type: text('type', { enum: CASE_TYPES }).notNull().default('manual'),
    state: text('state', { enum: CASE_STATES }).notNull().default('draft'),
    tags: text('tags', { mode: 'json' }).$type<string[]>().notNull().default([]),
    estimateMinutes: integer('estimate_minutes'),
    references: text('references', { mode: 'json' }).$type<string[]>().notNull().default([]),
    // A section path, `Portals/Search`; '' is the project's top level.
    folder: text('folder').notNull().default(''),
    target: text('target', { mode: 'json' }).$type<CaseTarget | null>(),
    // An automated case's check (docs/checks.md); null for manual cases.
    check: text('check', { mode: 'json' }).$type<CaseCheck | null>(),
    // The case's ID in the tool it was imported from (`C28028`, `CE-T3`, `testlink:12`), so that importing the same
    // file again updates the case instead of adding a second one (docs/test-case-csv.md); null when made here.
    importRef: text('import_ref'),
    // Custom field values by custom_field id.
    custom: text('custom', { mode: 'json' }).$type<Record<string, unknown>>().notNull().default({}),
    // The member a new run gives this case to (null: nobody). Not part of the case's versions: it plans the work, it
    // does not change what is tested.
    defaultAssigneeId: text('default_assignee_id').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    saveId: text('save_id').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
    deletedAt: integer('deleted_at', { mode: 'timestamp_ms' }),
  },
  (table) => [
    uniqueIndex('test_case_number_idx').on(table.projectId, table.number),
    index('test_case_folder_idx').on(table.projectId, table.deletedAt, table.folder),
    index('test_case_save_idx').on(table.saveId),
    index('test_case_import_ref_idx').on(table.projectId, table.importRef),
  ],
)
