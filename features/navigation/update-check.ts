// Every hour the app asks the server which build it runs; when that differs from the build this page came with,
// the user is offered a reload (a toast), so nobody keeps working in a stale interface after a deploy.
import { fetchServerBuild } from '../../lib/server-build.ts'

export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000

export function watchForNewBuild(currentBuild: string, onNewBuild: () => void): () => void {
  let notified = false
  const timer = setInterval(async () => {
    const build = await fetchServerBuild()
    if (build && build !== currentBuild && !notified) {
      notified = true
      onNewBuild()
    }
  }, UPDATE_CHECK_INTERVAL_MS)
  return () => clearInterval(timer)
}
