// `npm run bench`: every benchmark in turn; each prints its own figures.
import { spawnSync } from 'node:child_process'
import path from 'node:path'

const BENCHES = ['platform.ts', 'bundle.ts', 'password.ts', 'federated-search.ts', 'check-politeness.ts', 'harvest.ts', 'write-contention.ts', 'oversized-bodies.ts', 'junit-import.ts', 'attachments.ts', 'case-import.ts', 'case-import-tools.ts', 'aggregates.ts', 'search.ts', 'map.ts', 'load.ts', 'lighthouse.ts']
for (const bench of BENCHES) {
  const result = spawnSync(process.execPath, [path.join(import.meta.dirname, bench)], { stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}
