// One request to a resource URL for an automated check (docs/checks.md), keeping what the check's evidence needs:
// every attempt with its timing, the redirect chain, the final status and headers, and (when the body is read) its
// size, SHA-256 and a short excerpt. Politeness as the harvester's: the address guard on every hop (guardedFetch),
// robots.txt, and a gate per server address, whatever name it is reached by (two requests in flight, a pause between
// starts, a circuit breaker), which robots.txt itself goes through too.

import { SHA256 } from '@oslojs/crypto/sha2'
import { encodeHexLowerCase } from '@oslojs/encoding'
import type { CheckAttempt } from '../../lib/domain/checks.ts'
import { isCkanError } from './errors.server.ts'
import { assertOutboundUrl, blockedErrorIn, guardedFetch, outboundAddress, type OutboundPolicy } from './guarded-fetch.server.ts'
import { gateFor } from './portal-gate.server.ts'
import { isAllowed, productToken, robotsFromResponse, ROBOTS_MAX_BYTES, type Robots } from './robots.server.ts'

export const PROBE_USER_AGENT = 'Portalscope-Checker/1.0 (+https://github.com/portalscope)'

/** Why a probe got no usable answer. */
export type ProbeError = 'invalid-url' | 'blocked' | 'robots' | 'timeout' | 'unreachable' | 'too-many-redirects' | 'too-large' | 'circuit-open'

export type ProbeResult = {
  request: { method: 'HEAD' | 'GET'; url: string }
  finalUrl: string | null
  status: number | null
  headers: { contentType: string | null; contentLength: string | null; etag: string | null; lastModified: string | null }
  /** Every hop after the first, in order. */
  redirects: string[]
  attempts: CheckAttempt[]
  error: ProbeError | null
  /** Set when the body was read to its end (GET with `readBody`). */
  body: Uint8Array | null
  bytes: number | null
  hash: string | null
  /** The first few hundred characters of a body that was read (or peeked), as text. */
  excerpt: string | null
  latencyMs: number | null
}

export type ProbeOptions = {
  /** GET even when a HEAD would do: map services (WMS, WFS, ...) answer HEAD badly, and some checks need the body. */
  get: boolean
  /** Read the whole body (up to maxBytes) for hashing or parsing; otherwise only a peek for the excerpt. */
  readBody: boolean
  maxBytes?: number
  timeoutMs?: number
  maxRedirects?: number
  policy?: OutboundPolicy
  /** Tests: a stand-in for the network. */
  fetch?: typeof fetch
  now?: () => Date
  /** Stops the probe (a cancelled check): requests in flight are aborted and no other is sent. */
  signal?: AbortSignal
}

const REDIRECTS = new Set([301, 302, 303, 307, 308])
const HEAD_UNSUPPORTED = new Set([405, 501])
const PEEK_BYTES = 64 * 1024
const EXCERPT_CHARS = 400
export const PROBE_MAX_BYTES = 20 * 1024 * 1024
const ROBOTS_TTL_MS = 10 * 60 * 1000

const robotsCache = new Map<string, { robots: Robots; until: number }>()

function header(headers: Headers, name: string): string | null {
  return headers.get(name)
}

function excerptOf(bytes: Uint8Array): string {
  return new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, Math.min(bytes.byteLength, 2048))).slice(0, EXCERPT_CHARS)
}

function errorKind(error: unknown, timedOut: boolean): ProbeError {
  if (timedOut) return 'timeout'
  if (blockedErrorIn(error)) return 'blocked'
  if (isCkanError(error) && error.kind === 'circuit-open') return 'circuit-open'
  if ((error as { code?: unknown } | null)?.code === 'ETOOMANYREDIRECTS') return 'too-many-redirects'
  const name = (error as { name?: string } | null)?.name
  return name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'unreachable'
}

