// Why this file is long: runHarvest is one pipeline (prefetch, store, checkpoint, lease) sharing one run's state.
import { and, desc, eq, gte, isNull, lt, or } from 'drizzle-orm'
import type { Database } from '../../../db/client.server.ts'
import { portals } from '../../../db/schema/portal.ts'
import { datasets } from '../../../db/schema/dataset.ts'
import { harvestRuns, type HarvestRunError, type HarvestStopReason } from '../../../db/schema/harvest-run.ts'
import { rollupRuns } from '../../../db/schema/rollup.ts'
import { bringsNew, createCkanClient, PACKAGE_SEARCH_MAX_ROWS, type CkanClientOptions, type PackageSearchResult } from '../../outbound/ckan-client.server.ts'
import type { StoreResult } from './ingest.server.ts'
import { isCkanError } from '../../outbound/errors.server.ts'
import { mergeScopes, noScopes, refreshRollups, type TouchedScopes } from '../../queries/rollups.server.ts'
import { markUnseenDeleted, storeOrganizations, storePackages } from './ingest.server.ts'
import type { PackageStore } from './worker-store.server.ts'
import { madeBy } from '../../../lib/made-by.ts'
import { harvestSettings } from '../../env.server.ts'

// Harvesting a portal into the database: package_search paged 1,000 rows at a time in metadata_modified order,
// each page stored atomically, the checkpoint (next offset) saved after every page. A run is worked on in slices
// (runHarvest with a time budget), so the same code serves a long-lived Node process and Workers' Cron Triggers.
// A run ends early, and says why, when the portal repeats a page or the run reaches a ceiling; it ends at once, with
// no further request, when it is no longer in the database (its portal was removed). docs/decisions/008-harvesting.md

export type HarvestMode = 'full' | 'incremental'
export type HarvestTrigger = 'user' | 'schedule' | 'cli' | 'startup'
export type HarvestRun = typeof harvestRuns.$inferSelect

/** How long a worker holds a run without a heartbeat before another may take it over (it is presumed dead). */
export const LEASE_MS = 60_000
/** A failed run is resumed from its checkpoint by the next start of the same mode within this time. */
const RESUME_WINDOW_MS = 24 * 60 * 60 * 1000
const MAX_STORED_ERRORS = 20
const PREFETCH_PAGES = 2
/**
 * Pages handed to the store before the oldest must be stored: two queued behind the one being written, so the store
 * thread always has a page to go on with (3-4% faster than one at 30,000 datasets, the same peak memory).
 */
const MAX_STORING = 3

/** How a harvest asks for its pages (and bench/harvest.ts for the same pages before it times one). */
export const HARVEST_PAGE = { q: '*:*', rows: PACKAGE_SEARCH_MAX_ROWS, sort: 'metadata_modified asc' } as const

/** A harvest's ceilings (PORTALSCOPE_HARVEST_MAX_*): datasets, pages asked for, working time over all slices. */
export type HarvestLimits = { maxDatasets: number; maxPages: number; maxActiveMs: number }

/** A run ends early for this reason (thrown where it is found, caught where the run is closed). */
class HarvestStop extends Error {
  readonly reason: HarvestStopReason
  constructor(reason: HarvestStopReason, message: string) {
    super(message)
    this.name = 'HarvestStop'
    this.reason = reason
  }
}

/** The run is gone from the database (removing a portal removes its runs) or no longer running: nothing to save. */
class RunGone extends Error {
  constructor(runId: number) {
    super(`Harvest run ${runId} is no longer running`)
    this.name = 'RunGone'
  }
}

export class HarvestError extends Error {
  readonly code: 'not-found' | 'demo' | 'disabled'
  constructor(code: 'not-found' | 'demo' | 'disabled', message: string) {
    super(message)
    this.name = 'HarvestError'
    this.code = code
  }
}

function withError(run: Pick<HarvestRun, 'errors'>, error: HarvestRunError): HarvestRunError[] {
  return [...run.errors, error].slice(-MAX_STORED_ERRORS)
}

