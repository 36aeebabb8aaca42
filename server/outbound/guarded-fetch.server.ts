// Every request the server makes to another server goes through here (docs/decisions/013-outbound-requests.md).
// Checking a URL when a portal is added is not enough: a redirect can point inside, and a name can resolve to a public
// address when checked and to a private one when connected (DNS rebinding). So each hop is checked, and on Node the
// address actually connected to is checked, in the resolver hook and again on the open socket.

import type { LookupAddress } from 'node:dns'
import { serverEnv } from '../env.server.ts'
import { blockedAddressTextReason } from './ip-address.server.ts'
import { madeBy } from '../../lib/made-by.ts'

/** Names that stand for this machine or its network, whatever they resolve to. */
const LOCAL_NAMES = /^(localhost|localhost\.localdomain|ip6-localhost|ip6-loopback|metadata\.google\.internal|metadata)$|\.localhost$|\.internal$|\.local$|\.home\.arpa$/i

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
  if (policy.allowPrivate) return url
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (LOCAL_NAMES.test(host)) throw new OutboundBlockedError(`${host} is a local name`)
  const literal = /^[\d.]+$/.test(host) || host.includes(':')
  if (literal) {
    const refusal = addressRefusal(host, policy)
    if (refusal) throw new OutboundBlockedError(refusal)
  }
  return url
}

export type GuardedInit = RequestInit & {
  policy?: OutboundPolicy
  /** Redirects followed when `redirect` is not 'manual' (each hop checked); more is an error. */
  maxRedirects?: number
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308])
const DEFAULT_MAX_REDIRECTS = 5

function isWorkerd(): boolean {
  return typeof navigator !== 'undefined' && navigator.userAgent === 'Cloudflare-Workers'
}

type NodeFetch = (url: URL, init: RequestInit) => Promise<Response>
const nodeFetchers = new WeakMap<OutboundPolicy, Promise<NodeFetch>>()

/**
 * Node: undici's fetch with a connector that resolves names itself, refuses any answer that is not public, and checks
 * the socket's remote address once connected. One agent (and its connection pool) per policy.
 */
function nodeFetchFor(policy: OutboundPolicy): Promise<NodeFetch> {
  let fetcher = nodeFetchers.get(policy)
  if (!fetcher) {
    fetcher = (async () => {
      // Imported here so that the Workers bundle never carries undici or node:dns.
      const [{ Agent, buildConnector, fetch }, dns] = await Promise.all([import('undici'), import('node:dns')])
      const lookup = (hostname: string, options: { all?: boolean }, callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void) => {
        const resolve = policy.lookup
          ? policy.lookup(hostname).then((addresses) => addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })))
          : dns.promises.lookup(hostname, { all: true, verbatim: true })
        resolve.then(
          (answers) => {
            if (answers.length === 0) return callback(Object.assign(new Error(`${hostname} does not resolve`), { code: 'ENOTFOUND' }), [])
            for (const answer of answers) {
              const refusal = addressRefusal(answer.address, policy)
              if (refusal) return callback(new OutboundBlockedError(`${hostname} resolves to ${refusal}`), [])
            }
            if (options.all) callback(null, answers)
            else callback(null, answers[0]!.address, answers[0]!.family)
          },
          (error: Error) => callback(error, []),
        )
      }
      const connect = buildConnector({ lookup: lookup as never })
      const agent = new Agent({
        connect: (options, callback) =>
          connect(options, (error, socket) => {
            if (error || !socket) return callback(error ?? new Error('No socket'), null)
            const refusal = socket.remoteAddress ? addressRefusal(socket.remoteAddress, policy) : 'no remote address'
            if (refusal) {
              socket.destroy()
              return callback(new OutboundBlockedError(`Connected to ${refusal}`), null)
            }
            callback(null, socket)
          }),
      })
      return (url: URL, init: RequestInit) => fetch(url, { ...(init as object), dispatcher: agent } as never) as unknown as Promise<Response>
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
  const { policy = defaultOutboundPolicy(), maxRedirects = DEFAULT_MAX_REDIRECTS, ...request } = init
  const send: NodeFetch = isWorkerd() ? (url, requestInit) => fetch(url, requestInit) : await nodeFetchFor(policy)
  let url = assertOutboundUrl(madeBy(input, Request) ? input.url : input, policy)
  let method = (request.method ?? 'GET').toUpperCase()
  let body = request.body
  const follow = request.redirect !== 'manual'
  for (let hops = 0; ; hops++) {
    const response = await send(url, { ...request, method, body, redirect: 'manual' })
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
