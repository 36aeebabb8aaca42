import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { E2E_DOWN_PORTAL, E2E_FIXTURE_PORT, E2E_LIVE_PORTALS } from './fixtures.ts'
import { E2E_USERS, hydrated, signIn, trpc } from './users.ts'

// Automated cases in a run, against the fixture portals the e2e run serves: a healthy dataset passes, a dataset that
// has not changed for a long time fails "modified within", a portal answering 500 blocks, a deleted dataset skips, and
// each result keeps its evidence. Manual cases stay untested.

const owner = E2E_USERS.automationOwner
const portal = E2E_LIVE_PORTALS[0].id
const fixtureUrl = `http://127.0.0.1:${E2E_FIXTURE_PORT}/${portal}`
// Checks run in the helper process; results arrive by the view's polling.
const LIVE = { timeout: 30_000 }

const check = (fields: Record<string, unknown>) => ({ type: 'dataset-active', portal, scope: 'single', dataset: '', resource: '', organization: '', limit: 50, minVersion: '', format: '', contentType: '', columns: [], tableSchema: '', maxErrors: 20, days: 30, minimum: 0, fields: [], ...fields })

async function newRun(page: Page): Promise<{ runId: string }> {
  const names = (await (await page.request.get(`${fixtureUrl}/api/3/action/package_list?limit=1`)).json()) as { result: string[] }
  const dataset = names.result[0]!
  const key = `A${Math.random().toString(36).slice(2, 8).toUpperCase()}`
  const project = await trpc<{ id: string }>(page, 'projects.create', { name: `Automation ${key}`, key }, 'mutation')
  expect(project.error).toBeNull()
  const projectId = project.data!.id
  const automated = { projectId, type: 'automated', state: 'active' }
  const cases = [
    { ...automated, title: 'Dataset is published', check: check({ dataset }) },
    { ...automated, title: 'Dataset was modified this week', check: check({ type: 'modified-within', dataset, days: 7 }) },
    { ...automated, title: 'Portal that is down answers', check: check({ type: 'portal-answers', portal: E2E_DOWN_PORTAL.id }) },
    { ...automated, title: 'Deleted dataset has an open licence', check: check({ type: 'licence-open', dataset: 'removed-long-ago' }) },
    { ...automated, title: 'Download redirects to the file', check: check({ type: 'resource-reachable', resource: `${fixtureUrl}/files/redirect/2` }) },
    { projectId, title: 'Read the dataset page', state: 'active' },
  ]
  const caseIds: string[] = []
  for (const input of cases) {
    const created = await trpc<{ id: string }>(page, 'testCases.create', input, 'mutation')
    expect(created.error).toBeNull()
    caseIds.push(created.data!.id)
  }
  const run = await trpc<{ id: string }>(page, 'testRuns.create', { projectId, run: { name: `Checks ${key}`, portalId: null }, source: { kind: 'selection', caseIds } }, 'mutation')
  expect(run.error).toBeNull()
  return { runId: run.data!.id }
}

test.beforeEach(async ({ page }) => {
  await signIn(page, owner)
})

test('a run’s automated checks pass, fail, block and skip on fixture portals, with their evidence', async ({ page }) => {
  const { runId } = await newRun(page)
  await page.goto(`/test-runs/${runId}`)
  await hydrated(page)
  await expect(page.getByTestId('checks-pending')).toContainText('5')
  await page.getByTestId('run-checks').click()
  await expect(page.getByTestId('automation')).toContainText(/5 checks started/)
  await expect(page.getByTestId('count-passed')).toContainText('2', LIVE)
  await expect(page.getByTestId('count-failed')).toContainText('1', LIVE)
  await expect(page.getByTestId('count-blocked')).toContainText('1', LIVE)
  await expect(page.getByTestId('count-skipped')).toContainText('1', LIVE)
  await expect(page.getByTestId('count-untested')).toContainText('1')
  await expect(page.getByTestId('checks-pending')).not.toContainText('waiting')

  // The blocked case keeps what the portal answered: the request, its status and each attempt.
  await page.getByTestId('case-link').filter({ hasText: 'Portal that is down answers' }).click()
  const history = page.getByTestId('result-history')
  await expect(history).toContainText('Blocked')
  await expect(history).toContainText('status_show')
  await expect(history).toContainText('500')
  // The redirect chain is kept.
  await page.getByTestId('case-link').filter({ hasText: 'Download redirects to the file' }).click()
  await expect(history).toContainText(`${fixtureUrl}/files/redirect/1`)
  await expect(history).toContainText(`${fixtureUrl}/files/data.csv`)

  const results = await new AxeBuilder({ page }).analyze()
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([])
})

test('the checks run from the API too, and the JSON export carries their evidence', async ({ page }) => {
  const { runId } = await newRun(page)
  const queued = await trpc<{ queued: number }>(page, 'testRuns.runChecks', { runId }, 'mutation')
  expect(queued.data).toEqual({ queued: 5 })
  await expect
    .poll(async () => (await trpc<{ pending: number }>(page, 'testRuns.checkProgress', { runId })).data?.pending, LIVE)
    .toBe(0)
  const exported = await page.request.get(`/api/test-runs/${runId}/export?format=json`)
  expect(exported.ok()).toBe(true)
  const text = await exported.text()
  expect(text).toMatch(/"kind": ?"check"/)
  expect(text).toContain('status_show')
})
