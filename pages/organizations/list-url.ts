export const ORGANIZATION_SORTS = ['datasets', 'name', 'quality'] as const
export type OrganizationSort = (typeof ORGANIZATION_SORTS)[number]
export type OrganizationsSearch = { q: string; sort: OrganizationSort; page: number }

export const DEFAULT_SEARCH: OrganizationsSearch = { q: '', sort: 'datasets', page: 1 }

/** The URL of a state of the list; defaults are left out, so the plain list is `/organizations`. */
export function organizationsHref(search: OrganizationsSearch): string {
  const params = new URLSearchParams()
  if (search.q) params.set('q', search.q)
  if (search.sort !== DEFAULT_SEARCH.sort) params.set('sort', search.sort)
  if (search.page !== DEFAULT_SEARCH.page) params.set('page', String(search.page))
  const query = params.toString()
  return query ? `/organizations?${query}` : '/organizations'
}
