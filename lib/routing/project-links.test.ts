import { describe, expect, it } from 'vitest'
import { runHref, runListHref, runStartHref, targetHref } from './project-links.ts'

describe('targetHref', () => {
  it('links a dataset to its page and a resource to its dataset', () => {
    expect(targetHref({ kind: 'dataset', id: 'demo:1a2b', label: 'Air' })).toBe('/dataset/demo%3A1a2b')
    expect(targetHref({ kind: 'resource', id: 'demo:1a2b#3', label: 'CSV (Air)' })).toBe('/dataset/demo%3A1a2b')
  })

  it('finds a portal in the catalogue list by its name, or its id without one', () => {
    expect(targetHref({ kind: 'portal', id: 'nkod', label: 'Národní katalog' })).toBe('/ckan-instances?q=N%C3%A1rodn%C3%AD%20katalog')
    expect(targetHref({ kind: 'portal', id: 'nkod', label: '' })).toBe('/ckan-instances?q=nkod')
  })
})

describe('run links', () => {
  it('address a run, the start form (from a suite when named) and the list in one state, escaped', () => {
    expect(runHref('a/b')).toBe('/test-runs/a%2Fb')
    expect(runStartHref('p1')).toBe('/test-runs?project=p1&start=1')
    expect(runStartHref('p1', 's 1')).toBe('/test-runs?project=p1&start=1&suite=s%201')
    expect(runListHref('p1', 'completed')).toBe('/test-runs?project=p1&state=completed')
    expect(runListHref('p1', null)).toBe('/test-runs?project=p1')
  })
})
