import type { ApiClient, ApiFailure } from './browser-client.ts'
import type { Translate } from '../i18n/intl.ts'

// The browser's tRPC client, loaded when the first call is made, not with the page: it and its serialiser are about
// 10 KB gzip that a reader who never calls does not need (decision 021). One client per page load. Screens call
// through `useApiQuery` and `useApiAction` (decision 024); only they and plain functions outside React (a popup's
// one dataset, a list's next page) call this directly.
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
export async function loadApiFailure(error: unknown, fallback: FailureTexts): Promise<ApiFailure> {
  try {
    const { apiFailure } = await import('./browser-client.ts')
    return apiFailure(error, fallback)
  } catch {
    return { message: fallback.network, fieldErrors: {}, status: null }
  }
}

/** What a failed call says when the server did not answer (`network`), or answered with something not for people. */
export type FailureTexts = { network: string; unexpected: string }

/**
 * The words most places give a failed call (`loadApiFailure`, `apiFailure`): no answer from the server, and a failure
 * that is not the API's own refusal. Places with words of their own (a run's execution, the case editors, a suite's
 * schedule) pass those instead.
 */
export function failureTexts(t: Translate): FailureTexts {
  return { network: t('common.networkError'), unexpected: t('common.unexpectedError') }
}
