// Why this file is long: one server speaking the CKAN Action API, each action and each fault mode a short handler
// over the same portal state; apart, they would share most of their parameters.
// A CKAN-compatible Action API server on loopback for tests and benchmarks (see README.md).
// node:http only; every portal lives under its own URL prefix: http://127.0.0.1:<port>/<slug>/api/3/action/<action>

import { createServer } from 'node:http'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import { GROUPS } from '../../server/ckan/demo/vocab.server.ts'
import { strHash } from '../../server/ckan/demo/random.server.ts'
import { Corpus } from './corpus.ts'
import type { ExtentMode } from './extents.ts'
import { SampleSet } from './samples.ts'
import type { RawReply } from './samples.ts'
import { ActionError, DEFAULT_SORT, PortalData, notFound, parseSort, searchQueryError, validationError } from './search.ts'
import { madeBy } from '../../lib/made-by.ts'

export type FaultMode =
  | 'none'
  | 'hang'
  | 'http500'
  | 'rate-limit'
  | 'malformed-json'
  | 'truncated'
  | 'html-200'
  | 'huge-body'
  | 'refused'
  | 'endless-search'
  | 'org-list-ignores-offset'
  | 'overcount'

export type FixturePortalOptions = {
  slug: string // URL prefix: http://127.0.0.1:<port>/<slug>/api/3/action/<action>
  datasets: number // size of the generated corpus (0 .. 1_000_000); never all held in memory
  seed?: number // deterministic generation (default: derived from slug)
  organizations?: number // default ~ max(3, datasets/200) capped at 500
  extents?: ExtentMode // 'some' (default: about a quarter, some broken) or 'all' (every dataset a valid extent; bench/map.ts)
  fault?: FaultMode // default 'none'
  ckanVersion?: string // status_show ckan_version, default '2.10.4'
  serveSamples?: boolean // when true, the portal serves the verbatim real samples instead of the generated corpus
  replay?: boolean // keep each successful GET action answer by its URL and send the kept bytes again (benchmarks: a
  //                  second pass costs the machine almost nothing, as a remote portal's work would); modify() forgets them
  resourceHosts?: string[] // host names its resources' files are handed out on instead of 127.0.0.1 (spread by resource);
  //                          the caller makes them reach this fixture (a resolver of its own): one server behind many names
}

export type CkanFixture = {
  baseUrl: string // http://127.0.0.1:<port>
  portalUrl(slug: string): string // `${baseUrl}/${slug}` (the CKAN site root); for fault 'refused' a URL on a closed port
  apiBase(slug: string): string // `${portalUrl(slug)}/api/3`
  setFault(slug: string, fault: FaultMode, options?: { retryAfterSeconds?: number; failTimes?: number }): void // failTimes: fail only the next N requests, then answer normally (default: always)
  requestCount(slug: string): number // requests received for that portal
  fileRequests(): number // requests for resource files and robots.txt, all portals and host names together
  maxConcurrentFiles(): number // highest number of those in flight at once
  holdFiles(): () => void // holds every file and robots.txt answer until the returned function is called
  holdActions(slug: string): () => void // holds that portal's Action API answers (status_show apart) until the returned function is called
  fileRequestsReached(count: number): Promise<void> // resolves once that many file requests have arrived in all
  maxConcurrent(slug: string): number // highest number of requests in flight at once for that portal
  modify(slug: string, changes: { updated?: number; deleted?: number; added?: number }): void // simulate portal changes after a harvest
  close(): Promise<void>
}

export const FAULT_MODES: readonly FaultMode[] = [
  'none',
  'hang',
  'http500',
  'rate-limit',
  'malformed-json',
  'truncated',
  'html-200',
  'huge-body',
  'refused',
  'endless-search',
  'org-list-ignores-offset',
  'overcount',
]

/** How many datasets more than it serves the 'overcount' fault's package_search reports (private or stale in its index). */
export const OVERCOUNT = 28

/** The dataset count that the 'endless-search' fault claims. */
export const ENDLESS_COUNT = 1e12

/** Bytes streamed by the 'huge-body' fault (about 50 MB). */
export const HUGE_BODY_BYTES = 50 * 1024 * 1024

type Portal = {
  slug: string
  ckanVersion: string
  data: PortalData
  samples: SampleSet | null
  fault: FaultMode
  faultRemaining: number
  retryAfterSeconds: number
  requests: number
  inFlight: number
  maxInFlight: number
  /** While set, the portal's Action API answers (status_show apart) wait for it (holdActions). */
  held: Promise<void> | null
  /** Answers kept by request URL (the replay option), or null. */
  replayed: Map<string, { status: number; body: Buffer }> | null
}

const JSON_TYPE = 'application/json;charset=utf-8'
const HTML_TYPE = 'text/html; charset=utf-8'

// ---------------------------------------------------------------------------------------------- params

type Params = Record<string, unknown>

function str(v: unknown): string | undefined {
  if (v === undefined || v === null) return undefined
  if (Array.isArray(v)) return v.length ? str(v[0]) : undefined
  return typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v)
}

function asBool(v: unknown): boolean {
  if (typeof v === 'boolean') return v
  const s = (str(v) ?? '').trim().toLowerCase()
  return ['true', '1', 'yes', 'on', 'y', 't'].includes(s)
}

