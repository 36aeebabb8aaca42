import type { MessageGroup } from '../i18n/catalog.ts'

/**
 * Every page's access class, layout and message groups, in one place. Paths use `{param}` the way the product spec writes them;
 * each maps onto the Vike page folder of the same shape (`/dataset/{id}` -> pages/dataset/@id).
 * Names are checked twice: by the compiler (`satisfies`), and by `assertRouteTable()` when the server starts, so an
 * unknown access or layout name stops the server at start rather than letting a page through.
 */
const ACCESS = ['public', 'auth', 'guest'] as const
const LAYOUTS = ['default', 'dashboard'] as const

export type Access = (typeof ACCESS)[number]
export type Layout = (typeof LAYOUTS)[number]

/**
 * `texts`: the page's own texts in the `pages` group, the keys that start with pages.<one of texts> (its title and
 * description; the home page's tiles also name the pages they link to). The
 * browser gets these from the server with the page, not the group: every page's titles would be 2-3 KB (gzip) of
 * every page's code (lib/i18n/page-text.ts).
 * `messages`: the catalogue groups the page shows besides the shell's (checked by lib/i18n/page-groups.test.ts).
 * `shared`: a guest sees the same page as every other guest (per language) and it changes only with the data, so it is
 * rendered once per data version and served from the page cache (server/page-cache/, docs/decisions/018-page-cache.md).
 * `catalogueLoad`: the page shows figures of the whole catalogue, which grow while the first-start demo catalogue
 * loads, so it says that it is loading and how far (features/portals/DemoLoadBanner.tsx).
 * `noindex`: a page for the people who build or run Portalscope, not for readers (paths the product's specification
 * gives): search engines are asked not to index it (`X-Robots-Tag`, a robots meta tag) and crawlers not to fetch it
 * (/robots.txt, server/robots.server.ts).
 */
export type RouteEntry = { path: string; access: Access; layout: Layout; texts?: readonly string[]; messages: readonly MessageGroup[]; shared?: true; catalogueLoad?: true; noindex?: true }

