import { sha256 } from '@oslojs/crypto/sha2'
import { encodeBase64 } from '@oslojs/encoding'
import { PRE_PAINT_SCRIPT } from '../lib/theme/pre-paint.ts'

/** CSP source for the inline theme script in <head>: allowed by its hash, so no 'unsafe-inline' is needed. */
export const PRE_PAINT_SCRIPT_HASH = `'sha256-${encodeBase64(sha256(new TextEncoder().encode(PRE_PAINT_SCRIPT)))}'`

/**
 * Content-Security-Policy for HTML pages: scripts only from self, plus Vike's per-request nonce for inline scripts.
 * `tileOrigin`: the configured basemap's tile server (PORTALSCOPE_MAP_TILES), which the map fetches images from.
 */
export function pageContentSecurityPolicy(nonce: string | null, isDev: boolean, scriptHashes: string[] = [], tileOrigin: string | null = null): string {
  const scriptSrc = ["'self'", ...scriptHashes]
  if (nonce) scriptSrc.push(`'nonce-${nonce}'`)
  // Vite's dev client injects inline and eval'd code for hot reload; production never does.
  if (isDev) scriptSrc.push("'unsafe-inline'", "'unsafe-eval'")
  return [
    "default-src 'self'",
    `script-src ${scriptSrc.join(' ')}`,
    // Inline style attributes come from React and the design system's runtime values.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${tileOrigin ? ` ${tileOrigin}` : ''}`,
    "font-src 'self' data:",
    `connect-src 'self'${tileOrigin ? ` ${tileOrigin}` : ''}${isDev ? ' ws: wss:' : ''}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/** For everything that is not a page (API answers, files): nothing may run or be framed. */
export const NON_PAGE_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'"

export const COMMON_SECURITY_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  // Geolocation for this origin only: the map's "show my location" asks for it (and the browser asks the user).
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(self), interest-cohort=()',
}

/** Adds the headers that every response carries, keeping any the handler set itself. */
export function withSecurityHeaders(response: Response): Response {
  const result = new Response(response.body, response)
  for (const [name, value] of Object.entries(COMMON_SECURITY_HEADERS)) {
    if (!result.headers.has(name)) result.headers.set(name, value)
  }
  if (!result.headers.has('Content-Security-Policy')) result.headers.set('Content-Security-Policy', NON_PAGE_CSP)
  return result
}

/** Vite names the built files under /assets/ by their content: a changed file has a new address. */
export const IMMUTABLE_ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable'

/** A built, content-hashed file may be kept for a year without asking again. */
export function withAssetCaching(request: Request, response: Response): Response {
  if (response.status !== 200 || !new URL(request.url).pathname.startsWith('/assets/')) return response
  const result = new Response(response.body, response)
  result.headers.set('Cache-Control', IMMUTABLE_ASSET_CACHE_CONTROL)
  return result
}
