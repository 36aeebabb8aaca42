import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ERROR_PAGE_ID, messageGroupsFor, PAGE_TEXT_GROUP, pageIdOf, pageTextPrefixes, ROUTES, SHELL_GROUPS } from '../routing/route-table.ts'
import { DEFAULT_DESCRIPTION_KEY } from './page-text.ts'

// A page loads only its catalogue groups (decision 021); a key of a group it does not declare would show as its id.
// This reads each page's browser code (its +files and every relative import, not server code) for message keys and
// checks that their groups are declared in the route table.
const ROOT = path.resolve(import.meta.dirname, '../..')
const GROUPS = readdirSync(path.join(ROOT, 'locales/en'))
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.replace(/\.json$/, ''))
const ENGLISH = new Map(GROUPS.map((group) => [group, Object.keys(JSON.parse(readFileSync(path.join(ROOT, 'locales/en', `${group}.json`), 'utf8')) as object)]))
// 'group.key' (an existing key) or `group.${...}` (a key made at run time: every key with that prefix may be used).
const KEY = new RegExp(`['"\`](${GROUPS.join('|')})\\.([A-Za-z0-9_.-]*)(\\$\\{)?`, 'g')
const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g
const BROWSER_HOOKS = ['+Page.tsx', '+Wrapper.tsx', '+Layout.tsx', '+Layout.ts', '+config.ts', '+title.ts', '+description.ts', '+onPageTransitionStart.ts', '+onPageTransitionEnd.ts']

// A part loaded with its own groups (components/lazy-with-groups.tsx): its code may use those groups besides the page's.
const LAZY_PART = /lazyWithGroups\(\s*\[([^\]]*)\]\s*,\s*\(\)\s*=>\s*import\(\s*['"](\.[^'"]+)['"]\s*\)/g
type LazyPart = { file: string; groups: string[] }

