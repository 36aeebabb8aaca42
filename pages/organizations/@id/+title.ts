import type { PageContext } from 'vike/types'
import type { Data } from './+data.ts'

export function title(pageContext: PageContext<Data>): string {
  return `${pageContext.data.publisher.title} · Portalscope`
}
