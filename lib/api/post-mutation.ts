import type { inferRouterInputs } from '@trpc/server'
import type { AppRouter } from '../../server/trpc/router.server.ts'

type Inputs = inferRouterInputs<AppRouter>

/**
 * A single tRPC mutation over plain fetch, for saving the theme or language of a signed-in user (the page frame's
 * switches, the profile's preferences): the choice applies at once and a failed save is not shown, so a theme switch
 * on any page loads no API client. Screens call through `useApiQuery` and `useApiAction` (decision 024). Inputs here
 * contain no dates, so plain JSON is superjson's.
 */
export async function postProfileUpdate(input: Inputs['profile']['update']): Promise<void> {
  const res = await fetch('/api/trpc/profile.update', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ json: input }),
  })
  if (!res.ok) throw new Error(`profile.update answered ${res.status}`)
}
