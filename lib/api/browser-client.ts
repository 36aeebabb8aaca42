import { createTRPCClient, httpBatchLink, httpLink, splitLink, TRPCClientError } from '@trpc/client'
import type { inferRouterInputs } from '@trpc/server'
import superjson from 'superjson'
import type { AppRouter } from '../../server/trpc/router.server.ts'
import { madeBy } from '../made-by.ts'

// Account procedures (auth.*) go alone, so their status (401, 429...) is their own; the server refuses them in a
// batch. Dataset searches go alone too: a batch answers when its slowest call does, and a live search may take the
// whole per-portal deadline while the snapshot answers at once. The map's viewport queries go alone as well, so the
// request of a view the map has left can be aborted (a batch is aborted only when every call in it is). Everything
// else may share a request.
const unbatched = (path: string) => path.startsWith('auth.') || path === 'datasets.search' || path === 'map.datasets' || path === 'map.extents'

/** The browser's tRPC client, loaded on the first call (./load-client.ts), never with a page's first load. */
export function makeClient() {
  const url = '/api/trpc'
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => unbatched(op.path),
        true: httpLink({ url, transformer: superjson }),
        false: httpBatchLink({ url, transformer: superjson }),
      }),
    ],
  })
}

export type ApiClient = ReturnType<typeof makeClient>

/** What each procedure takes (`ApiInputs['testSuites']['create']`), for the input of a screen's call. */
export type ApiInputs = inferRouterInputs<AppRouter>

export type ApiFailure = { message: string; fieldErrors: Record<string, string>; status: number | null }

/** What a failed call means for a form: a message for the form and one per field, already in the user's language. */
export function apiFailure(error: unknown, fallback: { network: string; unexpected: string }): ApiFailure {
  if (madeBy(error, TRPCClientError)) {
    const data = error.data as { fieldErrors?: Record<string, string> | null; httpStatus?: number } | undefined
    if (!data) return { message: fallback.network, fieldErrors: {}, status: null }
    const status = data.httpStatus ?? null
    // 503 is the server's own translated "busy, nothing saved, try again"; other 5xx bodies are not for people.
    const message = status && status >= 500 && status !== 503 ? fallback.unexpected : error.message
    return { message, fieldErrors: data.fieldErrors ?? {}, status }
  }
  return { message: fallback.unexpected, fieldErrors: {}, status: null }
}