function describeError(error: unknown): { kind: string; message: string } {
  if (isCkanError(error)) return { kind: error.kind, message: error.message }
  return { kind: 'internal', message: madeBy(error, Error) ? error.message : String(error) }
}

/** The run in progress for a portal, if any. */
export async function activeRun(db: Database, portalId: string): Promise<HarvestRun | null> {
  const [run] = await db.select().from(harvestRuns).where(and(eq(harvestRuns.portalId, portalId), eq(harvestRuns.status, 'running'))).limit(1)
  return run ?? null
}

/**
 * Opens a harvest of one portal, or answers the one already running (one harvest per portal at a time). A recent
 * failed run of the same mode is reopened and continues from its checkpoint instead of starting over.
 */
export async function startHarvest(
  db: Database,
  portalId: string,
  options: { mode: HarvestMode; trigger: HarvestTrigger; requestedBy?: string | null; now?: Date },
): Promise<{ run: HarvestRun; started: boolean }> {
  const now = options.now ?? new Date()
  const [portal] = await db.select().from(portals).where(eq(portals.id, portalId)).limit(1)
  if (!portal) throw new HarvestError('not-found', `No portal with the slug ${portalId}`)
  if (portal.isDemo) throw new HarvestError('demo', `${portalId} is a demo portal; its data is generated, not harvested`)
  if (!portal.enabled) throw new HarvestError('disabled', `${portalId} is disabled`)

  const running = await activeRun(db, portalId)
  if (running) return { run: running, started: false }

  const [failed] = await db
    .select()
    .from(harvestRuns)
    .where(and(eq(harvestRuns.portalId, portalId), eq(harvestRuns.mode, options.mode), gte(harvestRuns.startedAt, new Date(now.getTime() - RESUME_WINDOW_MS))))
    .orderBy(desc(harvestRuns.id))
    .limit(1)
  try {
    // A run that stopped early (a repeating portal, a ceiling) is not continued: that would go on where it stopped.
    if (failed && failed.status === 'failed' && failed.nextStart > 0 && failed.stopReason === null) {
      const [reopened] = await db
        .update(harvestRuns)
        .set({ status: 'running', finishedAt: null, leaseUntil: null })
        .where(and(eq(harvestRuns.id, failed.id), eq(harvestRuns.status, 'failed')))
        .returning()
      if (reopened) return { run: reopened, started: true }
    }
    let mode = options.mode
    let since: string | null = null
    if (mode === 'incremental') {
      // The newest stored dataset by the (portal, modified) index, not max() over the raw text, which read the whole
      // portal. Datasets modified within one millisecond tie; the range is inclusive, and ties are asked for again.
      const [latest] = await db
        .select({ since: datasets.metadataModifiedRaw })
        .from(datasets)
        .where(and(eq(datasets.portalId, portalId), isNull(datasets.deletedAt)))
        .orderBy(desc(datasets.metadataModified))
        .limit(1)
      since = latest?.since ?? null
      // Nothing harvested yet: an incremental harvest is a full one.
      if (!since) mode = 'full'
    }
    const [created] = await db
      .insert(harvestRuns)
      .values({ portalId, mode, status: 'running', trigger: options.trigger, requestedBy: options.requestedBy ?? null, startedAt: now, since })
      .returning()
    if (!created) throw new Error('The harvest run was not recorded')
    return { run: created, started: true }
  } catch (error) {
    // Another process opened a run between our check and insert: the unique index keeps it to one; answer that one.
    const other = await activeRun(db, portalId)
    if (other) return { run: other, started: false }
    throw error
  }
}

/** Takes the run for this worker unless another live worker holds it. */
async function claim(db: Database, runId: number, now: Date): Promise<HarvestRun | null> {
  const [claimed] = await db
    .update(harvestRuns)
    .set({ leaseUntil: new Date(now.getTime() + LEASE_MS), heartbeatAt: now })
    .where(and(eq(harvestRuns.id, runId), eq(harvestRuns.status, 'running'), or(isNull(harvestRuns.leaseUntil), lt(harvestRuns.leaseUntil, now))))
    .returning()
  return claimed ?? null
}

