import type { PageContext } from 'vike/types'
import { translate } from '../../lib/i18n/page-text.ts'

export default function title(pageContext: PageContext): string {
  const status = pageContext.is404 ? 404 : pageContext.abortStatusCode
  const key = status === 404 ? 'errors.notFoundTitle' : status === 403 ? 'errors.forbiddenTitle' : 'errors.serverErrorTitle'
  return `${translate(pageContext, key)} · Portalscope`
}
