// Every request the server makes to another server goes through here (docs/decisions/013-outbound-requests.md).
// Checking a URL when a portal is added is not enough: a redirect can point inside, and a name can resolve to a public
// address when checked and to a private one when connected (DNS rebinding). So each hop is checked, and on Node the
// address actually connected to is checked, in the resolver hook and again on the open socket. Politeness towards a
// server is kept per address it connects to (outboundAddress), so that many names of one server count as one.

import type { LookupAddress } from 'node:dns'
import { serverEnv } from '../env.server.ts'
import { blockedAddressTextReason } from './ip-address.server.ts'
import { madeBy } from '../../lib/made-by.ts'

/** Names that stand for this machine or its network, whatever they resolve to. */
const LOCAL_NAMES = /^(localhost|localhost\.localdomain|ip6-localhost|ip6-loopback|metadata\.google\.internal|metadata)$|\.localhost$|\.internal$|\.local$|\.home\.arpa$/i
/** Names that never exist (RFC 6761 §6.4): nothing to check there, and not worth a DNS query (the demo catalogue's links). */
const NEVER_NAMES = /(^|\.)invalid\.?$/i
/** Names the system resolver may be asked under PORTALSCOPE_LOOPBACK_ONLY: this machine's own. */
const LOOPBACK_NAMES = /^localhost\.?$|\.localhost\.?$/i
const isAddressLiteral = (host: string) => /^[\d.]+$/.test(host) || host.includes(':')

/**
 * The host as every check judges it: without an IPv6 literal's brackets and without the trailing dots of a fully
 * qualified name (`localhost.` and `METADATA.GOOGLE.INTERNAL.` are the names without the dot to a resolver, and passed
 * the name checks). The URL parser has already lowercased it and applied escapes and IDNA (`%6C…`, full-width letters).
 */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '').replace(/\.+$/, '')
}

export type OutboundPolicy = {
  /** Private and local addresses allowed (PORTALSCOPE_ALLOW_PRIVATE_HOSTS=1: tests and local fixtures). */
  allowPrivate: boolean
  /** Tests: addresses to treat as public (a loopback address standing in for a server on the internet). */
  allowAddresses?: readonly string[]
  /** Tests: a resolver to use instead of the system's (to answer differently at each call, as rebinding does). */
  lookup?: (hostname: string) => Promise<string[]>
}

/** The request was refused before reaching the network, or the address it connected to is not public. */
export class OutboundBlockedError extends Error {
  readonly code = 'EBLOCKED'
  constructor(message: string) {
    super(message)
    this.name = 'OutboundBlockedError'
  }
}

/** Whether an error, or one of its causes (fetch wraps connection errors), is a refusal by this guard. */
export function blockedErrorIn(error: unknown): OutboundBlockedError | null {
  for (let current = error, depth = 0; current && depth < 6; depth++) {
    if (madeBy(current, OutboundBlockedError) || (current as { code?: unknown }).code === 'EBLOCKED') return current as OutboundBlockedError
    current = (current as { cause?: unknown }).cause
  }
  return null
}

let configuredPolicy: OutboundPolicy | undefined

/** The policy from the server's settings. */
export function defaultOutboundPolicy(): OutboundPolicy {
  configuredPolicy ??= { allowPrivate: serverEnv().PORTALSCOPE_ALLOW_PRIVATE_HOSTS }
  return configuredPolicy
}

/** Why an address may not be connected to under a policy, or null. */
export function addressRefusal(address: string, policy: OutboundPolicy): string | null {
  if (policy.allowPrivate || policy.allowAddresses?.includes(address)) return null
  const reason = blockedAddressTextReason(address)
  return reason ? `${address} is not a public address (${reason})` : null
}

function loopbackOnly(): boolean {
  return serverEnv().PORTALSCOPE_LOOPBACK_ONLY
}

/**
 * PORTALSCOPE_LOOPBACK_ONLY: refuses what would leave this machine, and says so as a process warning, which the test
 * setup turns into a failed test (tests/helpers/loopback-only.ts) and the e2e server prints.
 */
function offMachine(what: string): OutboundBlockedError {
  const message = `${what} is not on this machine (PORTALSCOPE_LOOPBACK_ONLY)`
  if (typeof process !== 'undefined' && typeof process.emitWarning === 'function') process.emitWarning(message, { code: 'PORTALSCOPE_OFF_MACHINE' })
  return new OutboundBlockedError(message)
}

const isLoopback = (address: string) => (blockedAddressTextReason(address) ?? '').startsWith('loopback')

/** Why the server must not connect to an address: the policy's reason, or, loopback only, any address not loopback. */
function connectRefusal(address: string, policy: OutboundPolicy): string | null {
  const refusal = addressRefusal(address, policy)
  if (refusal || !loopbackOnly() || isLoopback(address)) return refusal
  return offMachine(address).message
}

