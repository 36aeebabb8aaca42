// Nothing a test does may reach beyond this machine (issue 30). Every test file starts with this (vitest.config.ts
// setupFiles): a DNS lookup of a name that is not this machine's own fails at once, without asking any resolver, and
// so does the test that made it, even when the code under test turned the failure into a "blocked" or "unreachable"
// result. The app's own guard (PORTALSCOPE_LOOPBACK_ONLY, server/outbound/guarded-fetch.server.ts) refuses earlier
// still and reports its refusals as PORTALSCOPE_OFF_MACHINE warnings, which fail the test the same way.

import dns from 'node:dns'
import { syncBuiltinESMExports } from 'node:module'
import { afterAll, afterEach } from 'vitest'
import { blockedAddressTextReason } from '../../server/outbound/ip-address.server.ts'

type Guard = { attempts: string[] }
const GUARD = Symbol.for('portalscope.loopback-only')
const state = globalThis as { [GUARD]?: Guard }

/** Names and addresses of this machine: `localhost`, `*.localhost` and loopback addresses. */
export function isThisMachine(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '')
  return /^localhost$|\.localhost$/i.test(host) || (blockedAddressTextReason(host) ?? '').startsWith('loopback')
}

function install(): Guard {
  const guard: Guard = { attempts: [] }
  const refusal = (hostname: string) => {
    guard.attempts.push(hostname)
    return Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname} (tests never resolve names beyond this machine)`), { code: 'ENOTFOUND', hostname })
  }
  const lookup = dns.lookup
  dns.lookup = function (this: unknown, hostname: string, ...rest: unknown[]) {
    if (isThisMachine(String(hostname))) return (lookup as (...args: unknown[]) => unknown).call(this, hostname, ...rest)
    const callback = rest.at(-1) as (error: Error) => void
    process.nextTick(() => callback(refusal(String(hostname))))
  } as typeof dns.lookup
  const lookupPromise = dns.promises.lookup
  dns.promises.lookup = function (this: unknown, hostname: string, ...rest: unknown[]) {
    if (isThisMachine(String(hostname))) return (lookupPromise as (...args: unknown[]) => unknown).call(this, hostname, ...rest)
    return Promise.reject(refusal(String(hostname)))
  } as typeof dns.promises.lookup
  // Resolver queries go to the network whatever the name: none is allowed.
  for (const name of ['resolve', 'resolve4', 'resolve6', 'resolveAny', 'resolveCname', 'resolveMx', 'resolveNs', 'resolveTxt', 'resolveSrv'] as const) {
    ;(dns as unknown as Record<string, unknown>)[name] = (hostname: string, ...rest: unknown[]) => {
      const callback = rest.at(-1) as (error: Error) => void
      process.nextTick(() => callback(refusal(String(hostname))))
    }
    ;(dns.promises as unknown as Record<string, unknown>)[name] = (hostname: string) => Promise.reject(refusal(String(hostname)))
  }
  syncBuiltinESMExports()
  process.on('warning', (warning) => {
    if ((warning as { code?: string }).code === 'PORTALSCOPE_OFF_MACHINE') guard.attempts.push(warning.message)
  })
  return guard
}

const guard = (state[GUARD] ??= install())

/** For the tests of the guard itself: what was refused so far, taken so that it does not fail the test. */
export function takeOffMachineAttempts(): string[] {
  return guard.attempts.splice(0)
}

function failOnAttempts(): void {
  const attempts = guard.attempts.splice(0)
  if (attempts.length) throw new Error(`This test tried to reach beyond this machine: ${[...new Set(attempts)].join(', ')}`)
}

afterEach(failOnAttempts)
afterAll(failOnAttempts)
