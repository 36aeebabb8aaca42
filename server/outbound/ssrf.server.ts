import { CkanError } from './errors.server.ts'

// The server calls URLs that users type in. Without this guard, "add a portal" could be pointed at the server's own
// admin ports, the local network or a cloud metadata service (SSRF, ASVS 1.3). Tests and local fixtures opt in to
// private addresses with PORTALSCOPE_ALLOW_PRIVATE_HOSTS=1.

const BLOCKED_NAMES = /^(localhost|localhost\.localdomain|ip6-localhost|ip6-loopback|metadata\.google\.internal|metadata)$|\.localhost$|\.internal$|\.local$/i

function ipv4Parts(address: string): number[] | null {
  const parts = address.split('.')
  if (parts.length !== 4) return null
  const numbers = parts.map((part) => (/^\d{1,3}$/.test(part) ? Number(part) : NaN))
  return numbers.every((n) => n >= 0 && n <= 255) ? numbers : null
}

function isPrivateIpv4([a, b, c]: number[]): boolean {
  return (
    a === 0 || // "this network"
    a === 10 ||
    a === 127 ||
    (a === 100 && b! >= 64 && b! <= 127) || // carrier-grade NAT
    (a === 169 && b === 254) || // link-local, cloud metadata (169.254.169.254)
    (a === 172 && b! >= 16 && b! <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0 && c === 0) ||
    (a === 198 && (b === 18 || b === 19)) || // benchmarking
    a! >= 224 // multicast, reserved, broadcast
  )
}

/** Whether an IP address (v4 or v6, as text) is loopback, private, link-local, metadata or otherwise not public. */
export function isPrivateAddress(address: string): boolean {
  const v4 = ipv4Parts(address)
  if (v4) return isPrivateIpv4(v4)
  const v6 = address.toLowerCase().replace(/^\[|\]$/g, '')
  if (v6 === '::' || v6 === '::1') return true
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(v6)
  if (mapped) return isPrivateAddress(mapped[1]!)
  if (/^f[cd][0-9a-f]{2}:/.test(v6)) return true // unique local fc00::/7
  if (/^fe[89ab][0-9a-f]:/.test(v6)) return true // link-local fe80::/10
  if (/^ff[0-9a-f]{2}:/.test(v6)) return true // multicast
  if (v6.startsWith('64:ff9b:')) return true // NAT64 can reach anything, v4 private included
  return false
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
export async function assertCallableUrl(raw: string, options: { allowPrivate: boolean; lookup?: Lookup }): Promise<URL> {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new CkanError('blocked', 'This is not a valid URL')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new CkanError('blocked', 'Only http and https addresses can be added')
  if (url.username || url.password) throw new CkanError('blocked', 'Addresses with a user name or password cannot be added')
  if (options.allowPrivate) return url
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (BLOCKED_NAMES.test(host)) throw new CkanError('blocked', `${host} is a local name`)
  const literal = ipv4Parts(host) || host.includes(':')
  const addresses = literal ? [host] : await (options.lookup ?? defaultLookup)(host)
  for (const address of addresses) {
    if (isPrivateAddress(address)) throw new CkanError('blocked', `${host} points to a private or local address`)
  }
  return url
}
