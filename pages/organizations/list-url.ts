export const PUBLISHER_SORTS = ['datasets', 'name', 'quality'] as const
export type PublisherSort = (typeof PUBLISHER_SORTS)[number]
export type PublishersSearch = { q: string; sort: PublisherSort; page: number }

export const DEFAULT_SEARCH: PublishersSearch = { q: '', sort: 'datasets', page: 1 }

/** The URL of a state of the list; defaults are left out, so the plain list is `/organizations`. */
export function publishersHref(search: PublishersSearch): string {
  const params = new URLSearchParams()
  if (search.q) params.set('q', search.q)
  if (search.sort !== DEFAULT_SEARCH.sort) params.set('sort', search.sort)
  if (search.page !== DEFAULT_SEARCH.page) params.set('page', String(search.page))
  const query = params.toString()
  return query ? `/organizations?${query}` : '/organizations'
}
