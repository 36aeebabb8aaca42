import type { PageContext } from 'vike/types'
import { translate } from '../../../lib/i18n/page-text.ts'
import type { Data } from './+data.ts'

export function description(pageContext: PageContext<Data>): string {
  return translate(pageContext, 'orgs.pageDescription', { title: pageContext.data.publisher.title })
}
