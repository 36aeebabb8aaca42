// robots.txt as RFC 9309 defines it (https://www.rfc-editor.org/rfc/rfc9309), for the link checker. Plain functions
// over plain data, so it runs on Node and in Workers alike. Crawl-delay is not in the RFC; it is read because many
// portals set it and honouring it is the polite thing to do.

export type RobotsRule = {
  allow: boolean
  /** Normalised path pattern (see normalisePath); may hold `*` and a trailing `$`. Never empty. */
  pattern: string
}

export type RobotsGroup = {
  /** Lower-case product tokens, or `*`. */
  agents: string[]
  rules: RobotsRule[]
  /** Seconds, as written; null when the group has none. */
  crawlDelay: number | null
}

export type Robots = {
  groups: RobotsGroup[]
  sitemaps: string[]
  /** Set when there is no file to read (RFC 9309 §2.3.1.3/§2.3.1.4); the groups are then empty. */
  override: 'allow-all' | 'disallow-all' | null
}

/** RFC 9309 §2.5: crawlers must parse at least 500 KiB; we parse exactly that much. */
export const ROBOTS_MAX_BYTES = 500 * 1024

export const ALLOW_ALL: Robots = Object.freeze({ groups: [], sitemaps: [], override: 'allow-all' })
export const DISALLOW_ALL: Robots = Object.freeze({ groups: [], sitemaps: [], override: 'disallow-all' })

// Google's parser accepts these misspellings too; publishers do write them.
const USER_AGENT_KEYS = new Set(['user-agent', 'useragent', 'user agent'])
const DISALLOW_KEYS = new Set(['disallow', 'dissallow', 'dissalow', 'disalow', 'diasllow', 'disallaw'])
const ALLOW_KEYS = new Set(['allow'])
const CRAWL_DELAY_KEYS = new Set(['crawl-delay', 'crawldelay', 'crawl delay'])

const HEX = '0123456789ABCDEF'
const UNRESERVED = /^[A-Za-z0-9\-._~]$/

/**
 * The product token a user-agent value names: its leading letters, `_` and `-` (RFC 9309 §2.2.1), lower-case.
 * `Portalscope-LinkChecker/1.0 (+https://…)` → `portalscope-linkchecker`; `*` stays `*`.
 */
export function productToken(value: string): string {
  const trimmed = value.trim()
  if (trimmed.startsWith('*')) return '*'
  return (/^[A-Za-z_-]+/.exec(trimmed)?.[0] ?? '').toLowerCase()
}

/**
 * One spelling per path, so that rules and URLs compare octet by octet (RFC 9309 §2.2.2): non-ASCII and control
 * characters become UTF-8 percent-escapes, escapes of unreserved characters are decoded, other escapes get upper-case
 * hex. `*` and `$` pass through untouched.
 */
export function normalisePath(path: string): string {
  let out = ''
  const encoder = new TextEncoder()
  for (let i = 0; i < path.length; i++) {
    const char = path[i]!
    if (char === '%' && /^[0-9A-Fa-f]{2}$/.test(path.slice(i + 1, i + 3))) {
      const decoded = String.fromCharCode(parseInt(path.slice(i + 1, i + 3), 16))
      out += UNRESERVED.test(decoded) ? decoded : `%${path.slice(i + 1, i + 3).toUpperCase()}`
      i += 2
      continue
    }
    const code = char.charCodeAt(0)
    if (code > 0x20 && code < 0x7f) {
      out += char
      continue
    }
    // A surrogate pair is one code point: encode both halves together.
    const pointLength = code >= 0xd800 && code <= 0xdbff && i + 1 < path.length ? 2 : 1
    for (const byte of encoder.encode(path.slice(i, i + pointLength))) out += `%${HEX[byte >> 4]}${HEX[byte & 15]}`
    i += pointLength - 1
  }
  return out
}

/** Cuts text to its first `maxBytes` UTF-8 bytes, dropping a line cut in half (a half rule could allow too much). */
function firstBytes(text: string, maxBytes: number): string {
  const bytes = new TextEncoder().encode(text)
  if (bytes.byteLength <= maxBytes) return text
  const head = new TextDecoder().decode(bytes.subarray(0, maxBytes))
  const lastBreak = Math.max(head.lastIndexOf('\n'), head.lastIndexOf('\r'))
  return lastBreak >= 0 ? head.slice(0, lastBreak) : ''
}

