/** The build the server runs, asked over plain fetch (no client to load); null when the server cannot be reached. */
export async function fetchServerBuild(fetcher: typeof fetch = fetch): Promise<string | null> {
  try {
    const res = await fetcher('/api/trpc/health', { cache: 'no-store' })
    if (!res.ok) return null
    const body = (await res.json()) as { result?: { data?: { json?: { build?: unknown } } } }
    const build = body.result?.data?.json?.build
    return typeof build === 'string' ? build : null
  } catch {
    return null // offline, or the server is restarting
  }
}
