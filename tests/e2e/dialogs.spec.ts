import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { hydrated } from './users.ts'

// The modal parts (components/ui/modal-parts.tsx) on the native <dialog>, checked on the component gallery, which
// has a form dialog (with a select whose list is portalled), a question (alertdialog) and drawers.

async function gallery(page: Page) {
  await page.goto('/test-vuetify?lang=en')
  await hydrated(page)
}

/** Waits until the dialog's own transitions are over (the gallery has spinners that never end). */
async function settled(dialog: Locator) {
  await dialog.evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished.catch(() => undefined))))
}

/** Whether the focused element is inside the open dialog. */
const focusInside = (page: Page) => page.evaluate(() => !!document.activeElement?.closest('dialog[open]'))

test('a dialog takes focus, keeps it, locks the page behind it, and gives focus back when it closes', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 600 })
  await gallery(page)
  const trigger = page.locator('#overlays').getByRole('button', { name: 'Add catalogue' })
  await expect(trigger).toHaveAttribute('aria-haspopup', 'dialog')
  await trigger.click()
  const dialog = page.getByRole('dialog', { name: 'Add a catalogue' })
  await expect(dialog).toBeVisible()
  await expect(dialog).toHaveAccessibleDescription('Portalscope will harvest the catalogue and run the standard tests on it.')
  await expect(dialog.getByLabel('Catalogue name')).toBeFocused()
  await expect(trigger).toHaveAttribute('aria-expanded', 'true')
  // The page behind cannot scroll or take focus: Tab goes round the dialog's controls only.
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden')
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab')
    expect(await focusInside(page)).toBe(true)
  }

  // A select inside: its list opens over the dialog and can be chosen from, and the dialog stays open.
  await dialog.getByRole('combobox', { name: 'Country' }).click()
  const option = page.getByRole('option').first()
  await expect(option).toBeVisible()
  const chosen = (await option.textContent())?.trim() ?? ''
  await option.click()
  await expect(dialog.getByRole('combobox', { name: 'Country' })).toContainText(chosen)
  await expect(dialog).toBeVisible()

  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(trigger).toBeFocused()
  await expect(trigger).toHaveAttribute('aria-expanded', 'false')
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden')

  // A press on the dimmed page around it closes it too; one inside does not.
  await trigger.click()
  await expect(dialog).toBeVisible()
  await dialog.getByText('Portalscope will harvest the catalogue and run the standard tests on it.').click()
  await expect(dialog).toBeVisible()
  await page.mouse.click(5, 5)
  await expect(dialog).toBeHidden()
  await expect(trigger).toBeFocused()
})

test('a question (alertdialog) starts on its safe answer and is not dismissed by a press beside it', async ({ page }) => {
  await gallery(page)
  const trigger = page.locator('#overlays').getByRole('button', { name: 'Delete test run' })
  await trigger.click()
  const question = page.getByRole('alertdialog', { name: 'Delete this test run?' })
  await expect(question).toBeVisible()
  await expect(question.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await page.mouse.click(5, 5)
  await expect(question).toBeVisible()
  await question.getByRole('button', { name: 'Cancel' }).click()
  await expect(question).toBeHidden()
  await expect(trigger).toBeFocused()
})

for (const theme of ['light', 'dark'] as const) {
  test(`an open dialog and a drawer at 360 px have no serious axe findings in the ${theme} theme`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: theme })
    await page.setViewportSize({ width: 360, height: 740 })
    await gallery(page)
    await page.locator('#overlays').getByRole('button', { name: 'Add catalogue' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add a catalogue' })
    await expect(dialog).toBeVisible()
    await settled(dialog)
    const box = await dialog.locator('[data-state=open]').last().boundingBox()
    expect(box!.x).toBeGreaterThanOrEqual(0)
    expect(box!.x + box!.width).toBeLessThanOrEqual(360)
    const results = await new AxeBuilder({ page }).include('dialog[open]').analyze()
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([])
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()

    await page.locator('#overlays').getByRole('button', { name: 'Filters' }).click()
    const drawer = page.getByRole('dialog', { name: 'Filters' })
    await expect(drawer).toBeVisible()
    await expect(drawer).toHaveAccessibleDescription('Narrow down the list of datasets.')
    await settled(drawer)
    const drawerResults = await new AxeBuilder({ page }).include('dialog[open]').analyze()
    expect(drawerResults.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([])
    await page.keyboard.press('Escape')
    await expect(drawer).toBeHidden()
  })
}