function ckanDate(raw: string): string {
  // Solr wants a zone designator; CKAN stores UTC and prints it without one.
  return /[zZ]$/.test(raw) ? raw : `${raw}Z`
}

export type RunOptions = {
  /** Stop after this much work and leave the run resumable (Workers' Cron slices); default: until done. */
  budgetMs?: number
  /** The run's ceilings; default: the environment's (server/env.server.ts). */
  limits?: Partial<HarvestLimits>
  client?: Partial<CkanClientOptions>
  /** Called after every stored page, for progress lines. */
  onProgress?: (run: HarvestRun) => void
  /** Where pages are written; default: this thread (worker-store.ts writes on another). */
  store?: PackageStore
}

/** Whether the run is still there to work on: removing a portal removes its runs (the foreign key cascades). */
async function stillRunning(db: Database, runId: number): Promise<boolean> {
  const [row] = await db.select({ id: harvestRuns.id }).from(harvestRuns).where(and(eq(harvestRuns.id, runId), eq(harvestRuns.status, 'running'))).limit(1)
  return row !== undefined
}

/**
 * Works on a run until it is finished, fails, stops early or the budget is spent. The next page is fetched while the
 * current one is being stored. Returns the run as it stands, or null when another worker holds it or it is gone.
 */
export async function runHarvest(db: Database, runId: number, options: RunOptions = {}): Promise<HarvestRun | null> {
  const sliceStarted = Date.now()
  const claimed = await claim(db, runId, new Date())
  if (!claimed) return null
  let run: HarvestRun = claimed
  const [portal] = await db.select().from(portals).where(eq(portals.id, run.portalId)).limit(1)
  if (!portal) return null
  const limits: HarvestLimits = { ...harvestSettings().limits, ...options.limits }
  const client = createCkanClient({ apiBase: portal.apiBase, ...options.client })
  const portalId = portal.id
  // On this thread, pages are written one after another as a worker-thread store writes them: in the order sent, so a
  // dataset listed on two pages is left as the later page has it.
  let writtenSoFar: Promise<unknown> = Promise.resolve()
  const store: PackageStore =
    options.store ??
    ((id, packages, context) => {
      const written = writtenSoFar.then(() => storePackages(db, id, packages, context))
      writtenSoFar = written.catch(() => undefined)
      return written
    })
  const fq = run.mode === 'incremental' && run.since ? `metadata_modified:[${ckanDate(run.since)} TO *]` : undefined
  let pagesAsked = run.pages

  // Saves progress and renews the lease; a finished run, or a slice that ran out of budget, gives the lease up. A run
  // that is no longer there (its portal was removed) ends the harvest.
  const save = async (changes: Partial<typeof harvestRuns.$inferInsert>, segmentStarted: number, release = false) => {
    const now = new Date()
    const activeMs = run.activeMs + (now.getTime() - segmentStarted)
    const done = changes.done ?? run.done
    const [saved] = await db
      .update(harvestRuns)
      .set({ ...changes, pages: pagesAsked, activeMs, rate: activeMs > 0 ? (done / activeMs) * 1000 : null, heartbeatAt: now, leaseUntil: release || (changes.status && changes.status !== 'running') ? null : new Date(now.getTime() + LEASE_MS) })
      .where(eq(harvestRuns.id, runId))
      .returning()
    if (!saved) throw new RunGone(runId)
    run = saved
    return run
  }

  // The rollup scopes written in this call. They cover the whole run only when nothing was written before it (Workers'
  // Cron slices, a resumed run); otherwise the end of the run refreshes the portal whole.
  let touched: TouchedScopes = noScopes()
  const touchedKnown = run.created + run.updated === 0
  let segmentStarted = Date.now()

  // Asked before every page (organization_list and package_search) and before any request for it: within the
  // ceilings, and the run still there, so a removed portal gets no further request. One read by primary key a page.
  const beforePage = async (start: number | null) => {
    if (start !== null && start >= limits.maxDatasets) {
      throw new HarvestStop('dataset-limit', `Stopped at the ceiling of ${limits.maxDatasets} datasets a harvest (PORTALSCOPE_HARVEST_MAX_DATASETS)`)
    }
    if (pagesAsked >= limits.maxPages) throw new HarvestStop('page-limit', `Stopped at the ceiling of ${limits.maxPages} pages a harvest (PORTALSCOPE_HARVEST_MAX_PAGES)`)
    if (run.activeMs + (Date.now() - segmentStarted) >= limits.maxActiveMs) {
      throw new HarvestStop('time-limit', `Stopped after ${Math.round(limits.maxActiveMs / 60_000)} minutes of harvesting (PORTALSCOPE_HARVEST_MAX_MINUTES)`)
    }
    // Counted before the read, so that two pages asked for at once cannot both slip under the ceiling.
    pagesAsked++
    if (!(await stillRunning(db, runId))) throw new RunGone(runId)
  }
  const fetchPage = async (start: number) => {
    await beforePage(start)
    return client.packageSearch({ ...HARVEST_PAGE, fq, start })
  }

  // Checkpoints on their way (below).
  let saving: Promise<void> = Promise.resolve()
  let saveFailure: { error: unknown } | null = null
  // Pages handed to the store and not yet checkpointed, oldest first. Later pages may be handed over while the first
  // is being written (the store writes them in order); the checkpoint only ever covers stored pages.
  // Only the page's figures are kept: its packages are statements by now, and can be collected before the checkpoint.
  type Stored = { page: Pick<PackageSearchResult, 'count' | 'skipped'>; start: number; received: number; stored: Promise<StoreResult> }
  const storing: Stored[] = []
  // Checkpoints are saved in order, each after the one before, without holding up the pipeline: a save waits for the
  // write lock, which the store holds slice by slice, and meanwhile this thread builds the next page (awaiting each
  // save here cost a 30,000-dataset harvest 0.8-1.3 s). What needs the run as saved (its end, a slice out of budget,
  // a failure) waits for `saving` first; a save that failed stops the harvest at the next checkpoint.
  const checkpoint = async () => {
    if (saveFailure) throw saveFailure.error
    const item = storing.shift()!
    const stored = await item.stored
    touched = mergeScopes(touched, stored.touched)
    const previous = saving
    saving = (async () => {
      await previous
      let errors = run.errors
      let errorCount = run.errorCount
      if (item.page.skipped > 0) {
        errorCount += item.page.skipped
        errors = withError(run, { at: new Date().toISOString(), kind: 'malformed', message: `${item.page.skipped} results at offset ${item.start} were not datasets and were skipped` })
      }
      run = await save(
        {
          nextStart: item.start + item.received,
          total: item.page.count,
          done: run.done + item.received,
          created: run.created + stored.created,
          updated: run.updated + stored.updated,
          skipped: run.skipped + item.page.skipped,
          errorCount,
          errors,
        },
        segmentStarted,
      )
      segmentStarted = Date.now()
      options.onProgress?.(run)
    })()
    saving.catch((error: unknown) => {
      saveFailure ??= { error }
    })
  }
  /** Every page handed to the store written and checkpointed. */
  const drain = async () => {
    while (storing.length > 0) await checkpoint()
    await saving
  }
  // The rollups the analysis pages read are taken from the snapshot as this harvest left it: not at all when it
  // changed nothing, only the touched scopes after an incremental harvest (docs/decisions/020-harvest-speed.md).
  // A failure there leaves the last rollups in place and is logged; the harvest's outcome stands.
  const refreshAfter = async (deleted: number, finishedAt: Date) => {
    try {
      const changed = run.created + run.updated + deleted > 0
      if (changed || !(await hasRollup(db, portalId))) {
        const partial = run.mode === 'incremental' && touchedKnown ? { touched } : {}
        await refreshRollups(db, portalId, { harvestRunId: runId, now: finishedAt, ...partial })
      }
    } catch (error) {
      const { message } = describeError(error)
      run = await save({ errorCount: run.errorCount + 1, errors: withError(run, { at: new Date().toISOString(), kind: 'internal', message: `rollups: ${message}` }) }, segmentStarted)
      segmentStarted = Date.now()
    }
  }

  try {
    try {
      if (run.nextStart === 0) {
        try {
          await storeOrganizations(db, portalId, await client.organizationListAll({ beforePage: () => beforePage(null) }), new Date())
        } catch (error) {
          if (madeBy(error, HarvestStop) || madeBy(error, RunGone)) throw error
          // Datasets carry their publisher too; a portal whose organization_list fails still harvests.
          const { kind, message } = describeError(error)
          run = await save({ errorCount: run.errorCount + 1, errors: withError(run, { at: new Date().toISOString(), kind, message: `organization_list: ${message}` }) }, segmentStarted)
          segmentStarted = Date.now()
        }
      }

      // Up to two pages are fetched ahead while the current one is stored: the portal works while we write.
      const ahead: Array<Promise<PackageSearchResult>> = []
      let fetchedUpTo = run.nextStart
      const fetchAhead = (count: number | null) => {
        while (ahead.length < PREFETCH_PAGES && (count === null || fetchedUpTo < count)) {
          const page = fetchPage(fetchedUpTo)
          // Kept from becoming an unhandled rejection while earlier pages are stored; each is awaited in its turn.
          page.catch(() => undefined)
          ahead.push(page)
          fetchedUpTo += PACKAGE_SEARCH_MAX_ROWS
          if (count === null) break
        }
      }
      fetchAhead(null)
      let cursor = run.nextStart
      // The ids of the page before, within this call: a page with none that it lacked means the portal is not paging.
      let previousIds: ReadonlySet<string> = new Set()
      for (;;) {
        const page: PackageSearchResult = await ahead.shift()!
        const received = page.packages.length + page.skipped
        const start = cursor
        const ids = page.packages.map((pkg) => pkg.id)
        // The same page again, or results none of which is a dataset: a portal that ignores `start` (or claims more than
        // it has) would be asked for its page forever (issue 30).
        if (received > 0 && !bringsNew(previousIds, ids)) {
          throw new HarvestStop('repeated-page', `package_search at offset ${start} sent no dataset that the page before it had not: the portal does not page`)
        }
        previousIds = new Set(ids)
        cursor += received
        const finished = received === 0 || received < PACKAGE_SEARCH_MAX_ROWS || cursor >= page.count
        const withinBudget = options.budgetMs === undefined || Date.now() - sliceStarted < options.budgetMs
        if (!finished && withinBudget) fetchAhead(page.count)

        // An incremental harvest asks for its boundary datasets again: what is stored as sent is not written again.
        const stored = store(portalId, page.packages, { runId, now: new Date(), skipUnchanged: run.mode === 'incremental' })
        // Awaited in checkpoint(); until then a failure must not count as unhandled.
        stored.catch(() => undefined)
        storing.push({ page: { count: page.count, skipped: page.skipped }, start, received, stored })
        const draining = finished || !withinBudget
        while (storing.length > (draining ? 0 : MAX_STORING - 1)) await checkpoint()

        if (finished) {
          await saving
          let deleted = 0
          // A portal that suddenly lists nothing is more likely broken than emptied: never wipe a snapshot for it.
          if (run.mode === 'full' && run.done > 0) deleted = await markUnseenDeleted(db, portalId, runId, new Date())
          const finishedAt = new Date()
          // A harvest is the most thorough health check there is: the registry shows its outcome.
          await db
            .update(portals)
            .set({ lastCheckedAt: finishedAt, lastOkAt: finishedAt, datasetCount: page.count, lastErrorKind: null, lastErrorMessage: null })
            .where(eq(portals.id, portalId))
          await refreshAfter(deleted, finishedAt)
          return await save({ status: 'succeeded', finishedAt, deleted }, segmentStarted)
        }
        if (!withinBudget) {
          // Budget spent: release the lease so the next slice (or another worker) continues from the checkpoint.
          await saving
          return await save({}, segmentStarted, true)
        }
      }
    } catch (error) {
      if (!madeBy(error, HarvestStop)) throw error
      // Stopped early: what was received is stored and analysed, nothing is marked deleted (the listing was not
      // seen whole), and the run says why, where the harvest log shows its errors. It is not continued later.
      await drain()
      const finishedAt = new Date()
      await refreshAfter(0, finishedAt)
      return await save(
        {
          status: 'failed',
          stopReason: error.reason,
          finishedAt,
          errorCount: run.errorCount + 1,
          errors: withError(run, { at: finishedAt.toISOString(), kind: error.reason, message: error.message }),
        },
        segmentStarted,
      )
    }
  } catch (error) {
    // The checkpoints already on their way are saved first (or have failed): the failure is recorded over them.
    await saving.catch(() => undefined)
    if (madeBy(error, RunGone)) return null
    const { kind, message } = describeError(error)
    if (isCkanError(error)) {
      // A circuit that opened during this run opened because of the failures before it: report the first of those.
      const cause = error.kind === 'circuit-open' ? run.errors.find((item) => item.kind !== 'circuit-open' && item.kind !== 'internal') : undefined
      await db
        .update(portals)
        .set({ lastCheckedAt: new Date(), lastErrorKind: cause?.kind ?? error.kind, lastErrorMessage: cause?.message ?? error.message })
        .where(eq(portals.id, portalId))
    }
    try {
      return await save(
        {
          status: 'failed',
          finishedAt: new Date(),
          errorCount: run.errorCount + 1,
          errors: withError(run, { at: new Date().toISOString(), kind, message }),
        },
        segmentStarted,
      )
    } catch (saveError) {
      if (madeBy(saveError, RunGone)) return null
      throw saveError
    }
  }
}

