import type { ApiClient, ApiFailure } from './browser-client.ts'
import type { Translate } from '../i18n/intl.ts'

// Pages whose calls all come after the first paint (signing in, signing up, resetting a password, a new project, the
// explorer's searches, the portal registry's additions, searches and harvests) load the tRPC client when the first call is made, not with the page: it and its
// serialiser are about 10 KB gzip that a reader who never calls does not need (decision 021). One client per page
// load, as ApiProvider keeps one.
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
 * What a failed call means for a form (`apiFailure`), read by the module the client came in, so that reading it adds
 * nothing to the page; if even that module cannot load, the call never left: the network message.
 */
export async function loadApiFailure(error: unknown, fallback: { network: string; unexpected: string }): Promise<ApiFailure> {
  try {
    const { apiFailure } = await import('./browser-client.ts')
    return apiFailure(error, fallback)
  } catch {
    return { message: fallback.network, fieldErrors: {}, status: null }
  }
}

/**
 * The words most places give a failed call (`loadApiFailure`, `apiFailure`): no answer from the server, and a failure
 * that is not the API's own refusal. Places with words of their own (a run's execution, the case editors, a suite's
 * schedule) pass those instead.
 */
export function failureTexts(t: Translate): { network: string; unexpected: string } {
  return { network: t('common.networkError'), unexpected: t('common.unexpectedError') }
}
