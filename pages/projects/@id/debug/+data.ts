import type { PageContextServer } from 'vike/types'
import { auditView } from '../../../../features/projects/audit-text.ts'
import { z } from '../../../../lib/zod.ts'
import { pageCaller } from '../../../../server/trpc/page-caller.server.ts'
import { orErrorPage, projectFrame } from '../../../../server/trpc/project-frame.server.ts'

export type Data = Awaited<ReturnType<typeof data>>

const AUDIT_PAGE_SIZE = 50

// `?before=<event id>` pages the audit log back in time with plain links (no JavaScript needed); a value that does
// not fit shows the newest events rather than failing the page.
const SearchSchema = z.object({ before: z.coerce.number().int().positive().optional().catch(undefined) })

export async function data(pageContext: PageContextServer) {
  const caller = await pageCaller(pageContext)
  const projectId = pageContext.routeParams.id ?? ''
  const { before } = SearchSchema.parse(pageContext.urlParsed.search)
  // Owners only: the procedure refuses everyone else (404 for non-members, 403 for members).
  const debug = await orErrorPage(caller.projects.debug({ projectId, before, limit: AUDIT_PAGE_SIZE }))
  const frame = await projectFrame(caller, projectId)
  const projectKey = frame.project?.key ?? ''
  return {
    frame,
    projectId,
    before: before ?? null,
    counts: debug.counts,
    integrity: debug.integrity,
    audit: debug.audit.map((event) => auditView(event, projectKey)),
    // A full page may have older events behind it; the link then asks for the events before the last one shown.
    olderBefore: debug.audit.length === AUDIT_PAGE_SIZE ? (debug.audit.at(-1)?.id ?? null) : null,
  }
}
