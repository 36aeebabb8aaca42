// robots.txt as the link checker obeys it (docs/link-check.md): fetched once per origin and run, through the same
// guarded, paced requests as the URLs themselves; what each answer means is RFC 9309 §2.3.1's. Parsing and matching
// the file is robots.server.ts.

import { ALLOW_ALL, DISALLOW_ALL, ROBOTS_MAX_BYTES, crawlDelaySeconds, isAllowed, robotsFromResponse, type Robots } from './robots.server.ts'
import { clockOf, slowDown } from './link-check-politeness.server.ts'
import { REDIRECT_STATUSES, RequestFailure, addressOf, guard, httpUrl, request, type Exchange, type LinkCheckRun, type RobotsOutcome } from './link-check-request.server.ts'
import type { LinkCheckError } from './link-check-result.server.ts'
import { madeBy } from '../../lib/made-by.ts'

// RFC 9309 §2.3.1.2: follow at least five redirects for robots.txt.
const ROBOTS_MAX_REDIRECTS = 5

/** Whether robots.txt lets the checker call this URL: null, or why not ('robots', or why the file could not be read). */
export async function robotsVerdict(run: LinkCheckRun, url: URL): Promise<LinkCheckError | null> {
  const outcome = await robotsFor(run, url)
  if ('error' in outcome) return outcome.error
  return isAllowed(outcome.robots, run.token, url.pathname + url.search) ? null : 'robots'
}

/** robots.txt for an origin, fetched once per run (RFC 9309 §2.3.1 for what each answer means). */
function robotsFor(run: LinkCheckRun, url: URL): Promise<RobotsOutcome> {
  let outcome = run.robots.get(url.origin)
  if (!outcome) run.robots.set(url.origin, (outcome = fetchRobots(run, url)))
  return outcome
}

async function fetchRobots(run: LinkCheckRun, url: URL): Promise<RobotsOutcome> {
  const scratch = { ms: 0 }
  let current = new URL('/robots.txt', url.origin)
  let robots: Robots | null = null
  for (let hops = 0; !robots; hops++) {
    const refused = await guard(run, current)
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
      exchange = await request(run, current, { method: 'GET', range: false }, ROBOTS_MAX_BYTES + 1, scratch, true)
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
  const delay = crawlDelaySeconds(robots, run.token)
  if (delay !== null) slowDown(clockOf(run.clocks, await addressOf(run, url), run.baseDelayMs), delay)
  return { robots }
}
