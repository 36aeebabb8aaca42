import { blockedErrorIn, guardedFetch, type OutboundPolicy } from './guarded-fetch.server.ts'
import { z } from 'zod'
import { CkanError, isCkanError } from './errors.server.ts'
import { readWithin } from '../../lib/read-within.ts'
import { gateFor, type GateOptions } from './portal-gate.server.ts'
import {
  CkanEnvelopeSchema,
  OrganizationSchema,
  PackageSchema,
  PackageSearchSchema,
  StatusShowSchema,
  type CkanOrganization,
  type CkanPackage,
  type StatusShow,
} from '../ckan/schemas.server.ts'

export type CkanClientOptions = {
  /** The Action API base, e.g. `https://data.gov.cz/api/3` (without `/action`). */
  apiBase: string
  timeoutMs?: number
  retries?: number
  /** Largest accepted body; bigger answers are refused as too large. */
  maxBodyBytes?: number
  /** Longest wait honoured from a Retry-After header. */
  maxRetryAfterMs?: number
  backoffBaseMs?: number
  backoffCapMs?: number
  gate?: Partial<GateOptions>
  /** Where addresses may lead (default: the server's settings); every request goes through guardedFetch with it. */
  policy?: OutboundPolicy
  /** Tests only: a stand-in for the network. */
  fetch?: typeof fetch
  userAgent?: string
}

export type PackageSearchParams = {
  q?: string
  fq?: string
  rows?: number
  start?: number
  sort?: string
  facetFields?: string[]
  facetLimit?: number
  extBbox?: [number, number, number, number]
  includePrivate?: boolean
}

export type PackageSearchResult = {
  count: number
  packages: CkanPackage[]
  /** Results that did not look like datasets at all (no id or name), left out and counted. */
  skipped: number
  facets: Record<string, Array<{ name: string; displayName: string; count: number }>>
}

const DEFAULTS = {
  timeoutMs: 15_000,
  retries: 3,
  maxBodyBytes: 25 * 1024 * 1024,
  maxRetryAfterMs: 30_000,
  backoffBaseMs: 500,
  backoffCapMs: 8_000,
  userAgent: 'Portalscope (open-data catalogue explorer)',
}

// CKAN caps package_search at 1,000 rows and organization_list?all_fields at 25 objects per call.
export const PACKAGE_SEARCH_MAX_ROWS = 1000
export const ORGANIZATION_PAGE = 25
/** 10,000 organizations, several times the largest portal's: a listing that goes on past this is not a real one. */
export const ORGANIZATION_MAX_PAGES = 400

/** How a caller keeps a paged listing in hand. */
export type PagingOptions = {
  /** Called before each page is asked for; what it throws ends the listing (a harvest removed or at its ceiling). */
  beforePage?: () => Promise<void> | void
}

/**
 * Whether a page holds a key that the page before it did not. A portal that ignores the offset (old CKANs do, for
 * organization_list) or claims more than it has (issue 30) sends the same page again, and a listing that follows its
 * numbers never ends. Only the previous page is kept: the check costs the same at any size of catalogue.
 */
export function bringsNew(previous: ReadonlySet<string>, keys: readonly string[]): boolean {
  for (const key of keys) if (!previous.has(key)) return true
  return false
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

/** Reads a body up to a byte cap, refusing larger ones without holding them (lib/read-within.ts). */
async function readCapped(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? NaN)
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel()
    throw new CkanError('too-large', `The answer is ${declared} bytes, over the ${maxBytes} byte limit`)
  }
  if (!response.body) return ''
  const body = await readWithin(response.body, maxBytes)
  if (body === null) throw new CkanError('too-large', `The answer exceeded the ${maxBytes} byte limit`)
  return new TextDecoder().decode(body)
}

function retryAfterMs(header: string | null, cap: number): number | null {
  if (!header) return null
  const seconds = Number(header)
  if (Number.isFinite(seconds)) return Math.min(cap, Math.max(0, seconds * 1000))
  const date = Date.parse(header)
  return Number.isFinite(date) ? Math.min(cap, Math.max(0, date - Date.now())) : null
}

/** Failures that say something about the portal's health (the circuit breaker counts these). */
function isPortalFailure(error: unknown): boolean {
  return isCkanError(error) && error.kind !== 'ckan-error' && error.kind !== 'circuit-open' && error.kind !== 'blocked'
}

