// Why this file is long: the journeys of the case list, one page's behaviours, sharing its sign-in and project setup.
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { readFile } from 'node:fs/promises'
import { E2E_USERS, hydrated, signIn, trpc } from './users.ts'

// The test-case list and the read view of a case, as the seeded cases owner uses them. Every test makes its own
// project (keys unique per test) so the tests run side by side.

type Created = { id: string; key: string; version: number }
type CaseFields = {
  title: string
  description?: string
  preconditions?: string
  steps?: Array<{ kind: 'step'; id: string; action: string; data?: string; expected?: string }>
  priority?: 'low' | 'medium' | 'high' | 'critical'
  type?: 'manual' | 'automated'
  state?: 'draft' | 'active' | 'deprecated'
  tags?: string[]
  estimateMinutes?: number | null
  references?: string[]
  folder?: string
  custom?: Record<string, unknown>
  target?: { kind: 'portal' | 'dataset' | 'resource'; id: string; label: string } | null
}
type CaseDetail = { case: Required<Omit<CaseFields, 'steps'>> & { id: string; key: string; version: number; steps: Array<{ kind: string; action: string; data: string; expected: string }> } }
type ListItem = { id: string; key: string; title: string; state: string; priority: string }
type List = { items: ListItem[]; total: number }

const uniqueKey = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-5).toUpperCase()}${Math.floor(Math.random() * 10)}`.slice(0, 10)

async function ok<T>(call: Promise<{ data: T | null; error: { message: string } | null }>): Promise<T> {
  const { data, error } = await call
  if (error || data === null) throw new Error(`tRPC call failed: ${error?.message ?? 'no data'}`)
  return data
}

async function newProject(page: Page, prefix: string, name: string): Promise<string> {
  const project = await ok(trpc<{ id: string }>(page, 'projects.create', { name, key: uniqueKey(prefix), description: '' }, 'mutation'))
  return project.id
}

const createCase = (page: Page, projectId: string, fields: CaseFields) => ok(trpc<Created>(page, 'testCases.create', { projectId, ...fields }, 'mutation'))

const listOf = (page: Page, projectId: string) => ok(trpc<List>(page, 'testCases.list', { projectId, pageSize: 200 }))

const rows = (page: Page) => page.getByTestId('case-row')

/** A promise the test settles when it chooses (`open`), to hold a request back until then. */
function gate() {
  let open = () => {}
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { open, opened }
}

/** Holds the requests to `url` back until the gate it answers is opened, then lets them through or fails them. */
async function holdRequests(page: Page, url: string, then: 'continue' | 'abort') {
  const held = gate()
  await page.route(url, async (route) => {
    await held.opened
    await (then === 'continue' ? route.continue() : route.abort())
  })
  return held
}

async function noHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth
    const scrolledInside = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (['auto', 'scroll', 'hidden'].includes(getComputedStyle(parent).overflowX)) return true
      }
      return false
    }
    // What sticks out, to say what to fix: elements inside a scrolling box do not count, unless absolutely positioned
    // (those escape a box that is not their containing block).
    const culprits = [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > width + 1 && (!scrolledInside(element) || getComputedStyle(element).position === 'absolute'))
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].slice(0, 3).join('.')} ${Math.round(element.getBoundingClientRect().right)}`)
    return { scroll: document.documentElement.scrollWidth, width, culprits }
  })
  expect(overflow.scroll, overflow.culprits.join('; ')).toBeLessThanOrEqual(overflow.width)
}

