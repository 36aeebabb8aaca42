import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { users } from './user.ts'

// A browser session. The cookie holds `<id>.<secret>`; only the SHA-256 of the secret is stored (server/auth/session.server.ts).
export const sessions = sqliteTable(
  'session',
  {
    id: text('id').primaryKey(),
    secretHash: text('secret_hash').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    lastVerifiedAt: integer('last_verified_at', { mode: 'timestamp_ms' }).notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    absoluteExpiresAt: integer('absolute_expires_at', { mode: 'timestamp_ms' }).notNull(),
    userAgent: text('user_agent'),
  },
  (table) => [index('session_user_idx').on(table.userId)],
)
