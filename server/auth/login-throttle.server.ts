import type { Database } from '../../db/client.server.ts'
import { clearLimit, releaseEvents, takeLimits, type Limit, type LimitDecision } from '../queries/rate-events.server.ts'

// Brute force (ASVS 6.3), without letting an attacker lock the owner out (docs/decisions/007-account-security.md):
// - an account takes 10 failed sign-ins in 15 minutes from browsers it does not know, wherever they come from;
// - a browser that signed in to the account before (a known device) has 10 of its own, so the owner keeps signing
//   in while the account is attacked from elsewhere;
// - a client address takes 50 across all accounts.
// An attempt is counted before the password is checked, in the same statement that decides whether it may be checked
// at all; the right password takes its own count back.
export const LOGIN_WINDOW_MS = 15 * 60 * 1000
export const ACCOUNT_FAILURE_LIMIT = 10
export const DEVICE_FAILURE_LIMIT = 10
export const CLIENT_FAILURE_LIMIT = 50
// Sign-ups: 10 an hour per client address (each costs a password hash, and the answer says whether an address is taken).
export const SIGNUP_WINDOW_MS = 60 * 60 * 1000
export const SIGNUP_LIMIT = 10

const ACCOUNT_SCOPE = 'login-account'
const DEVICE_SCOPE = 'login-device'

export type LoginKeys = { email: string; client: string | null; deviceId: string | null }

function loginLimits(keys: LoginKeys): Limit[] {
  const limits: Limit[] = [
    keys.deviceId
      ? { scope: DEVICE_SCOPE, key: keys.deviceId, limit: DEVICE_FAILURE_LIMIT, windowMs: LOGIN_WINDOW_MS }
      : { scope: ACCOUNT_SCOPE, key: keys.email, limit: ACCOUNT_FAILURE_LIMIT, windowMs: LOGIN_WINDOW_MS },
  ]
  if (keys.client) limits.push({ scope: 'login-client', key: keys.client, limit: CLIENT_FAILURE_LIMIT, windowMs: LOGIN_WINDOW_MS })
  return limits
}

/** Counts a sign-in attempt (as a failure until the password proves right), or refuses it with the wait. */
export function takeLoginAttempt(db: Database, keys: LoginKeys, attemptId: string, now = new Date()): Promise<LimitDecision> {
  return takeLimits(db, loginLimits(keys), { ref: attemptId, now })
}

/**
 * The right password: the attempt is not a failure, and the streak of failures it was counted in ends (statements for
 * the sign-in's batch). A known device ends only its own streak: the owner signing in does not give an attacker
 * elsewhere a fresh allowance against the account.
 */
export function forgiveLoginAttempt(db: Database, keys: LoginKeys, attemptId: string) {
  return [releaseEvents(db, attemptId), keys.deviceId ? clearLimit(db, DEVICE_SCOPE, keys.deviceId) : clearLimit(db, ACCOUNT_SCOPE, keys.email)]
}

/** Counts a sign-up from a client address, or refuses it with the wait. */
export function takeSignupAttempt(db: Database, client: string | null, now = new Date()): Promise<LimitDecision> {
  return takeLimits(db, [{ scope: 'signup-client', key: client ?? 'unknown', limit: SIGNUP_LIMIT, windowMs: SIGNUP_WINDOW_MS }], { now })
}
