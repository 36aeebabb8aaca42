// One request of the link checker (docs/link-check.md): every address it calls passes the SSRF guard, the request waits
// for its server's turn (link-check-politeness.server.ts), and a body is only peeked at. Also the run every step of a
// check shares: its settings and what it keeps while it runs.

import { blockedErrorIn, outboundAddress, untilAborted, type OutboundPolicy } from './guarded-fetch.server.ts'
import { isCkanError } from './errors.server.ts'
import { assertCallableUrl, type Lookup } from './ssrf.server.ts'
import type { Robots } from './robots.server.ts'
import { clockOf, inTurn, type ServerClock } from './link-check-politeness.server.ts'
import type { LinkCheckError } from './link-check-result.server.ts'
import { madeBy } from '../../lib/made-by.ts'

/** A check's settings (its options, defaults filled in) and what it keeps while it runs. */
export type LinkCheckRun = {
  policy: OutboundPolicy
  fetch: (url: URL, init: RequestInit & { address?: string }) => Promise<Response>
  lookup: Lookup | undefined
  userAgent: string
  /** The user agent's product token, the name robots.txt groups are matched against. */
  token: string
  baseDelayMs: number
  timeoutMs: number
  concurrency: number
  maxRedirects: number
  peekBytes: number
  now: () => Date
  clock: () => number
  pause: (ms: number) => Promise<void>
  /** Aborted when the caller cancels the run, or when onResult throws. */
  stop: AbortController
  throwIfStopped: () => void
  clocks: Map<string, ServerClock>
  /** Each name's address, found once per run: the key of its server's clock, and where its requests connect. */
  addresses: Map<string, Promise<string>>
  /** robots.txt by origin, fetched once per run (link-check-robots.server.ts). */
  robots: Map<string, Promise<RobotsOutcome>>
}

export type RobotsOutcome = { robots: Robots } | { error: LinkCheckError }

export type Method = 'HEAD' | 'GET'
export type Attempt = { method: Method; range: boolean }
export type Exchange = { status: number; headers: Headers; bytesRead: number; ended: boolean; body: Uint8Array | null }
type Peeked = { bytesRead: number; ended: boolean; body: Uint8Array | null }

export const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308])
const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_NODATA', 'ENODATA'])

/** Thrown inside the run when it is cancelled; never escapes checkLinks. */
export class Stopped extends Error {}

/** A request that got no usable answer, classified. */
export class RequestFailure extends Error {
  readonly kind: LinkCheckError
  constructor(kind: LinkCheckError) {
    super(kind)
    this.kind = kind
  }
}

