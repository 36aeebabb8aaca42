import { eq } from 'drizzle-orm'
import { maxBoundParams, runBatch, type Database } from '../../db/client.server.ts'
import { appSettings } from '../../db/schema/app-setting.ts'
import { portals } from '../../db/schema/portal.ts'
import { insertPortal, isPortalIdTaken, listPortals, updatePortal, type PortalRow } from '../queries/portals.server.ts'
import KNOWN_PORTALS from './directory/known-portals.json' with { type: 'json' }
import { countryOfHost } from '../../lib/domain/country-guess.ts'
import { createCkanClient, type CkanClientOptions } from '../outbound/ckan-client.server.ts'
import { CkanError, isCkanError } from '../outbound/errors.server.ts'
import type { CkanErrorKind } from '../../lib/domain/ckan-error-kind.ts'
import { assertCallableUrl } from '../outbound/ssrf.server.ts'
import { madeBy } from '../../lib/made-by.ts'

export type KnownPortal = (typeof KNOWN_PORTALS)[number]

/** `https://www.data.gv.at/katalog` → `data-gv-at-katalog`: the stable slug a portal is known by. */
export function slugFor(siteUrl: string): string {
  const url = new URL(siteUrl)
  const host = url.hostname.replace(/^www\./, '')
  const path = url.pathname.replace(/\/api(\/3)?\/?$/, '').replace(/^\/+|\/+$/g, '')
  return [host, path]
    .filter(Boolean)
    .join('-')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
}

