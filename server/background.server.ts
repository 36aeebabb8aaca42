import type { Context } from 'hono'
import type { AppBindings } from './app.server.ts'

/** Work that outlives the request: handed to waitUntil under Workers, left running (errors logged) on Node. */
export function backgroundFor(c: Context<AppBindings>): (task: Promise<unknown>) => void {
  return (task) => {
    const logged = task.catch((error: unknown) => console.error('Background work failed:', error))
    if (c.var.runtime === 'workerd') c.executionCtx.waitUntil(logged)
  }
}
