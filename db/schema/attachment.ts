import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { projects } from './project.ts'
import { testCases } from './test-case.ts'
import { testResults } from './test-result.ts'
import { testRuns } from './test-run.ts'
import { users } from './user.ts'
import { ATTACHMENT_KINDS } from '../../lib/domain/attachments.ts'

// A file on a case (or one of its steps), a result or a run (docs/decisions/025-attachments.md). Exactly one of
// case_id, result_id and run_id is set; `step_id` narrows a case's file to one step. The bytes live in the
// attachment store under their SHA-256 (`hash`), shared by every row with the same content: a row removed with its
// item leaves the stored file until no row names the hash.
export const attachments = sqliteTable(
  'attachment',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    caseId: text('case_id').references(() => testCases.id, { onDelete: 'cascade' }),
    stepId: text('step_id'),
    resultId: integer('result_id').references(() => testResults.id, { onDelete: 'cascade' }),
    runId: text('run_id').references(() => testRuns.id, { onDelete: 'cascade' }),
    hash: text('hash').notNull(),
    size: integer('size').notNull(),
    // What the bytes are, as the server found them (magic bytes for images, the name's extension otherwise); never
    // what the browser claimed.
    contentType: text('content_type').notNull(),
    kind: text('kind', { enum: ATTACHMENT_KINDS }).notNull(),
    filename: text('filename').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (table) => [
    index('attachment_project_idx').on(table.projectId),
    index('attachment_case_idx').on(table.caseId),
    index('attachment_result_idx').on(table.resultId),
    index('attachment_run_idx').on(table.runId),
    index('attachment_hash_idx').on(table.hash),
  ],
)
