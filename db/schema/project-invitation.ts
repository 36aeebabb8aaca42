import { sql } from 'drizzle-orm'
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { PROJECT_ROLES } from '../../lib/domain/test-management.ts'
import { LOCALES } from '../../lib/i18n/locales.ts'
import { projects } from './project.ts'
import { users } from './user.ts'

// An owner's invitation of an e-mail address to a project with a role: a one-time link `<id>.<secret>` of which only
// the secret's SHA-256 is kept (as password resets), valid for a week, used once (docs/decisions/028-invitations.md).
// A new link for the same invitation (resend) replaces the secret, so the old link stops working.
export const projectInvitations = sqliteTable(
  'project_invitation',
  {
    id: text('id').primaryKey(),
    secretHash: text('secret_hash').notNull(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: PROJECT_ROLES }).notNull(),
    /** The language of the e-mail and of the page the link opens. */
    locale: text('locale', { enum: LOCALES }).notNull(),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    /** When the link's one pass through the sign-up limit per client address was taken (docs/decisions/028). */
    signupPassAt: integer('signup_pass_at', { mode: 'timestamp_ms' }),
    acceptedAt: integer('accepted_at', { mode: 'timestamp_ms' }),
    acceptedBy: text('accepted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('project_invitation_project_idx').on(table.projectId),
    // One open invitation per address and project: a second invite of the same address is a resend.
    uniqueIndex('project_invitation_open_idx').on(table.projectId, table.email).where(sql`accepted_at IS NULL`),
  ],
)
