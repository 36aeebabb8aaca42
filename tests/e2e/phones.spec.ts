import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { LOCALES } from '../../lib/i18n/locales.ts'
import { ROUTES } from '../../lib/routing/route-table.ts'
import { E2E_DATASET_ID, E2E_PASSWORD, E2E_USERS } from './fixtures.ts'
import { pagesPerLanguage } from './sample.ts'
import { hydrated, trpc } from './users.ts'

// Phones: every route of the route table, at 360 px, signed out and signed in, is no wider than the screen (wide
// tables scroll inside their own box); the header's controls fit and are large enough to tap, and the account menu's
// items (sign-out included) are on screen. A failure names the elements that stick out. Each page is opened in Czech,
// in German (the longest words) and in one of the other languages in turn (tests/e2e/sample.ts).

const PHONE = { width: 360, height: 740 }

// Each test opens some twenty to thirty pages, on a machine that may be busy with others.
test.describe.configure({ timeout: 180_000 })

/** How far the page scrolls sideways, and the outermost elements that stick out past the right edge (what to fix). */
async function sideways(page: Page): Promise<{ scrollWidth: number; culprits: string[] }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth
    const clips = (element: Element) => ['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(element).overflowX)
    // Inside a box that scrolls or clips, an element does not widen the page, unless it is positioned (it may escape a
    // box that is not its containing block): those are named too.
    const contained = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (clips(parent)) return true
      }
      return false
    }
    const sticksOut = (element: Element) =>
      element.getBoundingClientRect().right > width + 0.5 && (!contained(element) || ['absolute', 'fixed'].includes(getComputedStyle(element).position))
    const describe = (element: Element) => {
      const testId = element.getAttribute('data-testid')
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)
      const name = `${element.tagName.toLowerCase()}${testId ? `[data-testid=${testId}]` : ''}.${[...element.classList].slice(0, 4).join('.')}`
      return `${name} right=${Math.round(element.getBoundingClientRect().right)} "${text}"`
    }
    const out = [...document.querySelectorAll('body *')].filter(sticksOut)
    // The outermost ones (where the overflow starts) and the innermost ones (what is too wide in them).
    const outermost = out.filter((element) => !(element.parentElement && out.includes(element.parentElement)))
    const innermost = out.filter((element) => ![...element.children].some((child) => out.includes(child)))
    const culprits = [...new Set([...outermost.slice(0, 3), ...innermost.slice(0, 3)])].map(describe)
    return { scrollWidth: document.documentElement.scrollWidth, culprits }
  })
}

/** Opens each path in turn and collects, per path, what makes the page wider than the phone. */
async function measure(page: Page, locale: string, paths: string[]): Promise<string[]> {
  const failures: string[] = []
  for (const path of paths) {
    const url = `${path}${path.includes('?') ? '&' : '?'}lang=${locale}`
    const response = await page.goto(url)
    expect(response?.status(), `${url} answers`).toBeLessThan(400)
    await hydrated(page)
    const { scrollWidth, culprits } = await sideways(page)
    if (scrollWidth > PHONE.width) failures.push(`${url}: ${scrollWidth} px wide; ${culprits.join('; ')}`)
  }
  return failures
}

/** The header's controls: each inside the screen and at least 40 px high and wide (a thumb's target). */
async function headerTargets(page: Page): Promise<string[]> {
  return page.evaluate((width) => {
    const problems: string[] = []
    for (const element of document.querySelectorAll('header a, header button, header summary')) {
      const rect = element.getBoundingClientRect()
      if (rect.width === 0 || rect.height === 0) continue
      const name = element.getAttribute('aria-label') ?? (element.textContent ?? '').trim().slice(0, 30)
      if (rect.left < 0 || rect.right > width) problems.push(`"${name}" is off screen (${Math.round(rect.left)}..${Math.round(rect.right)})`)
      if (rect.height < 40 || rect.width < 40) problems.push(`"${name}" is ${Math.round(rect.width)}×${Math.round(rect.height)} px`)
    }
    return problems
  }, PHONE.width)
}

