import type { PageContext } from 'vike/types'
import type { Data } from './+data.ts'

export function title(pageContext: PageContext<Data>): string {
  const { region } = pageContext.data
  return `${region.name} · Portalscope`
}
