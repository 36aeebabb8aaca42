import { serverEnv } from '../env.server.ts'

/**
 * The client's address for rate limits. Proxy headers are trusted only when TRUST_PROXY is set, since anyone can
 * send them; under Workers, CF-Connecting-IP is set by the platform itself.
 */
export function clientAddress(request: Request, runtime: 'node' | 'workerd'): string | null {
  if (runtime === 'workerd') return request.headers.get('cf-connecting-ip')
  if (serverEnv().TRUST_PROXY) {
    const forwarded = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim()
    if (forwarded) return forwarded
    const real = request.headers.get('x-real-ip')?.trim()
    if (real) return real
  }
  // srvx (the Node server) exposes the socket's remote address on the request.
  return (request as Request & { ip?: string }).ip ?? null
}

/** The origin users reach the app at: PUBLIC_URL when set (behind a proxy), else the request's own. */
export function appOrigin(request: Request): string {
  const publicUrl = serverEnv().PUBLIC_URL
  if (publicUrl) return new URL(publicUrl).origin
  const url = new URL(request.url)
  if (serverEnv().TRUST_PROXY) {
    const proto = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim()
    const host = request.headers.get('x-forwarded-host')?.split(',')[0]?.trim()
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
