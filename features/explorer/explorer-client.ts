import { createTRPCClient, httpLink } from '@trpc/client'
import superjson from 'superjson'
import type { AppRouter } from '../../server/trpc/router.ts'

// The explorer's searches go unbatched. A batch answers when its slowest call does, and a live search may take the
// whole per-portal deadline (3 s) while the snapshot answers at once: batched, the snapshot would wait for it.
let client: ReturnType<typeof createTRPCClient<AppRouter>> | undefined

export function explorerClient() {
  client ??= createTRPCClient<AppRouter>({ links: [httpLink({ url: '/api/trpc', transformer: superjson })] })
  return client
}
