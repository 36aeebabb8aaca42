import { createElement, type ReactNode } from 'react'
import { routeForPage } from '../lib/routing/route-table.ts'
import type { ProjectFrame } from '../lib/routing/project-links.ts'
import type { ProjectNav } from './ProjectNav.tsx'

/** The project frame a page's +data hands over (server/trpc/project-frame.server.ts), if it works within a project. */
export function frameOf(data: unknown): ProjectFrame | null {
  const frame = (data as { frame?: ProjectFrame } | null | undefined)?.frame
  return frame && Array.isArray(frame.projects) ? frame : null
}

/**
 * The dashboard layout (the project switcher and the project's side navigation beside the page) for the pages of a
 * project: the dashboard routes of the route table, and the test-management pages that hand over a project frame.
 */
export function pageLayout(pageId: string | null | undefined, data: unknown): 'dashboard' | 'default' {
  if (frameOf(data)) return 'dashboard'
  return routeForPage(pageId)?.layout ?? 'default'
}

// The side navigation is a chunk of its own, loaded before a dashboard page renders (+onBeforeRenderClient; the
// server loads it once), so the public pages do not carry it (decision 021).
let loaded: typeof ProjectNav | null = null

export async function loadProjectNav(): Promise<void> {
  loaded ??= (await import('./ProjectNav.tsx')).ProjectNav
}

/** The side navigation of a frame once loadProjectNav has run; nothing before. */
export function projectNavOf(frame: ProjectFrame): ReactNode {
  return loaded ? createElement(loaded, { frame }) : null
}
