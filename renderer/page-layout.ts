import { createElement, type ComponentType, type ReactNode } from 'react'
import type { PageContext } from 'vike/types'
import { routeForPage } from '../lib/routing/route-table.ts'
import type { ProjectFrame } from '../lib/routing/project-links.ts'

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

/**
 * A part of the page frame that only some page views show: a chunk of its own, loaded before such a view renders
 * (+onBeforeRenderClient; the server loads every part once), so the other pages do not carry it (decision 021).
 * Render and hydration see the same tree: the part is there whenever the view needs it.
 */
function framePart<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | null = null
  return {
    load: async (): Promise<void> => {
      loaded ??= await load()
    },
    /** The part's element once loaded; nothing before. */
    element: (props: P): ReactNode => (loaded ? createElement(loaded, props) : null),
  }
}

/** The side navigation of a project's pages. */
export const projectNav = framePart(() => import('./ProjectNav.tsx').then((module) => module.ProjectNav))
/** The signed-in account's menu. */
export const userMenu = framePart(() => import('./UserMenu.tsx').then((module) => module.UserMenu))
/** The demo catalogue's load, while it runs. */
export const demoLoadBanner = framePart(() => import('../features/portals/DemoLoadBanner.tsx').then((module) => module.DemoLoadBanner))

/** Loads the frame parts a page view shows (in the browser, before it renders). */
export async function loadFrameParts(pageContext: Pick<PageContext, 'pageId' | 'data' | 'user' | 'demoLoad'>): Promise<void> {
  await Promise.all([
    pageLayout(pageContext.pageId, pageContext.data) === 'dashboard' ? projectNav.load() : null,
    pageContext.user ? userMenu.load() : null,
    pageContext.demoLoad ? demoLoadBanner.load() : null,
  ])
}

/** Every frame part (the server renders any page view). */
export async function loadAllFrameParts(): Promise<void> {
  await Promise.all([projectNav.load(), userMenu.load(), demoLoadBanner.load()])
}
