// A polite checker for resource URLs (docs/link-check.md). It calls other people's servers on a user's behalf, so:
// every address (each redirect hop included) passes the SSRF guard, robots.txt is obeyed, one server (by the address
// its name resolves to) sees one request at a time with a pause between them, and bodies are only peeked at. Plain
// fetch and timers: Node and Workers alike.

import { blockedErrorIn, guardedFetch, outboundAddress, untilAborted, type GuardedInit, type OutboundPolicy } from './guarded-fetch.server.ts'
import { isCkanError } from './errors.server.ts'
import { assertCallableUrl, type Lookup } from './ssrf.server.ts'
import { ALLOW_ALL, DISALLOW_ALL, ROBOTS_MAX_BYTES, crawlDelaySeconds, isAllowed, productToken, robotsFromResponse, type Robots } from './robots.server.ts'
import { madeBy } from '../../lib/made-by.ts'

export type LinkCheckError = 'timeout' | 'dns' | 'refused' | 'blocked' | 'robots' | 'too-many-redirects' | 'invalid-url' | 'network'

export type LinkCheckResult = {
  url: string
  /** 2xx at the end of a redirect chain that stayed within the limit (206 to a ranged GET included). */
  ok: boolean
  /** Final HTTP status; null when no response. */
  status: number | null
  /** Media type without parameters, lower-case. */
  contentType: string | null
  /** Content-Range total or Content-Length of the final response, or the bytes read when the body ended within the peek. */
  size: number | null
  /** The last address of the chain; for a chain cut short (blocked, robots, too many redirects), where it led next. */
  finalUrl: string | null
  error: LinkCheckError | null
  method: 'HEAD' | 'GET' | null
  checkedAt: Date
  /** Time spent in this URL's own requests; politeness pauses and robots.txt are not counted. */
  ms: number
}

export type LinkCheckOptions = {
  /** Tests only: a stand-in for the network (by default every request goes through guardedFetch, pinned to `address`). */
  fetch?: (url: URL, init: RequestInit & { address?: string }) => Promise<Response>
  /** Tests: the outbound policy itself, instead of the one `allowPrivate` makes. */
  policy?: OutboundPolicy
  /** Its product token (`Portalscope-LinkChecker`) is the name robots.txt groups are matched against. */
  userAgent?: string
  /** Passed to assertCallableUrl for every address called: each URL, each redirect hop, each robots.txt. */
  allowPrivate?: boolean
  /**
   * The guard's DNS resolver (assertCallableUrl's `lookup`, and the one that finds the address politeness is kept
   * for); the default resolves through node:dns where there is one.
   */
  lookup?: Lookup
  /**
   * Minimum gap between the starts of two requests to one server, by the address its name resolves to (default 1000);
   * robots Crawl-delay raises it, capped at 30 s.
   */
  perDomainDelayMs?: number
  /** Per request, headers and peeked body together (default 10000). */
  timeoutMs?: number
  /** Hosts checked in parallel (default 4); one server (one address) is always sequential. */
  concurrency?: number
  maxRedirects?: number
  /** A GET reads at most this many bytes, then cancels the body (default 1024). */
  peekBytes?: number
  /** Cancels the whole run; URLs not finished by then are simply not returned. */
  signal?: AbortSignal
  /** Called once per URL as soon as its check ends, and awaited; if it throws, the run stops and checkLinks rejects. */
  onResult?: (result: LinkCheckResult) => void | Promise<void>
  now?: () => Date
  sleep?: (ms: number) => Promise<void>
}

export type LinkCheckSummary = {
  total: number
  ok: number
  /** Answered, but not with a 2xx (4xx, 5xx, a redirect without Location, a chain over the limit). */
  broken: number
  /** No answer: timeout, DNS, refused, other network failure. */
  unreachable: number
  /** Not called: refused by the SSRF guard or by robots.txt. */
  blocked: number
  /** Not an http(s) URL. */
  invalid: number
}

export const DEFAULT_LINK_CHECK_USER_AGENT = 'Portalscope-LinkChecker/1.0 (+https://github.com/portalscope)'
export const MAX_CRAWL_DELAY_MS = 30_000

