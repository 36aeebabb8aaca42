import type { Context } from 'hono'
import type { AppBindings } from './app-bindings.server.ts'
import { createContext, requestContextOptions } from './trpc/context.server.ts'
import { createCaller } from './trpc/router.server.ts'
import { refusalResponse } from './trpc/http-refusal.server.ts'

/**
 * GET /api/projects/:projectId/export: the owners' JSON export of a project as a file download. A plain link on the
 * debug page saves it, with or without JavaScript, and scripts fetch it with `Authorization: Bearer`. It calls
 * projects.export, so the same rules answer: 401 signed out, 404 for non-members, 403 below owner.
 */
export async function projectExportResponse(c: Context<AppBindings>): Promise<Response> {
  const caller = createCaller(await createContext(requestContextOptions(c)))
  let exported: Awaited<ReturnType<typeof caller.projects.export>>
  try {
    exported = await caller.projects.export({ projectId: c.req.param('projectId') ?? '' })
  } catch (error) {
    return refusalResponse(c, error)
  }
  const day = exported.exportedAt.toISOString().slice(0, 10)
  return new Response(JSON.stringify(exported, null, 2), {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      // The key is capitals and digits only (PROJECT_KEY_PATTERN), safe in a header as it is.
      'Content-Disposition': `attachment; filename="${exported.project.key}-${day}.json"`,
      // A project's whole content: never kept by a shared cache or the browser's.
      'Cache-Control': 'private, no-store',
    },
  })
}
