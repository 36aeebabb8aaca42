import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'

// Failed sign-ins, kept in the database (not in memory) so the limits hold across Workers isolates.
// `scope` is `account` (key: the e-mail as typed, lower-cased) or `client` (key: the client address).
export const loginFailures = sqliteTable(
  'login_failure',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    scope: text('scope', { enum: ['account', 'client'] }).notNull(),
    key: text('key').notNull(),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
  },
  (table) => [index('login_failure_lookup_idx').on(table.scope, table.key, table.at)],
)
