import { navigate } from 'vike/client/router'

/**
 * Fetches the current page's data again and renders it in place: same URL, no scroll, no new history entry. Pages
 * whose lists come from their `+data` call it after a change they made (a saved name, a revoked session), so the
 * server's answer is the one on screen and no client-side cache has to be kept in step with it.
 */
export function refreshPageData(): Promise<void> {
  return navigate(`${window.location.pathname}${window.location.search}`, { keepScrollPosition: true, overwriteLastHistoryEntry: true })
}