/** CKAN's int_validator / natural_number_validator, collecting errors like navl does. */
function intParam(params: Params, key: string, errors: Record<string, string[]>, natural: boolean): number | undefined {
  const v = params[key]
  if (v === undefined || v === null || v === '') return undefined
  let n: number | undefined
  if (typeof v === 'number' && Number.isInteger(v)) n = v
  else if (typeof v === 'string' && /^\s*[+-]?\d+\s*$/.test(v)) n = parseInt(v, 10)
  if (n === undefined) {
    errors[key] = ['Invalid integer']
    return undefined
  }
  if (natural && n < 0) {
    errors[key] = ['Must be a natural number']
    return undefined
  }
  return n
}

function pyList(items: string[]): string {
  return `[${items.map((s) => `'${s}'`).join(', ')}]`
}

// ---------------------------------------------------------------------------------------------- actions

const SOLR_PARAMS = new Set([
  'q', 'fl', 'fq', 'rows', 'sort', 'start', 'wt', 'qf', 'bf', 'boost', 'facet', 'facet.mincount', 'facet.limit',
  'facet.field', 'extras', 'fq_list', 'tie', 'defType', 'mm', 'df',
  // popped by package_search before Solr sees the query
  'include_private', 'include_drafts', 'include_deleted', 'use_default_schema', 'callback',
])

function packageSearch(p: Portal, params: Params, siteUrl: string): Record<string, unknown> {
  const errors: Record<string, string[]> = {}
  const rowsIn = intParam(params, 'rows', errors, true)
  const start = intParam(params, 'start', errors, true) ?? 0
  const facetLimit = intParam(params, 'facet.limit', errors, false) ?? 50
  const facetMincount = intParam(params, 'facet.mincount', errors, true) ?? 1
  let facetFields: string[] = []
  const ff = params['facet.field']
  if (ff !== undefined && ff !== '') {
    let list: unknown = ff
    if (typeof ff === 'string') {
      try {
        list = JSON.parse(ff)
      } catch {
        errors['facet.field'] = ['Could not parse as valid JSON']
      }
    }
    if (!errors['facet.field']) {
      if (!Array.isArray(list)) errors['facet.field'] = ['Not a list']
      else if (list.some((x) => typeof x !== 'string')) errors['facet.field'] = ['Not a string']
      else facetFields = list as string[]
    }
  }
  if (Object.keys(errors).length) throw validationError(errors)
  const invalid = Object.keys(params).filter((k) => !SOLR_PARAMS.has(k) && !k.startsWith('ext_'))
  if (invalid.length) throw searchQueryError(`Invalid search parameters: ${pyList(invalid)}`)
  const rows = Math.min(rowsIn ?? 10, 1000) // ckan.search.rows_max: silently capped
  const q = str(params.q) ?? ''
  const fqRaw = params.fq
  const fq = Array.isArray(fqRaw) ? fqRaw.map((x) => str(x) ?? '').join(' ') : str(fqRaw) ?? ''
  let sort = str(params.sort) ?? ''
  if (!sort || sort === 'rank') sort = DEFAULT_SORT
  parseSort(sort) // validate before doing any work
  if (params.facet !== undefined && !asBool(params.facet)) facetFields = []

  const { entry, hasText } = p.data.select(q, fq)
  const indices = rows > 0 ? p.data.page(entry, hasText, sort, start, rows) : []
  let results: unknown[] = indices.map((i) => p.data.doc(i, siteUrl))
  const fl = str(params.fl)
  if (fl) {
    const fields = fl.split(/[\s,]+/).filter(Boolean)
    results = (results as Record<string, unknown>[]).map((d) => Object.fromEntries(fields.filter((f) => f in d).map((f) => [f, d[f]])))
  }
  const { facets, search_facets } = p.data.facetResult(entry, facetFields, facetLimit, facetMincount)
  return { count: entry.count, facets, results, sort, search_facets }
}

function packageShow(p: Portal, params: Params, siteUrl: string): unknown {
  const key = str(params.id) || str(params.name_or_id)
  if (!key) throw validationError({ name_or_id: ['Missing value'] })
  const i = p.data.corpus.indexFromIdOrName(key)
  if (i < 0 || !p.data.isLive(i)) throw notFound()
  return p.data.doc(i, siteUrl)
}

function resourceShow(p: Portal, params: Params, siteUrl: string): unknown {
  const key = str(params.id)
  if (!key) throw validationError({ id: ['Missing value'] })
  const hit = p.data.corpus.resourceFromId(key)
  if (!hit || !p.data.isLive(hit.index)) throw notFound('Resource was not found.')
  const doc = p.data.doc(hit.index, siteUrl)
  const res = (doc.resources as Array<{ id: string }>)[hit.position]
  if (res?.id !== key) throw notFound('Resource was not found.')
  return res
}

function pagination(params: Params, maxLimit: number): { limit: number; offset: number } {
  const errors: Record<string, string[]> = {}
  const limit = params.limit ? intParam(params, 'limit', errors, true) : undefined
  const offset = params.offset ? intParam(params, 'offset', errors, true) : undefined
  if (Object.keys(errors).length) throw validationError(errors)
  return { limit: limit === undefined || limit === 0 || limit > maxLimit ? maxLimit : limit, offset: offset ?? 0 }
}

type GroupRow = { name: string; title: string; description: string; count: number; dict: () => Record<string, unknown> }