const ROUTES_DECLARED = [
  { path: '/', access: 'public', layout: 'default', texts: ['home', 'ckanInstancesTitle', 'ckanExplorerTitle', 'organizationsTitle', 'dataFormatsTitle', 'dataQualityTitle', 'regionalAnalysisTitle'], messages: ['ckan', 'components', 'formatnames', 'kraje', 'map', 'mapview', 'mqa', 'overview', 'portals'], shared: true, catalogueLoad: true },
  { path: '/test-auth', access: 'public', layout: 'default', texts: ['testAuth'], messages: [], noindex: true },
  { path: '/data-formats', access: 'public', layout: 'default', texts: ['dataFormats'], messages: ['charts', 'components', 'formatnames', 'formats', 'kraje', 'mqa', 'quality'], shared: true, catalogueLoad: true },
  { path: '/data-quality', access: 'public', layout: 'default', texts: ['dataQuality'], messages: ['charts', 'components', 'kraje', 'mqa', 'quality'], shared: true, catalogueLoad: true },
  { path: '/dataset/{id}', access: 'public', layout: 'default', messages: ['ckan', 'components', 'dataset', 'formatnames', 'kraje', 'licences', 'mapview', 'mqa', 'quality'], shared: true },
  { path: '/ckan-explorer', access: 'public', layout: 'default', texts: ['ckanExplorer'], messages: ['ckan', 'components', 'explorer', 'formatnames', 'licences'], shared: true, catalogueLoad: true },
  { path: '/location/{id}', access: 'public', layout: 'default', texts: ['location'], messages: ['ckan', 'components', 'formatnames', 'kraje', 'map', 'mapview', 'mqa', 'orgs', 'quality', 'regions'], shared: true },
  { path: '/organizations', access: 'public', layout: 'default', texts: ['organizations'], messages: ['ckan', 'components', 'mqa', 'orgs'], shared: true, catalogueLoad: true },
  { path: '/organizations/{id}', access: 'public', layout: 'default', texts: ['organizations'], messages: ['charts', 'ckan', 'components', 'formatnames', 'mqa', 'orgs'], shared: true },
  { path: '/ckan-instances', access: 'public', layout: 'default', texts: ['ckanInstances'], messages: ['ckan', 'components', 'portals', 'validation'], shared: true, catalogueLoad: true },
  { path: '/regional-analysis', access: 'public', layout: 'default', texts: ['regionalAnalysis'], messages: ['components', 'kraje', 'map', 'mapview', 'mqa', 'quality', 'regions'], shared: true, catalogueLoad: true },
  { path: '/test-vuetify', access: 'public', layout: 'default', texts: ['gallery'], messages: ['components', 'gallery'], noindex: true },
  { path: '/auth/login', access: 'guest', layout: 'default', texts: ['login'], messages: ['auth', 'validation'] },
  { path: '/auth/signup', access: 'guest', layout: 'default', texts: ['signup'], messages: ['auth', 'validation'] },
  // Beyond the spec: the page behind the one-time link of `npm run users -- reset-password`.
  { path: '/auth/reset-password', access: 'public', layout: 'default', messages: ['auth', 'validation'] },
  // Beyond the spec: the page behind an invitation's one-time link (docs/decisions/028-invitations.md).
  { path: '/invitation', access: 'public', layout: 'default', messages: ['auth', 'projects'] },
  { path: '/reports', access: 'auth', layout: 'default', texts: ['reports'], messages: ['charts', 'checktypes', 'components', 'labels', 'reports', 'runs'] },
  { path: '/profile', access: 'auth', layout: 'default', texts: ['profile'], messages: ['auth', 'components', 'validation'] },
  { path: '/projects', access: 'auth', layout: 'default', texts: ['projects'], messages: ['components', 'projects'] },
  // Beyond the spec: what is given to the signed-in person in runs not completed, across their projects.
  { path: '/my-work', access: 'auth', layout: 'default', texts: ['myWork'], messages: ['components', 'labels', 'runs'] },
  { path: '/test-runs', access: 'auth', layout: 'default', texts: ['testRuns'], messages: ['components', 'labels', 'runs', 'validation'] },
  { path: '/test-runs/{id}', access: 'auth', layout: 'default', texts: ['testRun'], messages: ['attachments', 'components', 'execution', 'labels'] },
  { path: '/test-cases', access: 'auth', layout: 'default', texts: ['testCases'], messages: ['cases', 'components', 'labels', 'validation'] },
  { path: '/test-cases/create', access: 'auth', layout: 'default', texts: ['testCaseCreate'], messages: ['components', 'editor', 'validation'] },
  { path: '/test-cases/{id}', access: 'auth', layout: 'default', texts: ['testCase'], messages: ['attachments', 'cases', 'checks', 'checktypes', 'components', 'labels'] },
  { path: '/test-cases/{id}/edit', access: 'auth', layout: 'default', texts: ['testCaseEdit'], messages: ['components', 'editor', 'validation'] },
  { path: '/test-cases/enhanced-editor', access: 'auth', layout: 'default', texts: ['enhancedEditor'], messages: ['components', 'editor', 'validation'] },
  { path: '/test-suites', access: 'auth', layout: 'default', texts: ['testSuites'], messages: ['components', 'suites'] },
  { path: '/test-suites/create', access: 'auth', layout: 'default', texts: ['testSuiteCreate'], messages: ['components', 'suites', 'validation'] },
  { path: '/test-suites/{id}/edit', access: 'auth', layout: 'default', texts: ['testSuiteEdit'], messages: ['components', 'suites', 'validation'] },
  { path: '/projects/new', access: 'auth', layout: 'dashboard', texts: ['projectNew'], messages: ['components', 'projects', 'validation'] },
  { path: '/projects/{id}', access: 'auth', layout: 'dashboard', texts: ['project'], messages: ['components', 'labels', 'projects', 'runs', 'validation'] },
  { path: '/projects/{id}/debug', access: 'auth', layout: 'dashboard', texts: ['projectDebug'], messages: ['components', 'projects'] },
  // Beyond the spec: a project's members, portals, custom fields and shared steps, a section of its side navigation.
  { path: '/projects/{id}/settings', access: 'auth', layout: 'dashboard', texts: ['projectSettings'], messages: ['components', 'projects', 'validation'] },
  { path: '/projects/{id}/test-suites/{suiteId}', access: 'auth', layout: 'dashboard', texts: ['projectSuite'], messages: ['components', 'labels', 'runs', 'suites'] },
] as const satisfies ReadonlyArray<RouteEntry>

