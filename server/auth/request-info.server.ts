import { serverEnv } from '../env.server.ts'

/**
 * The client's address for rate limits. Proxy headers are trusted only when TRUST_PROXY is set, since anyone can
 * send them; under Workers, CF-Connecting-IP is set by the platform itself.
 */
export function clientAddress(request: Request, runtime: 'node' | 'workerd'): string | null {
  if (runtime === 'workerd') return request.headers.get('cf-connecting-ip')
  const hops = serverEnv().TRUST_PROXY
  if (hops > 0) {
    const forwarded = forwardedEntry(request.headers.get('x-forwarded-for'), hops)
    if (forwarded) return forwarded
    const real = request.headers.get('x-real-ip')?.trim()
    if (real) return real
  }
  // srvx (the Node server) exposes the socket's remote address on the request.
  return (request as Request & { ip?: string }).ip ?? null
}

/**
 * The entry of a comma-separated X-Forwarded-* header that the trusted proxies wrote: each proxy appends what it saw,
 * so with `hops` proxies in front that is the `hops`-th from the right. Entries further left came from the client and
 * are whatever it chose to send; a header with fewer entries did not pass every proxy and is not believed.
 */
export function forwardedEntry(header: string | null, hops: number): string | null {
  if (!header || hops < 1) return null
  const entries = header.split(',').map((entry) => entry.trim())
  if (entries.length < hops) return null
  return entries[entries.length - hops] || null
}

/** The origin users reach the app at: PUBLIC_URL when set (behind a proxy), else the request's own. */
export function appOrigin(request: Request): string {
  const publicUrl = serverEnv().PUBLIC_URL
  if (publicUrl) return new URL(publicUrl).origin
  const url = new URL(request.url)
  const hops = serverEnv().TRUST_PROXY
  if (hops > 0) {
    const proto = forwardedEntry(request.headers.get('x-forwarded-proto'), hops)
    const host = forwardedEntry(request.headers.get('x-forwarded-host'), hops)
    if (proto) url.protocol = `${proto}:`
    if (host) url.host = host
  }
  return url.origin
}

export function isSecureOrigin(request: Request): boolean {
  return appOrigin(request).startsWith('https:')
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * CSRF (ASVS 3.5): a state-changing request that carries the session cookie must come from the app's own origin.
 * Requests authenticated by a Bearer token alone carry no ambient credential and are exempt.
 */
export function csrfViolation(request: Request, hasSessionCookie: boolean): boolean {
  if (SAFE_METHODS.has(request.method) || !hasSessionCookie) return false
  const origin = request.headers.get('origin')
  return origin !== appOrigin(request)
}

/** The answer to a request that `csrfViolation` refuses. */
export function crossSiteRefusal(): Response {
  return Response.json({ error: { message: 'Cross-site request refused', code: 'FORBIDDEN' } }, { status: 403 })
}