function groupOrOrgList(rows: GroupRow[], params: Params): unknown[] {
  const allFields = asBool(params.all_fields)
  // ckan.group_and_organization_list_all_fields_max = 25, ckan.group_and_organization_list_max = 1000
  const { limit, offset } = pagination(params, allFields ? 25 : 1000)
  let sort = (str(params.sort) || str(params.order_by) || 'title').trim()
  if (sort === 'packages' || sort === 'package_count') sort = 'package_count desc'
  const [field, dir = 'asc'] = sort.split(/\s+/) as [string, string?]
  const sortField = field === 'packages' ? 'package_count' : field
  if (!['name', 'title', 'package_count'].includes(sortField) || !['asc', 'desc'].includes(dir)) {
    throw validationError({ sort: [`Cannot sort by field \`${field}\``] })
  }
  const q = (str(params.q) ?? '').trim().toLowerCase()
  let list = q ? rows.filter((r) => [r.name, r.title, r.description].some((s) => s.toLowerCase().includes(q))) : [...rows]
  list.sort((a, b) => {
    const c = sortField === 'package_count' ? a.count - b.count : sortField === 'name' ? (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) : a.title.localeCompare(b.title, 'en')
    return dir === 'desc' ? -c : c
  })
  list = list.slice(offset, offset + limit)
  return allFields ? list.map((r) => r.dict()) : list.map((r) => r.name)
}

function orgRows(p: Portal, siteUrl: string): GroupRow[] {
  const counts = p.data.countsBy('organization')
  return p.data.corpus.orgs.map((o) => {
    const count = counts.get(o.name) ?? 0
    return { name: o.name, title: o.title, description: o.description, count, dict: () => p.data.corpus.orgDict(o, count, siteUrl) }
  })
}

function groupRows(p: Portal, siteUrl: string): GroupRow[] {
  const counts = p.data.countsBy('groups')
  return GROUPS.map((g, k) => {
    const count = counts.get(g.name) ?? 0
    return { name: g.name, title: g.title, description: g.description, count, dict: () => p.data.corpus.groupDict(k, count, siteUrl) }
  })
}

function groupOrOrgShow(p: Portal, params: Params, siteUrl: string, isOrg: boolean): unknown {
  const key = str(params.id)
  if (!key) throw validationError({ id: ['Missing value'] })
  const c = p.data.corpus
  const k = isOrg ? c.orgByKey.get(key) : c.groupByKey.get(key)
  if (k === undefined) throw notFound()
  const name = isOrg ? (c.orgs[k]?.name as string) : (GROUPS[k]?.name as string)
  const fq = isOrg ? `owner_org:"${c.orgs[k]?.id}"` : `groups:"${name}"`
  const { entry, hasText } = p.data.select('', fq)
  const base = isOrg ? c.orgDict(c.orgs[k]!, entry.count, siteUrl) : c.groupDict(k, entry.count, siteUrl)
  const out: Record<string, unknown> = { ...base, extras: [], groups: [], tags: [], users: [] }
  if (params.include_dataset_count !== undefined && !asBool(params.include_dataset_count)) delete out.package_count
  if (asBool(params.include_datasets)) {
    out.packages = p.data.page(entry, hasText, DEFAULT_SORT, 0, 10).map((i) => p.data.doc(i, siteUrl))
  }
  return out
}

function packageList(p: Portal, params: Params): unknown {
  const errors: Record<string, string[]> = {}
  const limit = intParam(params, 'limit', errors, true)
  const offset = intParam(params, 'offset', errors, true) ?? 0
  if (Object.keys(errors).length) throw validationError(errors)
  return p.data.namesSorted(offset, limit ?? p.data.total)
}

function tagList(p: Portal, params: Params): unknown {
  const tags = [...p.data.facetCounts(p.data.select('', '').entry, ['tags']).get('tags')?.keys() ?? []].sort()
  const q = (str(params.query) ?? str(params.q) ?? '').toLowerCase()
  const list = q ? tags.filter((t) => t.toLowerCase().includes(q)) : tags
  if (asBool(params.all_fields)) return list.map((t) => ({ id: p.data.corpus.tagId(t), name: t, vocabulary_id: null }))
  return list
}

type ActionFn = (p: Portal, params: Params, siteUrl: string) => unknown
const ACTIONS: Record<string, ActionFn> = {
  status_show: (p, _params, siteUrl) => p.data.corpus.statusShow(siteUrl, p.ckanVersion),
  package_search: packageSearch,
  package_show: packageShow,
  resource_show: resourceShow,
  package_list: (p, params) => packageList(p, params),
  tag_list: (p, params) => tagList(p, params),
  organization_list: (p, params, siteUrl) => groupOrOrgList(orgRows(p, siteUrl), params),
  group_list: (p, params, siteUrl) => groupOrOrgList(groupRows(p, siteUrl), params),
  organization_show: (p, params, siteUrl) => groupOrOrgShow(p, params, siteUrl, true),
  group_show: (p, params, siteUrl) => groupOrOrgShow(p, params, siteUrl, false),
}

function helpUrl(siteUrl: string, action: string): string {
  return `${siteUrl}/api/3/action/help_show?name=${encodeURIComponent(action)}`
}

