import { apiFailure, type ApiFailure } from '../../lib/api/browser-client.ts'
import { useT } from '../../lib/i18n/I18nProvider.tsx'

/** What a failed call means, in the user's language: the server's own message (busy, conflict, refusal) or ours. */
export function useFailure(): (error: unknown) => ApiFailure {
  const t = useT()
  return (error) => apiFailure(error, { network: t('common.networkError'), unexpected: t('common.unexpectedError') })
}
