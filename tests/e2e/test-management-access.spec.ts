import { expect, request as playwrightRequest, test, type Page } from '@playwright/test'
import { E2E_USERS, signIn, trpc } from './users.ts'

// Who may see and change a project. Someone outside it must not learn that it exists: every page about it answers the
// 404 page and every procedure NOT_FOUND, as for an id that was never used (IDOR). Inside it the role decides, on the
// server. API tokens act for their owner on the same procedures.

type Ids = { projectId: string; caseId: string; suiteId: string; fieldId: string; sharedStepId: string; ownerId: string; runId: string; runCaseId: string }

async function ownerProject(page: Page, key: string): Promise<Ids> {
  await signIn(page, E2E_USERS.owner)
  const project = await trpc<{ id: string }>(page, 'projects.create', { name: `Projekt ${key}`, key }, 'mutation')
  expect(project.error).toBeNull()
  const projectId = project.data!.id
  const created = await trpc<{ id: string }>(page, 'testCases.create', { projectId, title: 'Datová sada má licenci', steps: [{ kind: 'step', id: 's1', action: 'Otevřít detail', expected: 'Licence je uvedena' }] }, 'mutation')
  const suite = await trpc<{ id: string }>(page, 'testSuites.create', { projectId, suite: { name: 'Regrese', kind: 'static' } }, 'mutation')
  const field = await trpc<{ id: string }>(page, 'projects.fields.create', { projectId, field: { label: 'Prostředí', type: 'text' } }, 'mutation')
  const shared = await trpc<{ id: string }>(page, 'projects.sharedSteps.create', { projectId, step: { title: 'Přihlásit se', steps: [{ action: 'Otevřít přihlášení' }] } }, 'mutation')
  const me = await trpc<{ user: { id: string } }>(page, 'auth.me', undefined)
  for (const answer of [created, suite, field, shared]) expect(answer.error).toBeNull()
  expect((await trpc(page, 'testSuites.addCases', { id: suite.data!.id, caseIds: [created.data!.id] }, 'mutation')).error).toBeNull()
  const run = await trpc<{ id: string }>(page, 'testRuns.create', { projectId, run: { name: 'Noční běh' }, source: { kind: 'suite', suiteId: suite.data!.id } }, 'mutation')
  expect(run.error).toBeNull()
  const content = await trpc<{ cases: Array<{ id: string }> }>(page, 'testRuns.byId', { id: run.data!.id })
  return {
    projectId,
    caseId: created.data!.id,
    suiteId: suite.data!.id,
    fieldId: field.data!.id,
    sharedStepId: shared.data!.id,
    ownerId: me.data!.user.id,
    runId: run.data!.id,
    runCaseId: content.data!.cases[0]!.id,
  }
}