/** Runs an action and renders CKAN's response (status + JSON body). */
function runAction(p: Portal, action: string, params: Params, siteUrl: string): RawReply {
  const help = helpUrl(siteUrl, action)
  const envelope = (result: unknown) => JSON.stringify({ help, success: true, result })
  try {
    if (p.samples) {
      // status_show is synthesised (nothing was recorded); everything else comes from the recordings
      if (action === 'status_show') return { status: 200, body: envelope(p.data.corpus.statusShow(siteUrl, p.ckanVersion)) }
      return p.samples.reply(action, params, envelope) ?? badRequest(`Action name not known: ${action}`)
    }
    const fn = ACTIONS[action]
    if (!fn) return badRequest(`Action name not known: ${action}`)
    return { status: 200, body: envelope(fn(p, params, siteUrl)) }
  } catch (e) {
    if (madeBy(e, ActionError)) {
      if (typeof e.error === 'string') return { status: e.status, body: JSON.stringify(e.error) }
      return { status: e.status, body: JSON.stringify({ help, success: false, error: e.error }) }
    }
    // an unexpected crash in the fixture: answer like CKAN's generic 500 page, and keep the details
    console.error('[ckan-fixture]', e)
    return { status: 500, body: JSON.stringify({ help, success: false, error: { __type: 'Internal Server Error', message: String(e) } }) }
  }
}

/** CKAN's _finish_bad_request: a 400 whose JSON body is a bare string, not an envelope. */
function badRequest(detail: string): RawReply {
  return { status: 400, body: JSON.stringify(`Bad request - ${detail}`) }
}

// ---------------------------------------------------------------------------------------------- faults

function htmlPage(title: string, body: string): string {
  return `<!DOCTYPE html>\n<html lang="cs">\n<head><meta charset="utf-8"><title>${title}</title></head>\n<body>\n${body}\n</body>\n</html>\n`
}

const NGINX_429 = '<html>\r\n<head><title>429 Too Many Requests</title></head>\r\n<body>\r\n<center><h1>429 Too Many Requests</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n'
const CKAN_500_HTML = htmlPage('Internal server error - Katalog otevřených dat', '<div class="container"><h1>Internal server error</h1><p>An internal server error occurred.</p></div>')
const MAINTENANCE_HTML = htmlPage('Probíhá údržba', '<h1>Probíhá plánovaná údržba</h1>\n<p>Katalog otevřených dat je dočasně nedostupný. Zkuste to prosím později.</p>\n<p>The open data catalogue is down for maintenance.</p>')

function send(res: ServerResponse, status: number, contentType: string, body: Buffer | string, extra: Record<string, string> = {}): void {
  const buf = typeof body === 'string' ? Buffer.from(body) : body
  res.writeHead(status, { 'Content-Type': contentType, 'Content-Length': String(buf.length), ...extra })
  res.end(buf)
}

// ------------------------------------------------------------------------------------------ resource files

/** A small deterministic CSV for a resource id: a header and ten records. */
export function fixtureCsv(seed: string): string {
  const rows = ['id,obec,pocet']
  let h = 0
  for (const char of seed) h = (h * 31 + char.charCodeAt(0)) >>> 0
  for (let i = 1; i <= 10; i++) rows.push(`${i},Obec ${String.fromCharCode(65 + ((h + i) % 26))},${(h + i * 7) % 1000}`)
  return rows.join('\r\n') + '\r\n'
}

const SERVICE_ERROR = '<?xml version="1.0" encoding="UTF-8"?>\n<ServiceExceptionReport version="1.3.0" xmlns="http://www.opengis.net/ogc"><ServiceException code="LayerNotDefined">Layer not defined</ServiceException></ServiceExceptionReport>\n'
const WMS_CAPABILITIES = '<?xml version="1.0" encoding="UTF-8"?>\n<WMS_Capabilities version="1.3.0" xmlns="http://www.opengis.net/wms"><Service><Name>WMS</Name><Title>Fixture map service</Title></Service></WMS_Capabilities>\n'

/** Bytes of `/files/huge.csv`: more than the 20 MB a check reads, so the reader has to stop. */
export const HUGE_FILE_BYTES = 25 * 1024 * 1024

/** The fixture's `/robots.txt`: every crawler is kept out of each portal's `/files/private/`. */
export const FIXTURE_ROBOTS = 'User-agent: *\nDisallow: /*/files/private/\n'

/** Media types of the generated files, by extension, as a publisher's web server would send them. */
const FILE_TYPES: Record<string, string> = {
  '.csv': 'text/csv; charset=utf-8',
  '.json': 'application/json',
  '.geojson': 'application/geo+json',
  '.xml': 'application/xml',
  '.rdf': 'application/rdf+xml',
  '.pdf': 'application/pdf',
  '.zip': 'application/zip',
  '.xls': 'application/vnd.ms-excel',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.ods': 'application/vnd.oasis.opendocument.spreadsheet',
  '.kmz': 'application/vnd.google-earth.kmz',
}

function sendCsv(res: ServerResponse, body: string, type = FILE_TYPES['.csv']!): void {
  send(res, 200, type, body, { ETag: `"${body.length}-${body.charCodeAt(body.length - 3)}"`, 'Last-Modified': 'Tue, 30 Sep 2025 10:00:00 GMT' })
}

type FileServer = {
  /** Answers a portal's file (`rest` is the path after the slug); false when the path is not a file's. */
  serve(rest: string, req: IncomingMessage, res: ServerResponse, siteUrl: string): boolean
  robots(req: IncomingMessage, res: ServerResponse): void
  requests(): number
  maxInFlight(): number
  hold(): () => void
  reached(count: number): Promise<void>
}

