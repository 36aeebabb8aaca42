import { useEffect, useRef, useState } from 'react'
import { loadApiClient, loadApiFailure, failureTexts } from '../../lib/api/load-client.ts'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
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
  const t = useT()
  const [polled, setPolled] = useState<HarvestStatus | null>(null)
  const [failedPolls, setFailedPolls] = useState(0)
  const [starting, setStarting] = useState(false)
  const [startError, setStartError] = useState<string | null>(null)
  const [catchUps, setCatchUps] = useState(0)
  const mounted = useRef(true)
  const status = latestHarvestLog(initial, polled)
  const running = Boolean(status?.running)

  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])

  async function poll() {
    try {
      const client = await loadApiClient()
      const next = await client.harvest.status.query({ instanceId })
      if (mounted.current) setPolled(next)
    } catch {
      // Asked again at the next interval while the run is going; the last answer stays on screen meanwhile.
      if (mounted.current) setFailedPolls((count) => count + 1)
    }
  }

  // While a run is going: the next poll an interval after the last answer (or failure). A portal shown without any
  // status asks for one at once, and again after a failure, up to UNKNOWN_TRIES times.
  const interval = status ? pollInterval(running) : failedPolls < UNKNOWN_TRIES ? (failedPolls === 0 ? 0 : pollInterval(true)) : false
  useEffect(() => {
    if (interval === false) return
    loadApiClient().catch(() => undefined)
    const timer = setTimeout(() => void poll(), interval)
    return () => clearTimeout(timer)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- each answer (a new status) or failure schedules the next
  }, [interval, status, failedPolls, instanceId])

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

  async function start() {
    setStarting(true)
    setStartError(null)
    try {
      const client = await loadApiClient()
      const { run } = await client.harvest.start.mutate({ instanceId })
      // Show the bar at once; the poll takes over from here.
      if (mounted.current && status && run.status === 'running') setPolled({ ...status, running: run, runs: [run, ...status.runs.filter((r) => r.runId !== run.runId)] })
      void poll()
    } catch (error) {
      const failure = await loadApiFailure(error, failureTexts(t))
      if (mounted.current) setStartError(failure.message)
    } finally {
      if (mounted.current) setStarting(false)
    }
  }

  return { status, start, starting, startError }
}
