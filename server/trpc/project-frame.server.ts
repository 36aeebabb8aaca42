import { TRPCError } from '@trpc/server'
import { redirect, render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import type { ProjectFrame } from '../../lib/routing/project-links.ts'
import type { pageCaller } from './page-caller.server.ts'
import { madeBy } from '../../lib/made-by.ts'

type Caller = Awaited<ReturnType<typeof pageCaller>>

// The project frame of test-management pages (the switcher and the side navigation of the dashboard layout) and the
// way their +data hooks turn the API's refusals into pages: someone else's project is a 404 page, exactly as the API
// answers NOT_FOUND, and a role that is too low is a 403 page.

/** The user's projects and the current one (null when the page is about none, or the user is not a member). */
export async function projectFrame(caller: Caller, projectId: string | null): Promise<ProjectFrame> {
  const projects = await caller.projects.list()
  const current = projectId ? projects.find((project) => project.id === projectId) : undefined
  return {
    project: current ? { id: current.id, key: current.key, name: current.name, role: current.role } : null,
    projects: projects.map(({ id, key, name }) => ({ id, key, name })),
  }
}

/**
 * The project of a page that takes it as `?project=`: the one named, else the user's most recently active project
 * (the page redirects there, so the address can be shared), else null (the page offers to create one).
 */
export async function projectFromQuery(pageContext: PageContextServer, caller: Caller, path: string): Promise<string | null> {
  const named = pageContext.urlParsed.search.project?.trim()
  if (named) return named
  const projects = await caller.projects.list()
  if (projects.length === 0) return null
  const recent = [...projects].sort((a, b) => (b.lastActivityAt?.getTime() ?? 0) - (a.lastActivityAt?.getTime() ?? 0))[0]!
  throw redirect(`${path}?project=${encodeURIComponent(recent.id)}`)
}

/** Awaits an API call of a page; NOT_FOUND (and ids that cannot exist) become the 404 page, FORBIDDEN the 403 page. */
export async function orErrorPage<T>(work: Promise<T>): Promise<T> {
  try {
    return await work
  } catch (error) {
    if (madeBy(error, TRPCError) && (error.code === 'NOT_FOUND' || error.code === 'BAD_REQUEST')) throw render(404, { userMessage: error.message })
    if (madeBy(error, TRPCError) && error.code === 'FORBIDDEN') throw render(403, { userMessage: error.message })
    throw error
  }
}
