import { ROUTES } from '../lib/routing/route-table.ts'

/**
 * /robots.txt: crawlers may read the data pages; the API and the pages for the people who build or run Portalscope
 * (`noindex` in the route table) are out of their way. Made from the route table, so a page marked there is listed here.
 */
export function robotsTxt(): string {
  const hidden = ROUTES.filter((route) => route.noindex).map((route) => route.path)
  return ['User-agent: *', 'Disallow: /api/', ...hidden.map((path) => `Disallow: ${path}`), ''].join('\n')
}
