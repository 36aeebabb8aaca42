// A background writer on its own thread, as a harvest's store thread is: it commits batches of inserts into `note`
// back to back, counting its commits in shared memory, until the stop flag is set (db/sqlite-file.test.ts).
import { workerData } from 'node:worker_threads'
import { SqliteFileClient } from '../../db/sqlite-file.server.ts'

const { file, rows, shared } = workerData as { file: string; rows: number; shared: SharedArrayBuffer }
// [0]: transactions committed, [1]: set to 1 to stop.
const state = new Int32Array(shared)
const client = new SqliteFileClient(file, 'background')
for (let round = 0; Atomics.load(state, 1) === 0; round++) {
  // One statement that inserts `rows` rows: each transaction holds the lock for tens of milliseconds.
  await client.batch([
    {
      sql: `INSERT INTO note (body) SELECT 'bulk ' || ? || ' ' || x FROM (WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < ?) SELECT x FROM c)`,
      args: [round, rows],
    },
  ])
  Atomics.add(state, 0, 1)
}
client.close()