/** The page's browser code, without the parts it loads with their own groups (those are added to `parts`). */
function browserClosure(files: string[], seen = new Set<string>(), parts: LazyPart[] = []): Set<string> {
  for (const file of files) {
    if (seen.has(file) || !existsSync(file) || !statSync(file).isFile() || !/\.tsx?$/.test(file) || file.endsWith('.server.ts')) continue
    seen.add(file)
    const text = readFileSync(file, 'utf8')
    const lazy = new Set<string>()
    for (const match of text.matchAll(LAZY_PART)) {
      const target = path.resolve(path.dirname(file), match[2]!)
      lazy.add(target)
      parts.push({ file: target, groups: [...match[1]!.matchAll(/['"](\w+)['"]/g)].map((group) => group[1]!) })
    }
    for (const match of text.matchAll(IMPORT)) {
      const target = path.resolve(path.dirname(file), (match[1] ?? match[2])!)
      if (!lazy.has(target)) browserClosure([target], seen, parts)
    }
  }
  return seen
}

/**
 * The groups a page's code uses that it does not declare: its own code's, and each lazily loaded part's beyond that
 * part's groups. Keys of the `pages` group count as declared when they are the page's own texts (`texts` of its route,
 * passed by the server) or the default description; any other is reported by its key.
 */
function undeclared(entries: string[], declared: Set<string>, textPrefixes: string[] = []): string[] {
  const parts: LazyPart[] = []
  const own = (key: string) => key === DEFAULT_DESCRIPTION_KEY || textPrefixes.some((prefix) => key.startsWith(prefix))
  const check = (files: Set<string>, alsoDeclared: readonly string[]) => {
    for (const group of groupsUsed(files)) if (group !== PAGE_TEXT_GROUP && !declared.has(group) && !alsoDeclared.includes(group)) missing.add(group)
    for (const key of pageTextKeysUsed(files)) if (!own(key)) missing.add(key)
  }
  const missing = new Set<string>()
  for (const key of configKeys(entries)) if (key.startsWith(`${PAGE_TEXT_GROUP}.`) && !own(key)) missing.add(key)
  check(browserClosure(entries, new Set(), parts), [])
  for (let index = 0; index < parts.length; index += 1) {
    const part = parts[index]!
    check(browserClosure([part.file], new Set(), parts), part.groups)
  }
  return [...missing].sort()
}

// A page's title and description keys: a +config.ts of a folder above names them for the pages below that name none.
const CONFIG_KEY = /\b(titleKey|descriptionKey):\s*['"]([\w.]+)['"]/g

/** A file's text to look for keys in; a +config.ts without its title and description keys (configKeys has those). */
function codeOf(file: string): string {
  const text = readFileSync(file, 'utf8')
  return file.endsWith('+config.ts') ? text.replace(CONFIG_KEY, '') : text
}

/** The title and description keys a page has: each from the nearest +config.ts that names it (hooksFrom's order). */
function configKeys(entries: string[]): string[] {
  const keys = new Map<string, string>()
  for (const file of entries.filter((entry) => entry.endsWith('+config.ts') && existsSync(entry))) {
    for (const [, name, key] of readFileSync(file, 'utf8').matchAll(CONFIG_KEY)) if (!keys.has(name!)) keys.set(name!, key!)
  }
  return [...keys.values()]
}

/** The `pages` keys the files use (a key made at run time counts by its written start). */
function pageTextKeysUsed(files: Set<string>): Set<string> {
  const keys = new Set<string>()
  for (const file of files) {
    for (const [, group, key] of codeOf(file).matchAll(KEY)) if (group === PAGE_TEXT_GROUP) keys.add(`${group}.${key}`)
  }
  return keys
}

function groupsUsed(files: Set<string>): Set<string> {
  const used = new Set<string>()
  for (const file of files) {
    for (const [, group, key, template] of codeOf(file).matchAll(KEY)) {
      const keys = ENGLISH.get(group!) ?? []
      if (template ? keys.some((known) => known.startsWith(key!)) : keys.includes(key!)) used.add(group!)
    }
  }
  return used
}

// Layouts, wrappers and configs add up from the folders above a page; its +Page is the nearest one alone (a page's own
// +Page replaces the one of the page above it, as /test-cases/{id}'s replaces the list's).
function hooksFrom(dir: string): string[] {
  const files: string[] = []
  let page: string | null = null
  for (let at = dir; at.startsWith(path.join(ROOT, 'pages')); at = path.dirname(at)) {
    for (const name of BROWSER_HOOKS) {
      const file = path.join(at, name)
      if (name !== '+Page.tsx') files.push(file)
      else if (page === null && existsSync(file)) page = file
    }
  }
  return page ? [page, ...files] : files
}

describe('catalogue groups per page', () => {
  it('the shell groups cover the page frame', () => {
    const files = browserClosure(hooksFrom(path.join(ROOT, 'pages')))
    expect([...groupsUsed(files)].filter((group) => group !== PAGE_TEXT_GROUP && !(SHELL_GROUPS as readonly string[]).includes(group))).toEqual([])
    // Of the page texts the frame uses only the default description, which every page gets.
    expect([...pageTextKeysUsed(files)]).toEqual([DEFAULT_DESCRIPTION_KEY])
  })

  it('the error page declares every group its browser code uses', () => {
    expect(undeclared(hooksFrom(path.join(ROOT, 'pages/_error')), new Set<string>(messageGroupsFor(ERROR_PAGE_ID)))).toEqual([])
  })

  for (const route of ROUTES) {
    it(`${route.path} declares every group its browser code uses`, () => {
      const dir = path.join(ROOT, pageIdOf(route.path).replace(/^\//, ''))
      expect(existsSync(path.join(dir, '+Page.tsx')), `no page for ${route.path}`).toBe(true)
      expect(undeclared(hooksFrom(dir), new Set<string>(messageGroupsFor(pageIdOf(route.path))), pageTextPrefixes(pageIdOf(route.path)))).toEqual([])
    })
  }

  it("reads a page's own +Page and the layouts above it, not the +Page of the page above", () => {
    const hooks = hooksFrom(path.join(ROOT, 'pages/test-cases/@id'))
    expect(hooks).toContain(path.join(ROOT, 'pages/test-cases/@id/+Page.tsx'))
    expect(hooks).toContain(path.join(ROOT, 'pages/+Layout.ts'))
    expect(hooks).not.toContain(path.join(ROOT, 'pages/test-cases/+Page.tsx'))
  })

  it('reads a page with the hooks above it but without its parent route\'s page', () => {
    const files = browserClosure(hooksFrom(path.join(ROOT, 'pages/projects/@id/settings')))
    expect(files.has(path.join(ROOT, 'pages/projects/@id/settings/+Page.tsx'))).toBe(true)
    expect(files.has(path.join(ROOT, 'pages/+Wrapper.tsx'))).toBe(true)
    expect(files.has(path.join(ROOT, 'pages/projects/@id/+Page.tsx'))).toBe(false)
  })

  it('counts a lazily loaded part with the groups it loads, and only those', () => {
    const page = path.join(ROOT, 'pages/test-runs/@id/+Page.tsx')
    const declared = new Set<string>(messageGroupsFor('/pages/test-runs/@id'))
    expect(declared.has('junit')).toBe(false)
    expect(undeclared([page], declared)).toEqual([])
    // Its JUnit import uses the junit group, which it loads: without that, the page would lack it.
    expect(groupsUsed(browserClosure([path.join(ROOT, 'pages/test-runs/@id/JunitImport.tsx')])).has('junit')).toBe(true)
    declared.delete('execution')
    expect(undeclared([page], declared)).toEqual(['execution'])
  })

  it("fails for a page that uses another page's texts", () => {
    const files = [path.join(ROOT, 'pages/data-formats/+Page.tsx'), path.join(ROOT, 'pages/data-formats/+config.ts')]
    expect(undeclared(files, new Set<string>(messageGroupsFor('/pages/data-formats')), pageTextPrefixes('/pages/data-formats'))).toEqual([])
    expect(undeclared(files, new Set<string>(messageGroupsFor('/pages/data-formats')), pageTextPrefixes('/pages/data-quality'))).toEqual(['pages.dataFormatsDescription', 'pages.dataFormatsTitle'])
  })

  it('fails for a page that uses a group it does not declare', () => {
    const used = groupsUsed(browserClosure([path.join(ROOT, 'pages/data-formats/+Page.tsx')]))
    expect(used.has('formats')).toBe(true)
    expect(messageGroupsFor('/pages/auth/login')).not.toContain('formats')
  })
})