/**
 * Checks a URL before it is called: http(s) only, no credentials, no local name, no address literal that is not public.
 * Names are checked again where they are connected to. Answers the parsed URL.
 */
export function assertOutboundUrl(raw: string | URL, policy: OutboundPolicy = defaultOutboundPolicy()): URL {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new OutboundBlockedError('This is not a valid URL')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundBlockedError('Only http and https addresses can be called')
  if (url.username || url.password) throw new OutboundBlockedError('Addresses with a user name or password cannot be called')
  const host = hostOf(url)
  if (NEVER_NAMES.test(host)) throw new OutboundBlockedError(`${host} is a name that never exists (RFC 6761)`)
  if (!policy.allowPrivate) {
    if (LOCAL_NAMES.test(host)) throw new OutboundBlockedError(`${host} is a local name`)
    const refusal = isAddressLiteral(host) ? addressRefusal(host, policy) : null
    if (refusal) throw new OutboundBlockedError(refusal)
  }
  // An address is connected to without a lookup: beyond this machine, it is refused before anything leaves.
  if (loopbackOnly() && isAddressLiteral(host) && !isLoopback(host)) throw offMachine(host)
  return url
}

export type GuardedInit = RequestInit & {
  policy?: OutboundPolicy
  /** Redirects followed when `redirect` is not 'manual' (each hop checked); more is an error. */
  maxRedirects?: number
  /**
   * Connect to this address (outboundAddress's answer for the URL's host), checked again, instead of resolving the
   * name once more: the request reaches the address its politeness was kept for. Only for the first hop's host.
   */
  address?: string
}

const SYSTEM_ANSWERS_TTL_MS = 30_000
const systemAnswers = new Map<string, { answers: LookupAddress[]; until: number }>()

/**
 * A name's addresses: from the policy's resolver (tests), else the system's, whose answers are kept half a minute so
 * that a check of many links on one host does not ask DNS for each. Under PORTALSCOPE_LOOPBACK_ONLY the system is asked
 * only for this machine's own names.
 */
async function lookupAll(hostname: string, policy: OutboundPolicy): Promise<LookupAddress[]> {
  if (policy.lookup) return (await policy.lookup(hostname)).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))
  if (loopbackOnly() && !LOOPBACK_NAMES.test(hostname)) throw offMachine(hostname)
  const kept = systemAnswers.get(hostname)
  if (kept && kept.until > Date.now()) return kept.answers
  // Imported here so that the Workers bundle never carries node:dns.
  const dns = await import('node:dns')
  const answers = await dns.promises.lookup(hostname, { all: true, verbatim: true })
  if (systemAnswers.size >= 1000) systemAnswers.delete(systemAnswers.keys().next().value as string)
  systemAnswers.set(hostname, { answers, until: Date.now() + SYSTEM_ANSWERS_TTL_MS })
  return answers
}

/**
 * A name's answers, every one refused unless the policy allows it; the first is the one connected to. (Whether it is
 * on this machine, under PORTALSCOPE_LOOPBACK_ONLY, is judged where a connection is made: a test's stand-in fetch
 * may key politeness on an address that nothing connects to.)
 */
async function checkedAnswers(hostname: string, policy: OutboundPolicy, refusalOf = addressRefusal): Promise<LookupAddress[]> {
  const answers = await lookupAll(hostname, policy)
  if (answers.length === 0) throw Object.assign(new Error(`${hostname} does not resolve`), { code: 'ENOTFOUND' })
  for (const answer of answers) {
    const refusal = refusalOf(answer.address, policy)
    if (refusal) throw new OutboundBlockedError(`${hostname} resolves to ${refusal}`)
  }
  return answers
}

/**
 * The address a request to this URL connects to: an address literal itself, a name its first answer, refused as the
 * connection would be. Politeness is kept per address (docs/decisions/013-outbound-requests.md): twelve names of one
 * server are one server. Pass it to guardedFetch as `address` so that the request goes exactly there. Under Workers,
 * which has no resolver, the name itself stands for the server.
 */
export async function outboundAddress(url: URL, policy: OutboundPolicy = defaultOutboundPolicy(), signal?: AbortSignal): Promise<string> {
  const host = hostOf(url)
  if (isAddressLiteral(host)) {
    const refusal = addressRefusal(host, policy)
    if (refusal) throw new OutboundBlockedError(refusal)
    return host
  }
  if (isWorkerd() && !policy.lookup) return host
  const answers = checkedAnswers(host, policy)
  return (await (signal ? untilAborted(answers, signal) : answers))[0]!.address
}