async function robotsOf(origin: URL, send: (url: URL, init: RequestInit) => Promise<Response>, now: number, signal: AbortSignal | undefined): Promise<Robots> {
  const cached = robotsCache.get(origin.origin)
  if (cached && cached.until > now) return cached.robots
  let robots: Robots
  try {
    const timeout = AbortSignal.timeout(10_000)
    const response = await send(new URL('/robots.txt', origin), { headers: { 'user-agent': PROBE_USER_AGENT }, signal: signal ? AbortSignal.any([timeout, signal]) : timeout, redirect: 'follow' })
    const ok = response.status >= 200 && response.status < 300
    // The body is kept: it is the rules.
    const { body } = ok ? await readLimited(response, ROBOTS_MAX_BYTES, true) : { body: null }
    if (!ok) await response.body?.cancel().catch(() => undefined)
    robots = robotsFromResponse(response.status, body ? new TextDecoder().decode(body) : '')
  } catch {
    // No answer for robots.txt: the site is asked again next time; the resource request itself will tell why.
    return robotsFromResponse(404)
  }
  if (robotsCache.size > 5000) robotsCache.delete(robotsCache.keys().next().value as string)
  robotsCache.set(origin.origin, { robots, until: now + ROBOTS_TTL_MS })
  return robots
}

/** Reads a body up to `max` bytes, hashing as it goes; over the cap, reading stops and `over` says so. */
async function readLimited(response: Response, max: number, keep: boolean): Promise<{ body: Uint8Array | null; bytes: number; hash: string; over: boolean; peek: Uint8Array }> {
  const hash = new SHA256()
  const chunks: Uint8Array[] = []
  let bytes = 0
  let peek = new Uint8Array(0)
  if (response.body) {
    const reader = response.body.getReader()
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      bytes += value.byteLength
      if (peek.byteLength < PEEK_BYTES) {
        const joined = new Uint8Array(Math.min(PEEK_BYTES, peek.byteLength + value.byteLength))
        joined.set(peek)
        joined.set(value.subarray(0, joined.byteLength - peek.byteLength), peek.byteLength)
        peek = joined
      }
      if (bytes > max) {
        await reader.cancel().catch(() => undefined)
        return { body: null, bytes, hash: '', over: true, peek }
      }
      hash.update(value)
      if (keep) chunks.push(value)
    }
  }
  let body: Uint8Array | null = null
  if (keep) {
    body = new Uint8Array(bytes)
    let offset = 0
    for (const chunk of chunks) {
      body.set(chunk, offset)
      offset += chunk.byteLength
    }
  }
  return { body, bytes, hash: encodeHexLowerCase(hash.digest()), over: false, peek }
}

/**
 * Calls a resource URL as a check does: HEAD unless `get`, falling back to GET on 405 and 501; redirects followed here
 * (each hop guarded and kept); never throws for a network failure, which comes back as `error`.
 */
