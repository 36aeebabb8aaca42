import type { MessageKey } from '../lib/i18n/catalog.ts'

// What the header (AppHeader.tsx) and the phone menu (MobileNav.tsx, MobileNavDrawer.tsx) link to, and which link is
// the current page.

/** `count`: a figure for the signed-in person shown beside the label (pageContext.navCounts). */
export type NavItem = { href: string; label: MessageKey; count?: 'myWork' }

export const EXPLORE_NAV: NavItem[] = [
  { href: '/ckan-instances', label: 'navigation.ckanInstances' },
  { href: '/ckan-explorer', label: 'navigation.ckanExplorer' },
  { href: '/organizations', label: 'navigation.organizations' },
  { href: '/data-formats', label: 'navigation.dataFormats' },
  { href: '/data-quality', label: 'navigation.dataQuality' },
  { href: '/regional-analysis', label: 'navigation.regionalAnalysis' },
]

// Signed in, the header adds two items: the projects and what is given to me in their runs, with how much of it is
// still to do. A project's cases, suites, runs, reports and settings are in the side navigation of its pages
// (renderer/ProjectNav.tsx), so the header never has to hold them.
export const SIGNED_IN_NAV: NavItem[] = [
  { href: '/projects', label: 'navigation.projects' },
  { href: '/my-work', label: 'navigation.myWork', count: 'myWork' },
]

const PROJECT_PATHS = ['/projects', '/test-cases', '/test-suites', '/test-runs', '/reports']

export function isCurrent(pathname: string, href: string): boolean {
  if (href === '/projects') return PROJECT_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`))
  return pathname === href || pathname.startsWith(`${href}/`)
}