/** The panels of the header's menus, opened: every item on screen. */
async function openMenusFit(page: Page): Promise<string[]> {
  const problems: string[] = []
  for (const testId of ['language-switcher', 'user-menu']) {
    const menu = page.getByTestId(testId)
    if ((await menu.count()) === 0) continue
    await menu.locator('summary, button').first().click()
    const offscreen = await menu.evaluate((root, width) => {
      return [...root.querySelectorAll('a, button')]
        .map((item) => ({ item, rect: item.getBoundingClientRect() }))
        .filter(({ rect }) => rect.width > 0 && (rect.left < 0 || rect.right > width))
        .map(({ item, rect }) => `"${(item.textContent ?? '').trim()}" at ${Math.round(rect.left)}..${Math.round(rect.right)}`)
    }, PHONE.width)
    problems.push(...offscreen.map((item) => `${testId}: ${item}`))
    const { scrollWidth } = await sideways(page)
    if (scrollWidth > PHONE.width) problems.push(`${testId} open: the page is ${scrollWidth} px wide`)
    await page.keyboard.press('Escape')
    await page.mouse.click(5, PHONE.height - 5)
  }
  // The navigation drawer, opened from the menu button.
  await page.locator('header button[aria-haspopup=dialog]').click()
  const drawer = page.getByRole('dialog')
  await expect(drawer).toBeVisible()
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))))
  const box = (await drawer.boundingBox())!
  if (box.x < 0 || box.x + box.width > PHONE.width) problems.push(`the navigation drawer is at ${Math.round(box.x)}..${Math.round(box.x + box.width)}`)
  await page.keyboard.press('Escape')
  await expect(drawer).toBeHidden()
  return problems
}

async function check(page: Page, locale: string, paths: string[]) {
  const failures = await measure(page, locale, paths)
  await page.goto(`/?lang=${locale}`)
  await hydrated(page)
  failures.push(...(await headerTargets(page)).map((problem) => `header: ${problem}`))
  failures.push(...(await openMenusFit(page)))
  expect(failures, `${locale} at ${PHONE.width} px`).toEqual([])
}

/** A demo dataset with resources (the resource table) and a publisher, and that publisher, found through the API. */
async function catalogueIds(request: APIRequestContext): Promise<{ datasetId: string; publisherId: string }> {
  const get = async <T,>(procedure: string, input: unknown): Promise<T> => {
    const response = await request.get(`/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`)
    expect(response.ok(), procedure).toBe(true)
    return ((await response.json()) as { result: { data: { json: T } } }).result.data.json
  }
  const { items } = await get<{ items: Array<{ id: string; formats: string[] }> }>('datasets.search', { source: 'snapshot', instanceIds: ['demo-kraje'], sort: 'name', pageSize: 30 })
  for (const item of items.filter((candidate) => candidate.formats.length > 1)) {
    const detail = await get<{ id: string; resources: unknown[]; organization: { publisherId: string } | null }>('datasets.byId', { id: item.id })
    if (detail.resources.length > 1 && detail.organization) return { datasetId: detail.id, publisherId: detail.organization.publisherId }
  }
  throw new Error('The demo catalogue has no dataset with resources and a publisher')
}

