import type { PageContext } from 'vike/types'
import { translate } from '../../lib/i18n/page-text.ts'
import { navigationFailed } from './navigation-failed.ts'

export default function title(pageContext: PageContext): string {
  const status = pageContext.is404 ? 404 : pageContext.abortStatusCode
  if (navigationFailed(pageContext)) return `${translate(pageContext, 'errors.unreachableTitle')} · Portalscope`
  const key = status === 404 ? 'errors.notFoundTitle' : status === 403 ? 'errors.forbiddenTitle' : 'errors.serverErrorTitle'
  return `${translate(pageContext, key)} · Portalscope`
}
