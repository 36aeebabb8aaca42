// One URL's check (docs/link-check.md): the SSRF guard and robots.txt first, then HEAD, then a ranged GET where a
// HEAD answer says more about the server than about the file, following redirects hop by hop so each hop is guarded.

import { REDIRECT_STATUSES, RequestFailure, guard, httpUrl, request, type Attempt, type Exchange, type LinkCheckRun, type Method } from './link-check-request.server.ts'
import { robotsVerdict } from './link-check-robots.server.ts'
import type { LinkCheckError, LinkCheckResult } from './link-check-result.server.ts'
import { madeBy } from '../../lib/made-by.ts'

/** A check's result before it is given to the inputs that share it. */
export type Outcome = Omit<LinkCheckResult, 'url' | 'checkedAt' | 'ms'>

/**
 * HEAD answers that say more about the server's HEAD handling than about the resource, so a GET is tried:
 * 405 and 501 (HEAD unsupported by the server), 400 and 403 (WAFs and method-signed URLs such as S3's that refuse HEAD),
 * 404 (application routers that register only GET), 406 (content negotiation that fails without a body),
 * 500 (download scripts that crash on HEAD). Not retried: 401/407 (a GET needs the same credentials), 410 (gone for
 * good), 429 and 502–504 (an overloaded server should not get a second request at once).
 */
export const HEAD_FALLBACK_STATUSES: ReadonlySet<number> = new Set([400, 403, 404, 405, 406, 500, 501])

export function failed(error: LinkCheckError, fields: Partial<Outcome> = {}): Outcome {
  return { ok: false, status: null, contentType: null, size: null, finalUrl: null, method: null, ...fields, error }
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

/** Checks one URL; `spent` adds the time its own requests took. */
export async function checkOne(run: LinkCheckRun, url: URL, spent: { ms: number }): Promise<Outcome> {
  const refused = (await guard(run, url)) ?? (await robotsVerdict(run, url))
  if (refused) return failed(refused)
  let attempt: Attempt = { method: 'HEAD', range: false }
  for (;;) {
    const result = await follow(run, url, attempt, spent)
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

/** One attempt (a method) from the start URL, following redirects itself so every hop is guarded. */
async function follow(run: LinkCheckRun, start: URL, attempt: Attempt, spent: { ms: number }): Promise<{ exchange: Exchange; finalUrl: URL } | Outcome> {
  let current = start
  for (let hops = 0; ; hops++) {
    let exchange: Exchange
    try {
      exchange = await request(run, current, attempt, attempt.method === 'GET' ? run.peekBytes : 0, spent)
    } catch (error) {
      if (!madeBy(error, RequestFailure)) throw error
      return failed(error.kind, { finalUrl: current.href, method: attempt.method })
    }
    const location = REDIRECT_STATUSES.has(exchange.status) ? exchange.headers.get('location') : null
    if (location === null) return { exchange, finalUrl: current }
    const next = httpUrl(location, current)
    const cut = { status: exchange.status, finalUrl: next?.href ?? location, method: attempt.method }
    if (!next) return failed('invalid-url', cut)
    if (hops >= run.maxRedirects) return failed('too-many-redirects', cut)
    const refused = (await guard(run, next)) ?? (await robotsVerdict(run, next))
    if (refused) return failed(refused, cut)
    current = next
  }
}
