// Every hour the app asks the server which build it runs; when that differs from the build this page came with,
// the user is offered a reload (a toast), so nobody keeps working in a stale interface after a deploy.
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000

export async function fetchServerBuild(fetcher: typeof fetch = fetch): Promise<string | null> {
  try {
    const res = await fetcher('/api/trpc/health', { cache: 'no-store' })
    if (!res.ok) return null
    const body = (await res.json()) as { result?: { data?: { json?: { build?: unknown } } } }
    const build = body.result?.data?.json?.build
    return typeof build === 'string' ? build : null
  } catch {
    return null // offline or the server is restarting: try again next hour
  }
}

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
