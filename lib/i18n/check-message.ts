import type { CheckMessage } from '../domain/checks.ts'
import type { MessageKey } from './catalog.ts'
import type { Translate } from './intl.ts'

/**
 * A check's message in the language of `t` (catalogue group `checks`); a code the catalogue does not know (from a
 * newer build) is shown as it is. The one way to say a check message: pages, reports and result comments.
 */
export function checkMessageText(t: Translate, message: CheckMessage): string {
  const key = `checks.msg.${message.code}`
  const text = t(key as MessageKey, message.params)
  return text === key ? message.code : text
}