test('a project and everything in it do not exist for someone outside it, by page and by API', async ({ page, browser }) => {
  test.setTimeout(90_000)
  const ids = await ownerProject(page, 'IDOR')
  const { projectId, caseId, suiteId, fieldId, sharedStepId, ownerId, runId, runCaseId } = ids

  // A file on the case, to be sure its bytes are as unknown to the outsider as the case.
  const origin = new URL(page.url()).origin
  const upload = await page.request.post(`/api/attachments?caseId=${caseId}&filename=licence.txt`, { data: Buffer.from('CC-BY 4.0'), headers: { 'content-type': 'application/octet-stream', origin } })
  expect(upload.status()).toBe(201)
  const attachmentId = ((await upload.json()) as { id: string }).id

  const outsiderContext = await browser.newContext()
  const outsider = await outsiderContext.newPage()
  await signIn(outsider, E2E_USERS.outsider)

  const pages = [
    `/projects/${projectId}`,
    `/projects/${projectId}/settings`,
    `/projects/${projectId}/debug`,
    `/projects/${projectId}/test-suites/${suiteId}`,
    `/test-cases?project=${projectId}`,
    `/test-cases/${caseId}`,
    `/test-cases/${caseId}/edit`,
    `/test-cases/create?project=${projectId}`,
    `/test-cases/enhanced-editor?project=${projectId}`,
    `/test-suites?project=${projectId}`,
    `/test-suites/create?project=${projectId}`,
    `/test-suites/${suiteId}/edit`,
    `/test-runs?project=${projectId}`,
    `/test-runs/${runId}`,
  ]
  for (const path of pages) {
    const response = await outsider.goto(`${path}${path.includes('?') ? '&' : '?'}lang=en`)
    expect(response?.status(), path).toBe(404)
    await expect(outsider.getByRole('heading', { level: 1 }), path).toContainText(/not found/i)
    await expect(outsider.getByText('Projekt IDOR'), `${path} names no part of the project`).toHaveCount(0)
  }

  const invited = await trpc<{ id: string }>(page, 'invitations.create', { projectId, email: 'pozvany@example.cz', role: 'tester', locale: 'cs' }, 'mutation')
  const invitationId = invited.data!.id
  const calls: Array<[string, unknown, 'query' | 'mutation']> = [
    ['projects.byId', { projectId }, 'query'],
    ['projects.update', { projectId, name: 'Převzato' }, 'mutation'],
    ['projects.remove', { projectId }, 'mutation'],
    ['projects.setPortals', { projectId, portalIds: [] }, 'mutation'],
    ['projects.members.list', { projectId }, 'query'],
    ['projects.members.add', { projectId, email: E2E_USERS.outsider.email, role: 'owner' }, 'mutation'],
    ['projects.members.setRole', { projectId, userId: ownerId, role: 'viewer' }, 'mutation'],
    ['projects.members.remove', { projectId, userId: ownerId }, 'mutation'],
    ['projects.fields.list', { projectId }, 'query'],
    ['projects.fields.create', { projectId, field: { label: 'Cizí', type: 'text' } }, 'mutation'],
    ['projects.fields.update', { projectId, fieldId, label: 'Cizí', options: [], required: false }, 'mutation'],
    ['projects.fields.remove', { projectId, fieldId }, 'mutation'],
    ['projects.sharedSteps.list', { projectId }, 'query'],
    ['projects.sharedSteps.create', { projectId, step: { title: 'Cizí', steps: [{ action: 'x' }] } }, 'mutation'],
    ['projects.sharedSteps.update', { sharedStepId, expectedVersion: 1, step: { title: 'Cizí', steps: [{ action: 'x' }] } }, 'mutation'],
    ['projects.sharedSteps.remove', { sharedStepId }, 'mutation'],
    ['projects.debug', { projectId }, 'query'],
    ['projects.export', { projectId }, 'query'],
    ['invitations.list', { projectId }, 'query'],
    ['invitations.create', { projectId, email: E2E_USERS.outsider.email, role: 'owner', locale: 'en' }, 'mutation'],
    ['invitations.resend', { projectId, invitationId }, 'mutation'],
    ['invitations.revoke', { projectId, invitationId }, 'mutation'],
    ['testCases.list', { projectId }, 'query'],
    ['testCases.byId', { id: caseId }, 'query'],
    ['testCases.history', { id: caseId }, 'query'],
    ['testCases.results', { id: caseId }, 'query'],
    ['testCases.create', { projectId, title: 'Cizí' }, 'mutation'],
    ['testCases.update', { id: caseId, expectedVersion: 1, title: 'Cizí' }, 'mutation'],
    ['testCases.bulk', { projectId, caseIds: [caseId], action: { kind: 'delete' } }, 'mutation'],
    ['testCases.sameTitle', { projectId, title: 'Datová sada má licenci' }, 'query'],
    ['testCases.targets', { projectId, kind: 'dataset' }, 'query'],
    ['testCases.exportCsv', { projectId }, 'query'],
    ['testCases.importPreview', { projectId, csv: 'ID,Title\n,Cizí\n' }, 'mutation'],
    ['testCases.import', { projectId, csv: 'ID,Title\n,Cizí\n' }, 'mutation'],
    ['testCases.setDefaultAssignee', { caseId, assigneeId: null }, 'mutation'],
    ['testSuites.list', { projectId }, 'query'],
    ['testSuites.byId', { id: suiteId }, 'query'],
    ['testSuites.create', { projectId, suite: { name: 'Cizí', kind: 'static' } }, 'mutation'],
    ['testSuites.update', { id: suiteId, expectedVersion: 1, suite: { name: 'Cizí', kind: 'static' } }, 'mutation'],
    ['testSuites.setContent', { suiteId, expectedVersion: 1, sections: [] }, 'mutation'],
    ['testSuites.addCases', { id: suiteId, caseIds: [caseId] }, 'mutation'],
    ['testSuites.preview', { projectId, rule: {} }, 'query'],
    ['testSuites.remove', { id: suiteId }, 'mutation'],
    ['testRuns.list', { projectId }, 'query'],
    ['testRuns.byId', { id: runId }, 'query'],
    ['testRuns.results', { runCaseId }, 'query'],
    ['testRuns.history', { id: runId }, 'query'],
    ['testRuns.create', { projectId, run: { name: 'Cizí' }, source: { kind: 'selection', caseIds: [caseId] } }, 'mutation'],
    ['testRuns.update', { id: runId, expectedVersion: 1, run: { name: 'Cizí' } }, 'mutation'],
    ['testRuns.assign', { id: runId, runCaseIds: [runCaseId], assigneeId: null }, 'mutation'],
    ['testRuns.assign', { id: runId, folder: '', assigneeId: null }, 'mutation'],
    ['testRuns.record', { runCaseId, expectedLatestResultId: null, result: { status: 'failed' } }, 'mutation'],
    ['testRuns.rerun', { id: runId, statuses: ['untested'], name: 'Cizí' }, 'mutation'],
    ['testRuns.stale', { projectId, days: 1 }, 'query'],
    ['testRuns.completeStale', { projectId, days: 1, runIds: [runId] }, 'mutation'],
    ['testRuns.remove', { id: runId }, 'mutation'],
    ['attachments.list', { target: { kind: 'case', caseId } }, 'query'],
    ['attachments.list', { target: { kind: 'run', runId } }, 'query'],
    ['attachments.remove', { id: attachmentId }, 'mutation'],
  ]
  for (const [procedure, input, kind] of calls) {
    const answer = await trpc(outsider, procedure, input, kind)
    expect(`${procedure}: ${answer.status} ${answer.error?.code ?? 'ok'}`).toBe(`${procedure}: 404 NOT_FOUND`)
  }
  // The file's bytes and a new file on the case: 404 too, and nothing is stored.
  expect((await outsider.request.get(`/api/attachments/${attachmentId}`)).status()).toBe(404)
  const foreignUpload = await outsider.request.post(`/api/attachments?caseId=${caseId}&filename=cizi.txt`, { data: Buffer.from('cizí'), headers: { 'content-type': 'application/octet-stream', origin } })
  expect(foreignUpload.status()).toBe(404)
  const files = await trpc<Array<{ id: string }>>(page, 'attachments.list', { target: { kind: 'case', caseId } })
  expect(files.data?.map((file) => file.id)).toEqual([attachmentId])
  // A project id that was never used answers the same.
  const unknown = await trpc(outsider, 'projects.byId', { projectId: 'no-such-project' })
  expect(unknown.status).toBe(404)

  // Nothing the outsider tried changed anything.
  const after = await trpc<{ case: { version: number; title: string; deleted: boolean } }>(page, 'testCases.byId', { id: caseId })
  expect(after.data?.case).toMatchObject({ version: 1, title: 'Datová sada má licenci', deleted: false })
  const runAfter = await trpc<{ counts: Record<string, number> }>(page, 'testRuns.byId', { id: runId })
  expect(runAfter.data?.counts).toMatchObject({ untested: 1, failed: 0 })
  const members = await trpc<Array<{ email: string; role: string }>>(page, 'projects.members.list', { projectId })
  expect(members.data?.map((member) => `${member.email}:${member.role}`)).toEqual([`${E2E_USERS.owner.email}:owner`])
  await outsiderContext.close()
})

