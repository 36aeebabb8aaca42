import type { CheckMessage } from '../lib/domain/checks.ts'
import { checkMessageText } from '../lib/i18n/check-message.ts'
import { useT } from '../lib/i18n/I18nProvider.tsx'

/** A check message in the active language (its page loads the `checks` group). */
export function useCheckMessage(): (message: CheckMessage) => string {
  const t = useT()
  return (message) => checkMessageText(t, message)
}
