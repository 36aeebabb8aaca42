import type { PageContextServer } from 'vike/types'
import { pageCaller } from '../../server/trpc/page-caller.server.ts'

export type Data = Awaited<ReturnType<typeof data>>

export async function data(pageContext: PageContextServer) {
  const caller = await pageCaller(pageContext)
  const now = new Date()
  try {
    const projects = await caller.projects.list()
    return {
      ok: true as const,
      now,
      projects: projects.map((project) => ({
        id: project.id,
        key: project.key,
        name: project.name,
        // The list shows a line of the description; the dashboard shows it whole.
        summary: project.description.replace(/\s+/g, ' ').trim().slice(0, 240),
        role: project.role,
        cases: project.cases,
        suites: project.suites,
        members: project.members,
        lastActivityAt: project.lastActivityAt,
      })),
    }
  } catch (error) {
    // A busy database or a failure shows the page with the reason and a way to try again, not an error page.
    console.error('projects.list failed', error)
    return { ok: false as const, now, projects: [] }
  }
}
