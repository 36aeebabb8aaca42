import { CkanError } from './errors.server.ts'
import { addressRefusal, assertOutboundUrl, blockedErrorIn, hostOf } from './guarded-fetch.server.ts'
import { blockedAddressTextReason } from './ip-address.server.ts'

// The server calls URLs that users type in. Without this guard, "add a portal" could be pointed at the server's own
// admin ports, the local network or a cloud metadata service (SSRF, ASVS 1.3). This is the early check with a clear
// message (when a portal is added, before each link is checked); guardedFetch checks every hop and every address
// connected to again. Tests and local fixtures opt in to private addresses with PORTALSCOPE_ALLOW_PRIVATE_HOSTS=1.

/** Whether an IP address (v4 or v6, as text) is loopback, private, link-local, metadata or otherwise not public. */
export function isPrivateAddress(address: string): boolean {
  return blockedAddressTextReason(address) !== null
}

export type Lookup = (hostname: string) => Promise<string[]>

async function defaultLookup(hostname: string): Promise<string[]> {
  try {
    const dns = await import('node:dns/promises')
    const answers = await dns.lookup(hostname, { all: true, verbatim: true })
    return answers.map((answer) => answer.address)
  } catch (error) {
    const code = (error as { code?: string }).code
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ENODATA') {
      throw new CkanError('unreachable', `The name ${hostname} does not resolve`, { cause: error })
    }
    // No resolver on this runtime (Workers): their fetch cannot reach private networks anyway.
    return []
  }
}

/**
 * The URL, if it may be called: http(s) only, no credentials in it, and no address that is not public (checked on
 * the name and on every address it resolves to) unless private hosts are explicitly allowed.
 */
export async function assertCallableUrl(raw: string, options: { allowPrivate: boolean; allowAddresses?: readonly string[]; lookup?: Lookup }): Promise<URL> {
  const policy = { allowPrivate: options.allowPrivate, ...(options.allowAddresses ? { allowAddresses: options.allowAddresses } : {}) }
  let url: URL
  try {
    url = assertOutboundUrl(raw, policy)
  } catch (error) {
    const blocked = blockedErrorIn(error)
    if (blocked) throw new CkanError('blocked', blocked.message)
    throw error
  }
  if (options.allowPrivate) return url
  const host = hostOf(url)
  // An address literal was judged by assertOutboundUrl; a name by every address it resolves to.
  if (/^[\d.]+$/.test(host) || host.includes(':')) return url
  for (const address of await (options.lookup ?? defaultLookup)(host)) {
    if (addressRefusal(address, policy)) throw new CkanError('blocked', `${host} points to a private or local address`)
  }
  return url
}
