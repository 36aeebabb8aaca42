import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { messageGroupsFor, pageIdOf, ROUTES, SHELL_GROUPS } from '../routing/route-table.ts'

// A page loads only its catalogue groups (decision 021); a key of a group it does not declare would show as its id.
// This reads each page's browser code (its +files and every relative import, not server code) for message keys and
// checks that their groups are declared in the route table.
const ROOT = path.resolve(import.meta.dirname, '../..')
const GROUPS = readdirSync(path.join(ROOT, 'locales/en'))
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.replace(/\.json$/, ''))
const ENGLISH = new Map(GROUPS.map((group) => [group, Object.keys(JSON.parse(readFileSync(path.join(ROOT, 'locales/en', `${group}.json`), 'utf8')) as object)]))
// 'group.key' (an existing key) or `group.${...}` (a key made at run time: every key with that prefix may be used).
const KEY = new RegExp(`['"\`](${GROUPS.join('|')})\\.([A-Za-z0-9_]*)(\\$\\{)?`, 'g')
const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g
const BROWSER_HOOKS = ['+Page.tsx', '+Wrapper.tsx', '+Layout.tsx', '+Layout.ts', '+config.ts', '+title.ts', '+description.ts', '+onPageTransitionStart.ts', '+onPageTransitionEnd.ts']

function browserClosure(files: string[], seen = new Set<string>()): Set<string> {
  for (const file of files) {
    if (seen.has(file) || !existsSync(file) || !statSync(file).isFile() || !/\.tsx?$/.test(file) || file.endsWith('.server.ts')) continue
    seen.add(file)
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) browserClosure([path.resolve(path.dirname(file), (match[1] ?? match[2])!)], seen)
  }
  return seen
}

function groupsUsed(files: Set<string>): Set<string> {
  const used = new Set<string>()
  for (const file of files) {
    for (const [, group, key, template] of readFileSync(file, 'utf8').matchAll(KEY)) {
      const keys = ENGLISH.get(group!) ?? []
      if (template ? keys.some((known) => known.startsWith(key!)) : keys.includes(key!)) used.add(group!)
    }
  }
  return used
}

// The page's own hooks and those it inherits from the folders above it; a folder's +Page.tsx is another page (the
// one at that folder's path), never part of the pages below it.
function hooksFrom(dir: string): string[] {
  const files: string[] = []
  for (let at = dir; at.startsWith(path.join(ROOT, 'pages')); at = path.dirname(at)) {
    files.push(...BROWSER_HOOKS.filter((name) => at === dir || name !== '+Page.tsx').map((name) => path.join(at, name)))
  }
  return files
}

describe('catalogue groups per page', () => {
  it('the shell groups cover the page frame and the error page', () => {
    const used = groupsUsed(browserClosure([...hooksFrom(path.join(ROOT, 'pages')), path.join(ROOT, 'pages/_error/+Page.tsx')]))
    expect([...used].filter((group) => !(SHELL_GROUPS as readonly string[]).includes(group))).toEqual([])
  })

  for (const route of ROUTES) {
    it(`${route.path} declares every group its browser code uses`, () => {
      const dir = path.join(ROOT, pageIdOf(route.path).replace(/^\//, ''))
      expect(existsSync(path.join(dir, '+Page.tsx')), `no page for ${route.path}`).toBe(true)
      const used = groupsUsed(browserClosure(hooksFrom(dir)))
      const declared = new Set<string>(messageGroupsFor(pageIdOf(route.path)))
      expect([...used].filter((group) => !declared.has(group)).sort()).toEqual([])
    })
  }

  it('fails for a page that uses a group it does not declare', () => {
    const used = groupsUsed(browserClosure([path.join(ROOT, 'pages/data-formats/+Page.tsx')]))
    expect(used.has('formats')).toBe(true)
    expect(messageGroupsFor('/pages/auth/login')).not.toContain('formats')
  })
})
