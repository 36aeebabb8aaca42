/** Why a call to a CKAN portal failed, in words an operator can act on (shown translated: `ckan.error.<kind>`). */
export type CkanErrorKind =
  | 'unreachable' // DNS, refused or reset connection
  | 'timeout' // no complete answer within the deadline
  | 'http' // an HTTP error status (4xx/5xx other than the ones below)
  | 'rate-limited' // 429 that outlasted the retries
  | 'not-ckan' // an answer that is not the Action API (HTML page, wrong envelope)
  | 'malformed' // JSON that does not parse, or a body cut short
  | 'too-large' // a body over the size cap
  | 'ckan-error' // the portal answered success=false (e.g. Not Found)
  | 'circuit-open' // the portal failed repeatedly; calls are paused for a while
  | 'blocked' // the address is private or otherwise refused by the SSRF guard
