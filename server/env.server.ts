import { z } from 'zod'
import { DEFAULT_DATABASE_URL } from '../db/client.server.ts'
import { ATTACHMENT_MAX_MB_DEFAULT, ATTACHMENT_PROJECT_MB_DEFAULT } from '../lib/domain/attachments.ts'

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  DATABASE_URL: z.string().min(1).default(DEFAULT_DATABASE_URL),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  // The origin users reach the app at, when a proxy stands in front of it (used for CSRF checks and links).
  PUBLIC_URL: z.url().optional(),
  // Lets portals on loopback and private networks be added and called (tests, local fixtures); off in production.
  PORTALSCOPE_ALLOW_PRIVATE_HOSTS: z
    .enum(['0', '1', 'true', 'false', ''])
    .optional()
    .transform((value) => value === '1' || value === 'true'),
  // Tests and the e2e server: no name is resolved and no address connected to beyond this machine (loopback only),
  // whatever a catalogue links; an attempt is refused and reported as a PORTALSCOPE_OFF_MACHINE process warning.
  PORTALSCOPE_LOOPBACK_ONLY: z
    .enum(['0', '1', 'true', 'false', ''])
    .optional()
    .transform((value) => value === '1' || value === 'true'),
  // Harvests every enabled portal on an interval (Node); tests and one-off tools turn it off.
  PORTALSCOPE_SCHEDULER: z.enum(['on', 'off']).default('on'),
  PORTALSCOPE_HARVEST_INTERVAL_HOURS: z.coerce.number().min(0.1).max(24 * 30).default(24),
  // Ceilings on one harvest, so that a portal that never stops listing cannot run forever (issue 30): datasets, pages
  // asked for (package_search and organization_list) and minutes of work. A run that reaches one stops and says so.
  PORTALSCOPE_HARVEST_MAX_DATASETS: z.coerce.number().int().min(1).default(1_000_000),
  PORTALSCOPE_HARVEST_MAX_PAGES: z.coerce.number().int().min(1).default(2_000),
  PORTALSCOPE_HARVEST_MAX_MINUTES: z.coerce.number().min(1).default(360),
  // The scheduler works on each running harvest for this long, then on the next one: one slow portal never holds
  // up the others (docs/decisions/008-harvesting.md).
  PORTALSCOPE_HARVEST_SLICE_SECONDS: z.coerce.number().min(1).max(3_600).default(120),
  // Checks resource links politely in the background (scheduler ticks, Workers' Cron), feeding the quality scores.
  PORTALSCOPE_LINK_CHECK: z.enum(['on', 'off']).default('on'),
  // Loads the generated demo catalogue into an empty database (Node), so a first run offline shows real screens.
  PORTALSCOPE_DEMO: z.enum(['on', 'off']).default('on'),
  // Public data pages rendered once per data version and served from memory (Node) or the Cache API (Workers) to
  // guests; `off` renders every request (docs/decisions/018-page-cache.md). PORTALSCOPE_PAGE_CACHE_MB bounds the memory.
  PORTALSCOPE_PAGE_CACHE: z.enum(['on', 'off']).default('on'),
  PORTALSCOPE_PAGE_CACHE_MB: z.coerce.number().min(1).max(4096).default(64),
  // The map's online basemap: a raster tile address with {z}, {x} and {y} (256-pixel tiles), and the attribution its
  // provider requires. Unset: the map uses its offline basemap (countries and kraje drawn from the app's own data).
  PORTALSCOPE_MAP_TILES: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .pipe(
      z
        .string()
        .regex(/^https:\/\/[^\s]+$/, 'PORTALSCOPE_MAP_TILES is an https:// address')
        .refine((value) => ['{z}', '{x}', '{y}'].every((part) => value.includes(part)), 'PORTALSCOPE_MAP_TILES needs {z}, {x} and {y}')
        .optional(),
    ),
  PORTALSCOPE_MAP_ATTRIBUTION: z.string().trim().max(300).default('© OpenStreetMap contributors'),
  // Outgoing mail (Node): invitations are sent through this SMTP server (`smtp://user:pass@host:587`, `smtps://` for TLS
  // from the start), from PORTALSCOPE_SMTP_FROM. Unset: nothing is sent, the owner copies the link (decision 028).
  PORTALSCOPE_SMTP_URL: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .pipe(z.string().regex(/^smtps?:\/\/[^\s]+$/, 'PORTALSCOPE_SMTP_URL is an smtp:// or smtps:// address').optional()),
  PORTALSCOPE_SMTP_FROM: z.string().trim().min(3).max(300).default('Portalscope <portalscope@localhost>'),
  // Attachments (docs/decisions/025-attachments.md): the folder on Node (default: `attachments` beside the database
  // file), the ceiling of one file and of one project's files together, in megabytes. Workers store in the R2 binding.
  PORTALSCOPE_ATTACHMENTS_DIR: z.string().trim().optional().transform((value) => value || undefined),
  PORTALSCOPE_ATTACHMENT_MAX_MB: z.coerce.number().min(0.001).max(1024).default(ATTACHMENT_MAX_MB_DEFAULT),
  PORTALSCOPE_ATTACHMENT_PROJECT_MB: z.coerce.number().min(0.001).max(10 * 1024 * 1024).default(ATTACHMENT_PROJECT_MB_DEFAULT),
  // How many reverse proxies stand in front (1 or `true`: one); only then are X-Forwarded-* headers believed, and
  // only the entries those proxies appended (counted from the right), never what the client sent before them.
  TRUST_PROXY: z
    .string()
    .regex(/^(|0|1|2|3|4|5|6|7|8|9|true|false)$/, 'TRUST_PROXY is the number of proxies in front (0 to 9), or true/false')
    .optional()
    .transform((value) => (value === 'true' ? 1 : value === 'false' || !value ? 0 : Number(value))),
})

