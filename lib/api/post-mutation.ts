import type { inferRouterInputs } from '@trpc/server'
import type { AppRouter } from '../../server/trpc/router.server.ts'

type Inputs = inferRouterInputs<AppRouter>

/**
 * A single tRPC mutation over plain fetch, for the few calls the page frame makes (saving the theme or language of a
 * signed-in user). It keeps the tRPC client and TanStack Query out of the code every page loads; pages that talk
 * to the API use ApiProvider (lib/api/trpc.tsx). Inputs here contain no dates, so plain JSON is superjson's.
 */
export async function postProfileUpdate(input: Inputs['profile']['update']): Promise<void> {
  const res = await fetch('/api/trpc/profile.update', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ json: input }),
  })
  if (!res.ok) throw new Error(`profile.update answered ${res.status}`)
}
