// What the link checker (link-check.server.ts) answers for one URL, apart so that each of its steps can name it.

export type LinkCheckError = 'timeout' | 'dns' | 'refused' | 'blocked' | 'robots' | 'too-many-redirects' | 'invalid-url' | 'network'

export type LinkCheckResult = {
  url: string
  /** 2xx at the end of a redirect chain that stayed within the limit (206 to a ranged GET included). */
  ok: boolean
  /** Final HTTP status; null when no response. */
  status: number | null
  /** Media type without parameters, lower-case. */
  contentType: string | null
  /** Content-Range total or Content-Length of the final response, or the bytes read when the body ended within the peek. */
  size: number | null
  /** The last address of the chain; for a chain cut short (blocked, robots, too many redirects), where it led next. */
  finalUrl: string | null
  error: LinkCheckError | null
  method: 'HEAD' | 'GET' | null
  checkedAt: Date
  /** Time spent in this URL's own requests; politeness pauses and robots.txt are not counted. */
  ms: number
}
