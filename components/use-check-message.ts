import type { CheckMessage } from '../lib/domain/checks.ts'
import type { MessageKey } from '../lib/i18n/catalog.ts'
import { useIntl, useT } from '../lib/i18n/I18nProvider.tsx'

/** A check message in the active language (locale group `checks`); a code the catalogue does not know is shown as it is. */
export function useCheckMessage(): (message: CheckMessage) => string {
  const t = useT()
  const intl = useIntl()
  return (message) => {
    const key = `checks.msg.${message.code}`
    return key in intl.messages ? t(key as MessageKey, message.params) : message.code
  }
}