function streamHugeFile(res: ServerResponse): void {
  const row = Buffer.from('1,Obec A,100\r\n'.repeat(4096))
  res.writeHead(200, { 'Content-Type': FILE_TYPES['.csv']!, 'Content-Length': String(HUGE_FILE_BYTES) })
  let sent = 0
  const pump = (): void => {
    while (!res.destroyed && sent < HUGE_FILE_BYTES) {
      const chunk = row.subarray(0, Math.min(row.length, HUGE_FILE_BYTES - sent))
      sent += chunk.length
      if (!res.write(chunk)) {
        res.once('drain', pump)
        return
      }
    }
    if (!res.destroyed) res.end()
  }
  pump()
}

/** The files a generated resource links (server-side twin of the links corpus.ts hands out). */
function serveGenerated(rest: string, url: URL, res: ServerResponse): boolean {
  const [, kind, publisher] = /^\/files\/(data|gis|api|www)\/([^/]+)\//.exec(rest) ?? []
  if (!kind || !publisher) return false
  if (kind === 'gis') {
    const service = (url.searchParams.get('service') ?? url.searchParams.get('SERVICE') ?? '').toUpperCase()
    if (service === 'WMS') send(res, 200, 'text/xml', WMS_CAPABILITIES)
    else send(res, 200, FILE_TYPES['.geojson']!, JSON.stringify({ type: 'FeatureCollection', features: [] }))
  } else if (kind === 'api') send(res, 200, FILE_TYPES['.json']!, JSON.stringify({ publisher, items: [] }))
  else if (kind === 'www') send(res, 200, HTML_TYPE, htmlPage(publisher, `<h1>${publisher}</h1>`))
  else if (rest.endsWith('/download')) send(res, 200, 'application/octet-stream', Buffer.from(`fixture download ${url.searchParams.get('id') ?? ''}\n`), { 'Content-Disposition': 'attachment' })
  else {
    const file = rest.slice(rest.lastIndexOf('/') + 1)
    const ext = /\.[a-z]+$/i.exec(file)?.[0].toLowerCase() ?? ''
    if (ext === '.csv') sendCsv(res, fixtureCsv(file))
    else send(res, 200, FILE_TYPES[ext] ?? 'application/octet-stream', Buffer.from(`fixture file ${file}\n`))
  }
  return true
}

/**
 * Files a portal serves for resource checks and link checks, so that no URL the fixture hands out leads off this
 * machine: uploads (`/dataset/<id>/resource/<rid>/download/<file>`), the generated resources' files
 * (`/files/{data,gis,api,www}/<publisher>/...`), and under `/files/` fixed cases: `data.csv`, `bad.csv` (ragged
 * records), `types.csv` (a value of the wrong type), `no-head.csv` (HEAD answers 405), `wrong-type.csv` (a CSV sent as
 * HTML), `huge.csv` (25 MB), `hang` (never answers), `wms` (a 200 that is a service error), `gone` (404),
 * `redirect/<n>` (n hops, then data.csv), and `private/...` (forbidden by robots.txt). Counts what it serves, and can
 * hold its answers (tests of what happens while a check waits on a server).
 */
function createFileServer(latencyMs: number): FileServer {
  let requests = 0
  let inFlight = 0
  let maxInFlight = 0
  let held: Promise<void> | null = null
  const waiting: Array<{ count: number; resolve: () => void }> = []

  const arrive = (res: ServerResponse): Promise<void> | null => {
    requests++
    maxInFlight = Math.max(maxInFlight, ++inFlight)
    res.once('close', () => inFlight--)
    for (const waiter of waiting.filter((entry) => requests >= entry.count)) {
      waiting.splice(waiting.indexOf(waiter), 1)
      waiter.resolve()
    }
    return held
  }
  const answer = (res: ServerResponse, respond: () => void) => {
    const hold = arrive(res)
    // As a publisher's server would: an answer takes a while, so requests sent together are seen together.
    const later = () => (latencyMs > 0 ? setTimeout(() => !res.destroyed && respond(), latencyMs) : respond())
    if (hold) void hold.then(() => !res.destroyed && later())
    else later()
  }

  const respondTo = (rest: string, req: IncomingMessage, res: ServerResponse, siteUrl: string): void => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const csv = (body: string, type?: string) => sendCsv(res, body, type)
    const upload = /^\/dataset\/[^/]+\/resource\/([^/]+)\/download\/([^/]+)$/.exec(rest)
    if (upload) {
      const [, rid, file] = upload as unknown as [string, string, string]
      if (/\.csv$/i.test(file)) csv(fixtureCsv(rid))
      else send(res, 200, 'application/octet-stream', Buffer.from(`fixture file ${rid}\n`))
      return
    }
    const redirect = /^\/files\/redirect\/(\d{1,2})$/.exec(rest)
    if (redirect) {
      const left = Number(redirect[1])
      send(res, 302, HTML_TYPE, '', { Location: left <= 1 ? `${siteUrl}/files/data.csv` : `${siteUrl}/files/redirect/${left - 1}` })
      return
    }
    if (rest.startsWith('/files/private/')) return csv(fixtureCsv(rest))
    if (serveGenerated(rest, url, res)) return
    switch (rest) {
      case '/files/data.csv':
        return csv(fixtureCsv('data'))
      case '/files/bad.csv':
        return csv('id,obec,pocet\r\n1,Brno,10\r\n2,Praha\r\n3,Ostrava,30,navic\r\n')
      case '/files/types.csv':
        return csv('id,obec,pocet\r\n1,Brno,10\r\n2,Praha,hodne\r\n2,Ostrava,30\r\n')
      case '/files/no-head.csv':
        if (req.method === 'HEAD') return send(res, 405, HTML_TYPE, '', { Allow: 'GET' })
        return csv(fixtureCsv('no-head'))
      case '/files/wrong-type.csv':
        return csv(fixtureCsv('wrong-type'), HTML_TYPE)
      case '/files/huge.csv':
        return streamHugeFile(res)
      case '/files/hang':
        // Accept and never answer; the socket stays open until the client gives up or close() runs.
        return
      case '/files/wms':
        return send(res, 200, 'text/xml', SERVICE_ERROR)
      default:
        // `/files/gone` among them.
        return send(res, 404, HTML_TYPE, htmlPage('404 Not Found', '<h1>Not Found</h1>'))
    }
  }

  return {
    serve(rest, req, res, siteUrl) {
      if (!rest.startsWith('/files/') && !/^\/dataset\/[^/]+\/resource\/[^/]+\/download\/[^/]+$/.test(rest)) return false
      answer(res, () => respondTo(rest, req, res, siteUrl))
      return true
    },
    robots(_req, res) {
      answer(res, () => send(res, 200, 'text/plain; charset=utf-8', FIXTURE_ROBOTS))
    },
    requests: () => requests,
    maxInFlight: () => maxInFlight,
    hold() {
      let release = () => {}
      held = new Promise<void>((resolve) => (release = resolve))
      return () => {
        held = null
        release()
      }
    },
    reached(count) {
      if (requests >= count) return Promise.resolve()
      return new Promise<void>((resolve) => waiting.push({ count, resolve }))
    },
  }
}

