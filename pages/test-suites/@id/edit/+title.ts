import type { PageContext } from 'vike/types'
import { translate } from '../../../../lib/i18n/page-text.ts'
import type { Data } from './+data.ts'

// https://vike.dev/title — names the suite being edited.
export default function title(pageContext: PageContext): string {
  const name = (pageContext.data as Data | undefined)?.suite?.name
  return `${name ? translate(pageContext, 'suites.editTitle', { name }) : translate(pageContext, 'pages.testSuiteEditTitle')} · Portalscope`
}
