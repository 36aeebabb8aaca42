import { asc, eq } from 'drizzle-orm'
import type { Database } from '../../db/client.server.ts'
import { portals } from '../../db/schema/portal.ts'

// The portal registry's rows. Registering a portal (probing it first), checking its health and seeding the featured
// portals of a fresh installation are server/ckan/portal-registry.server.ts.

export type PortalRow = typeof portals.$inferSelect

export async function listPortals(db: Database): Promise<PortalRow[]> {
  return db.select().from(portals).orderBy(asc(portals.name))
}

export async function findPortal(db: Database, id: string): Promise<PortalRow | undefined> {
  const [row] = await db.select().from(portals).where(eq(portals.id, id)).limit(1)
  return row
}

export async function isPortalIdTaken(db: Database, id: string): Promise<boolean> {
  const [taken] = await db.select({ id: portals.id }).from(portals).where(eq(portals.id, id)).limit(1)
  return !!taken
}

export async function insertPortal(db: Database, row: typeof portals.$inferInsert): Promise<void> {
  await db.insert(portals).values(row)
}

export async function updatePortal(db: Database, id: string, changes: Partial<PortalRow>): Promise<void> {
  await db.update(portals).set(changes).where(eq(portals.id, id))
}

/**
 * Removes a portal with everything harvested from it. Its harvest runs go too (the foreign keys cascade), and that is
 * how a harvest in progress is cancelled: it finds its run gone before asking for its next page, and ends there.
 */
export async function removePortal(db: Database, id: string): Promise<boolean> {
  const removed = await db.delete(portals).where(eq(portals.id, id)).returning({ id: portals.id })
  return removed.length > 0
}