function streamHugeBody(p: Portal, res: ServerResponse, siteUrl: string): void {
  res.writeHead(200, { 'Content-Type': JSON_TYPE }) // chunked, no Content-Length
  const count = Math.max(p.data.total, 1)
  let sent = 0
  let next = 0
  let first = true
  const head = `{"help": "${helpUrl(siteUrl, 'package_search')}", "success": true, "result": {"count": ${count}, "facets": {}, "sort": "${DEFAULT_SORT}", "results": [`
  res.write(head)
  sent += head.length
  const pump = (): void => {
    while (!res.destroyed && sent < HUGE_BODY_BYTES) {
      const docs: string[] = []
      for (let k = 0; k < 50; k++) docs.push(JSON.stringify(p.data.corpus.dataset(next++ % 1_000_000, siteUrl)))
      const chunk = (first ? '' : ',') + docs.join(',')
      first = false
      sent += Buffer.byteLength(chunk)
      if (!res.write(chunk)) {
        res.once('drain', pump)
        return
      }
    }
    if (!res.destroyed) res.end('], "search_facets": {}}}')
  }
  pump()
}

/** Answers the request as the fault has it; false when the fault leaves this request to be answered as usual. */
function applyFault(p: Portal, fault: FaultMode, req: IncomingMessage, res: ServerResponse, action: string, params: Params, siteUrl: string): boolean {
  const help = helpUrl(siteUrl, action || 'package_search')
  switch (fault) {
    case 'hang':
      // Accept and never answer; the socket stays open until the client gives up or close() runs.
      return true
    case 'refused':
      // Someone reached the live port anyway (portalUrl points to a closed port): drop the connection.
      req.socket.destroy()
      return true
    case 'http500':
      if (p.requests % 2 === 1) {
        send(res, 500, JSON_TYPE, JSON.stringify({ help, success: false, error: { __type: 'Internal Server Error', message: 'Internal Server Error' } }))
      } else send(res, 500, HTML_TYPE, CKAN_500_HTML)
      return true
    case 'rate-limit':
      send(res, 429, 'text/html', NGINX_429, { 'Retry-After': String(p.retryAfterSeconds) })
      return true
    case 'malformed-json':
      // What a broken plugin or proxy produces: Python reprs, NaN, trailing commas. Complete, but not JSON.
      send(res, 200, JSON_TYPE, `{"help": "${help}", "success": true, "result": {"count": NaN, "results": [{'name': u'rozpocet-obce-2024', 'private': False, 'resources': [],},], "facets": {}}}`)
      return true
    case 'truncated': {
      const real = runAction(p, action, params, siteUrl)
      const full = typeof real.body === 'string' ? Buffer.from(real.body) : real.body
      const cut = Math.max(1, Math.floor(full.length / 2))
      res.writeHead(200, { 'Content-Type': JSON_TYPE, 'Content-Length': String(full.length) })
      res.write(full.subarray(0, cut), () => res.socket?.end())
      return true
    }
    case 'html-200':
      send(res, 200, HTML_TYPE, MAINTENANCE_HTML)
      return true
    case 'huge-body':
      streamHugeBody(p, res, siteUrl)
      return true
    case 'endless-search': {
      // A hostile portal: package_search claims a trillion datasets and answers the first page whatever `start` is.
      if (action !== 'package_search') return false
      const { start: _start, ...rest } = params
      const reply = runAction(p, action, rest, siteUrl)
      if (reply.status === 200) {
        const body = JSON.parse(reply.body.toString()) as { result: { count: number } }
        body.result.count = ENDLESS_COUNT
        send(res, 200, JSON_TYPE, JSON.stringify(body))
      } else send(res, reply.status, JSON_TYPE, reply.body)
      return true
    }
    case 'overcount': {
      // As portals whose search index counts datasets it does not serve (private ones, a stale index): the count is
      // higher than what the pages hold.
      if (action !== 'package_search') return false
      const reply = runAction(p, action, params, siteUrl)
      if (reply.status === 200) {
        const body = JSON.parse(reply.body.toString()) as { result: { count: number } }
        body.result.count += OVERCOUNT
        send(res, 200, JSON_TYPE, JSON.stringify(body))
      } else send(res, reply.status, JSON_TYPE, reply.body)
      return true
    }
    case 'org-list-ignores-offset': {
      // As old CKANs do: neither list is paged by offset, every offset answers the first page.
      if (action !== 'organization_list' && action !== 'group_list') return false
      const { offset: _offset, ...rest } = params
      const reply = runAction(p, action, rest, siteUrl)
      send(res, reply.status, JSON_TYPE, reply.body)
      return true
    }
    case 'none':
      return false
  }
}

