import type { Database } from '../../db/client.server.ts'
import { refreshAllRollups, refreshMissingRollups, type RollupRefresh } from '../queries/rollups.server.ts'

/**
 * Refreshes the rollups the analysis pages read: every portal's (`all`, after a change to the scoring), or only those
 * of snapshots that have none yet (stored by an older version; harvests refresh their own portal's at the end).
 */
export function refreshRollupsJob(db: Database, options: { all?: boolean } = {}): Promise<RollupRefresh[]> {
  return options.all ? refreshAllRollups(db) : refreshMissingRollups(db)
}
