import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { spawn } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { DEFAULT_CHECK, type CaseCheck } from '../../lib/domain/checks.ts'
import { E2E_LIVE_PORTALS } from './fixtures.ts'
import { E2E_USERS, hydrated, signIn, trpc } from './users.ts'

// The `portalscope` command against the running app, as CI runs it: a write token exports a run as JUnit, CSV and
// JSON and runs a suite's automated checks (exit 0 when they pass, 1 when one fails); a read token is refused for
// `run` (exit 3) and a revoked one for anything; bad usage exits 2 and an unreachable server 3. The profile's token
// form offers the scope and lists it, and passes axe in both themes.

const owner = E2E_USERS.cliOwner
const ROOT = process.cwd()

type Spawned = { code: number | null; stdout: string; stderr: string }

/** Runs the command as a child process, the way `npx portalscope` does (Node 22 runs the .ts file directly). */
function portalscope(args: string[], env: Record<string, string>, command: string[] = [process.execPath, 'cli/portalscope.ts']): Promise<Spawned> {
  return new Promise((resolve, reject) => {
    const [file, ...prefix] = command
    const child = spawn(file!, [...prefix, ...args], { cwd: ROOT, env: { ...process.env, PORTALSCOPE_URL: '', PORTALSCOPE_TOKEN: '', ...env } })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}

async function ok<T>(answer: Promise<{ data: T | null; error: { message: string } | null }>): Promise<T> {
  const { data, error } = await answer
  expect(error).toBeNull()
  return data!
}

async function token(page: Page, scope: 'read' | 'write'): Promise<{ id: string; token: string }> {
  return ok(trpc<{ id: string; token: string }>(page, 'auth.tokens.create', { name: `cli ${scope}`, expiresInDays: 1, scope }, 'mutation'))
}

async function newProject(page: Page, name: string): Promise<{ id: string; key: string }> {
  const key = `C${Math.random().toString(36).slice(2, 8).toUpperCase()}`
  const project = await ok(trpc<{ id: string }>(page, 'projects.create', { name: `${name} ${key}`, key }, 'mutation'))
  return { id: project.id, key }
}

/** A static suite of the given cases; a case with a check is of the automated type, so a run checks it. */
async function suiteOf(page: Page, projectId: string, cases: Array<{ title: string; check?: CaseCheck }>): Promise<{ suiteId: string; caseIds: string[] }> {
  const caseIds: string[] = []
  for (const item of cases) {
    const fields = { projectId, state: 'active', type: item.check ? 'automated' : 'manual', ...item }
    caseIds.push((await ok(trpc<{ id: string }>(page, 'testCases.create', fields, 'mutation'))).id)
  }
  const suite = await ok(trpc<{ id: string }>(page, 'testSuites.create', { projectId, suite: { name: 'CI', kind: 'static' } }, 'mutation'))
  await ok(trpc(page, 'testSuites.setContent', { suiteId: suite.id, expectedVersion: 1, sections: [{ id: null, name: 'Catalogue', caseIds }] }, 'mutation'))
  return { suiteId: suite.id, caseIds }
}

test('exports a run with recorded results as JUnit, CSV and JSON', async ({ page, baseURL }) => {
  await signIn(page, owner)
  const { token: writeToken } = await token(page, 'write')
  const project = await newProject(page, 'Export')
  const { caseIds } = await suiteOf(page, project.id, [{ title: 'Licence is shown' }, { title: 'Download works' }, { title: 'Map renders' }])
  const run = await ok(trpc<{ id: string }>(page, 'testRuns.create', { projectId: project.id, run: { name: 'Nightly', build: '2026.11.24' }, source: { kind: 'selection', caseIds } }, 'mutation'))
  const detail = await ok(trpc<{ cases: Array<{ id: string }> }>(page, 'testRuns.byId', { id: run.id }))
  await ok(trpc(page, 'testRuns.record', { runCaseId: detail.cases[0]!.id, expectedLatestResultId: null, result: { status: 'passed', elapsedSeconds: 12 } }, 'mutation'))
  await ok(trpc(page, 'testRuns.record', { runCaseId: detail.cases[1]!.id, expectedLatestResultId: null, result: { status: 'failed', comment: 'HTTP 404 for the CSV' } }, 'mutation'))
  const env = { PORTALSCOPE_URL: baseURL!, PORTALSCOPE_TOKEN: writeToken }

  const junit = await portalscope(['export', run.id, '--format', 'junit'], env)
  expect(junit.code, junit.stderr).toBe(0)
  expect(junit.stdout).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>/)
  // Untested cases are left out of JUnit; the failure carries the tester's comment.
  expect(junit.stdout.match(/<testcase /g)).toHaveLength(2)
  expect(junit.stdout).toContain(`name="[${project.key}-1] Licence is shown"`)
  const failedCase = junit.stdout.match(new RegExp(`name="\\[${project.key}-2\\] Download works"[^>]*>([\\s\\S]*?)</testcase>`))?.[1]
  expect(failedCase).toContain('<failure message="HTTP 404 for the CSV">')

  const dir = await mkdtemp(path.join(tmpdir(), 'portalscope-cli-'))
  try {
    const file = path.join(dir, 'run.csv')
    const csv = await portalscope(['export', run.id, '--format', 'csv', '--output', file], env)
    expect(csv.code, csv.stderr).toBe(0)
    expect(csv.stdout).toBe('')
    const rows = (await readFile(file, 'utf8')).replace(/^\uFEFF/, '').trim().split(/\r?\n/)
    expect(rows).toHaveLength(4)
    expect(rows[1]).toContain(`${project.key}-1`)
    expect(rows[1]).toContain('passed')
    expect(rows[2]).toContain('failed')
  } finally {
    await rm(dir, { recursive: true, force: true })
  }

  const json = await portalscope(['export', run.id, '--format', 'json'], env)
  expect(json.code, json.stderr).toBe(0)
  const parsed = JSON.parse(json.stdout) as { run: { name: string; build: string }; cases: Array<{ key: string; status: string }> }
  expect(parsed.run).toMatchObject({ name: 'Nightly', build: '2026.11.24' })
  expect(parsed.cases.map((item) => item.status)).toEqual(['passed', 'failed', 'untested'])
  // The token never shows in anything the command prints.
  for (const output of [junit, json]) expect(output.stdout + output.stderr).not.toContain(writeToken.split('.')[1]!)

  // A run that is not there is a refused operation (1), not a configuration error.
  const missing = await portalscope(['export', 'no-such-run', '--format', 'json'], env)
  expect(missing.code).toBe(1)
  expect(missing.stderr).toMatch(/^The server refused \(404\)/)
})

test('refuses a read token for run (exit 3) and a revoked token for anything', async ({ page, baseURL }) => {
  await signIn(page, owner)
  const read = await token(page, 'read')
  const project = await newProject(page, 'Scopes')
  const { suiteId } = await suiteOf(page, project.id, [{ title: 'Portal answers', check: { ...DEFAULT_CHECK, type: 'portal-answers', portal: E2E_LIVE_PORTALS[0].id } }])

  const refused = await portalscope(['run', '--suite', suiteId, '--wait'], { PORTALSCOPE_URL: baseURL!, PORTALSCOPE_TOKEN: read.token })
  expect(refused.code).toBe(3)
  expect(refused.stderr).toContain('The server refused the token (403): This API token may only read (scope “read”)')
  // Nothing was started.
  expect((await ok(trpc<{ runs: unknown[] }>(page, 'testRuns.list', { projectId: project.id }))).runs).toEqual([])

  await ok(trpc(page, 'auth.tokens.revoke', { tokenId: read.id }, 'mutation'))
  const revoked = await portalscope(['run', '--suite', suiteId], { PORTALSCOPE_URL: baseURL!, PORTALSCOPE_TOKEN: read.token })
  expect(revoked.code).toBe(3)
  expect(revoked.stderr).toMatch(/did not accept the token \(401; unknown, expired or revoked\)/)
})

test('exits 2 on bad usage or missing configuration and 3 when the server cannot be reached', async () => {
  // Through npx, as the docs show it: the repository's own bin.
  const usage = await portalscope(['export', 'r1', '--format', 'xml'], { PORTALSCOPE_URL: 'http://localhost:1', PORTALSCOPE_TOKEN: 'a.b' }, ['npx', '--no-install', 'portalscope'])
  expect(usage.code).toBe(2)
  expect(usage.stderr).toContain('portalscope: Unknown format "xml": use junit, csv, json.')
  expect(usage.stderr).toContain('Usage: portalscope export <runId> --format junit|csv|json')

  const unconfigured = await portalscope(['run', '--suite', 's1'], {})
  expect(unconfigured.code).toBe(2)
  expect(unconfigured.stderr).toContain('No server address: set PORTALSCOPE_URL')

  // A port nothing listens on: taken from the system, then freed.
  const port = await new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = server.address() as { port: number }
      server.close(() => resolve(free))
    })
  })
  const unreachable = await portalscope(['export', 'r1', '--format', 'json'], { PORTALSCOPE_URL: `http://127.0.0.1:${port}`, PORTALSCOPE_TOKEN: 'a.b' })
  expect(unreachable.code).toBe(3)
  expect(unreachable.stderr).toContain(`Could not reach the Portalscope server at http://127.0.0.1:${port}`)
})

