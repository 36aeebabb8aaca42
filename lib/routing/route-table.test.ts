import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { isSharedPagePath } from './route-paths.ts'
import { OFF_SITE_SPELLINGS } from '../../tests/helpers/off-site-redirects.ts'
import { assertRouteTable, pageIdOf, ROUTES, routeForPage, safeRedirectTarget } from './route-table.ts'

const PAGES_DIR = path.resolve(import.meta.dirname, '../../pages')

// The 30 routes of the product spec, as the spec lists them; features may add more, none of these may go.
const SPEC_PUBLIC = ['/', '/test-auth', '/data-formats', '/data-quality', '/dataset/{id}', '/ckan-explorer', '/location/{id}', '/organizations', '/ckan-instances', '/regional-analysis', '/test-vuetify']
const SPEC_GUEST = ['/auth/login', '/auth/signup']
const SPEC_AUTH = ['/reports', '/profile', '/projects', '/test-runs', '/test-runs/{id}', '/test-cases', '/test-cases/create', '/test-cases/{id}', '/test-cases/{id}/edit', '/test-cases/enhanced-editor', '/test-suites', '/test-suites/create', '/test-suites/{id}/edit']
const SPEC_DASHBOARD = ['/projects/new', '/projects/{id}', '/projects/{id}/debug', '/projects/{id}/test-suites/{suiteId}']

function pageFolders(dir: string): string[] {
  const found: string[] = []
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry)
    if (!statSync(full).isDirectory()) continue
    if (existsSync(path.join(full, '+Page.tsx'))) found.push(full)
    found.push(...pageFolders(full))
  }
  return found
}

describe('route table', () => {
  it('declares every route of the spec with its access class and layout, each once', () => {
    const declared = new Map(ROUTES.map((r) => [r.path, `${r.access}/${r.layout}`]))
    expect(declared.size).toBe(ROUTES.length)
    for (const path of SPEC_PUBLIC) expect(declared.get(path), path).toBe('public/default')
    for (const path of SPEC_GUEST) expect(declared.get(path), path).toBe('guest/default')
    for (const path of SPEC_AUTH) expect(declared.get(path), path).toBe('auth/default')
    for (const path of SPEC_DASHBOARD) expect(declared.get(path), path).toBe('auth/dashboard')
  })

  it('has a page folder for every route and a route for every page folder', () => {
    const folders = pageFolders(PAGES_DIR)
      .map((full) => `/pages/${path.relative(PAGES_DIR, full).split(path.sep).join('/')}`)
      .filter((id) => id !== '/pages/_error')
    expect(folders.sort()).toEqual(ROUTES.map((r) => pageIdOf(r.path)).sort())
  })

  it('refuses an unknown access class or layout name', () => {
    expect(() => assertRouteTable()).not.toThrow()
    expect(() => assertRouteTable([{ path: '/x', access: 'everyone', layout: 'default' }])).toThrow(/unknown access class "everyone"/)
    expect(() => assertRouteTable([{ path: '/x', access: 'public', layout: 'wide' }])).toThrow(/unknown layout "wide"/)
  })

  it('maps spec paths onto Vike page ids', () => {
    expect(pageIdOf('/')).toBe('/pages/index')
    expect(pageIdOf('/projects/{id}/test-suites/{suiteId}')).toBe('/pages/projects/@id/test-suites/@suiteId')
    expect(routeForPage('/pages/projects/@id')).toMatchObject({ access: 'auth', layout: 'dashboard' })
    expect(routeForPage('/pages/projects')).toMatchObject({ access: 'auth', layout: 'default' })
    expect(routeForPage('/pages/auth/login')?.access).toBe('guest')
    expect(routeForPage('/pages/_error')).toBeUndefined()
  })
})

describe('safeRedirectTarget', () => {
  it('keeps same-site paths with their query', () => {
    expect(safeRedirectTarget('/profile')).toBe('/profile')
    expect(safeRedirectTarget('/test-cases?project=4&q=a%20b')).toBe('/test-cases?project=4&q=a%20b')
  })

  it.each(['//evil.example', 'https://evil.example', '/\\evil', 'javascript:alert(1)', '', 'profile', '/\t/evil.example'])(
    'refuses %j',
    (target) => {
      expect(safeRedirectTarget(target)).toBe('/projects')
    },
  )

  // Paths that resolve, dot segments and escapes applied, to a path a browser reads as another host.
  it.each(OFF_SITE_SPELLINGS)('refuses %j, which resolves off the site', (target) => {
    expect(safeRedirectTarget(target)).toBe('/projects')
  })

  it('answers only paths that resolve to themselves on the same origin', () => {
    for (const target of [...OFF_SITE_SPELLINGS, '/./profile', '/a/../profile?x=1#y', '/%2e/projects', '/test-cases?q=a\\b']) {
      const answer = safeRedirectTarget(target)
      const resolved = new URL(answer, 'https://app.example')
      expect(resolved.origin, target).toBe('https://app.example')
      expect(`${resolved.pathname}${resolved.search}${resolved.hash}`, target).toBe(answer)
    }
    expect(safeRedirectTarget('/a/../profile?x=1#y')).toBe('/profile?x=1#y')
  })
})

describe('shared pages', () => {
  it('are the public data pages only, by their whole path', () => {
    for (const path of ['/', '/data-formats', '/dataset/demo-kraje%3Aabc', '/location/cz-jm', '/organizations/x', '/ckan-explorer']) {
      expect(isSharedPagePath(path), path).toBe(true)
    }
    for (const path of ['/projects', '/profile', '/auth/login', '/auth/reset-password', '/test-auth', '/dataset/a/b', '/data-formats/x', '/api/trpc/health']) {
      expect(isSharedPagePath(path), path).toBe(false)
    }
  })
})
