// A tiny automation script: `node scripts/api-example.ts http://localhost:3000` (docs/api.md).
import { createPortalscopeClient } from '../lib/api/client.ts'

const client = createPortalscopeClient(process.argv[2] ?? 'http://localhost:3000')
const health = await client.health.query()
console.log(`Portalscope ${health.version} on ${health.runtime}: ${health.status} (database ${health.database})`)
console.log(`Server time: ${health.time.toISOString()}`)
