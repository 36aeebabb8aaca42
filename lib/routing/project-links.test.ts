import { describe, expect, it } from 'vitest'
import { targetHref } from './project-links.ts'

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
