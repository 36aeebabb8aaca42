import type { D1Database, R2Bucket } from '@cloudflare/workers-types'
import type { AttachmentStore } from './attachments/store.server.ts'
import type { Database } from '../db/client.server.ts'
import type { FormPostState } from '../lib/forms/form-post.ts'
import type { Locale } from '../lib/i18n/locales.ts'
import type { AuthState } from './session.server.ts'
import type { SessionUser } from './user.server.ts'

/** What the one Hono app (app.server.ts) keeps per request, for every route and middleware that reads it. */
export type AppBindings = {
  Bindings: { DB?: D1Database; ATTACHMENTS?: R2Bucket }
  Variables: { db: Database; user: SessionUser | null; auth: AuthState; runtime: 'node' | 'workerd'; locale: Locale; attachments: AttachmentStore | null; formPost?: FormPostState; bodyLeftUnread?: boolean }
}
