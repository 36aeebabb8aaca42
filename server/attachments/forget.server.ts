import type { Database } from '../../db/client.server.ts'
import { unreferencedHashes } from '../queries/attachments.server.ts'
import type { AttachmentStore } from './store.server.ts'

/**
 * After rows went (an attachment removed, or the case, run or project it was on), the stored files no row names any
 * longer are removed. A file another row still names stays: storage is by content. Called after the rows' deletion
 * committed, so a failure here leaves at worst an unused file, never a row without its bytes.
 */
export async function forgetUnusedFiles(db: Database, store: AttachmentStore | null | undefined, hashes: string[]): Promise<void> {
  if (!store || hashes.length === 0) return
  for (const hash of await unreferencedHashes(db, [...new Set(hashes)])) await store.delete(hash)
}
