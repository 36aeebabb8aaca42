import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client.server.ts'

/** Whether the database answers at all (`select 1`), for the health check. */
export async function databaseAnswers(db: Database): Promise<boolean> {
  try {
    await db.run(sql`select 1`)
    return true
  } catch {
    return false
  }
}
