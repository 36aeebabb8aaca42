import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { pageIdOf, ROUTES, routeForPage, safeRedirectTarget } from './route-table.ts'

const PAGES_DIR = path.resolve(import.meta.dirname, '../../pages')

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
  it('lists the 30 routes of the spec, each once', () => {
    expect(ROUTES).toHaveLength(30)
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(30)
  })

  it('has a page folder for every route and a route for every page folder', () => {
    const folders = pageFolders(PAGES_DIR)
      .map((full) => `/pages/${path.relative(PAGES_DIR, full).split(path.sep).join('/')}`)
      .filter((id) => id !== '/pages/_error')
    expect(folders.sort()).toEqual(ROUTES.map((r) => pageIdOf(r.path)).sort())
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
})