/**
 * HEAD answers that say more about the server's HEAD handling than about the resource, so a GET is tried:
 * 405 and 501 (HEAD unsupported by the server), 400 and 403 (WAFs and method-signed URLs such as S3's that refuse HEAD),
 * 404 (application routers that register only GET), 406 (content negotiation that fails without a body),
 * 500 (download scripts that crash on HEAD). Not retried: 401/407 (a GET needs the same credentials), 410 (gone for
 * good), 429 and 502–504 (an overloaded server should not get a second request at once).
 */
export const HEAD_FALLBACK_STATUSES: ReadonlySet<number> = new Set([400, 403, 404, 405, 406, 500, 501])

const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308])
// RFC 9309 §2.3.1.2: follow at least five redirects for robots.txt.
const ROBOTS_MAX_REDIRECTS = 5
const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_NODATA', 'ENODATA'])

type Method = 'HEAD' | 'GET'
type Attempt = { method: Method; range: boolean }
type Exchange = { status: number; headers: Headers; bytesRead: number; ended: boolean; body: Uint8Array | null }
type Outcome = Omit<LinkCheckResult, 'url' | 'checkedAt' | 'ms'>
type RobotsOutcome = { robots: Robots } | { error: LinkCheckError }
type HostState = { tail: Promise<void>; lastStart: number | null; delayMs: number }

/**
 * Each server's clock, by the address its names resolve to, shared by every check in this process: ten portal checks
 * at once, or twelve names of one server, still send it one request at a time, a second apart (politeness is per
 * server, not per call or per name). Bounded: the oldest addresses are forgotten.
 */
const SHARED_HOSTS = new Map<string, HostState>()
const MAX_SHARED_HOSTS = 10_000

/** Thrown inside the run when it is cancelled; never escapes checkLinks. */
class Stopped extends Error {}

/** A request that got no usable answer, classified. */
class RequestFailure extends Error {
  readonly kind: LinkCheckError
  constructor(kind: LinkCheckError) {
    super(kind)
    this.kind = kind
  }
}

