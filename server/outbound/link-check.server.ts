// A polite checker for resource URLs (docs/link-check.md). It calls other people's servers on a user's behalf, so:
// every address (each redirect hop included) passes the SSRF guard, robots.txt is obeyed, one server (by the address
// its name resolves to) sees one request at a time with a pause between them, and bodies are only peeked at. Plain
// fetch and timers: Node and Workers alike.

import { guardedFetch, type GuardedInit, type OutboundPolicy } from './guarded-fetch.server.ts'
import type { Lookup } from './ssrf.server.ts'
import { productToken } from './robots.server.ts'
import { pauseUnlessAborted, serverClocks } from './link-check-politeness.server.ts'
import { checkOne, failed, type Outcome } from './link-check-probe.server.ts'
import { Stopped, classify, httpUrl, type LinkCheckRun } from './link-check-request.server.ts'
import type { LinkCheckError, LinkCheckResult } from './link-check-result.server.ts'
import { madeBy } from '../../lib/made-by.ts'

// The steps, each in its module: the SSRF guard and one paced request (link-check-request.server.ts), the politeness
// clock per server (link-check-politeness.server.ts), robots.txt (link-check-robots.server.ts), one URL's probe
// (link-check-probe.server.ts). Here: the run itself, grouping its URLs and recording their results.

export type { LinkCheckError, LinkCheckResult }

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

type Check = { url: URL; inputs: string[] }

/**
 * Checks each distinct URL once and resolves with one result per distinct input string, in input order. URLs that
 * differ only in ways that do not reach the server (fragment, letter case of the host, default port) share one check.
 * Never rejects for a bad URL; rejects only when onResult throws.
 */
export async function checkLinks(urls: string[], options: LinkCheckOptions = {}): Promise<LinkCheckResult[]> {
  const run = startRun(options)
  const forwardAbort = () => run.stop.abort()
  if (options.signal?.aborted) run.stop.abort()
  options.signal?.addEventListener('abort', forwardAbort, { once: true })
  const results = recorder(run, options)
  const { inputs, invalid, groups } = groupByHost(urls)
  for (const input of invalid) await results.record([input], failed('invalid-url'), 0)
  try {
    await checkGroups(run, groups, results)
  } finally {
    options.signal?.removeEventListener('abort', forwardAbort)
  }
  return results.inOrder(inputs)
}

/** A run: the options with their defaults filled in, a way to stop it, and its empty caches. */
function startRun(options: LinkCheckOptions): LinkCheckRun {
  const allowPrivate = options.allowPrivate ?? false
  // Every request through the outbound guard: the address connected to is checked too, not only the name.
  const policy = options.policy ?? { allowPrivate }
  const userAgent = options.userAgent ?? DEFAULT_LINK_CHECK_USER_AGENT
  const now = options.now ?? (() => new Date())
  const stop = new AbortController()
  return {
    policy,
    fetch: options.fetch ?? ((url: URL, init: GuardedInit) => guardedFetch(url, { ...init, policy })),
    lookup: options.lookup,
    userAgent,
    token: productToken(userAgent),
    baseDelayMs: Math.max(0, options.perDomainDelayMs ?? 1000),
    timeoutMs: Math.max(1, options.timeoutMs ?? 10_000),
    concurrency: Math.max(1, Math.floor(options.concurrency ?? 4)),
    maxRedirects: Math.max(0, options.maxRedirects ?? 5),
    peekBytes: Math.max(1, Math.floor(options.peekBytes ?? 1024)),
    now,
    clock: () => now().getTime(),
    pause: (ms: number) => (options.sleep ? options.sleep(ms) : pauseUnlessAborted(ms, stop.signal)),
    stop,
    throwIfStopped: () => {
      if (stop.signal.aborted) throw new Stopped()
    },
    // A check with its own clock or sleep (tests) keeps its own server clocks; real checks share the process's.
    clocks: serverClocks(Boolean(options.now || options.sleep)),
    addresses: new Map(),
    robots: new Map(),
  }
}

/**
 * The distinct inputs in order, those that are not http(s) URLs, and the rest as checks (one per URL as the server
 * sees it) grouped by host name: a worker takes a whole group, so one host's URLs are checked one after another.
 */
function groupByHost(urls: string[]): { inputs: string[]; invalid: string[]; groups: Check[][] } {
  const inputs = [...new Set(urls)]
  const checks = new Map<string, Check>()
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
  const byHost = new Map<string, Check[]>()
  for (const check of checks.values()) {
    const group = byHost.get(check.url.hostname)
    if (group) group.push(check)
    else byHost.set(check.url.hostname, [check])
  }
  return { inputs, invalid, groups: [...byHost.values()] }
}

/** Where results go: kept by input, and handed to onResult as each check ends; an onResult that throws stops the run. */
function recorder(run: LinkCheckRun, options: LinkCheckOptions) {
  const results = new Map<string, LinkCheckResult>()
  let callbackError: { error: unknown } | null = null
  return {
    async record(inputs: string[], outcome: Outcome, ms: number): Promise<void> {
      for (const input of inputs) {
        if (run.stop.signal.aborted) return
        const result: LinkCheckResult = { url: input, ...outcome, checkedAt: run.now(), ms }
        results.set(input, result)
        try {
          await options.onResult?.(result)
        } catch (error) {
          callbackError ??= { error }
          run.stop.abort()
        }
      }
    },
    /** One result per input that has one, in input order; throws what onResult threw, if it did. */
    inOrder(inputs: string[]): LinkCheckResult[] {
      if (callbackError) throw callbackError.error
      return inputs.flatMap((input) => results.get(input) ?? [])
    },
  }
}

type Recorder = ReturnType<typeof recorder>

/** `concurrency` workers, each taking the next group of URLs when it is done with one. */
async function checkGroups(run: LinkCheckRun, queue: Check[][], results: Recorder): Promise<void> {
  await Promise.all(Array.from({ length: Math.min(run.concurrency, queue.length) }, () => worker(run, queue, results)))
}

async function worker(run: LinkCheckRun, queue: Check[][], results: Recorder): Promise<void> {
  for (let group = queue.shift(); group; group = queue.shift()) {
    for (const check of group) {
      if (run.stop.signal.aborted) return
      const spent = { ms: 0 }
      let outcome: Outcome
      try {
        outcome = await checkOne(run, check.url, spent)
      } catch (error) {
        if (madeBy(error, Stopped) || run.stop.signal.aborted) return
        outcome = failed(classify(error)) // a bug here must not cost the other URLs their results
      }
      await results.record(check.inputs, outcome, spent.ms)
    }
  }
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