async function hasRollup(db: Database, portalId: string): Promise<boolean> {
  const [row] = await db.select({ id: rollupRuns.id }).from(rollupRuns).where(eq(rollupRuns.portalId, portalId)).limit(1)
  return row !== undefined
}

/** Runs that a dead worker left behind (lease lapsed) or that a Cron slice left to continue. */
export async function resumableRuns(db: Database, now = new Date()): Promise<HarvestRun[]> {
  return db
    .select()
    .from(harvestRuns)
    .where(and(eq(harvestRuns.status, 'running'), or(isNull(harvestRuns.leaseUntil), lt(harvestRuns.leaseUntil, now))))
    .orderBy(harvestRuns.id)
}

export type HarvestProgress = {
  runId: number
  mode: HarvestRun['mode']
  status: HarvestRun['status']
  trigger: HarvestRun['trigger']
  startedAt: Date
  finishedAt: Date | null
  done: number
  total: number | null
  created: number
  updated: number
  deleted: number
  skipped: number
  errorCount: number
  errors: HarvestRunError[]
  ratePerSecond: number | null
  etaSeconds: number | null
  /** Why the run stopped before the portal's listing ended (a repeating portal, a ceiling), or null. */
  stopReason: HarvestStopReason | null
}

export function progressOf(run: HarvestRun): HarvestProgress {
  const remaining = run.total === null ? null : Math.max(0, run.total - run.done)
  return {
    runId: run.id,
    mode: run.mode,
    status: run.status,
    trigger: run.trigger,
    startedAt: run.startedAt,
    finishedAt: run.finishedAt,
    done: run.done,
    total: run.total,
    created: run.created,
    updated: run.updated,
    deleted: run.deleted,
    skipped: run.skipped,
    errorCount: run.errorCount,
    errors: run.errors,
    ratePerSecond: run.rate === null ? null : Math.round(run.rate * 10) / 10,
    etaSeconds: run.status === 'running' && remaining !== null && run.rate ? Math.ceil(remaining / run.rate) : null,
    stopReason: run.stopReason,
  }
}
