import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'

// Counted events behind every limit (server/queries/rate-events.server.ts): sign-in attempts, sign-ups, and work
// that reaches other people's servers. Kept in the database, not in memory, so the limits hold across processes and
// Workers isolates, and so that deciding and counting are one atomic statement.
// `scope` names the limit (`login-account`, `login-client`, `login-device`, `signup-client`, `harvest-user`, ...),
// `key` what it counts (an e-mail, a client address, a device, a user); `ref` ties the events of one attempt together.
export const rateEvents = sqliteTable(
  'rate_event',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
    ref: text('ref'),
  },
  (table) => [index('rate_event_lookup_idx').on(table.scope, table.key, table.at), index('rate_event_ref_idx').on(table.ref), index('rate_event_at_idx').on(table.at)],
)
