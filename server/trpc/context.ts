import type { Database } from '../../db/client.ts'
import type { SessionUser } from '../user.ts'

export type TrpcContext = {
  db: Database
  user: SessionUser | null
  runtime: 'node' | 'workerd'
}
