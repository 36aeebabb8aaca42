import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'

const LANGUAGES = [
  { code: 'cs', formats: 'Datové formáty' },
  { code: 'en', formats: 'Data Formats' },
  { code: 'de', formats: null },
  { code: 'fr', formats: null },
  { code: 'pl', formats: null },
  { code: 'zh', formats: null },
] as const

async function hydrated(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
}

test.describe('languages', () => {
  test('renders Czech by default, server-side', async ({ request, page }) => {
    const html = await (await request.get('/')).text()
    expect(html).toMatch(/<html lang="cs"/)
    await page.goto('/')
    await expect(page.locator('html')).toHaveAttribute('lang', 'cs')
    await expect(page.getByRole('link', { name: 'Přihlásit se' })).toBeVisible()
  })

  test('ignores Accept-Language', async ({ request }) => {
    const html = await (await request.get('/', { headers: { 'accept-language': 'de-DE,de;q=0.9' } })).text()
    expect(html).toMatch(/<html lang="cs"/)
  })

  test('?lang= switches without JavaScript and the cookie keeps it', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto('/data-formats?lang=en')
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Data Formats')
    await page.goto('/data-quality')
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Data Quality')
    await context.close()
  })

  test('each language changes the text and persists across reload', async ({ page }) => {
    const headings = new Set<string>()
    for (const { code, formats } of LANGUAGES) {
      await page.goto('/data-formats')
      await hydrated(page)
      await page.getByTestId('language-switcher').locator('summary').click()
      await page.locator(`[data-testid=language-switcher] a[hreflang="${code}"]`).click()
      await expect(page.locator('html')).toHaveAttribute('lang', code)
      await page.reload()
      await expect(page.locator('html')).toHaveAttribute('lang', code)
      const heading = (await page.getByRole('heading', { level: 1 }).textContent()) ?? ''
      if (formats) expect(heading).toBe(formats)
      headings.add(heading)
      const cookies = await page.context().cookies()
      expect(cookies.find((c) => c.name === 'lang')?.value).toBe(code)
    }
    expect(headings.size).toBe(LANGUAGES.length)
  })

  test('loads only the active catalogue', async ({ page }) => {
    const scripts: string[] = []
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.push(res.url())
    })
    await page.goto('/data-formats?lang=de')
    await hydrated(page)
    const catalogueChunks = scripts.filter((url) => /locales_(cs|en|de|fr|pl|zh)_index|\/(cs|en|de|fr|pl|zh)\/index/.test(url) || /index\.[A-Za-z0-9_-]+\.js$/.test(url) && /de|cs|en|fr|pl|zh/.test(url))
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de')
    expect(catalogueChunks.length).toBeLessThanOrEqual(1)
  })
})

test.describe('themes', () => {
  test('a saved dark theme is applied before the first paint', async ({ page }) => {
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('theme', 'dark')
        sessionStorage.setItem('seeded', '1')
      }
      requestAnimationFrame(() => {
        const w = window as unknown as { firstFrame: { theme?: string; bg: string } }
        w.firstFrame = { theme: document.documentElement.dataset.theme, bg: getComputedStyle(document.documentElement).backgroundColor }
      })
    })
    await page.goto('/')
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
    await expect(page.locator('html')).toHaveClass(/\bdark\b/)
    const firstFrame = await page.evaluate(() => (window as unknown as { firstFrame: { theme?: string; bg: string } }).firstFrame)
    expect(firstFrame.theme).toBe('dark')
    expect(firstFrame.bg).toBe('rgb(0, 0, 0)')
  })

  test('with nothing saved, follows a dark system preference and keeps following it', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.goto('/')
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
    // Nothing is saved for the user, so a later change of the system's setting still applies, live and on reload.
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull()
    await hydrated(page)
    await page.emulateMedia({ colorScheme: 'light' })
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
    await page.reload()
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
  })

  test('with nothing saved and no stated preference, is light', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'no-preference' })
    await page.goto('/')
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull()
  })

  test('the toggle switches, saves, and a toast opened afterwards is themed', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' })
    await page.goto('/test-vuetify?lang=en')
    await hydrated(page)
    await page.getByTestId('theme-toggle').click()
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark')
    await page.getByTestId('gallery-toast-trigger').click()
    const toast = page.locator('[data-scope="toast"][data-part="root"]').first()
    await expect(toast).toBeVisible()
    const bg = await toast.evaluate((el) => getComputedStyle(el).backgroundColor)
    expect(bg).toBe('rgb(18, 18, 18)')
    await page.reload()
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  })
})

test.describe('navigation chrome', () => {
  test('skip link moves focus to the content', async ({ page }) => {
    await page.goto('/?lang=en')
    await hydrated(page)
    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: 'Skip to content' })
    await expect(skip).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/#main$/)
  })

  test('under 1280 px the navigation opens in a drawer', async ({ page }) => {
    await page.setViewportSize({ width: 600, height: 900 })
    await page.goto('/?lang=en')
    await hydrated(page)
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
    await page.getByRole('button', { name: 'Open menu' }).click()
    const dialog = page.getByRole('dialog')
    await expect(dialog).toBeVisible()
    await dialog.getByRole('link', { name: 'Data Quality' }).click()
    await expect(page).toHaveURL(/\/data-quality$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Data Quality')
  })

  test('a slow navigation shows the top loading bar, a fast one does not', async ({ page }) => {
    await page.goto('/?lang=en')
    await hydrated(page)
    await page.route('**/*.pageContext.json*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 900))
      await route.continue()
    })
    await page.getByRole('link', { name: 'Catalogues', exact: true }).first().click()
    await expect(page.getByTestId('navigation-progress')).toBeAttached()
    await expect(page).toHaveURL(/\/ckan-instances$/)
    await expect(page.getByTestId('navigation-progress')).toHaveCount(0, { timeout: 5000 })
  })
})

test.describe('accessibility', () => {
  for (const theme of ['light', 'dark'] as const) {
    for (const path of ['/', '/test-vuetify', '/data-formats', '/auth/login']) {
      test(`${path} has no serious axe findings in the ${theme} theme`, async ({ page }) => {
        await page.addInitScript((t) => localStorage.setItem('theme', t), theme)
        await page.goto(path)
        await hydrated(page)
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
        const results = await new AxeBuilder({ page }).analyze()
        const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
        expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
      })
    }
  }
})

test('pages load and hydrate without a Content Security Policy violation', async ({ page }) => {
  const violations: string[] = []
  page.on('console', (message) => {
    if (/Content.Security.Policy|unsafe-eval/i.test(message.text())) violations.push(message.text())
  })
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => console.error(`Content Security Policy: ${event.violatedDirective} ${event.blockedURI}`))
  })
  for (const path of ['/?lang=en', '/auth/signup?lang=en', '/ckan-explorer?lang=en', '/profile?lang=en']) {
    await page.goto(path)
    await hydrated(page)
  }
  expect(violations).toEqual([])
})
