import type { MessageKey } from '../lib/i18n/catalog.ts'

// What the header (AppHeader.tsx) and the phone menu (MobileNav.tsx, MobileNavDrawer.tsx) link to, and which link is
// the current page.

export type NavItem = { href: string; label: MessageKey }

export const EXPLORE_NAV: NavItem[] = [
  { href: '/ckan-instances', label: 'navigation.ckanInstances' },
  { href: '/ckan-explorer', label: 'navigation.ckanExplorer' },
  { href: '/organizations', label: 'navigation.organizations' },
  { href: '/data-formats', label: 'navigation.dataFormats' },
  { href: '/data-quality', label: 'navigation.dataQuality' },
  { href: '/regional-analysis', label: 'navigation.regionalAnalysis' },
]

// Signed in, the header adds one item: the projects. A project's cases, suites, runs, reports and settings are in
// the side navigation of its pages (renderer/ProjectNav.tsx), so the header never has to hold them.
export const SIGNED_IN_NAV: NavItem[] = [{ href: '/projects', label: 'navigation.projects' }]

const PROJECT_PATHS = ['/projects', '/test-cases', '/test-suites', '/test-runs', '/reports']

export function isCurrent(pathname: string, href: string): boolean {
  if (href === '/projects') return PROJECT_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`))
  return pathname === href || pathname.startsWith(`${href}/`)
}
