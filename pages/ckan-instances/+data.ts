import type { PageContextServer } from 'vike/types'
import { DIRECTORY_PAGE_SIZE, parseDirectoryQuery, parsePortalQuery } from '../../features/portals/portal-query.ts'
import { countryName, languageName } from '../../features/portals/display.ts'
import { settle } from '../../lib/section.ts'
import { searchDirectory } from '../../server/ckan/portal-registry.server.ts'
import { pageCaller } from '../../server/trpc/page-caller.server.ts'

export type Data = Awaited<ReturnType<typeof data>>

/** How many of a run's errors the first paint carries: the reason a run failed is its last one. */
const ERRORS_KEPT = 3

/**
 * The portal registry with each portal's last harvest, and a page of the directory, all from the tRPC procedures
 * in-process. The last harvests come from harvest.overview, one call for every portal.
 */
export async function data(pageContext: PageContextServer) {
  const caller = await pageCaller(pageContext)
  const search = pageContext.urlParsed.search
  const query = parsePortalQuery(search)
  const directoryQuery = parseDirectoryQuery(search)
  const [portals, directory] = await Promise.all([
    settle(caller.portals.list()),
    settle(
      caller.portals.directory({
        q: directoryQuery.dq,
        country: directoryQuery.dcountry || undefined,
        page: directoryQuery.dpage,
        pageSize: DIRECTORY_PAGE_SIZE,
      }),
    ),
  ])
  // Every portal's last harvest in one call; a portal that was never harvested has none.
  const overview = portals.ok ? await caller.harvest.overview().catch(() => []) : []
  const byId = new Map(overview.map((status) => [status.instanceId, trimStatus(status)]))
  const harvests: Record<string, Status | null> = Object.fromEntries(
    (portals.ok ? portals.value : []).map((portal) => [portal.id, byId.get(portal.id) ?? { instanceId: portal.id, datasets: 0, running: null, lastSucceeded: null, runs: [] }]),
  )
  const list = portals.ok ? portals.value : []
  const countries = new Set([...DIRECTORY_COUNTRIES, ...list.flatMap((portal) => (portal.country ? [portal.country] : []))])
  const languages = new Set(list.flatMap((portal) => portal.languages))
  const names = {
    countries: Object.fromEntries([...countries].map((code) => [code, countryName(pageContext.locale, code)])),
    languages: Object.fromEntries([...languages].map((code) => [code, languageName(pageContext.locale, code)])),
  }
  return { portals, harvests, directory, directoryCountries: DIRECTORY_COUNTRIES, names, query, directoryQuery }
}

type Status = Awaited<ReturnType<Awaited<ReturnType<typeof pageCaller>>['harvest']['status']>>
type Run = Status['runs'][number]

const trimRun = (run: Run): Run => ({ ...run, errors: run.errors.slice(-ERRORS_KEPT) })

/** Only the newest run is shown (older ones stay behind harvest.status), with its last few errors. */
function trimStatus(status: Status): Status {
  return {
    ...status,
    running: status.running && trimRun(status.running),
    lastSucceeded: status.lastSucceeded && trimRun(status.lastSucceeded),
    runs: status.runs.slice(0, 1).map(trimRun),
  }
}

// The countries of the known portals, for the directory's filter: a static list, read once.
const DIRECTORY_COUNTRIES = [...new Set(searchDirectory('', { limit: 10_000 }).items.flatMap((portal) => (portal.country ? [portal.country] : [])))].sort()
