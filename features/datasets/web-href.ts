const WEB = new Set(['http:', 'https:', 'ftp:'])

/**
 * A URL from a portal, fit to be a link: only absolute http, https and ftp URLs. Anything else (`javascript:`,
 * `data:`, a relative path that would resolve against Portalscope) is shown as text, never as an href.
 */
export function webHref(raw: string | null | undefined): string | null {
  if (!raw) return null
  try {
    const url = new URL(raw.trim())
    return WEB.has(url.protocol) && url.host ? url.href : null
  } catch {
    return null
  }
}
