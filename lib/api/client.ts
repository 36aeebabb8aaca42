import { createTRPCClient, httpLink } from '@trpc/client'
import superjson from 'superjson'
import type { AppRouter } from '../../server/trpc/router.server.ts'

/**
 * A typed client for scripts and automation (Node 22+): `createPortalscopeClient('http://localhost:3000')`.
 * An API token, once accounts exist, goes in `token` and is sent as `Authorization: Bearer <token>`.
 */
export function createPortalscopeClient(baseUrl: string, options: { token?: string } = {}) {
  return createTRPCClient<AppRouter>({
    links: [
      httpLink({
        url: new URL('/api/trpc', baseUrl).toString(),
        transformer: superjson,
        headers: () => (options.token ? { authorization: `Bearer ${options.token}` } : {}),
      }),
    ],
  })
}
