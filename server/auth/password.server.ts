import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'
import { COMMON_PASSWORDS_TEXT } from './common-passwords.server.ts'

// OWASP's scrypt setting N=2^14, r=8, p=5: 16 MiB per hash, which fits a 128 MB Workers isolate; node:crypto
// provides scrypt on Node and, with nodejs_compat, on workerd, so a hash made on one verifies on the other.
export const SCRYPT_PARAMS = { N: 2 ** 14, r: 8, p: 5, keyLength: 32, saltLength: 16 } as const

export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_RECOMMENDED_LENGTH = 15
export const PASSWORD_MAX_LENGTH = 128

// scrypt runs on libuv's thread pool (4 threads by default), which also serves file reads, compression and DNS.
// A burst of sign-ins would take every thread for seconds; at most two hashes run at once, the rest queue here.
const MAX_CONCURRENT_HASHES = 2
let runningHashes = 0
const waitingHashes: Array<() => void> = []

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (runningHashes >= MAX_CONCURRENT_HASHES) await new Promise<void>((resolve) => waitingHashes.push(resolve))
  runningHashes++
  try {
    return await work()
  } finally {
    runningHashes--
    waitingHashes.shift()?.()
  }
}

function deriveKey(password: string, salt: Buffer, N: number, r: number, p: number, keyLength: number): Promise<Buffer> {
  return withHashSlot(() => scryptKey(password, salt, N, r, p, keyLength))
}

function scryptKey(password: string, salt: Buffer, N: number, r: number, p: number, keyLength: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // maxmem must cover 128·N·r bytes plus headroom, or node refuses large N.
    scrypt(password.normalize('NFKC'), salt, keyLength, { N, r, p, maxmem: 256 * N * r }, (error, key) =>
      error ? reject(error) : resolve(key),
    )
  })
}

/** `scrypt$N$r$p$salt$hash` (base64): the parameters are stored with each hash so they can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const { N, r, p, keyLength, saltLength } = SCRYPT_PARAMS
  const salt = randomBytes(saltLength)
  const key = await deriveKey(password, salt, N, r, p, keyLength)
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$')
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$')
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number]
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0)) return false
  const salt = Buffer.from(parts[4]!, 'base64')
  const expected = Buffer.from(parts[5]!, 'base64')
  // A hash without salt or key is corrupt; comparing two empty keys would otherwise "match".
  if (salt.length < 8 || expected.length < 16) return false
  const actual = await deriveKey(password, salt, N, r, p, expected.length)
  // Constant-time: the comparison takes as long whichever byte differs.
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}

/** Whether a stored hash was made with weaker parameters than today's, so it should be rehashed at sign-in. */
export function needsRehash(stored: string): boolean {
  const [, N, r, p] = stored.split('$')
  return Number(N) < SCRYPT_PARAMS.N || Number(r) < SCRYPT_PARAMS.r || Number(p) < SCRYPT_PARAMS.p
}

let commonPasswords: Set<string> | undefined

/** Among the most common passwords (case-insensitive), which attackers try first. */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(COMMON_PASSWORDS_TEXT.split('\n'))
  return commonPasswords.has(password.toLowerCase())
}

/** A hash to verify against when the account does not exist, so a wrong e-mail takes as long as a wrong password. */
let dummyHash: Promise<string> | undefined
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('portalscope-timing-equaliser')
  return dummyHash
}
