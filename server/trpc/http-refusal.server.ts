import { TRPCError } from '@trpc/server'
import { getHTTPStatusCodeFromError } from '@trpc/server/http'
import type { Context } from 'hono'
import { madeBy } from '../../lib/made-by.ts'
import type { AppBindings } from '../app-bindings.server.ts'

// HTTP routes outside tRPC (exports, the JUnit import) call procedures through the caller, so the same rules answer;
// a refusal then answers as the API does, and anything else (a busy database, a fault) goes to the app's error handler.

/** A procedure's refusal (any TRPCError but an internal fault), or null for anything else. */
export function apiRefusal(error: unknown): TRPCError | null {
  return madeBy(error, TRPCError) && error.code !== 'INTERNAL_SERVER_ERROR' ? error : null
}

/** The refusal as the API's JSON error with its HTTP status; rethrows anything that is not a refusal. */
export function refusalResponse(c: Context<AppBindings>, error: unknown): Response {
  const refusal = apiRefusal(error)
  if (!refusal) throw error
  return c.json({ error: { message: refusal.message, code: refusal.code } }, getHTTPStatusCodeFromError(refusal) as 400)
}
