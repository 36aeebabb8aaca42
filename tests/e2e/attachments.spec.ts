import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { E2E_USERS, hydrated, signIn, trpc } from './users.ts'

// Attachments on a case, a step, a result and a run: chosen with the keyboard through a button whose label is ours
// (in English and in Czech, never the browser's "Choose File"), pasted as a screenshot, dropped as a file; images as
// thumbnails that open large, other files as downloads; a refused type says why. A viewer sees them on a 360 px phone
// and may not change them. The page passes axe in both themes.

const owner = E2E_USERS.attachOwner
const viewer = E2E_USERS.attachViewer

// A real 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')

async function newProject(page: Page) {
  const key = `A${Math.random().toString(36).slice(2, 8).toUpperCase()}`
  const project = await trpc<{ id: string }>(page, 'projects.create', { name: `Přílohy ${key}`, key }, 'mutation')
  expect(project.error).toBeNull()
  const projectId = project.data!.id
  expect((await trpc(page, 'projects.members.add', { projectId, email: viewer.email, role: 'viewer' }, 'mutation')).error).toBeNull()
  const created = await trpc<{ id: string }>(page, 'testCases.create', { projectId, title: 'Katalog vrací CSV', state: 'active', steps: [{ kind: 'step', id: 's1', action: 'Stáhnout CSV' }] }, 'mutation')
  expect(created.error).toBeNull()
  const run = await trpc<{ id: string }>(page, 'testRuns.create', { projectId, run: { name: `Noční ${key}` }, source: { kind: 'selection', caseIds: [created.data!.id] } }, 'mutation')
  expect(run.error).toBeNull()
  const detail = await trpc<{ cases: Array<{ id: string }> }>(page, 'testRuns.byId', { id: run.data!.id })
  const recorded = await trpc(page, 'testRuns.record', { runCaseId: detail.data!.cases[0]!.id, expectedLatestResultId: null, result: { status: 'failed', comment: 'Vrací HTML' } }, 'mutation')
  expect(recorded.error).toBeNull()
  return { projectId, caseId: created.data!.id, runId: run.data!.id }
}

/** Sends files as a paste or a drop would, with a DataTransfer of real File objects. */
async function dispatchFiles(target: Locator, type: 'paste' | 'drop', files: Array<{ name: string; mime: string; base64: string }>) {
  await target.evaluate(
    (element, { type, files }) => {
      const transfer = new DataTransfer()
      for (const file of files) transfer.items.add(new File([Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0))], file.name, { type: file.mime }))
      const event = type === 'paste' ? new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }) : new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true })
      element.dispatchEvent(event)
    },
    { type, files },
  )
}

async function expectNoSeriousAxe(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}

