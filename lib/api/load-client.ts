import type { ApiClient, ApiFailure } from './browser-client.ts'

// Pages whose only calls are form submissions (signing in, signing up, resetting a password) or that render their
// first paint from +data (the explorer) load the tRPC client when the first call is made, not with the page: it and
// its serialiser are about 10 KB gzip that a reader who never submits does not need (decision 021). One client per
// page load, as ApiProvider keeps one.
let client: Promise<ApiClient> | null = null

export function loadApiClient(): Promise<ApiClient> {
  client ??= import('./browser-client.ts').then(({ makeClient }) => makeClient())
  // A failed load (offline) is not remembered, so the next submission tries again.
  client.catch(() => {
    client = null
  })
  return client
}

/**
 * What a failed call means for a form (`apiFailure`), for pages that load the client on first use: reading the
 * failure needs the client's error class, which is loaded by then; if even that cannot be fetched, it is the network.
 */
export async function loadedApiFailure(error: unknown, fallback: { network: string; unexpected: string }): Promise<ApiFailure> {
  try {
    const { apiFailure } = await import('./browser-client.ts')
    return apiFailure(error, fallback)
  } catch {
    return { message: fallback.network, fieldErrors: {}, status: null }
  }
}