test.describe('run --suite --wait', () => {
  test('exits 0 when every automated check passes and 1 when one fails, with progress and a summary', async ({ page, baseURL }) => {
    test.setTimeout(90_000)
    await signIn(page, owner)
    const { token: writeToken } = await token(page, 'write')
    const env = { PORTALSCOPE_URL: baseURL!, PORTALSCOPE_TOKEN: writeToken }
    const portal = E2E_LIVE_PORTALS[0].id
    const project = await newProject(page, 'Checks')
    const healthy = await suiteOf(page, project.id, [{ title: 'Portal answers', check: { ...DEFAULT_CHECK, type: 'portal-answers', portal } }])

    const green = await portalscope(['run', '--suite', healthy.suiteId, '--name', 'Green', '--build', 'ci-42', '--commit', 'abc123', '--wait', '--timeout', '60'], env)
    expect(green.code, green.stderr + green.stdout).toBe(0)
    expect(green.stderr).toContain('1 automated check queued')
    expect(green.stderr).toMatch(/1\/1 recorded \(passed 1, failed 0, blocked 0, skipped 0\), 0 checks pending/)
    expect(green.stdout).toContain(`Run "Green" (${project.key}): passed 1, failed 0, blocked 0, skipped 0, untested 0`)
    const runUrl = green.stdout.trim().split('\n').at(-1)!
    expect(runUrl).toMatch(new RegExp(`^${baseURL}/test-runs/[^/]+$`))
    // The run is there for people too, with what CI told it.
    const run = await ok(trpc<{ run: { name: string; commit: string | null; build: string | null } }>(page, 'testRuns.byId', { id: runUrl.split('/').at(-1) }))
    expect(run.run).toMatchObject({ name: 'Green', commit: 'abc123', build: 'ci-42' })
    // Without --complete the run stays open for people to finish.
    expect(run.run).toMatchObject({ state: 'in_progress' })

    const broken = await suiteOf(page, project.id, [
      { title: 'Portal answers', check: { ...DEFAULT_CHECK, type: 'portal-answers', portal } },
      { title: 'The budget dataset is published', check: { ...DEFAULT_CHECK, type: 'dataset-active', portal, dataset: 'no-such-dataset-anywhere' } },
    ])
    const red = await portalscope(['run', '--suite', broken.suiteId, '--wait', '--timeout', '60'], env)
    expect(red.code, red.stderr + red.stdout).toBe(1)
    expect(red.stdout).toMatch(/passed 1, failed 1, blocked 0|passed 1, failed 0, blocked 1/)
    expect(red.stdout).toMatch(new RegExp(`(FAILED|BLOCKED) ${project.key}-\\d+ The budget dataset is published`))
  })

  test('--complete completes the run it created once the checks are done; without --wait it is refused', async ({ page, baseURL }) => {
    test.setTimeout(90_000)
    await signIn(page, owner)
    const { token: writeToken } = await token(page, 'write')
    const env = { PORTALSCOPE_URL: baseURL!, PORTALSCOPE_TOKEN: writeToken }
    const project = await newProject(page, 'Complete')
    // One automated case and one manual case nobody records: the run is completed with it untested.
    const suite = await suiteOf(page, project.id, [{ title: 'Portal answers', check: { ...DEFAULT_CHECK, type: 'portal-answers', portal: E2E_LIVE_PORTALS[0].id } }, { title: 'Read by a person' }])

    const refused = await portalscope(['run', '--suite', suite.suiteId, '--complete'], env)
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain('--complete only applies with --wait')
    const runsBefore = await ok(trpc<{ runs: unknown[] }>(page, 'testRuns.list', { projectId: project.id }))
    expect(runsBefore.runs).toHaveLength(0)

    const done = await portalscope(['run', '--suite', suite.suiteId, '--name', 'Nightly CI', '--wait', '--timeout', '60', '--complete'], env)
    expect(done.code, done.stderr + done.stdout).toBe(0)
    expect(done.stderr).toContain('Run completed.')
    expect(done.stdout).toContain(`Run "Nightly CI" (${project.key}): passed 1, failed 0, blocked 0, skipped 0, untested 1`)
    const runId = done.stdout.trim().split('\n').at(-1)!.split('/').at(-1)
    const run = await ok(trpc<{ run: { state: string; completedAt: string | null }; counts: Record<string, number> }>(page, 'testRuns.byId', { id: runId }))
    expect(run.run.state).toBe('completed')
    expect(run.run.completedAt).not.toBeNull()
    expect(run.counts).toMatchObject({ passed: 1, untested: 1 })
  })
})

test('the profile offers a read-only token by default and lists each token’s scope', async ({ page }) => {
  await signIn(page, owner, '/profile')
  await page.goto('/profile?lang=en')
  await hydrated(page)
  await expect(page.getByLabel('Access')).toHaveValue('read')
  await page.getByLabel('Token name').fill('dashboard reader')
  await page.getByRole('button', { name: 'Create token' }).click()
  await expect(page.getByTestId('new-token')).toBeVisible()
  const row = page.getByTestId('token-row').filter({ hasText: 'dashboard reader' })
  await expect(row.getByTestId('token-scope')).toHaveText('Read only')

  await page.getByLabel('Token name').fill('ci writer')
  await page.getByLabel('Access').selectOption('write')
  await page.getByRole('button', { name: 'Create token' }).click()
  await expect(page.getByTestId('token-row').filter({ hasText: 'ci writer' }).getByTestId('token-scope')).toHaveText('Read and write')

  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((value) => localStorage.setItem('theme', value), theme)
    await page.reload()
    await hydrated(page)
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
    const results = await new AxeBuilder({ page }).analyze()
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    expect(serious.map((v) => `${theme} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
  }
})
