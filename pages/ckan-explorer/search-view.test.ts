import { describe, expect, it } from 'vitest'
import type { DatasetHit, LiveSearchResult } from '../../lib/domain/search.ts'
import { mergeViews, parseCkanDate, type ResultCard, type SearchView } from './search-view.ts'
import { formatChips, plainExcerpt, toSearchView } from './to-search-view.ts'

function card(instanceId: string, n: number, extra: Partial<ResultCard> = {}): ResultCard {
  return { id: `${instanceId}:${n}`, instanceId, title: `${instanceId} ${n}`, excerpt: null, publisher: null, modified: null, formats: [], ...extra }
}

function view(items: ResultCard[], total: number, extra: Partial<SearchView> = {}): SearchView {
  return { items, total, facets: { organization: [], groups: [], tags: [], formats: [], license: [] }, portals: [], ...extra }
}

describe('plainExcerpt', () => {
  it('turns CKAN Markdown into plain text', () => {
    const md = '## Popis\n\nZdrojem dat je **ČSÚ**.\n\n- `id` – identifikátor\n- viz [data.gov.cz](https://data.gov.cz/) a <https://x.cz>\n\n<b>HTML</b> _kurzíva_'
    expect(plainExcerpt(md)).toBe('Zdrojem dat je ČSÚ. id – identifikátor viz data.gov.cz a https://x.cz HTML kurzíva')
  })

  it('cuts long text at a word boundary and is stable when applied again', () => {
    const long = 'slovo '.repeat(100)
    const excerpt = plainExcerpt(long, 50)!
    expect(excerpt.length).toBeLessThanOrEqual(51)
    expect(excerpt.endsWith('slovo…')).toBe(true)
    expect(plainExcerpt('short text', 50)).toBe('short text')
  })

  it('has nothing to say for empty descriptions', () => {
    expect(plainExcerpt(null)).toBeNull()
    expect(plainExcerpt('')).toBeNull()
    expect(plainExcerpt('## Popis\n')).toBeNull()
  })
})

describe('formatChips', () => {
  it('shows one canonical label per format and keeps unknown ones as declared', () => {
    expect(formatChips(['CSV', 'csv', '.csv', 'text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', '', 'Tabulka'])).toEqual([
      { label: 'CSV', format: 'CSV' },
      { label: 'XLSX', format: 'XLSX' },
      { label: 'Tabulka', format: null },
    ])
  })
})

describe('parseCkanDate', () => {
  it('reads CKAN timestamps as UTC', () => {
    expect(parseCkanDate('2025-09-28T20:59:51.680385')?.toISOString()).toBe('2025-09-28T20:59:51.680Z')
    expect(parseCkanDate('2025-09-28T20:59:51+02:00')?.toISOString()).toBe('2025-09-28T18:59:51.000Z')
    expect(parseCkanDate('2025-09-28')?.toISOString()).toBe('2025-09-28T00:00:00.000Z')
    expect(parseCkanDate('not a date')).toBeNull()
    expect(parseCkanDate(null)).toBeNull()
  })
})

describe('toSearchView', () => {
  it('keeps what the page renders and drops facet values nothing can be filtered by', () => {
    const hit: DatasetHit = {
      id: 'p:1',
      instanceId: 'p',
      name: 'one',
      title: 'One',
      notes: '**Bold** text',
      organization: { id: 'p:org', title: 'Org' },
      formats: ['csv', 'CSV'],
      license: 'cc-by',
      modified: '2025-01-01T00:00:00',
    }
    const result: LiveSearchResult = {
      items: [hit],
      total: 1,
      facets: { organization: [], groups: [], tags: [], formats: [{ value: '', label: '', count: 4 }, { value: 'CSV', label: 'CSV', count: 1 }], license: [] },
      portals: [{ instanceId: 'p', ok: true, ms: 12, count: 1 }],
    }
    expect(toSearchView(result)).toEqual({
      items: [{ id: 'p:1', instanceId: 'p', title: 'One', excerpt: 'Bold text', publisher: 'Org', modified: '2025-01-01T00:00:00', formats: [{ label: 'CSV', format: 'CSV' }] }],
      total: 1,
      facets: { organization: [], groups: [], tags: [], formats: [{ value: 'CSV', label: 'CSV', count: 1 }], license: [] },
      portals: [{ instanceId: 'p', ok: true, ms: 12, count: 1, error: undefined }],
    })
  })
})

