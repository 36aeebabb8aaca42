// Which IP addresses the server may connect to on a user's behalf (SSRF, docs/decisions/013-outbound-requests.md).
// Addresses are parsed into bytes and judged on the bytes: text patterns miss the many spellings of one address
// (`::ffff:127.0.0.1` is `::ffff:7f00:1`), and IPv6 has several ways to carry an IPv4 address inside it.

/** An IPv4 (4 bytes) or IPv6 (16 bytes) address, or null when the text is neither. Brackets and a zone are ignored. */
export function parseIpAddress(text: string): Uint8Array | null {
  const address = text.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '')
  return parseIpv4(address) ?? parseIpv6(address)
}

function parseIpv4(text: string): Uint8Array | null {
  const parts = text.split('.')
  if (parts.length !== 4) return null
  const bytes = new Uint8Array(4)
  for (const [index, part] of parts.entries()) {
    // Canonical decimal only: URLs are normalised to it before they get here, and resolvers answer in it.
    if (!/^(0|[1-9]\d{0,2})$/.test(part)) return null
    const value = Number(part)
    if (value > 255) return null
    bytes[index] = value
  }
  return bytes
}

function parseIpv6(text: string): Uint8Array | null {
  if (!text.includes(':') || !/^[0-9a-fA-F:.]+$/.test(text)) return null
  let head = text
  let tail: number[] = []
  // An IPv4 address may end the text (`::ffff:1.2.3.4`).
  const lastColon = text.lastIndexOf(':')
  if (text.slice(lastColon + 1).includes('.')) {
    const v4 = parseIpv4(text.slice(lastColon + 1))
    if (!v4) return null
    tail = [(v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!]
    head = text.slice(0, lastColon + 1)
    if (head.endsWith(':') && !head.endsWith('::')) head = head.slice(0, -1)
  }
  const halves = head.split('::')
  if (halves.length > 2) return null
  const groups = (part: string) => (part === '' ? [] : part.split(':'))
  const before = groups(halves[0]!)
  const after = halves.length === 2 ? groups(halves[1]!) : []
  const words: number[] = []
  for (const group of [...before, ...after]) {
    if (!/^[0-9a-fA-F]{1,4}$/.test(group)) return null
  }
  const explicit = before.length + after.length + tail.length
  if (halves.length === 1 ? explicit !== 8 : explicit > 7) return null
  words.push(...before.map((group) => parseInt(group, 16)))
  if (halves.length === 2) words.push(...Array<number>(8 - explicit).fill(0))
  words.push(...after.map((group) => parseInt(group, 16)), ...tail)
  const bytes = new Uint8Array(16)
  words.forEach((word, index) => {
    bytes[index * 2] = word >> 8
    bytes[index * 2 + 1] = word & 0xff
  })
  return bytes
}

type Range = { prefix: number[]; bits: number; reason: string }

function inRange(bytes: Uint8Array, range: Range): boolean {
  for (let bit = 0; bit < range.bits; bit++) {
    const byte = bit >> 3
    const mask = 0x80 >> (bit & 7)
    if ((bytes[byte]! & mask) !== ((range.prefix[byte] ?? 0) & mask)) return false
  }
  return true
}

// IANA's IPv4 special-purpose registry, and everything that is not unicast on the internet.
const IPV4_BLOCKED: Range[] = [
  { prefix: [0], bits: 8, reason: 'this network' },
  { prefix: [10], bits: 8, reason: 'private' },
  { prefix: [100, 64], bits: 10, reason: 'carrier-grade NAT' },
  { prefix: [127], bits: 8, reason: 'loopback' },
  { prefix: [169, 254], bits: 16, reason: 'link-local (cloud metadata)' },
  { prefix: [172, 16], bits: 12, reason: 'private' },
  { prefix: [192, 0, 0], bits: 24, reason: 'IETF protocol assignments' },
  { prefix: [192, 0, 2], bits: 24, reason: 'documentation' },
  { prefix: [192, 31, 196], bits: 24, reason: 'AS112' },
  { prefix: [192, 52, 193], bits: 24, reason: 'AMT' },
  { prefix: [192, 88, 99], bits: 24, reason: '6to4 relay' },
  { prefix: [192, 168], bits: 16, reason: 'private' },
  { prefix: [192, 175, 48], bits: 24, reason: 'AS112' },
  { prefix: [198, 18], bits: 15, reason: 'benchmarking' },
  { prefix: [198, 51, 100], bits: 24, reason: 'documentation' },
  { prefix: [203, 0, 113], bits: 24, reason: 'documentation' },
  { prefix: [224], bits: 4, reason: 'multicast' },
  { prefix: [240], bits: 4, reason: 'reserved or broadcast' },
]

const hex = (...words: number[]) => words.flatMap((word) => [word >> 8, word & 0xff])

// IPv6 ranges that are never a public server, checked after the forms that carry an IPv4 address.
const IPV6_BLOCKED: Range[] = [
  { prefix: hex(0x0064, 0xff9b, 0x0001), bits: 48, reason: 'local-use NAT64' },
  { prefix: hex(0x0100), bits: 64, reason: 'discard-only' },
  { prefix: hex(0x2001, 0x0db8), bits: 32, reason: 'documentation' },
  { prefix: hex(0x2001, 0x0010), bits: 28, reason: 'ORCHID' },
  { prefix: hex(0x2001, 0x0020), bits: 28, reason: 'ORCHIDv2' },
  { prefix: hex(0x2001, 0x0002), bits: 48, reason: 'benchmarking' },
  { prefix: hex(0x3fff), bits: 20, reason: 'documentation' },
  { prefix: hex(0x5f00), bits: 16, reason: 'segment routing' },
  { prefix: hex(0xfc00), bits: 7, reason: 'unique local' },
  { prefix: hex(0xfe80), bits: 10, reason: 'link-local' },
  { prefix: hex(0xfec0), bits: 10, reason: 'site-local' },
  { prefix: hex(0xff00), bits: 8, reason: 'multicast' },
]

/** The IPv4 addresses an IPv6 address carries (mapped, compatible, translated, NAT64, 6to4, Teredo). */
function embeddedIpv4(bytes: Uint8Array): Array<{ address: Uint8Array; form: string }> {
  const zero = (from: number, to: number) => bytes.slice(from, to).every((byte) => byte === 0)
  const last4 = bytes.slice(12, 16)
  const found: Array<{ address: Uint8Array; form: string }> = []
  if (zero(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) found.push({ address: last4, form: 'IPv4-mapped' })
  if (zero(0, 12)) found.push({ address: last4, form: 'IPv4-compatible' })
  if (zero(0, 8) && bytes[8] === 0xff && bytes[9] === 0xff && zero(10, 12)) found.push({ address: last4, form: 'IPv4-translated' })
  if (inRange(bytes, { prefix: hex(0x0064, 0xff9b), bits: 96, reason: '' })) found.push({ address: last4, form: 'NAT64' })
  if (bytes[0] === 0x20 && bytes[1] === 0x02) found.push({ address: bytes.slice(2, 6), form: '6to4' })
  if (inRange(bytes, { prefix: hex(0x2001, 0x0000), bits: 32, reason: '' })) {
    // Teredo: the server's address in clear, the client's inverted in the last 32 bits.
    found.push({ address: bytes.slice(4, 8), form: 'Teredo server' })
    found.push({ address: last4.map((byte) => ~byte & 0xff), form: 'Teredo client' })
  }
  return found
}

function ipv4Reason(bytes: Uint8Array): string | null {
  return IPV4_BLOCKED.find((range) => inRange(bytes, range))?.reason ?? null
}

/**
 * Why the server must not connect to this address, or null when it is a public unicast address. An IPv6 address that
 * carries an IPv4 address is judged on that address too.
 */
export function blockedAddressReason(bytes: Uint8Array): string | null {
  if (bytes.length === 4) return ipv4Reason(bytes)
  if (bytes.every((byte) => byte === 0)) return 'unspecified'
  if (bytes.slice(0, 15).every((byte) => byte === 0) && bytes[15] === 1) return 'loopback'
  for (const { address, form } of embeddedIpv4(bytes)) {
    const reason = ipv4Reason(address)
    if (reason) return `${reason} (${form})`
  }
  const forms = new Set(embeddedIpv4(bytes).map(({ form }) => form))
  // Deprecated forms (RFC 4291, RFC 6052's predecessor) that no public server uses.
  if (forms.has('IPv4-compatible') || forms.has('IPv4-translated')) return 'deprecated IPv4 embedding'
  // A public IPv4 address reached as IPv4-mapped or through a NAT64 gateway is that public address.
  if (forms.has('IPv4-mapped') || forms.has('NAT64')) return null
  const special = IPV6_BLOCKED.find((range) => inRange(bytes, range))
  if (special) return special.reason
  // Otherwise only global unicast (2000::/3) is a server on the internet.
  return (bytes[0]! & 0xe0) === 0x20 ? null : 'not global unicast'

}

/** The same for an address as text; text that is not an address is refused. */
export function blockedAddressTextReason(text: string): string | null {
  const bytes = parseIpAddress(text)
  return bytes ? blockedAddressReason(bytes) : 'not an IP address'
}
