import type { PageContext } from 'vike/types'
import { translate } from '../../lib/i18n/page-text.ts'

export default function title(pageContext: PageContext): string {
  return `${translate(pageContext, pageContext.is404 ? 'errors.notFoundTitle' : 'errors.serverErrorTitle')} · Portalscope`
}