function httpUrl(raw: string, base?: URL): URL | null {
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

function classify(error: unknown): LinkCheckError {
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

function mediaType(header: string | null): string | null {
  const type = header?.split(';')[0]?.trim().toLowerCase()
  return type || null
}

function byteCount(header: string | null): number | null {
  return header !== null && /^\s*\d+\s*$/.test(header) ? Number(header) : null
}

function sizeOf(exchange: Exchange, method: Method): number | null {
  const total = /\/\s*(\d+)\s*$/.exec(exchange.headers.get('content-range') ?? '')
  if (exchange.status === 206 && total) return Number(total[1])
  // A 206's Content-Length is the length of the part, not of the resource.
  const length = exchange.status === 206 ? null : byteCount(exchange.headers.get('content-length'))
  if (length !== null) return length
  return method === 'GET' && exchange.ended ? exchange.bytesRead : null
}

function pauseUnlessAborted(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve()
    const done = () => {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    signal.addEventListener('abort', done, { once: true })
  })
}

/**
 * Reads at most `limit` bytes of a body (kept only when asked), then cancels the rest. A stalled or broken body is
 * not an error here: the headers already answered, and only the size stays unknown.
 */
async function peek(response: Response, limit: number, keep: boolean): Promise<{ bytesRead: number; ended: boolean; body: Uint8Array | null }> {
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

/**
 * Checks each distinct URL once and resolves with one result per distinct input string, in input order. URLs that
 * differ only in ways that do not reach the server (fragment, letter case of the host, default port) share one check.
 * Never rejects for a bad URL; rejects only when onResult throws.
 */
export async function checkLinks(urls: string[], options: LinkCheckOptions = {}): Promise<LinkCheckResult[]> {
  const allowPrivate = options.allowPrivate ?? false
  // Every request through the outbound guard: the address connected to is checked too, not only the name.
  const policy = options.policy ?? { allowPrivate }
  const doFetch = options.fetch ?? ((url: URL, init: GuardedInit) => guardedFetch(url, { ...init, policy }))
  const userAgent = options.userAgent ?? DEFAULT_LINK_CHECK_USER_AGENT
  const token = productToken(userAgent)
  const baseDelayMs = Math.max(0, options.perDomainDelayMs ?? 1000)
  const timeoutMs = Math.max(1, options.timeoutMs ?? 10_000)
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? 4))
  const maxRedirects = Math.max(0, options.maxRedirects ?? 5)
  const peekBytes = Math.max(1, Math.floor(options.peekBytes ?? 1024))
  const now = options.now ?? (() => new Date())
  const clock = () => now().getTime()

  const stop = new AbortController()
  const forwardAbort = () => stop.abort()
  if (options.signal?.aborted) stop.abort()
  options.signal?.addEventListener('abort', forwardAbort, { once: true })
  const pause = (ms: number) => (options.sleep ? options.sleep(ms) : pauseUnlessAborted(ms, stop.signal))
  const throwIfStopped = () => {
    if (stop.signal.aborted) throw new Stopped()
  }

  // A check with its own clock or sleep (tests) keeps its own hosts; real checks share the process's.
  const hosts = options.now || options.sleep ? new Map<string, HostState>() : SHARED_HOSTS
  const robotsByOrigin = new Map<string, Promise<RobotsOutcome>>()
  // Each name's address, found once per run: the key of its server's clock, and where its requests connect.
  const addresses = new Map<string, Promise<string>>()
  const resolver = { ...policy, ...(options.lookup ? { lookup: options.lookup } : {}) }

  function addressOf(url: URL): Promise<string> {
    let address = addresses.get(url.hostname)
    if (!address) addresses.set(url.hostname, (address = outboundAddress(url, resolver, AbortSignal.any([AbortSignal.timeout(timeoutMs), stop.signal]))))
    return address
  }

  function hostState(address: string): HostState {
    let host = hosts.get(address)
    if (!host) {
      if (hosts.size >= MAX_SHARED_HOSTS) hosts.delete(hosts.keys().next().value as string)
      hosts.set(address, (host = { tail: Promise.resolve(), lastStart: null, delayMs: baseDelayMs }))
    }
    // The politest of the callers sets the pace.
    host.delayMs = Math.max(host.delayMs, baseDelayMs)
    return host
  }

  async function guard(url: URL): Promise<LinkCheckError | null> {
    try {
      await untilAborted(assertCallableUrl(url.href, { ...policy, lookup: options.lookup }), AbortSignal.any([AbortSignal.timeout(timeoutMs), stop.signal]))
      return null
    } catch (error) {
      throwIfStopped()
      return classify(error)
    }
  }

  /**
   * One request, run in turn with every other request to the same server (its address), after the server's delay.
   * Any host, not only the one a worker owns, goes through here: redirect hops to another host are paced by that
   * server's clock too.
   */
  async function request(url: URL, attempt: Attempt, readLimit: number, spent: { ms: number }, keepBody = false): Promise<Exchange> {
    let address: string
    try {
      address = await addressOf(url)
    } catch (error) {
      throwIfStopped()
      throw new RequestFailure(classify(error))
    }
    const host = hostState(address)
    const previous = host.tail
    let release = () => {}
    host.tail = new Promise<void>((resolve) => (release = resolve))
    await previous
    try {
      if (host.lastStart !== null) {
        const wait = host.lastStart + host.delayMs - clock()
        if (wait > 0) await pause(wait)
      }
      throwIfStopped()
      const started = clock()
      host.lastStart = started
      const timeout = AbortSignal.timeout(timeoutMs)
      const headers: Record<string, string> = {
        'user-agent': userAgent,
        accept: '*/*',
        // The size of the file, not of a compressed transfer of it.
        'accept-encoding': 'identity',
      }
      if (attempt.range) headers.range = `bytes=0-${peekBytes - 1}`
      try {
        const response = await doFetch(url, { method: attempt.method, headers, redirect: 'manual', signal: AbortSignal.any([timeout, stop.signal]), address })
        let body: { bytesRead: number; ended: boolean; body: Uint8Array | null } = { bytesRead: 0, ended: false, body: null }
        const success = response.status >= 200 && response.status < 300
        // Redirect bodies are never read, nor error pages when the body itself is what we came for (robots.txt).
        if (REDIRECT_STATUSES.has(response.status) || readLimit === 0 || (keepBody && !success)) await response.body?.cancel().catch(() => undefined)
        else body = await peek(response, readLimit, keepBody)
        throwIfStopped()
        return { status: response.status, headers: response.headers, ...body }
      } catch (error) {
        throwIfStopped()
        throw new RequestFailure(timeout.aborted ? 'timeout' : classify(error))
      } finally {
        spent.ms += clock() - started
      }
    } finally {
      release()
    }
  }

  /** robots.txt for an origin, fetched once per run (RFC 9309 §2.3.1 for what each answer means). */
  function robotsFor(url: URL): Promise<RobotsOutcome> {
    let outcome = robotsByOrigin.get(url.origin)
    if (!outcome) robotsByOrigin.set(url.origin, (outcome = fetchRobots(url)))
    return outcome
  }

  async function fetchRobots(url: URL): Promise<RobotsOutcome> {
    const scratch = { ms: 0 }
    let current = new URL('/robots.txt', url.origin)
    let robots: Robots | null = null
    for (let hops = 0; !robots; hops++) {
      const refused = await guard(current)
      if (refused) {
        // The site's own robots.txt cannot be called: neither can its pages. A hop elsewhere that is refused leaves
        // the file unreadable, which §2.3.1.4 says means "crawl nothing".
        if (hops === 0) return { error: refused }
        robots = DISALLOW_ALL
        break
      }
      let exchange: Exchange
      try {
        // One byte over the cap tells parseRobots the file went on, so it drops the line cut in half.
        exchange = await request(current, { method: 'GET', range: false }, ROBOTS_MAX_BYTES + 1, scratch, true)
      } catch (error) {
        if (!madeBy(error, RequestFailure)) throw error
        // A host that does not answer for robots.txt is reported as unreachable, not as "robots", without calling
        // its URLs (§2.3.1.4 forbids that anyway, and they would fail the same way).
        if (hops === 0) return { error: error.kind }
        robots = DISALLOW_ALL
        break
      }
      const location = REDIRECT_STATUSES.has(exchange.status) ? exchange.headers.get('location') : null
      if (location === null) {
        const success = exchange.status >= 200 && exchange.status < 300
        // A body that broke off before the cap is a file we could not read (§2.3.1.4), not a shorter file.
        robots = success && !exchange.ended && exchange.bytesRead <= ROBOTS_MAX_BYTES
          ? DISALLOW_ALL
          : robotsFromResponse(exchange.status, new TextDecoder().decode(exchange.body ?? new Uint8Array(0)))
        break
      }
      const next = httpUrl(location, current)
      // §2.3.1.2: past five redirects, or a redirect nowhere, the file is "unavailable".
      if (!next || hops >= ROBOTS_MAX_REDIRECTS) {
        robots = ALLOW_ALL
        break
      }
      current = next
    }
    const delay = crawlDelaySeconds(robots, token)
    if (delay !== null) {
      const host = hostState(await addressOf(url))
      host.delayMs = Math.max(host.delayMs, Math.min(MAX_CRAWL_DELAY_MS, delay * 1000))
    }
    return { robots }
  }

  async function robotsVerdict(url: URL): Promise<LinkCheckError | null> {
    const outcome = await robotsFor(url)
    if ('error' in outcome) return outcome.error
    return isAllowed(outcome.robots, token, url.pathname + url.search) ? null : 'robots'
  }

  /** One attempt (a method) from the start URL, following redirects itself so every hop is guarded. */
  async function follow(start: URL, attempt: Attempt, spent: { ms: number }): Promise<{ exchange: Exchange; finalUrl: URL } | Outcome> {
    let current = start
    for (let hops = 0; ; hops++) {
      let exchange: Exchange
      try {
        exchange = await request(current, attempt, attempt.method === 'GET' ? peekBytes : 0, spent)
      } catch (error) {
        if (!madeBy(error, RequestFailure)) throw error
        return failed(error.kind, { finalUrl: current.href, method: attempt.method })
      }
      const location = REDIRECT_STATUSES.has(exchange.status) ? exchange.headers.get('location') : null
      if (location === null) return { exchange, finalUrl: current }
      const next = httpUrl(location, current)
      const cut = { status: exchange.status, finalUrl: next?.href ?? location, method: attempt.method }
      if (!next) return failed('invalid-url', cut)
      if (hops >= maxRedirects) return failed('too-many-redirects', cut)
      const refused = (await guard(next)) ?? (await robotsVerdict(next))
      if (refused) return failed(refused, cut)
      current = next
    }
  }

  function failed(error: LinkCheckError, fields: Partial<Outcome> = {}): Outcome {
    return { ok: false, status: null, contentType: null, size: null, finalUrl: null, method: null, ...fields, error }
  }

  async function checkOne(url: URL, spent: { ms: number }): Promise<Outcome> {
    const refused = (await guard(url)) ?? (await robotsVerdict(url))
    if (refused) return failed(refused)
    let attempt: Attempt = { method: 'HEAD', range: false }
    for (;;) {
      const result = await follow(url, attempt, spent)
      if (!('exchange' in result)) return result
      const { exchange, finalUrl } = result
      const contentType = mediaType(exchange.headers.get('content-type'))
      const success = exchange.status >= 200 && exchange.status < 300
      // A GET starts again from the original URL: redirects (signed download links especially) can depend on the method.
      if (attempt.method === 'HEAD' && (HEAD_FALLBACK_STATUSES.has(exchange.status) || (success && !contentType))) {
        attempt = { method: 'GET', range: true }
        continue
      }
      // 416 to bytes=0-…: an empty file, or a server whose ranges are broken; a plain GET (peeked) settles it.
      if (attempt.range && exchange.status === 416) {
        attempt = { method: 'GET', range: false }
        continue
      }
      return {
        ok: success,
        status: exchange.status,
        contentType,
        size: sizeOf(exchange, attempt.method),
        finalUrl: finalUrl.href,
        error: null,
        method: attempt.method,
      }
    }
  }

  // ------------------------------------------------------------------------------------------------ the run

  const results = new Map<string, LinkCheckResult>()
  let callbackError: { error: unknown } | null = null

  async function emit(inputs: string[], outcome: Outcome, ms: number): Promise<void> {
    for (const input of inputs) {
      if (stop.signal.aborted) return
      const result: LinkCheckResult = { url: input, ...outcome, checkedAt: now(), ms }
      results.set(input, result)
      try {
        await options.onResult?.(result)
      } catch (error) {
        callbackError ??= { error }
        stop.abort()
      }
    }
  }

  const inputs = [...new Set(urls)]
  const checks = new Map<string, { url: URL; inputs: string[] }>()
  const invalid: string[] = []
  for (const input of inputs) {
    const url = httpUrl(input)
    if (!url) {
      invalid.push(input)
      continue
    }
    url.hash = '' // never sent to the server
    const check = checks.get(url.href)
    if (check) check.inputs.push(input)
    else checks.set(url.href, { url, inputs: [input] })
  }
  for (const input of invalid) await emit([input], failed('invalid-url'), 0)

  const byHost = new Map<string, Array<{ url: URL; inputs: string[] }>>()
  for (const check of checks.values()) {
    const group = byHost.get(check.url.hostname)
    if (group) group.push(check)
    else byHost.set(check.url.hostname, [check])
  }
  const queue = [...byHost.values()]

  async function worker(): Promise<void> {
    for (let group = queue.shift(); group; group = queue.shift()) {
      for (const check of group) {
        if (stop.signal.aborted) return
        const spent = { ms: 0 }
        let outcome: Outcome
        try {
          outcome = await checkOne(check.url, spent)
        } catch (error) {
          if (madeBy(error, Stopped) || stop.signal.aborted) return
          outcome = failed(classify(error)) // a bug here must not cost the other URLs their results
        }
        await emit(check.inputs, outcome, spent.ms)
      }
    }
  }

  try {
    await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, worker))
  } finally {
    options.signal?.removeEventListener('abort', forwardAbort)
  }
  if (callbackError) throw (callbackError as { error: unknown }).error
  return inputs.flatMap((input) => results.get(input) ?? [])
}

/** Counts by outcome for reports; every result falls in exactly one bucket besides `total`. */
export function summariseChecks(results: readonly LinkCheckResult[]): LinkCheckSummary {
  const summary: LinkCheckSummary = { total: results.length, ok: 0, broken: 0, unreachable: 0, blocked: 0, invalid: 0 }
  for (const result of results) {
    if (result.ok) summary.ok++
    else if (result.error === 'invalid-url') summary.invalid++
    else if (result.error === 'blocked' || result.error === 'robots') summary.blocked++
    else if (result.error === 'timeout' || result.error === 'dns' || result.error === 'refused' || result.error === 'network') summary.unreachable++
    else summary.broken++
  }
  return summary
}