/** Route-table paths with their ids filled in: what a guest opens. */
function publicPaths(ids: { datasetId: string; publisherId: string }): Record<string, string[]> {
  return {
    '/': ['/'],
    '/test-auth': ['/test-auth'],
    '/data-formats': ['/data-formats'],
    '/data-quality': ['/data-quality'],
    '/dataset/{id}': [`/dataset/${encodeURIComponent(ids.datasetId)}`, `/dataset/${encodeURIComponent(E2E_DATASET_ID)}`],
    '/ckan-explorer': ['/ckan-explorer', '/ckan-explorer?q=data'],
    '/location/{id}': ['/location/CZ064', '/location/CZ'],
    '/organizations': ['/organizations'],
    '/organizations/{id}': [`/organizations/${encodeURIComponent(ids.publisherId)}`],
    '/ckan-instances': ['/ckan-instances'],
    '/regional-analysis': ['/regional-analysis'],
    '/test-vuetify': ['/test-vuetify'],
    '/auth/login': ['/auth/login'],
    '/auth/signup': ['/auth/signup'],
    '/auth/reset-password': ['/auth/reset-password?token=not-a-real-token'],
    '/invitation': ['/invitation?token=not-a-real-token'],
  }
}

type Workspace = { projectId: string; caseId: string; suiteId: string; runId: string }

/** Route-table paths with their ids filled in: what a signed-in member of the project opens. */
function signedInPaths(w: Workspace): Record<string, string[]> {
  return {
    '/reports': [`/reports?project=${w.projectId}`],
    '/profile': ['/profile'],
    '/projects': ['/projects'],
    '/my-work': ['/my-work'],
    '/test-runs': [`/test-runs?project=${w.projectId}`, `/test-runs?project=${w.projectId}&start=1`],
    '/test-runs/{id}': [`/test-runs/${w.runId}`],
    '/test-cases': [`/test-cases?project=${w.projectId}`],
    '/test-cases/create': [`/test-cases/create?project=${w.projectId}`],
    '/test-cases/{id}': [`/test-cases/${w.caseId}`],
    '/test-cases/{id}/edit': [`/test-cases/${w.caseId}/edit`],
    '/test-cases/enhanced-editor': [`/test-cases/enhanced-editor?project=${w.projectId}&cases=${w.caseId}`],
    '/test-suites': [`/test-suites?project=${w.projectId}`],
    '/test-suites/create': [`/test-suites/create?project=${w.projectId}`],
    '/test-suites/{id}/edit': [`/test-suites/${w.suiteId}/edit`],
    '/projects/new': ['/projects/new'],
    '/projects/{id}': [`/projects/${w.projectId}`],
    '/projects/{id}/debug': [`/projects/${w.projectId}/debug`],
    '/projects/{id}/settings': [`/projects/${w.projectId}/settings`],
    '/projects/{id}/test-suites/{suiteId}': [`/projects/${w.projectId}/test-suites/${w.suiteId}`],
  }
}

test('the phone checks cover every route of the route table', () => {
  const ids = { datasetId: 'd', publisherId: 'p' }
  const workspace = { projectId: 'p', caseId: 'c', suiteId: 's', runId: 'r' }
  const covered = [...Object.keys(publicPaths(ids)), ...Object.keys(signedInPaths(workspace))].sort()
  expect(covered).toEqual(ROUTES.map((route) => route.path).sort())
})

/** Czech, the default, and German, whose long words widen a page most, see every page; the others take turns. */
const ALWAYS = ['cs', 'de'] as const

test('every page is opened in Czech, German and one more language', () => {
  const pages = Array.from({ length: 23 }, (_, index) => `/page-${index}`)
  const sample = pagesPerLanguage(pages, { always: ALWAYS })
  expect(sample.get('cs')).toEqual(pages)
  expect(sample.get('de')).toEqual(pages)
  const others = LOCALES.filter((locale) => !ALWAYS.includes(locale as (typeof ALWAYS)[number]))
  for (const page of pages) expect(others.filter((locale) => sample.get(locale)!.includes(page)), page).toHaveLength(1)
  for (const locale of others) expect(sample.get(locale)!.length, locale).toBeGreaterThanOrEqual(5)
})

test.describe('guests', () => {
  for (const locale of LOCALES) {
    test(`public pages fit a 360 px phone in ${locale}`, async ({ browser, request }) => {
      const ids = await catalogueIds(request)
      const context = await browser.newContext({ viewport: PHONE })
      const page = await context.newPage()
      await check(page, locale, pagesPerLanguage(Object.values(publicPaths(ids)).flat(), { always: ALWAYS }).get(locale)!)
      await context.close()
    })
  }
})

