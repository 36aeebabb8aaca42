import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { users } from './user.ts'

// A personal API token for scripts, sent as `Authorization: Bearer <id>.<secret>`; only the secret's hash is stored.
export const apiTokens = sqliteTable(
  'api_token',
  {
    id: text('id').primaryKey(),
    secretHash: text('secret_hash').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    // 'read' tokens may call queries only; 'write' tokens may also change things.
    scope: text('scope', { enum: ['read', 'write'] }).notNull().default('write'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }),
    lastUsedAt: integer('last_used_at', { mode: 'timestamp_ms' }),
  },
  (table) => [index('api_token_user_idx').on(table.userId)],
)
