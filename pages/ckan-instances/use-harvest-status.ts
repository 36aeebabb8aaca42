import { useEffect, useRef, useState } from 'react'
import { useApiAction } from '../../lib/api/use-api-action.ts'
import { useApiQuery } from '../../lib/api/use-api-query.ts'
import { isNewerHarvestLog, latestHarvestLog, pollInterval } from '../../features/portals/harvest-progress.ts'
import type { HarvestStatus } from './types.ts'

/** How many times a finished harvest asks for the page's data again while that data still shows it running. */
const CATCH_UP_TRIES = 3
/** How many times a portal shown without a harvest status asks for one. */
const UNKNOWN_TRIES = 3

/**
 * One portal's harvest: seeded from the page's data, polled (harvest.status) only while a run is going, started on
 * request (harvest.start). The API client loads when the first call needs it, or right after hydration when a run is
 * already going. A run this page saw end asks for the page's data again (`refresh`): health, version and counts
 * change with a harvest.
 */
export function useHarvestStatus(instanceId: string, initial: HarvestStatus | null | undefined, refresh: () => void) {
  const [catchUps, setCatchUps] = useState(0)
  const [started, setStarted] = useState(false)
  // Asked at once when the page shows no status (up to UNKNOWN_TRIES tries), or when it shows a run going or one was
  // started here; then again an interval after each answer or failure, while the run goes.
  const polledQuery = useApiQuery({ instanceId }, (client, input, signal): Promise<HarvestStatus> => client.harvest.status.query(input, { signal }), {
    enabled: !initial || Boolean(initial.running) || started,
    freshMs: 0,
    retries: initial ? 0 : UNKNOWN_TRIES - 1,
    pollMs: (polled) => pollInterval(Boolean(latestHarvestLog(initial, polled ?? null)?.running)) || null,
  })
  const polled = polledQuery.data ?? null
  const status = latestHarvestLog(initial, polled)
  const running = Boolean(status?.running)

  const wasRunning = useRef(running)
  useEffect(() => {
    // Ended in the page's data itself: that data is already the new one.
    if (wasRunning.current && !running && status === polled) {
      setCatchUps(1)
      refresh()
    }
    wasRunning.current = running
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the moment a run ends
  }, [running])

  // The page's data asked for after a run ended may still show it running (a guest's copy from the page cache, a
  // moment before the cache holds the new data version): ask again until it has caught up.
  const behind = polled !== null && initial !== null && initial !== undefined && isNewerHarvestLog(polled, initial)
  useEffect(() => {
    if (catchUps === 0 || catchUps > CATCH_UP_TRIES || !behind) return
    const timer = setTimeout(() => {
      setCatchUps((count) => count + 1)
      refresh()
    }, pollInterval(true) || 0)
    return () => clearTimeout(timer)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- each new page data is checked again
  }, [initial, catchUps, behind])

  const startCall = useApiAction((client, id: string) => client.harvest.start.mutate({ instanceId: id }))
  async function start() {
    // The poll takes over from here: nothing of the page's data to read until the run ends.
    const answer = await startCall.run(instanceId, { refresh: false })
    if (!answer.ok) return
    const { run } = answer.result
    setStarted(true)
    // Show the bar at once.
    if (status && run.status === 'running') polledQuery.set(() => ({ ...status, running: run, runs: [run, ...status.runs.filter((r) => r.runId !== run.runId)] }))
    void polledQuery.refresh()
  }

  return { status, start, starting: startCall.pending, startError: startCall.failure?.message ?? null }
}