export async function probeResource(raw: string, options: ProbeOptions): Promise<ProbeResult> {
  const now = options.now ?? (() => new Date())
  const timeoutMs = options.timeoutMs ?? 15_000
  const maxRedirects = options.maxRedirects ?? 5
  const maxBytes = options.maxBytes ?? PROBE_MAX_BYTES
  const policy = options.policy
  const signal = options.signal
  /**
   * One request, in turn with every other request to the same server: the gate is the address the name resolves to,
   * so many names of one server share it, and the request is pinned to that address.
   */
  const send = async (url: URL, init: RequestInit): Promise<Response> => {
    const address = await outboundAddress(url, policy, init.signal ?? undefined)
    const call = () => (options.fetch ? options.fetch(url, init) : guardedFetch(url, { ...init, address, ...(policy ? { policy } : {}) }))
    return gateFor(address).run(call, (error) => !blockedErrorIn(error), signal)
  }
  const result: ProbeResult = {
    request: { method: options.get ? 'GET' : 'HEAD', url: raw },
    finalUrl: null,
    status: null,
    headers: { contentType: null, contentLength: null, etag: null, lastModified: null },
    redirects: [],
    attempts: [],
    error: null,
    body: null,
    bytes: null,
    hash: null,
    excerpt: null,
    latencyMs: null,
  }
  let start: URL
  try {
    start = assertOutboundUrl(raw.trim(), policy)
  } catch (error) {
    result.error = /valid URL|http and https/.test((error as Error).message) ? 'invalid-url' : 'blocked'
    return result
  }
  start.hash = ''
  result.request.url = start.href
  if (!isAllowed(await robotsOf(start, send, now().getTime(), signal), productToken(PROBE_USER_AGENT), start.pathname + start.search)) {
    result.error = 'robots'
    return result
  }

  let method: 'HEAD' | 'GET' = options.get ? 'GET' : 'HEAD'
  for (;;) {
    result.request.method = method
    result.redirects = []
    let current = start
    let response: Response
    for (let hops = 0; ; hops++) {
      const at = now()
      const timeout = AbortSignal.timeout(timeoutMs)
      const attempt: CheckAttempt = { at: at.toISOString(), method, url: current.href, status: null, ms: 0, error: null }
      result.attempts.push(attempt)
      try {
        const headers = { 'user-agent': PROBE_USER_AGENT, accept: '*/*', 'accept-encoding': 'identity' }
        response = await send(current, { method, headers, redirect: 'manual', signal: signal ? AbortSignal.any([timeout, signal]) : timeout })
      } catch (error) {
        attempt.ms = now().getTime() - at.getTime()
        const kind = errorKind(error, timeout.aborted)
        attempt.error = kind
        result.error = kind
        result.finalUrl = current.href
        return result
      }
      attempt.ms = now().getTime() - at.getTime()
      attempt.status = response.status
      const location = REDIRECTS.has(response.status) ? response.headers.get('location') : null
      if (!location) break
      await response.body?.cancel().catch(() => undefined)
      let next: URL
      try {
        next = assertOutboundUrl(new URL(location, current), policy)
      } catch (error) {
        result.finalUrl = location
        result.status = response.status
        result.error = /valid URL|http and https/.test((error as Error).message) ? 'invalid-url' : 'blocked'
        return result
      }
      if (hops >= maxRedirects) {
        result.status = response.status
        result.finalUrl = next.href
        result.error = 'too-many-redirects'
        return result
      }
      next.hash = ''
      result.redirects.push(next.href)
      current = next
    }
    if (method === 'HEAD' && HEAD_UNSUPPORTED.has(response.status)) {
      await response.body?.cancel().catch(() => undefined)
      method = 'GET'
      continue
    }
    result.finalUrl = current.href
    result.status = response.status
    result.latencyMs = result.attempts.reduce((sum, attempt) => sum + attempt.ms, 0)
    result.headers = {
      contentType: header(response.headers, 'content-type'),
      contentLength: header(response.headers, 'content-length'),
      etag: header(response.headers, 'etag'),
      lastModified: header(response.headers, 'last-modified'),
    }
    if (method === 'GET') {
      const success = response.status >= 200 && response.status < 300
      const read = await readLimited(response, success && options.readBody ? maxBytes : PEEK_BYTES, success && options.readBody).catch((error: unknown) => {
        result.error = errorKind(error, false)
        return null
      })
      if (read) {
        result.excerpt = excerptOf(read.peek)
        if (read.over && success && options.readBody) result.error = 'too-large'
        else if (!read.over) {
          result.bytes = read.bytes
          result.hash = read.hash
          result.body = read.body
        }
      }
    } else await response.body?.cancel().catch(() => undefined)
    return result
  }
}

/** Whether a 200 body is a map service's error report rather than data (OGC ServiceExceptionReport, OWS ExceptionReport). */
export function isServiceError(excerpt: string | null): boolean {
  return excerpt !== null && /<(\w+:)?(ServiceExceptionReport|ExceptionReport)\b/.test(excerpt)
}

/** Map services answer HEAD badly and need a GET to be judged (the rule: GET always for WMS/WFS/WMTS/WCS). */
export function isMapService(url: string, format: string | null): boolean {
  if (format && /^(wms|wfs|wmts|wcs)$/i.test(format.trim())) return true
  try {
    const service = new URL(url).searchParams.get('service') ?? new URL(url).searchParams.get('SERVICE')
    if (service && /^(wms|wfs|wmts|wcs)$/i.test(service)) return true
  } catch {
    return false
  }
  return /\/(wms|wfs|wmts|wcs)(server)?\b/i.test(url)
}