test('files on a case, a step, a result and a run: keyboard, paste, drop, thumbnails, downloads, refusals, two languages, a phone', async ({ page, browser }) => {
  test.setTimeout(90_000)
  await signIn(page, owner)
  const { caseId, runId } = await newProject(page)

  // English, desktop: the case's own files, chosen with the keyboard through our translated button.
  await page.goto(`/test-cases/${caseId}?lang=en`)
  await hydrated(page)
  const onCase = page.getByTestId('case-attachments')
  await expect(onCase.getByRole('heading', { name: 'On the case' })).toBeVisible()
  await expect(onCase).toContainText('No attachments yet.')
  const input = onCase.getByLabel('Add files')
  await input.focus()
  await expect(input).toBeFocused()
  const chooser = page.waitForEvent('filechooser')
  await page.keyboard.press('Space')
  await (await chooser).setFiles([{ name: 'screenshot.png', mimeType: 'image/png', buffer: PNG }])
  await expect(onCase.getByTestId('case-attachments-status')).toContainText('screenshot.png attached.')
  const thumbnail = onCase.getByRole('img', { name: 'screenshot.png' })
  await expect(thumbnail).toBeVisible()
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1)
  // The thumbnail opens the image large, served inline from a path that runs no script.
  const open = onCase.getByRole('link', { name: 'Open screenshot.png large' })
  const href = (await open.getAttribute('href'))!
  const served = await page.request.get(href)
  expect(served.headers()['content-type']).toBe('image/png')
  expect(served.headers()['content-disposition']).toMatch(/^inline; /)
  expect(served.headers()['x-content-type-options']).toBe('nosniff')
  expect(served.headers()['content-security-policy']).toContain('sandbox')

  // A type not allowed is refused, and says why.
  await input.setInputFiles([{ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ not really') }])
  await expect(onCase.getByTestId('case-attachments-status')).toContainText('setup.exe was not attached: setup.exe is a type that cannot be attached.')
  await expect(onCase.getByTestId('attachment')).toHaveCount(1)

  // A screenshot pasted while the step's button has the focus.
  const onStep = page.getByTestId('step-attachments-1')
  await expect(onStep.getByRole('heading', { name: 'Attachments of step 1' })).toBeVisible()
  await onStep.getByLabel('Add files').focus()
  await dispatchFiles(onStep.getByLabel('Add files'), 'paste', [{ name: 'image.png', mime: 'image/png', base64: PNG.toString('base64') }])
  await expect(onStep.getByRole('img', { name: 'image.png' })).toBeVisible()
  await expect(onCase.getByTestId('attachment')).toHaveCount(1)

  await expectNoSeriousAxe(page)
  const otherTheme = (await page.locator('html').getAttribute('data-theme')) === 'dark' ? 'light' : 'dark'
  await page.getByTestId('theme-toggle').click()
  await expect(page.locator('html')).toHaveAttribute('data-theme', otherTheme)
  await expectNoSeriousAxe(page)

  // Czech: the same panel in Czech words, the input named by our label.
  await page.goto(`/test-cases/${caseId}?lang=cs`)
  await hydrated(page)
  const czech = page.getByTestId('case-attachments')
  await expect(czech.getByRole('heading', { name: 'K případu' })).toBeVisible()
  await expect(czech.getByLabel('Přidat soubory')).toHaveCount(1)
  await expect(czech.getByText('Přidat soubory', { exact: true })).toBeVisible()
  await expect(page.getByText('Choose File')).toHaveCount(0)
  await expect(page.getByRole('heading', { name: 'Přílohy kroku 1' })).toBeVisible()

  // The run: a log dropped on the run's panel downloads; a file on the open case's latest result, then removed.
  await page.goto(`/test-runs/${runId}?lang=en`)
  await hydrated(page)
  const onRun = page.getByTestId('run-attachments')
  await dispatchFiles(onRun.getByTestId('run-attachments-drop'), 'drop', [{ name: 'harvest.csv', mime: 'text/csv', base64: Buffer.from('id;title\n1;Praha\n').toString('base64') }])
  const csvLink = onRun.getByRole('link', { name: 'Download harvest.csv' })
  await expect(csvLink).toBeVisible()
  const download = page.waitForEvent('download')
  await csvLink.click()
  expect((await download).suggestedFilename()).toBe('harvest.csv')
  const onResult = page.getByTestId('result-attachments')
  await expect(onResult.getByRole('heading', { name: 'Attachments of this result' })).toBeVisible()
  await onResult.getByLabel('Add files').setInputFiles([{ name: 'response.json', mimeType: 'application/json', buffer: Buffer.from('{"success": false}') }])
  await expect(onResult.getByRole('link', { name: 'Download response.json' })).toBeVisible()
  await onResult.getByRole('button', { name: 'Remove response.json' }).click()
  await expect(onResult.getByTestId('result-attachments-status')).toContainText('response.json removed.')
  await expect(onResult.getByRole('link', { name: 'Download response.json' })).toHaveCount(0)

  // A viewer on a 360 px phone: the files are there, thumbnails and all, nothing to change them, nothing wider than
  // the screen.
  const phone = await browser.newContext({ viewport: { width: 360, height: 780 } })
  const viewing = await phone.newPage()
  await signIn(viewing, viewer)
  await viewing.goto(`/test-cases/${caseId}?lang=cs`)
  await hydrated(viewing)
  const seen = viewing.getByTestId('case-attachments')
  await expect(seen.getByRole('img', { name: 'screenshot.png' })).toBeVisible()
  await expect(viewing.getByLabel('Přidat soubory')).toHaveCount(0)
  await expect(viewing.getByRole('button', { name: /Odebrat/ })).toHaveCount(0)
  expect(await viewing.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  await viewing.goto(`/test-runs/${runId}?lang=cs`)
  await hydrated(viewing)
  await expect(viewing.getByTestId('run-attachments').getByRole('link', { name: 'Stáhnout harvest.csv' })).toBeVisible()
  expect(await viewing.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  await phone.close()

  // The owner at 360 px can still add one with the keyboard-usable button.
  await page.setViewportSize({ width: 360, height: 780 })
  await page.goto(`/test-cases/${caseId}?lang=en`)
  await hydrated(page)
  await page.getByTestId('case-attachments').getByLabel('Add files').setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('poznámky') }])
  await expect(page.getByTestId('case-attachments').getByRole('link', { name: 'Download notes.txt' })).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
})
