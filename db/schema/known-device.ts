import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { users } from './user.ts'

// A browser that has signed in to an account with the right password before. Its cookie holds `<id>.<secret>`; only
// the SHA-256 of the secret is stored. A known device keeps signing in while the account is under attack from
// elsewhere (docs/decisions/007-account-security.md).
export const knownDevices = sqliteTable(
  'known_device',
  {
    id: text('id').primaryKey(),
    secretHash: text('secret_hash').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    lastUsedAt: integer('last_used_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (table) => [index('known_device_user_idx').on(table.userId, table.lastUsedAt)],
)
