// After a deploy, the code of a page may no longer exist on the server. The page then reloads once to pick up the
// new build; a timestamp in sessionStorage stops a second reload within 10 seconds (no reload loops). When the server
// cannot be reached at all (the connection dropped), a reload would only swap the page for the browser's error page:
// the page stays, and the part that could not load says so where it would be (components/load-failed.tsx).
import { madeBy } from '../../lib/made-by.ts'
import { fetchServerBuild } from '../../lib/server-build.ts'

const KEY = 'portalscope:chunk-reload-at'
const GUARD_MS = 10_000

export async function reloadOnceForNewBuild(
  now = Date.now(),
  storage: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage,
  serverAnswers: () => Promise<boolean> = async () => (await fetchServerBuild()) !== null,
): Promise<boolean> {
  const last = Number(storage.getItem(KEY) ?? 0)
  if (now - last < GUARD_MS) return false
  if (!(await serverAnswers())) return false
  storage.setItem(KEY, String(now))
  window.location.reload()
  return true
}

export function isChunkLoadError(reason: unknown): boolean {
  const message = madeBy(reason, Error) ? reason.message : String(reason ?? '')
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
    message,
  )
}

export function installReloadGuard(): () => void {
  // Not prevented: the failed import rejects where it was made, so what asked for it can say so (a part of the page
  // shows the network message with "Try again") in case the page does not reload.
  const onPreloadError = () => {
    void reloadOnceForNewBuild()
  }
  const onRejection = (event: PromiseRejectionEvent) => {
    if (isChunkLoadError(event.reason)) void reloadOnceForNewBuild()
  }
  window.addEventListener('vite:preloadError', onPreloadError)
  window.addEventListener('unhandledrejection', onRejection)
  return () => {
    window.removeEventListener('vite:preloadError', onPreloadError)
    window.removeEventListener('unhandledrejection', onRejection)
  }
}
