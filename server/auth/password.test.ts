import { describe, expect, it } from 'vitest'
import { hashPassword, isCommonPassword, needsRehash, SCRYPT_PARAMS, verifyPassword } from './password.server.ts'

describe('password hashing', () => {
  it('stores scrypt with its parameters and verifies only the right password', async () => {
    const hash = await hashPassword('correct horse battery staple')
    expect(hash).toMatch(new RegExp(`^scrypt\\$${SCRYPT_PARAMS.N}\\$8\\$5\\$[A-Za-z0-9+/=]+\\$[A-Za-z0-9+/=]+$`))
    expect(await verifyPassword('correct horse battery staple', hash)).toBe(true)
    expect(await verifyPassword('correct horse battery stapler', hash)).toBe(false)
    expect(await hashPassword('correct horse battery staple')).not.toBe(hash)
  })

  it('verifies hashes made with other parameters and flags them for rehashing', async () => {
    // A hash made with N=2^10: still verifiable, and raised at the next sign-in.
    const { scryptSync, randomBytes } = await import('node:crypto')
    const salt = randomBytes(16)
    const key = scryptSync('legacy password', salt, 32, { N: 1024, r: 8, p: 1 })
    const legacy = `scrypt$1024$8$1$${salt.toString('base64')}$${key.toString('base64')}`
    expect(await verifyPassword('legacy password', legacy)).toBe(true)
    expect(needsRehash(legacy)).toBe(true)
    expect(needsRehash(await hashPassword('fresh password'))).toBe(false)
  })

  it('refuses malformed hashes', async () => {
    for (const broken of ['', 'bcrypt$x', 'scrypt$a$b$c$d$e', 'scrypt$16384$8$5$$']) {
      expect(await verifyPassword('anything', broken)).toBe(false)
    }
  })

  it('knows the most common passwords, whatever their case', () => {
    expect(isCommonPassword('password')).toBe(true)
    expect(isCommonPassword('12345678')).toBe(true)
    expect(isCommonPassword('QWERTYUIOP')).toBe(true)
    expect(isCommonPassword('velmi-dlouhé heslo, které nikdo nehádá')).toBe(false)
  })
})