/** Parses a robots.txt body. Unknown lines are ignored, as are rules that come before any user-agent line. */
export function parseRobots(text: string): Robots {
  const groups: RobotsGroup[] = []
  const sitemaps: string[] = []
  let current: RobotsGroup | null = null
  // A user-agent line directly after another one joins its group; after a rule it starts a new group.
  let collectingAgents = false

  const lines = firstBytes(text.replace(/^\uFEFF/, ''), ROBOTS_MAX_BYTES).split(/\r\n|\r|\n/)
  for (const rawLine of lines) {
    const line = rawLine.replace(/#.*$/, '')
    const colon = line.indexOf(':')
    if (colon < 0) continue
    const key = line.slice(0, colon).trim().toLowerCase().replace(/\s+/g, ' ')
    const value = line.slice(colon + 1).trim()

    if (USER_AGENT_KEYS.has(key)) {
      const token = productToken(value)
      if (!collectingAgents || !current) {
        current = { agents: [], rules: [], crawlDelay: null }
        groups.push(current)
        collectingAgents = true
      }
      if (token) current.agents.push(token)
      continue
    }
    if (key === 'sitemap') {
      // Sitemaps are not group members (§2.3.5): they neither end nor join a group.
      if (value) sitemaps.push(value)
      continue
    }
    const isAllow = ALLOW_KEYS.has(key)
    const isDisallow = DISALLOW_KEYS.has(key)
    const isDelay = CRAWL_DELAY_KEYS.has(key)
    if (!isAllow && !isDisallow && !isDelay) continue
    collectingAgents = false
    if (!current) continue
    if (isDelay) {
      const seconds = Number(value)
      if (value !== '' && Number.isFinite(seconds) && seconds >= 0) current.crawlDelay = seconds
      continue
    }
    // An empty pattern matches nothing ("Disallow:" is the classic "allow everything").
    if (value) current.rules.push({ allow: isAllow, pattern: normalisePath(value) })
  }
  return { groups: groups.filter((group) => group.agents.length > 0), sitemaps, override: null }
}

/**
 * What a robots.txt fetch means (RFC 9309 §2.3.1): a 2xx body is parsed; a 4xx means "no rules"; a 5xx or no answer
 * at all (null) means "crawl nothing". 429 is treated like a 5xx: it is the server asking us to back off, and reading
 * it as "no rules" would do the opposite (Google does the same).
 */
export function robotsFromResponse(status: number | null, body = ''): Robots {
  if (status !== null && status >= 200 && status < 300) return parseRobots(body)
  if (status !== null && status >= 400 && status < 500 && status !== 429) return ALLOW_ALL
  return DISALLOW_ALL
}

/**
 * The groups that apply to a crawler (§2.2.1): every group naming its product token, case-insensitively, merged;
 * only when none does, every `*` group merged. A named group replaces `*` entirely, even when it is empty.
 */
function groupsFor(robots: Robots, userAgentToken: string): RobotsGroup[] {
  const token = productToken(userAgentToken)
  const named = token && token !== '*' ? robots.groups.filter((group) => group.agents.includes(token)) : []
  return named.length > 0 ? named : robots.groups.filter((group) => group.agents.includes('*'))
}

/**
 * Whether `pattern` matches the start of `path`: `*` is any run of octets, a final `$` anchors at the end.
 * Tracks the set of reachable positions (as Google's parser does), so hostile patterns stay O(pattern × path).
 */
function matches(pattern: string, path: string): boolean {
  let positions = [0]
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]!
    if (char === '$' && i === pattern.length - 1) return positions.includes(path.length)
    if (char === '*') {
      const from = positions[0]!
      positions = Array.from({ length: path.length - from + 1 }, (_, k) => from + k)
      continue
    }
    const next: number[] = []
    for (const position of positions) {
      if (path[position] === char) next.push(position + 1)
    }
    if (next.length === 0) return false
    positions = next
  }
  return true
}

/**
 * Whether a crawler with this product token may fetch `pathAndQuery` (path plus query string, as sent): the longest
 * matching rule decides, Allow wins a tie, no matching rule means allowed (§2.2.2). /robots.txt is always allowed.
 */
export function isAllowed(robots: Robots, userAgentToken: string, pathAndQuery: string): boolean {
  if (robots.override) return robots.override === 'allow-all'
  const path = normalisePath(pathAndQuery.startsWith('/') ? pathAndQuery : `/${pathAndQuery}`)
  if (path === '/robots.txt') return true
  let best: RobotsRule | null = null
  for (const group of groupsFor(robots, userAgentToken)) {
    for (const rule of group.rules) {
      if (!matches(rule.pattern, path)) continue
      if (!best || rule.pattern.length > best.pattern.length || (rule.pattern.length === best.pattern.length && rule.allow)) best = rule
    }
  }
  return best ? best.allow : true
}

/** The Crawl-delay (seconds) of the groups that apply to this crawler; the largest when merged groups disagree. */
export function crawlDelaySeconds(robots: Robots, userAgentToken: string): number | null {
  let delay: number | null = null
  for (const group of groupsFor(robots, userAgentToken)) {
    if (group.crawlDelay !== null && (delay === null || group.crawlDelay > delay)) delay = group.crawlDelay
  }
  return delay
}
