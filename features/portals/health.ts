// How a portal's health reads in the interface. The server classifies (server/trpc/routers/portals.server.ts: up, slow
// over 3 s, down with a reason, unknown until first checked, demo for generated catalogues); this only orders,
// counts and colours those classes, the same way on the overview and on /ckan-instances.

export const HEALTH_STATUSES = ['up', 'slow', 'down', 'unknown', 'demo'] as const
export type HealthStatus = (typeof HEALTH_STATUSES)[number]

export type HealthTone = 'success' | 'warning' | 'error' | 'neutral' | 'info'

export const HEALTH_TONE: Record<HealthStatus, HealthTone> = {
  up: 'success',
  slow: 'warning',
  down: 'error',
  unknown: 'neutral',
  demo: 'info',
}

/** Worst first: a list sorted by health shows what needs attention at the top. */
const SEVERITY: Record<HealthStatus, number> = { down: 0, slow: 1, unknown: 2, up: 3, demo: 4 }

export function healthSeverity(status: HealthStatus): number {
  return SEVERITY[status]
}

export function isHealthStatus(value: unknown): value is HealthStatus {
  return typeof value === 'string' && (HEALTH_STATUSES as readonly string[]).includes(value)
}

type WithHealth = { health: { status: HealthStatus } }

/** How many portals are in each class (every class present, zero included). */
export function healthCounts(portals: readonly WithHealth[]): Record<HealthStatus, number> {
  const counts = Object.fromEntries(HEALTH_STATUSES.map((status) => [status, 0])) as Record<HealthStatus, number>
  for (const portal of portals) counts[portal.health.status]++
  return counts
}

/** The portals that need attention: down ones first, then slow ones, each group in its given order. */
export function problemPortals<T extends WithHealth>(portals: readonly T[]): T[] {
  return [...portals.filter((p) => p.health.status === 'down'), ...portals.filter((p) => p.health.status === 'slow')]
}
