import { expect, test, type Page } from '@playwright/test'
import { englishFragments, foundIn, MESSAGE_ID } from './catalogue-text.ts'
import { E2E_DATASET, E2E_DATASET_ID, E2E_PORTAL } from './fixtures.ts'
import { LOCALES, type Locale } from '../../lib/i18n/locales.ts'
import { pagesPerLanguage } from './sample.ts'
import { hydrated, signIn, E2E_USERS } from './users.ts'

// Every public page in every language: no message id on the page (a key the page has no message for shows as its
// id) and, outside English, no English text from the catalogue (a message left untranslated, or an English
// fallback). Data (portal, dataset and publisher names) is never compared: only the catalogue's own texts are.


/**
 * Catalogue texts that data uses too: the English names of the kraje that are a Czech town's name (the demo
 * catalogue's titles and publishers name the towns).
 */
const ALLOWED = new Set(['Plzeň', 'Karlovy Vary', 'Ústí nad Labem', 'Liberec', 'Hradec Králové', 'Pardubice', 'Vysočina', 'Olomouc', 'Zlín'])
/**
 * Data that reads like catalogue text, left out before comparing: the demo portals' names ("Demo: Otevřená data
 * měst"), CKAN licence titles ("Other (Open)") and the portal registry's English owner names ("Liberec Region").
 */
const DATA_TEXT = [new RegExp(E2E_DATASET.title, 'g'), /\bComma[ -]Separated Values\b/gi, /\bDemo: /g, /\bOther \([^)]*\)/g, /\p{Lu}[\p{L} ]* Region\b/gu]

// Pages whose ids come from the demo catalogue are found on the way (the first dataset and publisher listed).
const FIXED_PATHS = [
  '/',
  '/ckan-instances',
  '/ckan-explorer',
  '/ckan-explorer?q=voda',
  '/organizations',
  `/dataset/${E2E_DATASET_ID}`,
  '/data-formats',
  '/data-formats?format=CSV',
  '/data-quality',
  '/data-quality?region=CZ080',
  '/regional-analysis',
  '/regional-analysis?level=country&metric=quality',
  '/location/CZ080',
  '/location/CZ',
  '/auth/login',
  '/auth/signup',
  '/auth/reset-password',
  '/auth/reset-password?token=x',
  '/invitation?token=x',
  '/no-such-page',
  `/dataset/${E2E_PORTAL.id}:no-such-dataset`,
]

/** Everything a reader or a screen reader meets: the visible text, labels, titles, placeholders and alt texts. */
async function pageTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts = [document.title, document.body.innerText]
    const description = document.querySelector('meta[name="description"]')?.getAttribute('content')
    if (description) texts.push(description)
    for (const element of document.querySelectorAll('[aria-label], [title], [placeholder], [alt], [aria-roledescription]')) {
      for (const name of ['aria-label', 'title', 'placeholder', 'alt', 'aria-roledescription']) {
        const value = element.getAttribute(name)
        if (value) texts.push(value)
      }
    }
    for (const title of document.querySelectorAll('svg title')) texts.push(title.textContent ?? '')
    return texts
  })
}

const fragmentsOf = new Map<Locale, Array<{ key: string; text: string }>>(LOCALES.filter((locale) => locale !== 'en').map((locale) => [locale, englishFragments(locale)]))

async function check(page: Page, locale: Locale, path: string): Promise<string[]> {
  await page.goto(path)
  await hydrated(page)
  await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${locale}`))
  const texts = await pageTexts(page)
  const problems: string[] = []
  for (const text of texts) {
    for (const id of text.match(MESSAGE_ID) ?? []) problems.push(`${path}: message id shown: ${id}`)
  }
  const fragments = fragmentsOf.get(locale)
  if (fragments) {
    const text = DATA_TEXT.reduce((all, data) => all.replace(data, ' '), texts.join('\n'))
    const found = foundIn(text, fragments).filter((fragment) => !ALLOWED.has(fragment.text))
    for (const fragment of found) problems.push(`${path}: English text of ${fragment.key}: “${fragment.text}”`)
  }
  return [...new Set(problems)]
}

async function demoPaths(page: Page): Promise<string[]> {
  await page.goto('/location/CZ080?lang=en')
  const dataset = await page.locator('main a[href^="/dataset/"]').first().getAttribute('href')
  await page.goto('/organizations?lang=en')
  const publisher = await page.locator('main a[href^="/organizations/"]').first().getAttribute('href')
  expect(dataset, 'a demo dataset in Moravia-Silesia').toBeTruthy()
  expect(publisher, 'a publisher').toBeTruthy()
  return [dataset!, publisher!]
}

test.describe('every page in every language', () => {
  test.describe.configure({ timeout: 120_000 })
  let paths: string[] = FIXED_PATHS

  test.beforeAll(async ({ browser }) => {
    const page = await browser.newPage()
    paths = [...FIXED_PATHS, ...(await demoPaths(page))]
    await page.close()
  })

  // Every page in Czech, the default, and in one of the other languages in turn (tests/e2e/sample.ts): a text that a
  // page writes itself shows in every language, and a catalogue that lacks one is caught by lib/i18n's tests.
  for (const locale of LOCALES) {
    test(`public pages in ${locale}: no message ids${locale === 'en' ? '' : ', no English'}`, async ({ page, context, baseURL }) => {
      await context.addCookies([{ name: 'lang', value: locale, url: baseURL }])
      const problems: string[] = []
      for (const path of pagesPerLanguage(paths, { always: ['cs'] }).get(locale)!) problems.push(...(await check(page, locale, path)))
      expect(problems).toEqual([])
    })
  }

  test('signed-in pages in Chinese: no message ids, no English', async ({ page, context }) => {
    await signIn(page, E2E_USERS.languages, '/projects')
    // The account has no language of its own, so the cookie decides, as for a guest.
    await context.addCookies([{ name: 'lang', value: 'zh', url: page.url() }])
    const problems: string[] = []
    for (const path of ['/profile', '/projects', '/projects/new', '/test-cases', '/test-runs', '/test-suites', '/reports']) problems.push(...(await check(page, 'zh', path)))
    expect(problems).toEqual([])
  })
})
