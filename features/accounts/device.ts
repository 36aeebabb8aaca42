/** "Firefox on Windows" from a User-Agent header: enough for someone to recognise their own sessions. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return '?'
  const browser =
    /Edg\//.test(userAgent) ? 'Edge'
    : /OPR\/|Opera/.test(userAgent) ? 'Opera'
    : /Firefox\//.test(userAgent) ? 'Firefox'
    : /Chrome\/|Chromium\/|CriOS\//.test(userAgent) ? 'Chrome'
    : /Safari\//.test(userAgent) ? 'Safari'
    : /curl\/|python-requests|node|undici/i.test(userAgent) ? 'Script'
    : null
  const os =
    /Windows/.test(userAgent) ? 'Windows'
    : /Android/.test(userAgent) ? 'Android'
    : /iPhone|iPad|iOS/.test(userAgent) ? 'iOS'
    : /Mac OS X|Macintosh/.test(userAgent) ? 'macOS'
    : /Linux|X11/.test(userAgent) ? 'Linux'
    : null
  if (browser && os) return `${browser} · ${os}`
  return browser ?? os ?? userAgent.slice(0, 40)
}