export type ServerEnv = z.infer<typeof EnvSchema>

/** The map's basemap settings as the pages pass them to the browser (features/map/basemap-style.ts). */
export function basemapConfig(env: ServerEnv = serverEnv()): { tiles: string | null; attribution: string } {
  return { tiles: env.PORTALSCOPE_MAP_TILES ?? null, attribution: env.PORTALSCOPE_MAP_ATTRIBUTION }
}

/** The origin of the online basemap's tiles, which the page's CSP must let images and fetches reach; null without one. */
export function basemapOrigin(env: ServerEnv = serverEnv()): string | null {
  if (!env.PORTALSCOPE_MAP_TILES) return null
  // The template's braces are not valid in a host, so read the origin from the part before the first one.
  const match = /^https:\/\/[^/{]+/.exec(env.PORTALSCOPE_MAP_TILES)
  return match ? match[0] : null
}

/** A harvest's ceilings and the scheduler's slice, in the units the code uses. */
export function harvestSettings(env: ServerEnv = serverEnv()): { limits: { maxDatasets: number; maxPages: number; maxActiveMs: number }; sliceMs: number } {
  return {
    limits: { maxDatasets: env.PORTALSCOPE_HARVEST_MAX_DATASETS, maxPages: env.PORTALSCOPE_HARVEST_MAX_PAGES, maxActiveMs: env.PORTALSCOPE_HARVEST_MAX_MINUTES * 60_000 },
    sliceMs: env.PORTALSCOPE_HARVEST_SLICE_SECONDS * 1000,
  }
}

let cached: ServerEnv | undefined

/** The environment, parsed once. Under Workers, `process.env` carries the `[vars]` of wrangler.toml (nodejs_compat). */
export function serverEnv(): ServerEnv {
  if (!cached) {
    const parsed = EnvSchema.safeParse(typeof process === 'undefined' ? {} : process.env)
    if (!parsed.success) {
      throw new Error(`Invalid environment: ${z.prettifyError(parsed.error)}`)
    }
    cached = parsed.data
  }
  return cached
}
