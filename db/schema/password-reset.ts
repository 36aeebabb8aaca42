import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { users } from './user.ts'

// A one-time password reset link made by an administrator (`npm run users -- reset-password`), valid for an hour.
export const passwordResets = sqliteTable('password_reset', {
  id: text('id').primaryKey(),
  secretHash: text('secret_hash').notNull(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
  usedAt: integer('used_at', { mode: 'timestamp_ms' }),
})
