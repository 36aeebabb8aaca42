import { describe, expect, it } from 'vitest'
import { leavingHref, type LinkClick } from './leave-href.ts'

const here = { href: 'https://qa.example/test-suites/s1/edit?x=1', origin: 'https://qa.example', pathname: '/test-suites/s1/edit', search: '?x=1' }
const click = (href: string, more: Partial<LinkClick> = {}): LinkClick => ({ href, target: null, download: false, special: false, ...more })

describe('leavingHref', () => {
  it('answers the address of a link to another page of the site, relative or absolute', () => {
    expect(leavingHref(click('/projects/p1/test-suites/s1'), here)).toBe('/projects/p1/test-suites/s1')
    expect(leavingHref(click('https://qa.example/test-suites?project=p1#top'), here)).toBe('/test-suites?project=p1#top')
    expect(leavingHref(click('../s2/edit'), here)).toBe('/test-suites/s2/edit')
    // The same path with another query is another page.
    expect(leavingHref(click('/test-suites/s1/edit?x=2'), here)).toBe('/test-suites/s1/edit?x=2')
  })

  it('lets jumps within the page, other sites, new tabs and downloads go unasked', () => {
    expect(leavingHref(click('#main'), here)).toBeNull()
    expect(leavingHref(click('https://other.example/'), here)).toBeNull()
    expect(leavingHref(click('/projects', { target: '_blank' }), here)).toBeNull()
    expect(leavingHref(click('/projects', { special: true }), here)).toBeNull()
    expect(leavingHref(click('/export.json', { download: true }), here)).toBeNull()
    expect(leavingHref(click('/projects', { target: '_self' }), here)).toBe('/projects')
  })
})