describe('mergeViews (live answers with the snapshot of demo portals)', () => {
  const live = view([card('a', 1), card('b', 1), card('a', 2), card('b', 2), card('a', 3)], 120, {
    facets: {
      organization: [{ value: 'a:org', label: 'Org A', count: 70 }],
      groups: [],
      tags: [{ value: 'doprava', label: 'doprava', count: 30 }],
      formats: [{ value: 'CSV', label: 'CSV', count: 50 }],
      license: [],
    },
    portals: [
      { instanceId: 'a', ok: true, ms: 100, count: 70 },
      { instanceId: 'b', ok: true, ms: 150, count: 50 },
      { instanceId: 'c', ok: false, error: 'timeout', ms: 3000 },
    ],
  })
  const snapshot = view([card('demo', 1), card('demo', 2), card('demo', 3)], 30, {
    facets: {
      organization: [{ value: 'demo:org', label: 'Demo org', count: 30 }],
      groups: [],
      tags: [{ value: 'doprava', label: 'doprava', count: 10 }],
      formats: [{ value: 'CSV', label: 'CSV', count: 60 }],
      license: [],
    },
    portals: [{ instanceId: 'demo', ok: true, ms: 5, count: 30 }],
  })

  it('interleaves each portal’s ranking for relevance and pages through the merged order', () => {
    const first = mergeViews([live, snapshot], { sort: 'relevance', page: 1, pageSize: 4 })
    expect(first.items.map((item) => item.id)).toEqual(['a:1', 'b:1', 'demo:1', 'a:2'])
    const second = mergeViews([live, snapshot], { sort: 'relevance', page: 2, pageSize: 4 })
    expect(second.items.map((item) => item.id)).toEqual(['b:2', 'demo:2', 'a:3', 'demo:3'])
  })

  it('sorts by name and by last modified across sources', () => {
    const byName = mergeViews([view([card('a', 1, { title: 'Zebra' }), card('a', 2, { title: 'Čáp' })], 2), view([card('demo', 1, { title: 'Auto' })], 1)], {
      sort: 'name',
      page: 1,
      pageSize: 10,
    })
    expect(byName.items.map((item) => item.title)).toEqual(['Auto', 'Čáp', 'Zebra'])
    const byDate = mergeViews(
      [view([card('a', 1, { modified: '2024-01-01T00:00:00' }), card('a', 2, { modified: null })], 2), view([card('demo', 1, { modified: '2025-05-05T00:00:00' })], 1)],
      { sort: 'modified', page: 1, pageSize: 10 },
    )
    expect(byDate.items.map((item) => item.id)).toEqual(['demo:1', 'a:1', 'a:2'])
  })

  it('adds up totals and facet counts, and keeps every portal’s outcome', () => {
    const merged = mergeViews([live, snapshot], { sort: 'relevance', page: 1, pageSize: 20 })
    expect(merged.total).toBe(150)
    expect(merged.facets.formats).toEqual([{ value: 'CSV', label: 'CSV', count: 110 }])
    expect(merged.facets.tags).toEqual([{ value: 'doprava', label: 'doprava', count: 40 }])
    expect(merged.facets.organization.map((facet) => facet.value)).toEqual(['a:org', 'demo:org'])
    expect(merged.portals.map((portal) => [portal.instanceId, portal.ok])).toEqual([
      ['a', true],
      ['b', true],
      ['c', false],
      ['demo', true],
    ])
    // The parts are not changed by merging.
    expect(live.facets.formats[0]!.count).toBe(50)
  })
})

describe('estimated totals and sampled facets', () => {
  const answer: LiveSearchResult = { items: [], total: 120_000, facets: { organization: [], groups: [], tags: [], formats: [], license: [] }, portals: [] }

  it('carries a snapshot estimate and sample into the view and through a merge, and leaves a live answer as it was', () => {
    const snapshot = toSearchView({ ...answer, totalApproximate: true, facetSample: 1_000 })
    expect(snapshot).toMatchObject({ approximate: true, facetSample: 1_000 })
    const live = toSearchView(answer)
    expect(live).not.toHaveProperty('approximate')
    expect(live).not.toHaveProperty('facetSample')
    expect(mergeViews([live, snapshot], { sort: 'relevance', page: 1, pageSize: 20 })).toMatchObject({ total: 240_000, approximate: true, facetSample: 1_000 })
    expect(mergeViews([live, view([], 3)], { sort: 'relevance', page: 1, pageSize: 20 })).not.toHaveProperty('approximate')
  })
})
