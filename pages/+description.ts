import type { PageContext } from 'vike/types'
import { DEFAULT_DESCRIPTION_KEY, translate } from '../lib/i18n/page-text.ts'

// https://vike.dev/description — by message key (`descriptionKey` in a page's +config.ts).
export default function description(pageContext: PageContext): string {
  return translate(pageContext, pageContext.config.descriptionKey ?? DEFAULT_DESCRIPTION_KEY)
}
