import { expect, test, type Page } from '@playwright/test'
import { E2E_USERS, signIn, trpc } from './users.ts'

// Every navigation item must be visible, or reachable through a menu whose button is visible, at every width and in
// the longest languages, with nothing cut off or scrolled out of sight (the header used to hide items in a sideways
// scroll with no scrollbar).

const WIDTHS = [360, 1024, 1366, 1920] as const
const HEADER_ITEMS = ['/ckan-instances', '/ckan-explorer', '/organizations', '/data-formats', '/data-quality', '/regional-analysis', '/projects']
const SECTIONS = ['overview', 'cases', 'suites', 'runs', 'reports', 'settings', 'debug']

/** The element is on screen: inside the viewport, not hidden in an overflowing box, its text not cut. */
async function expectFullyVisible(page: Page, selector: string, label: string) {
  const box = await page.locator(selector).first().evaluate((element) => {
    const rect = element.getBoundingClientRect()
    const clipped = (() => {
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        const style = getComputedStyle(parent)
        if (style.overflowX !== 'visible' || style.overflowY !== 'visible') {
          const outer = parent.getBoundingClientRect()
          if (rect.left < outer.left - 1 || rect.right > outer.right + 1 || rect.top < outer.top - 1 || rect.bottom > outer.bottom + 1) return true
        }
      }
      return false
    })()
    const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2)
    return {
      left: rect.left,
      right: rect.right,
      width: rect.width,
      clipped,
      textCut: element.scrollWidth > element.clientWidth + 1,
      onTop: hit !== null && (element === hit || element.contains(hit) || hit.contains(element)),
    }
  })
  expect(box.width, `${label} has a size`).toBeGreaterThan(0)
  expect(box.left, `${label} starts inside the viewport`).toBeGreaterThanOrEqual(0)
  expect(box.right, `${label} ends inside the viewport`).toBeLessThanOrEqual(page.viewportSize()!.width)
  expect(box.clipped, `${label} is not clipped by a scrolling box`).toBe(false)
  expect(box.textCut, `${label} shows all its text`).toBe(false)
  expect(box.onTop, `${label} is not covered`).toBe(true)
}

async function expectNoSideways(page: Page, label: string) {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, viewport: window.innerWidth }))
  expect(widths.scroll, `${label}: the page is no wider than the screen`).toBeLessThanOrEqual(widths.viewport)
}

/** Waits until every animation and transition on the page has finished (a drawer sliding in is not yet in place). */
async function settled(page: Page) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))))
}

async function checkHeader(page: Page, width: number) {
  const menuButton = page.locator('header button[aria-haspopup=dialog]')
  const inline = await page.getByTestId('header-nav').isVisible()
  if (inline) {
    for (const href of HEADER_ITEMS) await expectFullyVisible(page, `[data-testid=header-nav] a[href="${href}"]`, `${width}px header ${href}`)
  } else {
    await expect(menuButton).toBeVisible()
    await menuButton.click()
    const dialog = page.getByRole('dialog')
    await expect(dialog).toBeVisible()
    await settled(page)
    for (const href of [...HEADER_ITEMS, '/profile']) await expectFullyVisible(page, `[role=dialog] a[href="${href}"]`, `${width}px drawer ${href}`)
    await expectFullyVisible(page, '[role=dialog] form[action="/auth/logout"] button', `${width}px drawer sign-out`)
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
  }
  // The account menu: its button is always in the header; it holds the profile and signing out.
  const account = page.getByTestId('user-menu')
  await expectFullyVisible(page, '[data-testid=user-menu] summary', `${width}px account button`)
  await account.locator('summary').click()
  await settled(page)
  await expectFullyVisible(page, '[data-testid=user-menu] a[href="/profile"]', `${width}px account profile`)
  await expectFullyVisible(page, '[data-testid=user-menu] form[action="/auth/logout"] button', `${width}px account sign-out`)
  await page.keyboard.press('Escape')
  await expect(account.locator('a[href="/profile"]')).toBeHidden()
  await expect(account.locator('summary')).toBeFocused()
  await expectFullyVisible(page, '[data-testid=language-switcher] summary', `${width}px language`)
}

async function checkProjectNav(page: Page, width: number) {
  const side = page.getByTestId('project-nav')
  if (await side.isVisible()) {
    for (const section of SECTIONS) await expectFullyVisible(page, `[data-testid=project-nav] a[data-section=${section}]`, `${width}px side ${section}`)
    await expectFullyVisible(page, '[data-testid=project-nav] [data-testid=project-switcher] summary', `${width}px switcher`)
  } else {
    const compact = page.getByTestId('project-nav-compact')
    await expectFullyVisible(page, '[data-testid=project-nav-compact] > details > summary', `${width}px project menu`)
    await compact.locator('> details > summary').click()
    await settled(page)
    for (const section of SECTIONS) await expectFullyVisible(page, `[data-testid=project-nav-compact] a[data-section=${section}]`, `${width}px compact ${section}`)
    await compact.locator('> details > summary').click()
  }
}

test.describe('navigation at every width', () => {
  let projectId = ''

  test.beforeEach(async ({ page }) => {
    await signIn(page, E2E_USERS.navigator)
    // One project for the spec; tests on other workers may create it at the same moment (the key is unique).
    const find = async () => (await trpc<Array<{ id: string; key: string }>>(page, 'projects.list', undefined)).data?.find((project) => project.key === 'NAVI')?.id ?? ''
    projectId ||= await find()
    if (!projectId) {
      const created = await trpc<{ id: string }>(page, 'projects.create', { name: 'Navigace v úzkém i širokém okně', key: 'NAVI', description: '' }, 'mutation')
      projectId = created.data?.id ?? (await find())
    }
    expect(projectId).not.toBe('')
  })

  for (const lang of ['cs', 'de'] as const) {
    test(`every item is visible or in a visible menu, ${lang}`, async ({ page }) => {
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 })
        await page.goto(`/projects/${projectId}?lang=${lang}`)
        await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
        await expectNoSideways(page, `${lang} ${width}px`)
        await checkHeader(page, width)
        await checkProjectNav(page, width)
      }
    })
  }

  test('the header holds its items at 1280 px in the other languages too', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 })
    for (const lang of ['en', 'fr', 'pl', 'zh']) {
      await page.goto(`/projects/${projectId}?lang=${lang}`)
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
      await expectNoSideways(page, `${lang} 1280px`)
      await checkHeader(page, 1280)
      await checkProjectNav(page, 1280)
    }
  })
})