/** Rejects when the signal aborts, for work that takes no signal itself (a DNS lookup). */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason)
    if (signal.aborted) return onAbort()
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308])
const DEFAULT_MAX_REDIRECTS = 5

function isWorkerd(): boolean {
  return typeof navigator !== 'undefined' && navigator.userAgent === 'Cloudflare-Workers'
}

type NodeFetch = (url: URL, init: RequestInit, address?: string) => Promise<Response>
const nodeFetchers = new WeakMap<OutboundPolicy, Promise<NodeFetch>>()
/** Agents that connect to one pinned address each, per policy; the oldest is closed past this many. */
const MAX_PINNED_AGENTS = 256

/**
 * Node: undici's fetch with a connector that resolves names itself, refuses any answer that is not public, and checks
 * the socket's remote address once connected. One agent (and its connection pool) per policy, and one per address a
 * request is pinned to.
 */
function nodeFetchFor(policy: OutboundPolicy): Promise<NodeFetch> {
  let fetcher = nodeFetchers.get(policy)
  if (!fetcher) {
    fetcher = (async () => {
      // Imported here so that the Workers bundle never carries undici.
      const { Agent, buildConnector, fetch } = await import('undici')
      type Lookup = (hostname: string, options: { all?: boolean }, callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void) => void
      const agentWith = (resolve: (hostname: string) => Promise<LookupAddress[]>) => {
        const lookup: Lookup = (hostname, options, callback) => {
          resolve(hostname).then(
            (answers) => (options.all ? callback(null, answers) : callback(null, answers[0]!.address, answers[0]!.family)),
            (error: Error) => callback(error, []),
          )
        }
        const connect = buildConnector({ lookup: lookup as never })
        return new Agent({
          connect: (options, callback) =>
            connect(options, (error, socket) => {
              if (error || !socket) return callback(error ?? new Error('No socket'), null)
              const refusal = socket.remoteAddress ? connectRefusal(socket.remoteAddress, policy) : 'no remote address'
              if (refusal) {
                socket.destroy()
                return callback(new OutboundBlockedError(`Connected to ${refusal}`), null)
              }
              callback(null, socket)
            }),
        })
      }
      const resolving = agentWith((hostname) => checkedAnswers(hostname, policy, connectRefusal))
      const pinned = new Map<string, InstanceType<typeof Agent>>()
      const pinnedTo = (address: string) => {
        let agent = pinned.get(address)
        if (!agent) {
          if (pinned.size >= MAX_PINNED_AGENTS) {
            const [oldest, old] = pinned.entries().next().value as [string, InstanceType<typeof Agent>]
            pinned.delete(oldest)
            void old.close().catch(() => undefined)
          }
          const answer = [{ address, family: address.includes(':') ? 6 : 4 }]
          agent = agentWith(async () => {
            const refusal = connectRefusal(address, policy)
            if (refusal) throw new OutboundBlockedError(refusal)
            return answer
          })
          pinned.set(address, agent)
        }
        return agent
      }
      return (url: URL, init: RequestInit, address?: string) =>
        fetch(url, { ...(init as object), dispatcher: address ? pinnedTo(address) : resolving } as never) as unknown as Promise<Response>
    })()
    nodeFetchers.set(policy, fetcher)
  }
  return fetcher
}

/**
 * fetch for calls to other servers: the URL and every redirect hop are checked against the policy (on Node also the
 * address connected to). `redirect: 'manual'` hands redirects back to the caller; anything else follows them here.
 */
export async function guardedFetch(input: string | URL | Request, init: GuardedInit = {}): Promise<Response> {
  const { policy = defaultOutboundPolicy(), maxRedirects = DEFAULT_MAX_REDIRECTS, address, ...request } = init
  const send: NodeFetch = isWorkerd() ? (url, requestInit) => fetch(url, requestInit) : await nodeFetchFor(policy)
  let url = assertOutboundUrl(madeBy(input, Request) ? input.url : input, policy)
  const pinnedHost = url.host
  let method = (request.method ?? 'GET').toUpperCase()
  let body = request.body
  const follow = request.redirect !== 'manual'
  for (let hops = 0; ; hops++) {
    const response = await send(url, { ...request, method, body, redirect: 'manual' }, url.host === pinnedHost ? address : undefined)
    const location = response.headers.get('location')
    if (!follow || !REDIRECT_STATUSES.has(response.status) || !location) return response
    await response.body?.cancel()
    if (hops >= maxRedirects) throw Object.assign(new Error(`More than ${maxRedirects} redirects from ${url.host}`), { code: 'ETOOMANYREDIRECTS' })
    url = assertOutboundUrl(new URL(location, url), policy)
    // 303, and 301/302 after a POST, continue as GET without a body (as browsers do).
    if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === 'POST')) {
      method = 'GET'
      body = undefined
    }
  }
}
