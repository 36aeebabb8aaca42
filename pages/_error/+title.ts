import type { PageContext } from 'vike/types'
import { translate } from '../../lib/i18n/page-text.ts'
import { navigationFailed } from './navigation-failed.ts'

export default function title(pageContext: PageContext): string {
  const status = pageContext.is404 ? 404 : pageContext.abortStatusCode
  if (navigationFailed(pageContext)) return `${translate(pageContext, 'errorpage.unreachableTitle')} · Portalscope`
  const key = status === 404 ? 'errorpage.notFoundTitle' : status === 403 ? 'errorpage.forbiddenTitle' : 'errorpage.serverErrorTitle'
  return `${translate(pageContext, key)} · Portalscope`
}