async function uniqueSlug(db: Database, base: string): Promise<string> {
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`
    if (!(await isPortalIdTaken(db, candidate))) return candidate
  }
}

/** Candidate Action API bases for what a user typed: the URL itself if it names the API, else `<url>/api/3`. */
export function apiBaseCandidates(input: string): string[] {
  const url = new URL(input)
  url.search = ''
  url.hash = ''
  const base = url.toString().replace(/\/+$/, '')
  if (/\/api\/3$/.test(base)) return [base]
  if (/\/api$/.test(base)) return [`${base}/3`]
  const action = /^(.*\/api\/3)\/action(\/.*)?$/.exec(base)
  if (action) return [action[1]!]
  return [`${base}/api/3`]
}

export type ProbeResult = { apiBase: string; siteUrl: string; title: string | null; ckanVersion: string | null; datasetCount: number | null; responseMs: number }

/**
 * Whether a URL answers like CKAN: status_show, or else a zero-row package_search (some portals hide status_show).
 * Throws a CkanError saying why not.
 */
export async function probePortal(input: string, options: { allowPrivate: boolean; client?: Partial<CkanClientOptions> }): Promise<ProbeResult> {
  await assertCallableUrl(input, { allowPrivate: options.allowPrivate })
  let lastError: unknown
  for (const apiBase of apiBaseCandidates(input)) {
    const client = createCkanClient({ apiBase, retries: 0, timeoutMs: 10_000, ...options.client })
    const siteUrl = apiBase.replace(/\/api\/3$/, '')
    const started = Date.now()
    try {
      const status = await client.statusShow().catch(async (error: unknown) => {
        if (isCkanError(error) && (error.kind === 'ckan-error' || error.kind === 'not-ckan' || error.kind === 'http')) return null
        throw error
      })
      const search = await client.packageSearch({ rows: 0 })
      return { apiBase, siteUrl, title: status?.site_title ?? null, ckanVersion: status?.ckan_version ?? null, datasetCount: search.count, responseMs: Date.now() - started }
    } catch (error) {
      lastError = error
    }
  }
  throw lastError ?? new CkanError('not-ckan', 'No CKAN Action API answered at this address')
}

/** Registers a portal after checking that it answers like CKAN. An already registered address is returned as is. */
export async function addPortal(
  db: Database,
  input: { url: string; name?: string | undefined; country?: string | undefined; addedBy?: string | null },
  options: { allowPrivate: boolean; client?: Partial<CkanClientOptions> },
): Promise<{ portal: PortalRow; created: boolean }> {
  const probe = await probePortal(input.url, options)
  const existing = (await listPortals(db)).find((row) => row.apiBase.replace(/\/+$/, '') === probe.apiBase)
  if (existing) return { portal: existing, created: false }
  const known = KNOWN_PORTALS.find((portal) => portal.apiBase.replace(/\/+$/, '') === probe.apiBase)
  const now = new Date()
  const row = {
    id: await uniqueSlug(db, slugFor(probe.siteUrl)),
    name: input.name?.trim() || known?.name || probe.title || new URL(probe.siteUrl).hostname,
    baseUrl: known?.baseUrl ?? probe.siteUrl,
    apiBase: probe.apiBase,
    country: input.country ?? known?.country ?? countryOfHost(new URL(probe.siteUrl).hostname),
    languages: known?.languages ?? [],
    enabled: true,
    featured: known?.featured ?? false,
    isDemo: false,
    addedBy: input.addedBy ?? null,
    createdAt: now,
    lastCheckedAt: now,
    lastOkAt: now,
    ckanVersion: probe.ckanVersion,
    datasetCount: probe.datasetCount,
    responseMs: probe.responseMs,
    lastErrorKind: null,
    lastErrorMessage: null,
  }
  await insertPortal(db, row)
  return { portal: row, created: true }
}

/** Checks a portal now and records the outcome: version, dataset count, response time, or the reason it failed. */
export async function checkPortalHealth(db: Database, portal: PortalRow, client?: Partial<CkanClientOptions>): Promise<PortalRow> {
  if (portal.isDemo) return portal
  const started = Date.now()
  const now = new Date()
  const ckan = createCkanClient({ apiBase: portal.apiBase, retries: 1, timeoutMs: 10_000, ...client })
  let changes: Partial<PortalRow>
  try {
    const status = await ckan.statusShow().catch(() => null)
    const search = await ckan.packageSearch({ rows: 0 })
    changes = {
      lastCheckedAt: now,
      lastOkAt: now,
      ckanVersion: status?.ckan_version ?? portal.ckanVersion,
      datasetCount: search.count,
      responseMs: Date.now() - started,
      lastErrorKind: null,
      lastErrorMessage: null,
    }
  } catch (error) {
    const kind: CkanErrorKind = isCkanError(error) ? error.kind : 'unreachable'
    changes = { lastCheckedAt: now, responseMs: null, lastErrorKind: kind, lastErrorMessage: madeBy(error, Error) ? error.message.slice(0, 500) : String(error) }
  }
  await updatePortal(db, portal.id, changes)
  return { ...portal, ...changes }
}

const FEATURED_SEEDED_KEY = 'featured-portals-seeded'

/**
 * On a fresh installation: the featured real portals, so the registry is not empty. Once only (remembered in
 * app_setting), so portals an administrator removed stay removed; demo portals do not count as a registry.
 */
export async function seedFeaturedPortals(db: Database): Promise<number> {
  const [seeded] = await db.select().from(appSettings).where(eq(appSettings.key, FEATURED_SEEDED_KEY)).limit(1)
  if (seeded) return 0
  const remember = db.insert(appSettings).values({ key: FEATURED_SEEDED_KEY, value: 'true', updatedAt: new Date() }).onConflictDoNothing()
  const existing = await db.select({ id: portals.id }).from(portals).where(eq(portals.isDemo, false)).limit(1)
  if (existing.length > 0) {
    await remember
    return 0
  }
  const now = new Date()
  const rows = []
  const used = new Set<string>()
  for (const portal of KNOWN_PORTALS.filter((p) => p.featured)) {
    let id = slugFor(portal.baseUrl)
    while (used.has(id)) id = `${id}-2`
    used.add(id)
    rows.push({ id, name: portal.name, baseUrl: portal.baseUrl, apiBase: portal.apiBase.replace(/\/+$/, ''), country: portal.country, languages: portal.languages, enabled: true, featured: true, isDemo: false, addedBy: null, createdAt: now })
  }
  // D1 binds at most 100 values per statement: chunks that fit, written as one batch (all or nothing).
  const perStatement = Math.max(1, Math.floor(maxBoundParams(db) / 12))
  const statements = []
  for (let index = 0; index < rows.length; index += perStatement) statements.push(db.insert(portals).values(rows.slice(index, index + perStatement)))
  await runBatch(db, [...statements, remember])
  return rows.length
}

/** The directory of known CKAN portals, searched by name, address, country or owner. */
export function searchDirectory(query: string, options: { country?: string | undefined; limit?: number; offset?: number } = {}) {
  const q = query.trim().toLowerCase()
  const matches = KNOWN_PORTALS.filter(
    (portal) =>
      (!options.country || portal.country === options.country) &&
      (!q || portal.name.toLowerCase().includes(q) || portal.baseUrl.toLowerCase().includes(q) || (portal.owner ?? '').toLowerCase().includes(q) || portal.country?.toLowerCase() === q),
  )
  const offset = options.offset ?? 0
  const limit = options.limit ?? 50
  return {
    total: matches.length,
    items: matches.slice(offset, offset + limit),
  }
}