// ---------------------------------------------------------------------------------------------- server

async function readBody(req: IncomingMessage, limit = 8 * 1024 * 1024): Promise<Buffer> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > limit) throw new Error('request body too large')
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks)
}

function mixed(search: URLSearchParams): Params {
  const out: Params = {}
  for (const key of new Set(search.keys())) {
    const all = search.getAll(key)
    out[key] = all.length === 1 ? all[0] : all
  }
  return out
}

/** CKAN's _get_request_data: form body, else URL params, else a JSON body; failures are 400 replies. */
function requestParams(req: IncomingMessage, url: URL, body: Buffer): { params: Params } | { reply: RawReply } {
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase()
  if (req.method === 'POST' && type === 'application/x-www-form-urlencoded' && body.length) {
    const form = new URLSearchParams(body.toString('utf8'))
    const values = [...form.values()]
    // old clients POST the JSON document as the only form key
    if (values.length === 1 && (values[0] === '1' || values[0] === '')) return jsonParams([...form.keys()][0] as string)
    return { params: mixed(form) }
  }
  if ([...url.searchParams.keys()].length) return { params: mixed(url.searchParams) }
  if (body.length && type !== 'multipart/form-data') return jsonParams(body.toString('utf8'))
  return { params: {} }
}

function jsonParams(text: string): { params: Params } | { reply: RawReply } {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (e) {
    return { reply: badRequest(`JSON Error: Error decoding JSON data. Error: ${String(e)}`) }
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    return { reply: badRequest(`Bad request data: Request data JSON decoded to ${JSON.stringify(data)} but it needs to be a dictionary.`) }
  }
  return { params: data as Params }
}

/** A port on loopback that nothing listens on (taken from the OS, then released). */
async function closedPort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const port = (probe.address() as { port: number }).port
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  return port
}