async function ok<T>(call: Promise<{ data: T | null; error: unknown }>): Promise<T> {
  const answer = await call
  expect(answer.error).toBeNull()
  return answer.data!
}

/**
 * An account of its own (a long name, as the header must hold one) with a project holding long words and a URL, a case, a
 * suite and a run with a result: every signed-in page has something to show.
 */
async function signedInContext(browser: Browser, baseURL: string): Promise<{ context: BrowserContext; workspace: Workspace }> {
  const context = await browser.newContext({ viewport: PHONE, baseURL })
  const page = await context.newPage()
  await page.goto('/auth/login?lang=en')
  await ok(trpc(page, 'auth.login', { email: E2E_USERS.phones.email, password: E2E_PASSWORD }, 'mutation'))
  const key = `M${Math.random().toString(36).slice(2, 8).toUpperCase()}`
  const longWord = 'Nejneobhospodařovávatelnějšími'
  const url = 'https://data.example.org/api/3/action/package_search?fq=organization:ministerstvo-dopravy-ceske-republiky'
  const project = await ok(trpc<{ id: string }>(page, 'projects.create', { name: `${longWord} katalogy ${key}`, key, description: `${longWord}: ${url}`, portalIds: [] }, 'mutation'))
  const testCase = await ok(
    trpc<{ id: string }>(page, 'testCases.create', { projectId: project.id, title: `${longWord} ${url}`, priority: 'high', state: 'active', tags: ['smoke', longWord.toLowerCase()], folder: `Katalog/${longWord}` }, 'mutation'),
  )
  const suite = await ok(trpc<{ id: string }>(page, 'testSuites.create', { projectId: project.id, suite: { name: `Regrese ${longWord}`, kind: 'static' } }, 'mutation'))
  await ok(trpc(page, 'testSuites.setContent', { suiteId: suite.id, expectedVersion: 1, sections: [{ id: null, name: longWord, caseIds: [testCase.id] }] }, 'mutation'))
  const run = await ok(trpc<{ id: string }>(page, 'testRuns.create', { projectId: project.id, run: { name: `Noční běh ${longWord}`, build: '2026.11.24-rc.1' }, source: { kind: 'selection', caseIds: [testCase.id] } }, 'mutation'))
  const detail = await ok(trpc<{ cases: Array<{ id: string }> }>(page, 'testRuns.byId', { id: run.id }))
  await ok(trpc(page, 'testRuns.record', { runCaseId: detail.cases[0]!.id, expectedLatestResultId: null, result: { status: 'failed', comment: `${longWord} ${url}` } }, 'mutation'))
  await page.close()
  return { context, workspace: { projectId: project.id, caseId: testCase.id, suiteId: suite.id, runId: run.id } }
}

test.describe('signed in', () => {
  test.describe.configure({ mode: 'serial' })
  let context: BrowserContext
  let workspace: Workspace
  test.beforeAll(async ({ browser }, testInfo) => {
    ;({ context, workspace } = await signedInContext(browser, String(testInfo.project.use.baseURL)))
  })
  test.afterAll(async () => {
    await context.close()
  })

  for (const locale of LOCALES) {
    test(`pages fit a 360 px phone in ${locale}, signed in`, async ({ request }) => {
      const page = await context.newPage()
      const publicOnes = Object.values(publicPaths(await catalogueIds(request))).flat().filter((path) => !path.startsWith('/auth/'))
      // The turns start elsewhere than the guests' sweep, so a page is seen in two more languages between the two.
      await check(page, locale, pagesPerLanguage([...Object.values(signedInPaths(workspace)).flat(), ...publicOnes], { always: ALWAYS, offset: 2 }).get(locale)!)
      await page.close()
    })
  }
})
