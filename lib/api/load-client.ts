import type { ApiClient, ApiFailure } from './browser-client.ts'

// Pages whose only calls are form submissions (signing in, signing up, resetting a password) load the tRPC client
// when the first call is made, not with the page: it and its serialiser are about 10 KB gzip that a reader who never
// submits does not need (decision 021). One client per page load, as ApiProvider keeps one.
let client: Promise<ApiClient> | null = null

export function loadApiClient(): Promise<ApiClient> {
  client ??= import('./browser-client.ts').then(({ makeClient }) => makeClient())
  // A failed load (offline) is not remembered, so the next submission tries again.
  client.catch(() => {
    client = null
  })
  return client
}

/** `apiFailure` for code that loads the client lazily: read once the call has failed; a client that did not load is the network's fault. */
export async function readApiFailure(error: unknown, fallback: { network: string; unexpected: string }): Promise<ApiFailure> {
  try {
    const { apiFailure } = await import('./browser-client.ts')
    return apiFailure(error, fallback)
  } catch {
    return { message: fallback.network, fieldErrors: {}, status: null }
  }
}
