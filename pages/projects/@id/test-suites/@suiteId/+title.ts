import type { PageContext } from 'vike/types'
import type { Data } from './+data.ts'

// https://vike.dev/title — the suite's own name says more than "Test suite" in a tab or a bookmark.
export default function title(pageContext: PageContext): string {
  const name = (pageContext.data as Data | undefined)?.suite?.name
  return name ? `${name} · Portalscope` : 'Portalscope'
}
