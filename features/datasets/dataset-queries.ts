import { and, eq } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { ckanInstances } from '../../db/schema/ckan-instance.ts'
import { datasets } from '../../db/schema/dataset.ts'

export type DatasetLookup =
  | { kind: 'found'; dataset: DatasetHeader }
  | { kind: 'moved'; id: string }
  | { kind: 'missing' }

export type DatasetHeader = {
  id: string
  title: string
  name: string
  notes: string | null
  instanceId: string
  instanceName: string
  metadataModified: Date | null
  deletedAt: Date | null
}

/**
 * Finds a dataset by its id `<instance slug>:<CKAN UUID>`. The form `<instance slug>:<CKAN name>` is
 * answered with the canonical id so that the page can redirect to it.
 */
export async function findDataset(db: Database, id: string): Promise<DatasetLookup> {
  const separator = id.indexOf(':')
  if (separator <= 0 || separator === id.length - 1) return { kind: 'missing' }
  const instanceId = id.slice(0, separator)
  const rest = id.slice(separator + 1)
  const [row] = await db
    .select({
      id: datasets.id,
      title: datasets.title,
      name: datasets.name,
      notes: datasets.notes,
      instanceId: datasets.instanceId,
      instanceName: ckanInstances.name,
      metadataModified: datasets.metadataModified,
      deletedAt: datasets.deletedAt,
    })
    .from(datasets)
    .innerJoin(ckanInstances, eq(ckanInstances.id, datasets.instanceId))
    .where(eq(datasets.id, id))
    .limit(1)
  if (row) return { kind: 'found', dataset: row }
  const [byName] = await db
    .select({ id: datasets.id })
    .from(datasets)
    .where(and(eq(datasets.instanceId, instanceId), eq(datasets.name, rest)))
    .limit(1)
  return byName ? { kind: 'moved', id: byName.id } : { kind: 'missing' }
}
