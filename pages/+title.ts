import type { PageContext } from 'vike/types'
import { translate } from '../lib/i18n/page-text.ts'

// https://vike.dev/title — pages name their title by message key (`titleKey` in their +config.ts).
export default function title(pageContext: PageContext): string {
  const key = pageContext.config.titleKey
  return key ? `${translate(pageContext, key)} · Portalscope` : 'Portalscope'
}