test.describe('test cases', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, E2E_USERS.casesOwner)
  })

  test('filters live in the URL, and the filter form works without JavaScript', async ({ page, browser }) => {
    const projectId = await newProject(page, 'FLT', 'Filtry')
    await createCase(page, projectId, { title: 'Stažení CSV z portálu', priority: 'high', state: 'active', tags: ['csv'], folder: 'Katalog/Stahování' })
    await createCase(page, projectId, { title: 'Hledání datových sad', priority: 'low', state: 'draft', tags: ['search'] })
    await createCase(page, projectId, { title: 'Náhled CSV zdroje', priority: 'high', state: 'draft', tags: ['csv'] })

    // A shared link with filters opens the narrowed list.
    await page.goto(`/test-cases?project=${projectId}&priority=high&state=draft`)
    await hydrated(page)
    await expect(rows(page)).toHaveCount(1)
    await expect(rows(page)).toContainText('Náhled CSV zdroje')
    await expect(page.getByRole('checkbox', { name: 'High' })).toBeChecked()
    await expect(page.getByRole('checkbox', { name: 'Draft' })).toBeChecked()

    // A choice applies at once and lands in the URL; the back button restores the previous list.
    await page.getByRole('checkbox', { name: 'Draft' }).uncheck()
    await expect(rows(page)).toHaveCount(2)
    await expect(page).toHaveURL((url) => url.searchParams.getAll('priority').join() === 'high' && !url.searchParams.has('state'))
    await page.getByRole('searchbox', { name: 'Search in titles and descriptions' }).fill('Stažení')
    await page.getByRole('button', { name: 'Filter', exact: true }).click()
    await expect(rows(page)).toHaveCount(1)
    await expect(page).toHaveURL((url) => url.searchParams.get('q') === 'Stažení')
    await page.goBack()
    await expect(rows(page)).toHaveCount(2)

    // A folder link narrows to the folder and its sub-folders.
    await page.goto(`/test-cases?project=${projectId}&folder=Katalog`)
    await expect(rows(page)).toHaveCount(1)
    await expect(rows(page)).toContainText('Stažení CSV z portálu')

    // Without JavaScript the same form is a GET form the server answers.
    const context = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState(), baseURL: test.info().project.use.baseURL })
    const plain = await context.newPage()
    await plain.goto(`/test-cases?project=${projectId}`)
    await expect(rows(plain)).toHaveCount(3)
    await plain.getByRole('searchbox', { name: 'Search in titles and descriptions' }).fill('CSV')
    await plain.getByRole('checkbox', { name: 'Draft' }).check()
    await plain.getByRole('button', { name: 'Filter', exact: true }).click()
    await expect(plain).toHaveURL((url) => url.searchParams.get('q') === 'CSV' && url.searchParams.getAll('state').join() === 'draft')
    await expect(rows(plain)).toHaveCount(1)
    await expect(rows(plain)).toContainText('Náhled CSV zdroje')
    await expect(plain.getByTestId('cases-count')).toHaveText('1 test case')
    await plain.getByRole('link', { name: 'Show all test cases' }).first().click()
    await expect(rows(plain)).toHaveCount(3)
    await context.close()
  })

  test('a filter change keeps the list on screen, busy, until the new one arrives, without calling the API', async ({ page }) => {
    const projectId = await newProject(page, 'BSY', 'Načítání')
    await createCase(page, projectId, { title: 'Vysoká priorita', priority: 'high' })
    await createCase(page, projectId, { title: 'Nízká priorita', priority: 'low' })
    await createCase(page, projectId, { title: 'Střední priorita', priority: 'medium' })

    const apiCalls: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/trpc')) apiCalls.push(request.url())
    })
    await page.goto(`/test-cases?project=${projectId}`)
    await hydrated(page)
    await expect(rows(page)).toHaveCount(3)
    const results = page.locator('section[aria-labelledby="cases-results"]')
    await expect(results).not.toHaveAttribute('aria-busy')

    // The page's data for the new URL is held back: the old list stays, dimmed and marked busy, the box already ticked.
    const held = await holdRequests(page, '**/*.pageContext.json*', 'continue')
    await page.getByRole('checkbox', { name: 'High' }).check()
    await expect(page.getByTestId('cases-busy')).toBeVisible()
    await expect(results).toHaveAttribute('aria-busy', 'true')
    await expect(page.getByRole('checkbox', { name: 'High' })).toBeChecked()
    await expect(rows(page)).toHaveCount(3)
    held.open()
    await expect(rows(page)).toHaveCount(1)
    await expect(rows(page)).toContainText('Vysoká priorita')
    await expect(page.getByTestId('cases-busy')).toHaveCount(0)
    await expect(results).not.toHaveAttribute('aria-busy')
    await expect(page).toHaveURL((url) => url.searchParams.getAll('priority').join() === 'high')
    await page.unroute('**/*.pageContext.json*')

    // The back button returns to the filtered list; none of it asked the API.
    await page.getByRole('checkbox', { name: 'High' }).uncheck()
    await expect(rows(page)).toHaveCount(3)
    await page.goBack()
    await expect(rows(page)).toHaveCount(1)
    expect(apiCalls).toEqual([])
  })

  test('a filter change that gets no answer says so, and Try again or Go back recover the list', async ({ page }) => {
    const projectId = await newProject(page, 'NAV', 'Bez spojení')
    await createCase(page, projectId, { title: 'Vysoká priorita', priority: 'high' })
    await createCase(page, projectId, { title: 'Nízká priorita', priority: 'low' })
    await page.goto(`/test-cases?project=${projectId}&priority=high`)
    await hydrated(page)
    await expect(rows(page)).toHaveCount(1)

    // click(), not check(): the page that answers has no checkbox left for check() to confirm, so it would wait on.
    await page.route('**/*.pageContext.json*', (route) => route.abort('internetdisconnected'))
    await page.getByRole('checkbox', { name: 'Low' }).click()
    await expect(page.getByRole('heading', { name: 'The page could not be loaded' })).toBeVisible()
    await expect(page.getByRole('alert')).toHaveText('The server did not answer. Check your connection, then try again.')
    await expect(page).toHaveTitle(/^The page could not be loaded/)

    // Still no answer: the same message stays.
    await page.getByRole('button', { name: 'Try again' }).click()
    await expect(page.getByRole('heading', { name: 'The page could not be loaded' })).toBeVisible()

    await page.unroute('**/*.pageContext.json*')
    await page.getByRole('button', { name: 'Try again' }).click()
    await expect(rows(page)).toHaveCount(2)
    await expect(page).toHaveURL((url) => url.searchParams.getAll('priority').sort().join() === 'high,low')

    // An answer that is the server's failure is not "no answer": the page says that something went wrong.
    await page.route('**/*.pageContext.json*', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"serverSideError":true}' }))
    await page.getByRole('checkbox', { name: 'Low' }).click()
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'The page could not be loaded' })).toHaveCount(0)
    await page.unroute('**/*.pageContext.json*')
    await page.goBack()
    await expect(rows(page)).toHaveCount(2)

    // Go back, from a failure, is the list as it was before.
    await page.route('**/*.pageContext.json*', (route) => route.abort('internetdisconnected'))
    await page.getByRole('checkbox', { name: 'High' }).click()
    await expect(page.getByRole('heading', { name: 'The page could not be loaded' })).toBeVisible()
    await page.unroute('**/*.pageContext.json*')
    await page.getByRole('button', { name: 'Go back' }).click()
    await expect(rows(page)).toHaveCount(2)
  })

  test('a bulk change that fails over the network keeps the selection and says why', async ({ page }) => {
    const projectId = await newProject(page, 'BNF', 'Výpadek sítě')
    const first = await createCase(page, projectId, { title: 'Ověřit odkazy', priority: 'low' })
    await createCase(page, projectId, { title: 'Ověřit popisy', priority: 'low' })

    await page.goto(`/test-cases?project=${projectId}`)
    await hydrated(page)
    await page.getByRole('checkbox', { name: `Select ${first.key} Ověřit odkazy` }).check()
    await page.route('**/api/trpc/testCases.bulk**', (route) => route.abort())
    await page.getByLabel('Priority', { exact: true }).selectOption('critical')
    await page.getByRole('button', { name: 'Apply to 1 test case' }).click()
    await expect(page.getByTestId('cases-notice')).toHaveText(/The server could not be reached/)
    await expect(page.getByRole('checkbox', { name: `Select ${first.key} Ověřit odkazy` })).toBeChecked()
    await expect(page.getByTestId('selection-bar')).toContainText('1 test case selected')
    await expect(page.locator(`[data-case-key="${first.key}"]`)).toContainText('Low')
    expect((await listOf(page, projectId)).items.map((item) => item.priority)).toEqual(['low', 'low'])

    // Once the network is back the same selection is applied.
    await page.unroute('**/api/trpc/testCases.bulk**')
    await page.getByRole('button', { name: 'Apply to 1 test case' }).click()
    await expect(page.getByTestId('cases-notice')).toHaveText(/1 test case changed\./)
    await expect(page.locator(`[data-case-key="${first.key}"]`)).toContainText('Critical')
    expect((await listOf(page, projectId)).items.map((item) => item.priority).sort()).toEqual(['critical', 'low'])
  })

  test('a bulk change that ends while a filter change is on its way keeps the new filter and shows the change', async ({ page }) => {
    const projectId = await newProject(page, 'BFR', 'Souběh změn')
    const first = await createCase(page, projectId, { title: 'Ověřit odkazy', priority: 'low' })
    await createCase(page, projectId, { title: 'Ověřit popisy', priority: 'high' })

    await page.goto(`/test-cases?project=${projectId}`)
    await hydrated(page)
    await page.getByRole('checkbox', { name: `Select ${first.key} Ověřit odkazy` }).check()

    // The bulk change waits in the browser, so the server has not made it yet.
    const bulk = await holdRequests(page, '**/api/trpc/testCases.bulk**', 'continue')
    await page.getByLabel('Priority', { exact: true }).selectOption('critical')
    await page.getByRole('button', { name: 'Apply to 1 test case' }).click()
    await expect(page.locator(`[data-case-key="${first.key}"]`)).toContainText('Critical')

    // Meanwhile a filter is chosen: the server answers it before the change is made, and that answer is held back.
    const filterAnswer = gate()
    const filter = gate()
    let held = false
    await page.route('**/*.pageContext.json*', async (route) => {
      if (held) return route.continue()
      held = true
      const response = await route.fetch()
      filterAnswer.open()
      await filter.opened
      await route.fulfill({ response })
    })
    await page.getByRole('checkbox', { name: 'Critical' }).check()
    await filterAnswer.opened
    await expect(page.getByTestId('cases-busy')).toBeVisible()

    // The change is made and answered while the filter's list is still on its way.
    bulk.open()
    await expect(page.getByTestId('cases-notice')).toHaveText(/1 test case changed\./)
    const stale = page.waitForResponse((response) => response.url().includes('.pageContext.json'))
    filter.open()
    await stale
    await page.unroute('**/*.pageContext.json*')
    await page.unroute('**/api/trpc/testCases.bulk**')

    // The filter chosen last is the one in the URL, the form and the list, and the list has the change.
    await expect(page).toHaveURL((url) => url.searchParams.getAll('priority').join() === 'critical')
    await expect(page.getByRole('checkbox', { name: 'Critical' })).toBeChecked()
    await expect(rows(page)).toHaveCount(1)
    await expect(page.locator(`[data-case-key="${first.key}"]`)).toContainText('Critical')
    await expect(page.getByTestId('cases-busy')).toHaveCount(0)
    expect((await listOf(page, projectId)).items.map((item) => item.priority).sort()).toEqual(['critical', 'high'])

    // One history entry for the filter: back is the list as it was, with the change.
    await page.goBack()
    await expect(page).toHaveURL((url) => !url.searchParams.has('priority'))
    await expect(rows(page)).toHaveCount(2)
    await expect(page.locator(`[data-case-key="${first.key}"]`)).toContainText('Critical')
  })

  test('adding cases to a suite: the bulk form says while it asks for the suites, when it could not, and when there is none', async ({ page }) => {
    const projectId = await newProject(page, 'BSU', 'Do sady')
    const first = await createCase(page, projectId, { title: 'Ověřit licenci' })
    await ok(trpc(page, 'testSuites.create', { projectId, suite: { name: 'Podle pravidla', kind: 'dynamic', rule: { tags: [], minPriority: null, folder: null, portalId: null } } }, 'mutation'))

    await page.goto(`/test-cases?project=${projectId}`)
    await hydrated(page)
    const bar = page.getByTestId('selection-bar')
    const select = () => page.getByRole('checkbox', { name: `Select ${first.key} Ověřit licenci` })
    await select().check()

    // The suites are asked for when the choice is made: "Loading" meanwhile; no answer, even when tried again.
    const held = gate()
    let asked = 0
    await page.route('**/api/trpc/testSuites.list**', async (route) => {
      asked++
      await held.opened
      await route.abort()
    })
    await page.getByLabel('Change', { exact: true }).selectOption('addToSuite')
    await expect(bar.getByText('Loading')).toBeVisible()
    held.open()
    await expect(bar.getByText('The test suites could not be loaded.')).toBeVisible()
    expect(asked).toBe(2)
    await expect(bar.getByText('Loading')).toHaveCount(0)
    await page.unroute('**/api/trpc/testSuites.list**')

    // Asked again: the project has only a suite with a rule, which chooses its cases itself.
    await bar.getByRole('button', { name: 'Try again' }).click()
    await expect(bar.getByText('The project has no test suite that lists cases (suites with a rule choose their cases themselves).')).toBeVisible()
    await expect(bar.getByText('The test suites could not be loaded.')).toHaveCount(0)

    // A new selection asks again and offers the static suite that now exists.
    const suite = await ok(trpc<{ id: string }>(page, 'testSuites.create', { projectId, suite: { name: 'Regrese', kind: 'static' } }, 'mutation'))
    await select().uncheck()
    await select().check()
    await page.getByLabel('Change', { exact: true }).selectOption('addToSuite')
    await page.getByLabel('Test suite', { exact: true }).selectOption({ label: 'Regrese' })
    await page.getByRole('button', { name: 'Apply to 1 test case' }).click()
    await expect(page.getByTestId('cases-notice')).toHaveText(/1 test case added to the suite\./)
    const content = await ok(trpc<{ sections: Array<{ cases: Array<{ id: string }> }> }>(page, 'testSuites.byId', { id: suite.id }))
    expect(content.sections.flatMap((section) => section.cases.map((item) => item.id))).toEqual([first.id])
  })

  test('a bulk state change shows at once and stays; a deletion can be undone', async ({ page }) => {
    const projectId = await newProject(page, 'BLK', 'Hromadné změny')
    const first = await createCase(page, projectId, { title: 'Ověřit licenci', state: 'draft' })
    const second = await createCase(page, projectId, { title: 'Ověřit formát', state: 'draft' })
    const third = await createCase(page, projectId, { title: 'OVĚŘIT licenci', state: 'draft' })

    await page.goto(`/test-cases?project=${projectId}`)
    await hydrated(page)
    // Two cases with the same title (ignoring case and spaces) are pointed out.
    await expect(page.locator(`[data-case-key="${first.key}"] [data-testid="duplicate-title"]`)).toContainText(`Same title as ${third.key}`)
    await expect(page.locator(`[data-case-key="${second.key}"] [data-testid="duplicate-title"]`)).toHaveCount(0)
    await page.getByRole('checkbox', { name: `Select ${first.key} Ověřit licenci` }).check()

    // The change shows before the server answers, and is taken back when the call fails.
    const held = await holdRequests(page, '**/api/trpc/testCases.bulk**', 'abort')
    await page.getByLabel('Change', { exact: true }).selectOption('state')
    await page.getByLabel('State', { exact: true }).selectOption('deprecated')
    await page.getByRole('button', { name: 'Apply to 1 test case' }).click()
    await expect(page.locator(`[data-case-key="${first.key}"] [data-state]`)).toHaveText('Deprecated')
    held.open()
    await expect(page.getByRole('alert').filter({ hasText: 'The server could not be reached' })).toBeVisible()
    await expect(page.locator(`[data-case-key="${first.key}"] [data-state]`)).toHaveText('Draft')
    await page.unroute('**/api/trpc/testCases.bulk**')

    await page.getByRole('checkbox', { name: `Select ${second.key} Ověřit formát` }).check()
    await expect(page.getByTestId('selection-bar')).toContainText('2 test cases selected')
    await page.getByLabel('State', { exact: true }).selectOption('active')
    await page.getByRole('button', { name: 'Apply to 2 test cases' }).click()
    await expect(page.getByTestId('cases-notice')).toHaveText(/2 test cases changed\./)
    await expect(page.locator(`[data-case-key="${first.key}"] [data-state]`)).toHaveText('Active')
    await expect(page.locator(`[data-case-key="${second.key}"] [data-state]`)).toHaveText('Active')
    const afterState = await listOf(page, projectId)
    expect(afterState.items.map((item) => `${item.title}:${item.state}`).sort()).toEqual(['OVĚŘIT licenci:draft', 'Ověřit formát:active', 'Ověřit licenci:active'])

    // Delete the two, then undo.
    await page.getByLabel('Change', { exact: true }).selectOption('delete')
    await page.getByRole('button', { name: 'Delete 2 test cases' }).click()
    await expect(page.getByTestId('cases-notice')).toContainText('2 test cases deleted.')
    await expect(rows(page)).toHaveCount(1)
    await expect(page.getByTestId('cases-count')).toHaveText('1 test case')
    expect((await listOf(page, projectId)).total).toBe(1)
    await page.getByRole('button', { name: 'Undo' }).click()
    await expect(page.getByTestId('cases-notice')).toContainText('2 test cases restored.')
    await expect(rows(page)).toHaveCount(3)
    expect((await listOf(page, projectId)).total).toBe(3)
  })

  test('an export imports into another project with the same content', async ({ page }) => {
    const source = await newProject(page, 'EXP', 'Zdroj exportu')
    const target = await newProject(page, 'IMP', 'Cíl importu')
    const cases: CaseFields[] = [
      {
        title: 'Stažení sady "Jízdní řády"; formát CSV',
        description: 'Popis s **tučným** textem,\nna dva řádky.',
        preconditions: 'Přihlášený uživatel',
        steps: [
          { kind: 'step', id: 's1', action: 'Otevřít katalog', data: 'https://data.example/jizdni-rady', expected: 'Stránka se načte' },
          { kind: 'step', id: 's2', action: 'Stáhnout CSV', data: '', expected: 'Soubor má hlavičku;\n"uvozovky" zůstanou' },
        ],
        priority: 'critical',
        type: 'automated',
        state: 'active',
        tags: ['csv', 'doprava'],
        estimateMinutes: 90,
        references: ['JIRA-12', 'https://example.org/spec'],
        folder: 'Katalog/Stahování',
      },
      { title: '=1+1 vzorec zůstane textem', priority: 'low', state: 'deprecated', tags: [], folder: '' },
    ]
    const fieldIds = new Map<string, string>()
    for (const projectId of [source, target]) {
      const field = await ok(trpc<{ id: string }>(page, 'projects.fields.create', { projectId, field: { label: 'Prostředí', type: 'select', options: ['test', 'produkce'] } }, 'mutation'))
      fieldIds.set(projectId, field.id)
    }
    cases[0]!.custom = { [fieldIds.get(source)!]: 'produkce' }
    cases[0]!.target = { kind: 'portal', id: 'live-a', label: '' }
    for (const fields of cases) await createCase(page, source, fields)

    await page.goto(`/test-cases?project=${source}`)
    await hydrated(page)
    await page.getByRole('button', { name: 'Export CSV' }).click()
    await page.getByRole('radio', { name: 'Semicolon (;), for Excel in Czech' }).check()
    const downloading = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Download CSV' }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toMatch(/^EXP.*-test-cases\.csv$/)
    const file = test.info().outputPath('export.csv')
    await download.saveAs(file)
    expect((await readFile(file)).subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]))

    await page.goto(`/test-cases?project=${target}`)
    await hydrated(page)
    await expect(page.getByTestId('cases-empty')).toBeVisible()
    await page.getByRole('button', { name: 'Import cases' }).first().click()
    await page.getByLabel('File (CSV, XML or JSON)').setInputFiles(file)
    await page.getByRole('button', { name: 'Preview' }).click()
    await expect(page.getByTestId('import-row')).toHaveCount(2)
    await expect(page.locator('[data-testid="import-row"][data-action="create"]')).toHaveCount(2)
    await page.getByRole('button', { name: 'Import 2 test cases' }).click()
    await expect(page.getByTestId('import-result')).toHaveText('Imported: 2 created, 0 updated, 0 rows refused.')
    await expect(rows(page)).toHaveCount(2)

    const comparable = async (projectId: string) => {
      const list = await listOf(page, projectId)
      const details = await Promise.all(list.items.map((item) => ok(trpc<CaseDetail>(page, 'testCases.byId', { id: item.id }))))
      return details
        .map(({ case: item }) => ({
          title: item.title,
          description: item.description,
          preconditions: item.preconditions,
          steps: item.steps.map((step) => ({ action: step.action, data: step.data, expected: step.expected })),
          priority: item.priority,
          type: item.type,
          state: item.state,
          tags: item.tags,
          estimateMinutes: item.estimateMinutes,
          references: item.references,
          folder: item.folder,
          target: item.target,
          environment: item.custom[fieldIds.get(projectId)!] ?? null,
        }))
        .sort((a, b) => a.title.localeCompare(b.title))
    }
    const [before, after] = [await comparable(source), await comparable(target)]
    expect(before).toHaveLength(2)
    expect(before.map((item) => item.environment)).toContain('produkce')
    expect(before.map((item) => item.target?.id)).toContain('live-a')
    expect(after).toEqual(before)
  })

  test('a Czech spreadsheet CSV is previewed row by row and imported', async ({ page }) => {
    const projectId = await newProject(page, 'CZ', 'Český import')
    const csv =
      '\uFEFFNázev;Složka;Priorita;Stav;Kroky;Očekávaný výsledek;Štítky\r\n' +
      'Ověření číselníku obcí – žluťoučký kůň;Registry/RÚIAN;Vysoká;Aktivní;"1. Otevřít číselník\n2. Vyhledat obec Říčany";"1. Číselník se zobrazí\n2. Obec je nalezena";"registry; ruian"\r\n' +
      ';;;;;;\r\n' +
      'Kontrola licence;Licence;Nízká;Koncept;Zkontrolovat licenci;"Licence je\nCC-BY";\r\n' +
      'Řádek se špatnou prioritou;;Obrovská;;;;\r\n'
    await page.goto(`/test-cases?project=${projectId}`)
    await hydrated(page)
    await page.getByRole('button', { name: 'Import cases' }).first().click()
    await page.getByLabel('File (CSV, XML or JSON)').setInputFiles({ name: 'případy.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') })
    await page.getByRole('button', { name: 'Preview' }).click()
    const preview = page.getByTestId('import-preview')
    await expect(preview).toContainText('Preview of případy.csv')
    // An unknown priority refuses nothing: it is listed once with the priority it gets, and the user changes that.
    await expect(preview.locator('[data-action="create"]')).toHaveCount(3)
    await expect(preview.locator('[data-action="refuse"]')).toHaveCount(0)
    const mapping = page.getByLabel('Priority “Obrovská” (1 case)')
    await expect(mapping).toHaveValue('medium')
    await mapping.selectOption('critical')
    await expect(page.getByRole('button', { name: 'Import 3 test cases' })).toBeDisabled()
    await page.getByRole('button', { name: 'Preview with these choices' }).click()
    await expect(page.getByRole('button', { name: 'Preview with these choices' })).toBeDisabled()
    await expect(preview).toContainText('Ověření číselníku obcí – žluťoučký kůň')
    // Nothing is written before the preview is confirmed.
    expect((await listOf(page, projectId)).total).toBe(0)

    await page.getByRole('button', { name: 'Import 3 test cases' }).click()
    await expect(page.getByTestId('import-result')).toHaveText('Imported: 3 created, 0 updated, 0 rows refused.')
    await expect(rows(page)).toHaveCount(3)
    expect((await listOf(page, projectId)).items.find((item) => item.title === 'Řádek se špatnou prioritou')?.priority).toBe('critical')
    const list = await listOf(page, projectId)
    const imported = list.items.find((item) => item.title === 'Ověření číselníku obcí – žluťoučký kůň')
    expect(imported).toBeDefined()
    const { case: detail } = await ok(trpc<CaseDetail>(page, 'testCases.byId', { id: imported!.id }))
    expect({ folder: detail.folder, priority: detail.priority, state: detail.state, tags: detail.tags }).toEqual({ folder: 'Registry/RÚIAN', priority: 'high', state: 'active', tags: ['registry', 'ruian'] })
    expect(detail.steps.map((step) => [step.action, step.expected])).toEqual([
      ['Otevřít číselník', 'Číselník se zobrazí'],
      ['Vyhledat obec Říčany', 'Obec je nalezena'],
    ])
    const licence = list.items.find((item) => item.title === 'Kontrola licence')!
    const { case: licenceDetail } = await ok(trpc<CaseDetail>(page, 'testCases.byId', { id: licence.id }))
    expect(licenceDetail.steps.map((step) => step.expected)).toEqual(['Licence je\nCC-BY'])
  })

  test('another tool’s export comes in whole: a TestRail XML file, its values mapped, its sections as folders, and again without duplicates', async ({ page }) => {
    const projectId = await newProject(page, 'TR', 'Z TestRailu')
    const file = 'tests/fixtures/case-imports/testrail/xml-export-comic-estore.xml'
    await page.goto(`/test-cases?project=${projectId}`)
    await hydrated(page)
    await page.getByRole('button', { name: 'Import cases' }).first().click()
    await page.getByLabel('File (CSV, XML or JSON)').setInputFiles(file)
    await page.getByRole('button', { name: 'Preview' }).click()
    const preview = page.getByTestId('import-preview')
    await expect(page.getByTestId('import-format')).toHaveText('Read as: TestRail XML')
    await expect(preview.locator('[data-action="create"]')).toHaveCount(5)
    await page.getByLabel('Type “UAT” (1 case)').selectOption('automated')
    await page.getByRole('checkbox', { name: 'assignedto' }).check()
    await page.getByRole('button', { name: 'Preview with these choices' }).click()
    await expect(page.getByRole('button', { name: 'Preview with these choices' })).toBeDisabled()
    await page.getByRole('button', { name: 'Import 5 test cases' }).click()
    await expect(page.getByTestId('import-result')).toHaveText('Imported: 5 created, 0 updated, 0 rows refused.')
    await expect(rows(page)).toHaveCount(5)
    const list = await listOf(page, projectId)
    const uat = list.items.find((item) => item.title === 'Manual Test Case (Steps)')!
    const { case: detail } = await ok(trpc<CaseDetail>(page, 'testCases.byId', { id: uat.id }))
    expect({ folder: detail.folder, type: detail.type }).toEqual({ folder: 'Test Cases/Regression', type: 'automated' })
    expect(detail.steps[1]).toMatchObject({ action: 'First step description', expected: 'Expected result for the first step' })
    await expect(new AxeBuilder({ page }).include('[aria-labelledby="cases-import"]').analyze().then((result) => result.violations)).resolves.toEqual([])

    // The same file again: the cases are found by their TestRail IDs, none is created twice.
    await page.getByLabel('File (CSV, XML or JSON)').setInputFiles(file)
    await page.getByRole('button', { name: 'Preview' }).click()
    await expect(page.getByTestId('import-row')).toHaveCount(5)
    await expect(preview.locator('[data-action="create"]')).toHaveCount(0)
  })

  test('the mapping step works on a phone, in Czech, in the dark theme and from the keyboard', async ({ page }) => {
    const projectId = await newProject(page, 'MOB', 'Import na telefonu')
    await page.setViewportSize({ width: 360, height: 800 })
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.goto(`/test-cases?project=${projectId}&lang=cs`)
    await hydrated(page)
    await page.getByRole('button', { name: 'Importovat případy' }).first().click()
    // The file field speaks Czech, not the browser's language, and names the chosen file.
    const importForm = page.locator('[aria-labelledby="cases-import"]')
    await expect(importForm.getByText('Vybrat soubor', { exact: true })).toBeVisible()
    await expect(importForm.getByText('Není vybrán žádný soubor')).toBeVisible()
    await page.getByLabel('Soubor (CSV, XML nebo JSON)').setInputFiles('tests/fixtures/case-imports/zephyr-scale/xml-export-server-ce.xml')
    await expect(importForm.getByText('xml-export-server-ce.xml')).toBeVisible()
    await page.getByRole('button', { name: 'Náhled', exact: true }).click()
    const mapping = page.getByLabel('Priorita „Normal“ (1 případ)')
    await expect(mapping).toHaveValue('medium')
    const width = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(width).toBeLessThanOrEqual(360)
    // From the select to the button that previews the choices, by keyboard alone.
    await mapping.selectOption('high')
    await mapping.focus()
    const again = page.getByRole('button', { name: 'Náhled s touto volbou' })
    for (let tab = 0; tab < 10 && !(await again.evaluate((button) => button === document.activeElement)); tab++) await page.keyboard.press('Tab')
    await expect(again).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(again).toBeDisabled()
    await expect(new AxeBuilder({ page }).include('[aria-labelledby="cases-import"]').analyze().then((result) => result.violations)).resolves.toEqual([])
    await page.getByRole('button', { name: 'Importovat 3 testovací případy' }).click()
    await expect(page.getByTestId('import-result')).toBeVisible()
    expect((await listOf(page, projectId)).items.filter((item) => item.priority === 'high')).toHaveLength(2)
  })

  test('the case view shows every field, Markdown, and the diff of an edit with who and when', async ({ page }) => {
    const projectId = await newProject(page, 'HIS', 'Historie')
    const environment = await ok(trpc<{ id: string }>(page, 'projects.fields.create', { projectId, field: { label: 'Prostředí', type: 'select', options: ['test', 'produkce'] } }, 'mutation'))
    const created = await createCase(page, projectId, {
      custom: { [environment.id]: 'produkce' },
      target: { kind: 'portal', id: 'live-a', label: '' },
      references: ['https://example.org/dcat-ap', 'JIRA-7'],
      estimateMinutes: 90,
      title: 'Kontrola metadat',
      description: 'Ověřit **povinná** pole:\n\n- název\n- popis',
      steps: [
        { kind: 'step', id: 'a', action: 'Otevřít detail sady', expected: 'Detail se zobrazí' },
        { kind: 'step', id: 'b', action: 'Porovnat pole', expected: 'Pole jsou vyplněna' },
      ],
      priority: 'medium',
      tags: ['metadata'],
      folder: 'Metadata',
    })
    const edited = await ok(
      trpc<{ version: number }>(
        page,
        'testCases.update',
        {
          id: created.id,
          expectedVersion: created.version,
          title: 'Kontrola povinných metadat',
          description: 'Ověřit **povinná** pole:\n\n- název\n- popis',
          steps: [
            { kind: 'step', id: 'a', action: 'Otevřít detail sady', expected: 'Detail se zobrazí' },
            { kind: 'step', id: 'b', action: 'Porovnat pole s profilem DCAT-AP', expected: 'Pole jsou vyplněna' },
          ],
          priority: 'high',
          tags: ['metadata', 'dcat'],
          folder: 'Metadata',
          custom: { [environment.id]: 'test' },
          target: { kind: 'portal', id: 'live-a', label: '' },
          references: ['https://example.org/dcat-ap', 'JIRA-7'],
          estimateMinutes: 90,
        },
        'mutation',
      ),
    )
    expect(edited.version).toBe(2)

    await page.goto(`/test-cases/${created.id}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kontrola povinných metadat')
    await expect(page.getByTestId('case-key')).toHaveText(created.key)
    // Markdown rendered on the server.
    await expect(page.getByRole('region', { name: 'Description' }).locator('strong')).toHaveText('povinná')
    await expect(page.getByTestId('case-step')).toHaveCount(2)
    await expect(page.getByTestId('case-step').nth(1)).toContainText('Porovnat pole s profilem DCAT-AP')
    const details = page.getByRole('region', { name: 'Details' })
    await expect(details.getByRole('link', { name: 'Live fixture portal A' })).toHaveAttribute('href', '/ckan-instances?q=Live%20fixture%20portal%20A')
    await expect(details.getByRole('link', { name: 'https://example.org/dcat-ap' })).toBeVisible()
    await expect(details).toContainText('JIRA-7')
    await expect(details).toContainText('1h 30m')
    await expect(details.getByRole('link', { name: 'Metadata', exact: true })).toBeVisible()
    await expect(details.locator('dt', { hasText: 'Prostředí' }).locator('+ dd')).toHaveText('test')

    const history = page.getByTestId('case-history')
    const latest = history.locator('li').first()
    await expect(latest).toContainText('Version 2: edited')
    await expect(latest).toContainText(`by ${E2E_USERS.casesOwner.name}`)
    await expect(latest).toContainText('Kontrola metadat')
    await expect(latest).toContainText('povinných metadat')
    await expect(latest).toContainText('Step 2 changed')
    await expect(latest).toContainText('dcat')
    await expect(latest).toContainText('Prostředí')
    await expect(latest).toContainText('produkce')
    await expect(latest.locator('time')).toHaveCount(1)
    await expect(history).toContainText('Version 1: created')
  })

  for (const theme of ['light', 'dark'] as const) {
    test(`the list and the case view have no serious axe findings in the ${theme} theme, and fit 360 px`, async ({ page }) => {
      const projectId = await newProject(page, theme === 'light' ? 'AXL' : 'AXD', 'Přístupnost')
      const created = await createCase(page, projectId, {
        title: 'Velmi dlouhý název případu, který se musí zalomit i na malém displeji telefonu bez vodorovného posunu',
        description: 'Popis s [odkazem](https://example.org) a `kódem`.',
        preconditions: 'Žádné',
        steps: [{ kind: 'step', id: 'a', action: 'Krok', data: 'https://data.example/velmi/dlouha/adresa/ktera/nesmi/roztahnout/stranku', expected: 'Výsledek' }],
        tags: ['přístupnost'],
        folder: 'Kontroly/Přístupnost',
      })
      await trpc(page, 'testCases.update', { id: created.id, expectedVersion: created.version, title: 'Kratší název', steps: [{ kind: 'step', id: 'a', action: 'Krok upravený', expected: 'Výsledek' }], folder: 'Kontroly' }, 'mutation')
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme)

      const axe = async () => {
        const results = await new AxeBuilder({ page }).analyze()
        const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([])
      }

      await page.goto(`/test-cases?project=${projectId}`)
      await hydrated(page)
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
      await page.getByRole('checkbox', { name: /^Select / }).first().check()
      await page.getByRole('button', { name: 'Import cases' }).first().click()
      await axe()
      await page.goto(`/test-cases/${created.id}`)
      await hydrated(page)
      await axe()

      await page.setViewportSize({ width: 360, height: 800 })
      await page.goto(`/test-cases?project=${projectId}`)
      await hydrated(page)
      await expect(rows(page)).toHaveCount(1)
      await noHorizontalOverflow(page)
      await page.goto(`/test-cases/${created.id}`)
      await hydrated(page)
      await noHorizontalOverflow(page)
    })
  }
})
