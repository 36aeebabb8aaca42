import { sha256 } from '@oslojs/crypto/sha2'
import { constantTimeEqual } from '@oslojs/crypto/subtle'
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding'

// Secrets of sessions, API tokens and reset links: `<id>.<secret>`, each part 160 bits from the platform CSPRNG
// (crypto.getRandomValues, on Node and workerd alike), lower-case base32 so they survive URLs and headers.
export function randomId(): string {
  const bytes = new Uint8Array(20)
  crypto.getRandomValues(bytes)
  return encodeBase32LowerCaseNoPadding(bytes)
}

export function hashSecret(secret: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(secret)))
}

/** Constant-time comparison of a presented secret against the stored hash. */
export function secretMatches(secret: string, storedHash: string): boolean {
  const presented = new TextEncoder().encode(hashSecret(secret))
  const stored = new TextEncoder().encode(storedHash)
  return presented.length === stored.length && constantTimeEqual(presented, stored)
}

export function newCompositeToken(): { id: string; secret: string; token: string; secretHash: string } {
  const id = randomId()
  const secret = randomId()
  return { id, secret, token: `${id}.${secret}`, secretHash: hashSecret(secret) }
}

export function splitCompositeToken(token: string): { id: string; secret: string } | null {
  const match = /^([a-z2-7]{32})\.([a-z2-7]{32})$/.exec(token)
  return match ? { id: match[1]!, secret: match[2]! } : null
}
