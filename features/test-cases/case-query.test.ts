import { describe, expect, it } from 'vitest'
import { casesHref, DEFAULT_QUERY, hasFilters, listInput, parseCaseQuery, PAGE_SIZE, sameQuery, withoutFilters } from './case-query.ts'

const parse = (query: string) => parseCaseQuery(new URLSearchParams(query))

describe('parseCaseQuery', () => {
  it('reads nothing as the defaults', () => {
    expect(parse('')).toEqual(DEFAULT_QUERY)
    expect(parse('project=p1')).toEqual(DEFAULT_QUERY)
  })

  it('reads every filter, the sort and the page', () => {
    expect(parse('q=air&priority=high&priority=critical&type=manual&state=active&state=draft&tag=smoke&folder=Search%2FFacets&target=dataset&targetId=p%3A1&sort=priority&page=3')).toEqual({
      q: 'air',
      priorities: ['high', 'critical'],
      types: ['manual'],
      states: ['active', 'draft'],
      tags: ['smoke'],
      folder: 'Search/Facets',
      noFolder: false,
      targetKind: 'dataset',
      targetId: 'p:1',
      sort: 'priority',
      page: 3,
    })
  })

  it('takes what the GET filter form sends, empty fields included', () => {
    expect(parse('project=p1&q=&priority=low&tag=&target=&targetId=&sort=key')).toEqual({ ...DEFAULT_QUERY, priorities: ['low'] })
  })

  it('drops bad values one by one and falls back to defaults', () => {
    expect(parse('priority=urgent&priority=high&priority=high&state=gone&type=robot&sort=random&page=-2&target=planet')).toEqual({ ...DEFAULT_QUERY, priorities: ['high'] })
    expect(parse('page=abc').page).toBe(1)
    expect(parse('page=99999999').page).toBe(1)
    expect(parse(`q=${'x'.repeat(300)}`).q).toBe('')
    expect(parse(`tag=${'t'.repeat(41)}&tag=ok`).tags).toEqual(['ok'])
  })

  it('normalises the folder path and lets "no folder" win over a path', () => {
    expect(parse('folder=%20Search%20/%20Facets%20').folder).toBe('Search/Facets')
    expect(parse('folder=Search&nofolder=1')).toMatchObject({ folder: '', noFolder: true })
    expect(parse('nofolder=yes').noFolder).toBe(false)
  })
})

describe('casesHref', () => {
  it('puts the project first and leaves defaults out', () => {
    expect(casesHref('p 1', DEFAULT_QUERY)).toBe('/test-cases?project=p%201')
    expect(casesHref('p1', { ...DEFAULT_QUERY, q: 'air quality', priorities: ['high'], noFolder: true, sort: 'title', page: 2 })).toBe(
      '/test-cases?project=p1&q=air+quality&priority=high&nofolder=1&sort=title&page=2',
    )
  })

  it('round-trips through the parser', () => {
    const query = { ...DEFAULT_QUERY, q: 'ř & ů', tags: ['a b', 'c'], folder: 'X/Y', targetKind: 'portal' as const, targetId: 'demo', states: ['deprecated' as const] }
    const href = casesHref('p1', query)
    expect(parseCaseQuery(new URL(href, 'http://x').searchParams)).toEqual(query)
  })
})

describe('filters', () => {
  it('tells a filtered list from a sorted or paged one', () => {
    expect(hasFilters(DEFAULT_QUERY)).toBe(false)
    expect(hasFilters({ ...DEFAULT_QUERY, sort: 'title', page: 4 })).toBe(false)
    expect(hasFilters({ ...DEFAULT_QUERY, q: 'x' })).toBe(true)
    expect(hasFilters({ ...DEFAULT_QUERY, noFolder: true })).toBe(true)
    expect(withoutFilters({ ...DEFAULT_QUERY, q: 'x', tags: ['a'], sort: 'title', page: 3 })).toEqual({ ...DEFAULT_QUERY, sort: 'title' })
    expect(sameQuery({ ...DEFAULT_QUERY }, DEFAULT_QUERY)).toBe(true)
  })

  it('builds the list input the router takes, empty filters left out', () => {
    expect(listInput('p1', DEFAULT_QUERY)).toEqual({
      projectId: 'p1',
      filters: { q: undefined, priorities: undefined, types: undefined, states: undefined, tags: undefined, folder: undefined, noFolder: undefined, targetKind: undefined, targetId: undefined },
      sort: 'key',
      page: 1,
      pageSize: PAGE_SIZE,
    })
    expect(listInput('p1', { ...DEFAULT_QUERY, noFolder: true, priorities: ['low'], folder: 'ignored' }).filters).toMatchObject({ noFolder: true, folder: undefined, priorities: ['low'] })
    expect(listInput('p1', { ...DEFAULT_QUERY, folder: 'Search' }).filters).toMatchObject({ folder: 'Search', noFolder: undefined })
  })
})