export const ROUTES: readonly RouteEntry[] = ROUTES_DECLARED

/** Throws on a route whose access class or layout is not a known name (runs at server start). */
export function assertRouteTable(routes: ReadonlyArray<{ path: string; access: string; layout: string }> = ROUTES): void {
  for (const route of routes) {
    if (!(ACCESS as readonly string[]).includes(route.access)) {
      throw new Error(`Route ${route.path}: unknown access class "${route.access}" (expected ${ACCESS.join(', ')})`)
    }
    if (!(LAYOUTS as readonly string[]).includes(route.layout)) {
      throw new Error(`Route ${route.path}: unknown layout "${route.layout}" (expected ${LAYOUTS.join(', ')})`)
    }
    if (!/^\/[a-z0-9\-/{}A-Z]*$/.test(route.path)) throw new Error(`Route ${route.path}: not a valid path`)
  }
}

/** `/dataset/{id}` -> `/pages/dataset/@id`, `/` -> `/pages/index` (Vike's page ids for filesystem routing). */
export function pageIdOf(path: string): string {
  if (path === '/') return '/pages/index'
  return `/pages${path.replace(/\{(\w+)\}/g, '@$1')}`
}

const ROUTE_BY_PAGE_ID = new Map(ROUTES.map((route) => [pageIdOf(route.path), route]))

/** The entry for a Vike page, or undefined for pages outside the table (the error page). */
export function routeForPage(pageId: string | null | undefined): RouteEntry | undefined {
  return pageId ? ROUTE_BY_PAGE_ID.get(pageId) : undefined
}

/** The catalogue groups the page frame uses; every page loads them. */
export const SHELL_GROUPS = ['common', 'navigation', 'errors'] as const satisfies readonly MessageGroup[]

/** The group of every page's title and description, of which a page gets its own texts only (`texts` above). */
export const PAGE_TEXT_GROUP = 'pages' satisfies MessageGroup

/** The starts of the keys of the page's own texts in the `pages` group; none for the error page. */
export function pageTextPrefixes(pageId: string | null | undefined): string[] {
  return (routeForPage(pageId)?.texts ?? []).map((texts) => `${PAGE_TEXT_GROUP}.${texts}`)
}

/** Vike's page id of the error page (pages/_error), which is not a route of its own. */
export const ERROR_PAGE_ID = '/pages/_error'
/** The error page's own texts: only it loads them (the shell's `errors` are the API's failures every page can show). */
const ERROR_PAGE_GROUPS = ['errorpage'] as const satisfies readonly MessageGroup[]

/** The catalogue groups a page loads: the shell's and its own (unknown pages: the shell's). */
export function messageGroupsFor(pageId: string | null | undefined): readonly MessageGroup[] {
  const own = pageId === ERROR_PAGE_ID ? ERROR_PAGE_GROUPS : (routeForPage(pageId)?.messages ?? [])
  return [...SHELL_GROUPS, ...own]
}

const REDIRECT_BASE = 'http://portalscope.invalid'

/**
 * Same-site path to come back to after signing in; anything else falls back to the signed-in home. The target is
 * resolved against the app's origin and must stay on it, and so must the path that comes out: `/.//evil.example`,
 * `/%2e//evil.example` and `/a/..//evil.example` resolve to `//evil.example`, which a browser reads as another host.
 */
export function safeRedirectTarget(target: string | null | undefined, fallback = '/projects'): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback
  try {
    const url = new URL(target, REDIRECT_BASE)
    if (url.origin !== REDIRECT_BASE) return fallback
    const path = `${url.pathname}${url.search}${url.hash}`
    if (!path.startsWith('/') || path.startsWith('//')) return fallback
    // What the browser will resolve the answer to: the same origin and the same path, or it is not ours.
    const again = new URL(path, REDIRECT_BASE)
    return again.origin === REDIRECT_BASE && `${again.pathname}${again.search}${again.hash}` === path ? path : fallback
  } catch {
    return fallback
  }
}
