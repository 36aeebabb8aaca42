import { ROUTES, type RouteEntry } from './route-table.ts'

// Which request paths are which kind of page, for the server (the page cache, the demo catalogue's banner). Apart from
// the route table so the browser, which needs only a page's groups and layout, does not carry the patterns (decision 021).

const pathPattern = (route: RouteEntry) => new RegExp(`^${route.path.replace(/\{\w+\}/g, '[^/]+')}$`)
const SHARED_PATHS = ROUTES.filter((route) => route.shared).map(pathPattern)
const CATALOGUE_LOAD_PATHS = ROUTES.filter((route) => route.catalogueLoad).map(pathPattern)

/** Whether a page path says when the demo catalogue is still loading (see `catalogueLoad`). */
export function showsCatalogueLoad(pathname: string): boolean {
  return CATALOGUE_LOAD_PATHS.some((pattern) => pattern.test(pathname))
}

/** Whether a request path is one of the shared pages (a page path, before Vike routes it). */
export function isSharedPagePath(pathname: string): boolean {
  return SHARED_PATHS.some((pattern) => pattern.test(pathname))
}
