import { and, desc, eq, notInArray } from 'drizzle-orm'
import type { Database } from '../../db/client.server.ts'
import { knownDevices } from '../../db/schema/known-device.ts'
import { newCompositeToken, secretMatches, splitCompositeToken } from './tokens.server.ts'

// Known devices (docs/decisions/007-account-security.md): a browser that signed in with the right password gets a
// long-lived cookie naming it, so that sign-in limits reached by an attacker elsewhere do not lock it out.

export const DEVICE_COOKIE = 'portalscope_device'
// Over https the __Host- prefix makes the browser refuse the cookie unless it is Secure, path=/ and host-only.
export const SECURE_DEVICE_COOKIE = '__Host-portalscope_device'
const DEVICE_LIFETIME_MS = 365 * 24 * 60 * 60 * 1000
/** Devices remembered per account; older ones are forgotten. */
const DEVICES_PER_USER = 20

export function deviceCookieName(secure: boolean): string {
  return secure ? SECURE_DEVICE_COOKIE : DEVICE_COOKIE
}

export function deviceCookie(token: string, secure: boolean): string {
  // HttpOnly: scripts cannot read it; it proves nothing alone (the password is still needed).
  return `${deviceCookieName(secure)}=${token}; Path=/; Max-Age=${DEVICE_LIFETIME_MS / 1000}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`
}

/** The device behind a cookie value, when it is one of this user's; null otherwise. */
export async function deviceKnownFor(db: Database, token: string | undefined, userId: string): Promise<{ id: string } | null> {
  const parts = token ? splitCompositeToken(token) : null
  if (!parts) return null
  const [row] = await db.select({ id: knownDevices.id, userId: knownDevices.userId, secretHash: knownDevices.secretHash }).from(knownDevices).where(eq(knownDevices.id, parts.id)).limit(1)
  if (!row || row.userId !== userId || !secretMatches(parts.secret, row.secretHash)) return null
  return { id: row.id }
}

/**
 * After the right password: the statements that remember this browser (a new device, or the known one used again),
 * for the sign-in's batch, and the cookie to set when it is new.
 */
export function rememberDevice(db: Database, userId: string, known: { id: string } | null, now = new Date()): { statements: unknown[]; cookieToken: string | null } {
  if (known) return { statements: [db.update(knownDevices).set({ lastUsedAt: now }).where(eq(knownDevices.id, known.id))], cookieToken: null }
  const { id, token, secretHash } = newCompositeToken()
  return {
    statements: [
      db.insert(knownDevices).values({ id, secretHash, userId, createdAt: now, lastUsedAt: now }),
      // Only the most recently used devices are remembered.
      db.delete(knownDevices).where(
        and(
          eq(knownDevices.userId, userId),
          notInArray(
            knownDevices.id,
            db.select({ id: knownDevices.id }).from(knownDevices).where(eq(knownDevices.userId, userId)).orderBy(desc(knownDevices.lastUsedAt)).limit(DEVICES_PER_USER),
          ),
        ),
      ),
    ],
    cookieToken: token,
  }
}