export function httpUrl(raw: string, base?: URL): URL | null {
  let url: URL
  try {
    url = new URL(raw.trim(), base)
  } catch {
    return null
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url : null
}

function errorCodes(error: unknown, depth = 0): string[] {
  if (!error || typeof error !== 'object' || depth > 4) return []
  const { code, cause, errors } = error as { code?: unknown; cause?: unknown; errors?: unknown }
  const codes = typeof code === 'string' ? [code] : []
  codes.push(...errorCodes(cause, depth + 1))
  // Happy-eyeballs connection attempts fail as an AggregateError with one error per address.
  if (Array.isArray(errors)) for (const inner of errors) codes.push(...errorCodes(inner, depth + 1))
  return codes
}

export function classify(error: unknown): LinkCheckError {
  if (madeBy(error, RequestFailure)) return error.kind
  if (blockedErrorIn(error)) return 'blocked'
  if (isCkanError(error)) {
    if (error.kind === 'blocked') return 'blocked'
    if (error.kind === 'unreachable') return 'dns' // the guard's own lookup did not resolve the name
    return error.kind === 'timeout' ? 'timeout' : 'network'
  }
  const codes = errorCodes(error)
  if (codes.some((code) => DNS_CODES.has(code))) return 'dns'
  if (codes.includes('ECONNREFUSED')) return 'refused'
  if ((error as { name?: string } | null)?.name === 'TimeoutError') return 'timeout'
  return 'network'
}

/** The address a URL's host name resolves to, looked up once per run. */
export function addressOf(run: LinkCheckRun, url: URL): Promise<string> {
  let address = run.addresses.get(url.hostname)
  if (!address) {
    const resolver = { ...run.policy, ...(run.lookup ? { lookup: run.lookup } : {}) }
    run.addresses.set(url.hostname, (address = outboundAddress(url, resolver, AbortSignal.any([AbortSignal.timeout(run.timeoutMs), run.stop.signal]))))
  }
  return address
}

/** The SSRF guard's verdict on a URL about to be called: null, or why it may not be. */
export async function guard(run: LinkCheckRun, url: URL): Promise<LinkCheckError | null> {
  try {
    await untilAborted(assertCallableUrl(url.href, { ...run.policy, lookup: run.lookup }), AbortSignal.any([AbortSignal.timeout(run.timeoutMs), run.stop.signal]))
    return null
  } catch (error) {
    run.throwIfStopped()
    return classify(error)
  }
}

/**
 * One request, run in turn with every other request to the same server (its address), after the server's delay.
 * Any host, not only the one a worker owns, goes through here: redirect hops to another host are paced by that
 * server's clock too. `spent` adds the time the request itself took.
 */
export async function request(run: LinkCheckRun, url: URL, attempt: Attempt, readLimit: number, spent: { ms: number }, keepBody = false): Promise<Exchange> {
  let address: string
  try {
    address = await addressOf(run, url)
  } catch (error) {
    run.throwIfStopped()
    throw new RequestFailure(classify(error))
  }
  return inTurn(clockOf(run.clocks, address, run.baseDelayMs), run, (started) => send(run, url, address, attempt, readLimit, keepBody, started, spent))
}

/** The request itself, in its server's turn: the answer's status and headers, and a peek at its body. */
async function send(run: LinkCheckRun, url: URL, address: string, attempt: Attempt, readLimit: number, keepBody: boolean, started: number, spent: { ms: number }): Promise<Exchange> {
  const timeout = AbortSignal.timeout(run.timeoutMs)
  const headers: Record<string, string> = {
    'user-agent': run.userAgent,
    accept: '*/*',
    // The size of the file, not of a compressed transfer of it.
    'accept-encoding': 'identity',
  }
  if (attempt.range) headers.range = `bytes=0-${run.peekBytes - 1}`
  try {
    const response = await run.fetch(url, { method: attempt.method, headers, redirect: 'manual', signal: AbortSignal.any([timeout, run.stop.signal]), address })
    let body: Peeked = { bytesRead: 0, ended: false, body: null }
    const success = response.status >= 200 && response.status < 300
    // Redirect bodies are never read, nor error pages when the body itself is what we came for (robots.txt).
    if (REDIRECT_STATUSES.has(response.status) || readLimit === 0 || (keepBody && !success)) await response.body?.cancel().catch(() => undefined)
    else body = await peek(response, readLimit, keepBody)
    run.throwIfStopped()
    return { status: response.status, headers: response.headers, ...body }
  } catch (error) {
    run.throwIfStopped()
    throw new RequestFailure(timeout.aborted ? 'timeout' : classify(error))
  } finally {
    spent.ms += run.clock() - started
  }
}

/**
 * Reads at most `limit` bytes of a body (kept only when asked), then cancels the rest. A stalled or broken body is
 * not an error here: the headers already answered, and only the size stays unknown.
 */
async function peek(response: Response, limit: number, keep: boolean): Promise<Peeked> {
  const chunks: Uint8Array[] = []
  let bytesRead = 0
  let ended = false
  if (response.body) {
    const reader = response.body.getReader()
    try {
      while (bytesRead < limit) {
        const { done, value } = await reader.read()
        if (done) {
          ended = true
          break
        }
        const part = value.subarray(0, limit - bytesRead)
        if (keep) chunks.push(part)
        bytesRead += part.byteLength
      }
      if (!ended) await reader.cancel().catch(() => undefined)
    } catch {
      ended = false
    }
  } else ended = true
  if (!keep) return { bytesRead, ended, body: null }
  const body = new Uint8Array(bytesRead)
  let offset = 0
  for (const chunk of chunks) {
    body.set(chunk, offset)
    offset += chunk.byteLength
  }
  return { bytesRead, ended, body }
}
