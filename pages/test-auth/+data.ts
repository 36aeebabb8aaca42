import type { PageContextServer } from 'vike/types'

export type Data = Awaited<ReturnType<typeof data>>

// Only what the page shows: never the session secret or token itself.
export function data(pageContext: PageContextServer) {
  const { user } = pageContext
  return {
    signedIn: !!user,
    name: user?.name ?? null,
    email: user?.email ?? null,
    runtime: pageContext.serverRuntime,
  }
}