/**
 * A typed client of one portal's Action API, for Node and workerd alike (plain fetch). Every answer is checked
 * (status, content type, size, envelope) and parsed with zod before anything else sees it.
 */
export function createCkanClient(options: CkanClientOptions) {
  const settings = { ...DEFAULTS, ...options }
  const apiBase = options.apiBase.replace(/\/+$/, '')
  // Every request through the outbound guard: each redirect hop and the address connected to are checked.
  const doFetch = options.fetch ?? ((input: string | URL | Request, init?: RequestInit) => guardedFetch(input, { ...init, ...(options.policy ? { policy: options.policy } : {}) }))
  const gate = gateFor(apiBase, options.gate)

  async function attempt(action: string, params: Record<string, string>): Promise<unknown> {
    const url = new URL(`${apiBase}/action/${action}`)
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value)
    let response: Response
    try {
      response = await doFetch(url, {
        headers: { accept: 'application/json', 'user-agent': settings.userAgent },
        signal: AbortSignal.timeout(settings.timeoutMs),
        redirect: 'follow',
      })
    } catch (error) {
      const name = (error as { name?: string }).name
      if (name === 'TimeoutError' || name === 'AbortError') {
        throw new CkanError('timeout', `No answer from ${url.host} within ${settings.timeoutMs / 1000} s`, { retryable: true, cause: error })
      }
      const blocked = blockedErrorIn(error)
      if (blocked) throw new CkanError('blocked', blocked.message, { cause: error })
      throw new CkanError('unreachable', `${url.host} could not be reached`, { retryable: true, cause: error })
    }

    if (response.status === 429) {
      await response.body?.cancel()
      throw Object.assign(new CkanError('rate-limited', `${url.host} asks to slow down (429)`, { status: 429, retryable: true }), {
        retryAfterMs: retryAfterMs(response.headers.get('retry-after'), settings.maxRetryAfterMs),
      })
    }

    let text: string
    try {
      text = await readCapped(response, settings.maxBodyBytes)
    } catch (error) {
      if (isCkanError(error)) throw error
      const name = (error as { name?: string }).name
      if (name === 'TimeoutError' || name === 'AbortError') {
        throw new CkanError('timeout', `The answer from ${url.host} did not finish within ${settings.timeoutMs / 1000} s`, { retryable: true, cause: error })
      }
      throw new CkanError('malformed', `The answer from ${url.host} was cut short`, { retryable: true, cause: error })
    }

    const contentType = response.headers.get('content-type') ?? ''
    const looksJson = /json/i.test(contentType) || /^\s*[{[]/.test(text)
    if (response.status >= 500) {
      throw new CkanError('http', `${url.host} answered ${response.status}`, { status: response.status, retryable: true })
    }
    if (!looksJson) {
      // An HTML maintenance page or a login wall, even with status 200, is not data.
      throw new CkanError('not-ckan', `${url.host} did not answer like a CKAN Action API (${contentType || 'no content type'})`, {
        status: response.status,
      })
    }
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch (error) {
      throw new CkanError('malformed', `${url.host} sent JSON that does not parse`, { status: response.status, retryable: true, cause: error })
    }
    const envelope = CkanEnvelopeSchema.safeParse(json)
    if (!envelope.success) {
      throw new CkanError('not-ckan', `${url.host} answered without CKAN's {success, result} envelope`, { status: response.status })
    }
    if (!envelope.data.success) {
      const message = envelope.data.error?.message ?? envelope.data.error?.__type ?? 'unknown error'
      throw new CkanError('ckan-error', `${url.host}: ${message}`, { status: response.status })
    }
    if (response.status >= 400) {
      throw new CkanError('http', `${url.host} answered ${response.status}`, { status: response.status })
    }
    return envelope.data.result
  }

  /** One action with retries: capped exponential backoff with jitter, Retry-After honoured for 429. */
  async function call(action: string, params: Record<string, string> = {}): Promise<unknown> {
    let lastError: unknown
    for (let attemptNo = 0; attemptNo <= settings.retries; attemptNo++) {
      try {
        return await gate.run(() => attempt(action, params), isPortalFailure)
      } catch (error) {
        lastError = error
        if (!isCkanError(error) || !error.retryable || attemptNo === settings.retries) throw error
        const hinted = (error as { retryAfterMs?: number | null }).retryAfterMs
        const backoff = Math.min(settings.backoffCapMs, settings.backoffBaseMs * 2 ** attemptNo)
        // Full jitter: spreads retries from many clients over the window.
        await sleep(hinted ?? Math.random() * backoff)
      }
    }
    throw lastError
  }

  function parse<T extends z.ZodType>(schema: T, value: unknown, action: string): z.output<T> {
    const parsed = schema.safeParse(value)
    if (!parsed.success) throw new CkanError('not-ckan', `${action} answered in an unexpected shape: ${z.prettifyError(parsed.error).slice(0, 300)}`)
    return parsed.data
  }

  return {
    apiBase,

    async statusShow(): Promise<StatusShow> {
      return parse(StatusShowSchema, await call('status_show'), 'status_show')
    },

    async packageSearch(params: PackageSearchParams = {}): Promise<PackageSearchResult> {
      const query: Record<string, string> = {}
      if (params.q) query.q = params.q
      if (params.fq) query.fq = params.fq
      query.rows = String(Math.min(PACKAGE_SEARCH_MAX_ROWS, Math.max(0, params.rows ?? 10)))
      if (params.start) query.start = String(params.start)
      if (params.sort) query.sort = params.sort
      if (params.facetFields?.length) {
        query['facet.field'] = JSON.stringify(params.facetFields)
        query['facet.limit'] = String(params.facetLimit ?? 50)
      }
      if (params.extBbox) query.ext_bbox = params.extBbox.join(',')
      if (params.includePrivate) query.include_private = 'true'
      const result = parse(PackageSearchSchema, await call('package_search', query), 'package_search')
      const packages: CkanPackage[] = []
      let skipped = 0
      for (const raw of result.results) {
        const pkg = PackageSchema.safeParse(raw)
        if (pkg.success) packages.push(pkg.data)
        else skipped++
      }
      const facets: PackageSearchResult['facets'] = {}
      for (const [field, facet] of Object.entries(result.search_facets ?? {})) {
        facets[field] = facet.items
          .filter((item) => item.name !== null)
          .map((item) => ({ name: item.name!, displayName: item.display_name ?? item.name!, count: item.count ?? 0 }))
      }
      // Some portals report a count that disagrees with what they return; never less than what we hold.
      const count = Math.max(result.count ?? 0, (params.start ?? 0) + packages.length + skipped)
      return { count, packages, skipped, facets }
    },

    async packageShow(id: string): Promise<CkanPackage> {
      return parse(PackageSchema, await call('package_show', { id }), 'package_show')
    },

    /**
     * Every organization with its fields, paged past CKAN's 25-object cap. The listing ends at a short page, at a page
     * with nothing new (the same page again: the portal ignores `offset`, and its first page is all it gives), or after
     * ORGANIZATION_MAX_PAGES.
     */
    async organizationListAll(paging: PagingOptions = {}): Promise<CkanOrganization[]> {
      const all: CkanOrganization[] = []
      let previous: ReadonlySet<string> = new Set()
      for (let page = 0; page < ORGANIZATION_MAX_PAGES; page++) {
        await paging.beforePage?.()
        const raw = parse(
          z.array(z.unknown()),
          await call('organization_list', { all_fields: 'true', limit: String(ORGANIZATION_PAGE), offset: String(page * ORGANIZATION_PAGE) }),
          'organization_list',
        )
        const organizations: CkanOrganization[] = []
        for (const item of raw) {
          const org = OrganizationSchema.safeParse(item)
          if (org.success) organizations.push(org.data)
        }
        const names = organizations.map((org) => org.name)
        if (!bringsNew(previous, names)) return all
        all.push(...organizations)
        if (raw.length < ORGANIZATION_PAGE) return all
        previous = new Set(names)
      }
      return all
    },

    async organizationShow(id: string): Promise<CkanOrganization> {
      return parse(OrganizationSchema, await call('organization_show', { id }), 'organization_show')
    },

    async groupList(): Promise<string[]> {
      return parse(z.array(z.string()).catch([]), await call('group_list'), 'group_list')
    },
  }
}

export type CkanClient = ReturnType<typeof createCkanClient>
