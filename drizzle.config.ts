import { defineConfig } from 'drizzle-kit'

// One set of SQLite migrations serves both libSQL (Node) and D1 (Workers); see docs/decisions/003-database.md.
export default defineConfig({
  dialect: 'sqlite',
  schema: './db/schema/index.ts',
  out: './db/migrations',
})
