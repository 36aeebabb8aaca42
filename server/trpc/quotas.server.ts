import { TRPCError } from '@trpc/server'
import type { MessageKey } from '../../lib/i18n/catalog.ts'
import { takeLimits, type Limit } from '../queries/rate-events.server.ts'
import type { TrpcContext } from './context.server.ts'
import type { SessionUser } from '../user.server.ts'

// Work a member can start that reaches other people's servers is counted per user (docs/decisions/013-outbound-requests.md).
// Administrators run the installation and are not counted; what only they may start is decided in the routers.

const HOUR_MS = 60 * 60 * 1000

export const QUOTAS = {
  /** Probing and registering a portal (a few requests to it). */
  portalAdd: { scope: 'quota-portal-add', limit: 10, windowMs: HOUR_MS },
  /** A health check of one portal (two requests). */
  portalHealth: { scope: 'quota-portal-health', limit: 30, windowMs: HOUR_MS },
  /** An incremental harvest (as many pages as changed). */
  harvest: { scope: 'quota-harvest', limit: 10, windowMs: HOUR_MS },
  /** A check of one dataset's resource links. */
  datasetLinks: { scope: 'quota-dataset-links', limit: 60, windowMs: HOUR_MS },
  /** An automated check queued in a test run (each counts, as each dataset's link check does). */
  automatedChecks: { scope: 'quota-automated-checks', limit: 60, windowMs: HOUR_MS },
  /** A file attached to a case, a result or a run (each stored file costs space and a write). */
  attachmentUploads: { scope: 'quota-attachment-uploads', limit: 300, windowMs: HOUR_MS },
} satisfies Record<string, Omit<Limit, 'key'>>

/**
 * Counts uses of a quota for the signed-in user (`count` at once, all or none), or refuses with 429, Retry-After and
 * a translated message: `message` (given `count`, `limit` and `minutes`) where the general one would not say enough.
 */
export async function takeQuota(ctx: TrpcContext & { user: SessionUser }, quota: Omit<Limit, 'key'>, options: { count?: number; message?: MessageKey } = {}): Promise<void> {
  if (ctx.user.role === 'admin') return
  const count = options.count ?? 1
  const decision = await takeLimits(ctx.db, [{ ...quota, key: ctx.user.id }], { count })
  if (decision.allowed) return
  ctx.resHeaders.set('Retry-After', String(decision.retryAfterS))
  const minutes = Math.max(1, Math.ceil(decision.retryAfterS / 60))
  throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: ctx.t(options.message ?? 'errors.quotaReached', { minutes, count, limit: quota.limit }) })
}

/** Work in progress in this process: the same check asked for again while it runs is joined, not started twice. */
const running = new Map<string, Promise<unknown>>()

export function joinRunning<T>(key: string, start: () => Promise<T>): { promise: Promise<T>; joined: boolean } {
  const existing = running.get(key) as Promise<T> | undefined
  if (existing) return { promise: existing, joined: true }
  const promise = start().finally(() => running.delete(key))
  running.set(key, promise)
  return { promise, joined: false }
}
