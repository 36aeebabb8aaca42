import { integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'

export const users = sqliteTable(
  'user',
  {
    id: text('id').primaryKey(),
    // Stored lower-cased and trimmed: one account per address whatever its capitalisation.
    email: text('email').notNull(),
    name: text('name').notNull(),
    // `scrypt$N$r$p$<salt b64>$<hash b64>`: parameters travel with each hash so they can be raised later.
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['admin', 'member'] }).notNull().default('member'),
    locale: text('locale'),
    theme: text('theme', { enum: ['light', 'dark'] }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (table) => [uniqueIndex('user_email_idx').on(table.email)],
)