export async function startCkanFixture(options: { portals: FixturePortalOptions[]; port?: number; fileLatencyMs?: number }): Promise<CkanFixture> {
  const portals = new Map<string, Portal>()
  let samples: SampleSet | null = null
  for (const o of options.portals) {
    if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(o.slug)) throw new Error(`ckan-fixture: invalid slug ${JSON.stringify(o.slug)}`)
    if (portals.has(o.slug)) throw new Error(`ckan-fixture: duplicate slug ${o.slug}`)
    const datasets = Math.max(0, Math.floor(o.datasets))
    // Names carry the index in 24 bits (server/ckan/demo/generator.server.ts).
    if (datasets > 16_000_000) throw new Error('ckan-fixture: datasets must be <= 16,000,000')
    if (o.serveSamples && !samples) samples = await SampleSet.load()
    const corpus = new Corpus({
      slug: o.slug,
      datasets,
      seed: o.seed ?? strHash(o.slug),
      organizations: o.organizations ?? Math.min(500, Math.max(3, Math.floor(datasets / 200))),
      extents: o.extents ?? 'some',
      ...(o.resourceHosts ? { resourceHosts: o.resourceHosts } : {}),
    })
    portals.set(o.slug, {
      slug: o.slug,
      ckanVersion: o.ckanVersion ?? '2.10.4',
      data: new PortalData(corpus),
      samples: o.serveSamples ? samples : null,
      fault: o.fault ?? 'none',
      faultRemaining: Infinity,
      retryAfterSeconds: 1,
      requests: 0,
      inFlight: 0,
      maxInFlight: 0,
      held: null,
      replayed: o.replay ? new Map() : null,
    })
  }

  const sockets = new Set<Socket>()
  let baseUrl = ''
  const files = createFileServer(options.fileLatencyMs ?? 0)

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const segments = url.pathname.split('/')
    const slug = decodeURIComponent(segments[1] ?? '')
    const p = portals.get(slug)
    if (url.pathname === '/robots.txt') return files.robots(req, res)
    if (!p) {
      send(res, 404, HTML_TYPE, htmlPage('404 Not Found', '<h1>Not Found</h1>'))
      return
    }
    p.requests++
    p.inFlight++
    p.maxInFlight = Math.max(p.maxInFlight, p.inFlight)
    res.once('close', () => {
      p.inFlight--
    })
    const siteUrl = `${baseUrl}/${slug}`
    const rest = '/' + segments.slice(2).join('/')
    const m = /^\/api(?:\/([123]))?\/action\/([^/]+)\/?$/.exec(rest)
    const action = m ? decodeURIComponent(m[2] as string) : ''

    let body: Buffer
    try {
      body = await readBody(req)
    } catch {
      send(res, 413, HTML_TYPE, htmlPage('413 Request Entity Too Large', '<h1>Request Entity Too Large</h1>'))
      return
    }

    if (p.held && m && action !== 'status_show') {
      await p.held
      if (res.destroyed) return
    }

    const parsed = m ? requestParams(req, url, body) : { params: {} }
    const params: Params = 'params' in parsed ? parsed.params : {}

    if (faultActive(p) && applyFault(p, takeFault(p), req, res, action, params, siteUrl)) return

    if (req.method !== 'GET' && req.method !== 'POST' && req.method !== 'HEAD') {
      send(res, 405, HTML_TYPE, htmlPage('405 Method Not Allowed', '<h1>Method Not Allowed</h1>'), { Allow: 'GET, POST' })
      return
    }
    if (m) {
      const replayKey = p.replayed && req.method === 'GET' && 'params' in parsed ? `${url.pathname}${url.search}` : null
      const kept = replayKey === null ? undefined : p.replayed?.get(replayKey)
      if (kept) {
        send(res, kept.status, JSON_TYPE, kept.body)
        return
      }
      const reply = 'reply' in parsed ? parsed.reply : runAction(p, action, params, siteUrl)
      if (replayKey !== null && reply.status === 200) {
        p.replayed?.set(replayKey, { status: reply.status, body: typeof reply.body === 'string' ? Buffer.from(reply.body) : reply.body })
      }
      send(res, reply.status, JSON_TYPE, reply.body)
      return
    }
    if (/^\/api(\/[123])?\/?$/.test(rest)) {
      send(res, 200, JSON_TYPE, JSON.stringify({ version: Number(/\/([123])/.exec(rest)?.[1] ?? 3) }))
      return
    }
    if (files.serve(rest, req, res, siteUrl)) return
    if (rest === '/' || rest === '') {
      send(res, 200, HTML_TYPE, htmlPage(`Katalog otevřených dat – ${slug}`, `<h1>Katalog otevřených dat – ${slug}</h1>\n<p>CKAN ${p.ckanVersion}</p>`))
      return
    }
    send(res, 404, HTML_TYPE, htmlPage('Stránka nenalezena', '<h1>404 Not Found</h1>'))
  }

  const faultActive = (p: Portal) => p.fault !== 'none' && p.faultRemaining > 0
  const takeFault = (p: Portal): FaultMode => {
    const f = p.fault
    p.faultRemaining--
    if (p.faultRemaining <= 0) {
      p.fault = 'none'
      p.faultRemaining = Infinity
    }
    return f
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      console.error('[ckan-fixture]', e)
      if (!res.headersSent) send(res, 500, HTML_TYPE, CKAN_500_HTML)
      else res.destroy()
    })
  })
  server.on('connection', (socket: Socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
  })
  server.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n')
    else socket.destroy()
  })
  // A hanging request must stay open as long as the client waits.
  server.requestTimeout = 0
  server.headersTimeout = 60_000

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
  const port = (server.address() as { port: number }).port
  baseUrl = `http://127.0.0.1:${port}`
  const deadPort = await closedPort()

  const portal = (slug: string): Portal => {
    const p = portals.get(slug)
    if (!p) throw new Error(`ckan-fixture: unknown portal ${slug}`)
    return p
  }
  let closed: Promise<void> | null = null
  const portalUrl = (slug: string): string => {
    const p = portal(slug)
    return p.fault === 'refused' ? `http://127.0.0.1:${deadPort}/${slug}` : `${baseUrl}/${slug}`
  }

  return {
    baseUrl,
    portalUrl,
    apiBase(slug) {
      return `${portalUrl(slug)}/api/3`
    },
    setFault(slug, fault, opts = {}) {
      if (!FAULT_MODES.includes(fault)) throw new Error(`ckan-fixture: unknown fault ${fault}`)
      const p = portal(slug)
      p.fault = fault
      p.faultRemaining = opts.failTimes === undefined ? Infinity : Math.max(0, Math.floor(opts.failTimes))
      if (p.faultRemaining === 0) p.fault = 'none'
      p.retryAfterSeconds = opts.retryAfterSeconds ?? 1
    },
    requestCount(slug) {
      return portal(slug).requests
    },
    maxConcurrent(slug) {
      return portal(slug).maxInFlight
    },
    fileRequests: () => files.requests(),
    maxConcurrentFiles: () => files.maxInFlight(),
    holdFiles: () => files.hold(),
    holdActions(slug) {
      const p = portals.get(slug)
      if (!p) throw new Error(`No fixture portal ${slug}`)
      let release = () => {}
      p.held = new Promise<void>((resolve) => (release = resolve))
      return () => {
        p.held = null
        release()
      }
    },
    fileRequestsReached: (count) => files.reached(count),
    modify(slug, changes) {
      const p = portal(slug)
      if (p.samples) throw new Error(`ckan-fixture: portal ${slug} serves recorded samples; modify() needs a generated corpus`)
      p.data.modify(changes)
      p.replayed?.clear()
    },
    close() {
      closed ??= new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
        for (const s of sockets) s.destroy()
      })
      return closed
    },
  }
}