test('a tester works in the project but cannot change roles; an API token acts for its owner', async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000)
  const { projectId, caseId, ownerId, runId } = await ownerProject(page, 'ROLE')
  const added = await trpc<{ userId: string }>(page, 'projects.members.add', { projectId, email: E2E_USERS.tester.email, role: 'tester' }, 'mutation')
  expect(added.error).toBeNull()

  const testerContext = await browser.newContext()
  const tester = await testerContext.newPage()
  await signIn(tester, E2E_USERS.tester)
  expect((await trpc(tester, 'projects.byId', { projectId })).status).toBe(200)
  expect((await trpc(tester, 'testCases.byId', { id: caseId })).status).toBe(200)
  // Every member reads a case's results across runs; the list of runs nobody touched is the owner's.
  expect((await trpc(tester, 'testCases.results', { id: caseId })).status).toBe(200)
  expect((await trpc(tester, 'testRuns.stale', { projectId, days: 1 })).status).toBe(403)
  for (const [procedure, input] of [
    ['projects.members.setRole', { projectId, userId: added.data!.userId, role: 'owner' }],
    ['projects.members.setRole', { projectId, userId: ownerId, role: 'viewer' }],
    ['projects.members.add', { projectId, email: E2E_USERS.outsider.email, role: 'editor' }],
    // Reruns are editors', completing runs nobody touched owners'.
    ['testRuns.rerun', { id: runId, statuses: ['untested'], name: 'Opakování' }],
    ['testRuns.completeStale', { projectId, days: 1, runIds: [runId] }],
    ['invitations.create', { projectId, email: E2E_USERS.outsider.email, role: 'editor', locale: 'en' }],
  ] as const) {
    const answer = await trpc(tester, procedure, input, 'mutation')
    expect(`${procedure}: ${answer.status} ${answer.error?.code}`).toBe(`${procedure}: 403 FORBIDDEN`)
  }
  // The settings page shows the tester the members without any control to change them.
  await tester.goto(`/projects/${projectId}/settings?lang=en`)
  await expect(tester.getByText(E2E_USERS.owner.email)).toBeVisible()
  await expect(tester.getByRole('combobox', { name: /role/i })).toHaveCount(0)
  await testerContext.close()

  // A token from the owner's profile authorises the same procedures without a browser session.
  const token = await trpc<{ token: string }>(page, 'auth.tokens.create', { name: 'e2e script', expiresInDays: 1 }, 'mutation')
  expect(token.error).toBeNull()
  const script = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${token.data!.token}`, origin: baseURL! } })
  const created = await script.post('/api/trpc/testCases.create', { data: { json: { projectId, title: 'Ze skriptu' } } })
  expect(created.status()).toBe(200)
  const list = await script.get(`/api/trpc/testCases.list?input=${encodeURIComponent(JSON.stringify({ json: { projectId } }))}`)
  const body = (await list.json()) as { result: { data: { json: { items: Array<{ title: string }> } } } }
  expect(body.result.data.json.items.map((item) => item.title)).toContain('Ze skriptu')
  const bogus = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { authorization: 'Bearer not-a-token', origin: baseURL! } })
  expect((await bogus.get(`/api/trpc/projects.byId?input=${encodeURIComponent(JSON.stringify({ json: { projectId } }))}`)).status()).toBe(401)
  await script.dispose()
  await bogus.dispose()
})
