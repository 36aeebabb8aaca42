import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { findRegion } from '../../../lib/domain/region-lookup.ts'

export type Data = Awaited<ReturnType<typeof data>>

export function data(pageContext: PageContextServer) {
  const id = pageContext.routeParams.id ?? ''
  const region = findRegion(id)
  if (!region) throw render(404, `No region with the id ${id}`)
  return { region }
}
