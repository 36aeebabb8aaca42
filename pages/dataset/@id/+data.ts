import { redirect, render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { findDataset } from '../../../features/datasets/dataset-queries.ts'

export type Data = Awaited<ReturnType<typeof data>>

export async function data(pageContext: PageContextServer) {
  const { db } = pageContext
  if (!db) throw new Error('No database in the page context')
  const id = pageContext.routeParams.id ?? ''
  const found = await findDataset(db, id)
  if (found.kind === 'missing') throw render(404, `No dataset with the id ${id}`)
  if (found.kind === 'moved') throw redirect(`/dataset/${encodeURIComponent(found.id)}`, 301)
  return { dataset: found.dataset }
}
