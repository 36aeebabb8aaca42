// After a deploy, the code of a page may no longer exist on the server. The page then reloads once to pick up the
// new build; a timestamp in sessionStorage stops a second reload within 10 seconds (no reload loops).
import { madeBy } from '../../lib/made-by.ts'

const KEY = 'portalscope:chunk-reload-at'
const GUARD_MS = 10_000

export function reloadOnceForNewBuild(now = Date.now(), storage: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage): boolean {
  const last = Number(storage.getItem(KEY) ?? 0)
  if (now - last < GUARD_MS) return false
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
  const onPreloadError = (event: Event) => {
    event.preventDefault()
    reloadOnceForNewBuild()
  }
  const onRejection = (event: PromiseRejectionEvent) => {
    if (isChunkLoadError(event.reason)) reloadOnceForNewBuild()
  }
  window.addEventListener('vite:preloadError', onPreloadError)
  window.addEventListener('unhandledrejection', onRejection)
  return () => {
    window.removeEventListener('vite:preloadError', onPreloadError)
    window.removeEventListener('unhandledrejection', onRejection)
  }
}
