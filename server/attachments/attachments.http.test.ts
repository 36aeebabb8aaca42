import { mkdir, readdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../tests/helpers/test-db.ts'
import { createApp } from '../app.server.ts'
import { attachmentsFolder } from './store.server.ts'

// Attachments over HTTP as a browser or a script sends them: the bytes as the body, streamed to a real folder beside
// a real database; each file back with the headers that keep it from acting as a page; the access of its item.
const ORIGIN = 'http://localhost'
let testDb: TestDatabase
let app: ReturnType<typeof createApp>
let folder: string

beforeAll(async () => {
  testDb = await createTestDatabase()
  process.env.DATABASE_URL = testDb.url
  delete process.env.PORTALSCOPE_ATTACHMENTS_DIR
  // Small ceilings, so that the quota is reached with small files: 30 KiB a file, 50 KiB a project.
  process.env.PORTALSCOPE_ATTACHMENT_MAX_MB = String(30 / 1024)
  process.env.PORTALSCOPE_ATTACHMENT_PROJECT_MB = String(50 / 1024)
  app = createApp()
  folder = attachmentsFolder()
})
afterAll(async () => {
  await testDb?.cleanup()
})

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 1, 2, 3, 4])

async function call<T>(procedure: string, input: unknown, cookie: string, kind: 'query' | 'mutation' = 'mutation'): Promise<{ status: number; body: T }> {
  const res =
    kind === 'mutation'
      ? await app.request(`/api/trpc/${procedure}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: ORIGIN, cookie }, body: JSON.stringify({ json: input }) })
      : await app.request(`/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`, { headers: { cookie } })
  const json = (await res.json()) as { result?: { data: { json: T } } }
  return { status: res.status, body: (json.result?.data.json ?? json) as T }
}

async function signUp(name: string, email: string, lang = 'en'): Promise<string> {
  const res = await app.request('/api/trpc/auth.signup', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify({ json: { name, email, password: 'dlouhé bezpečné heslo 42' } }),
  })
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('portalscope_session='))
  if (!cookie) throw new Error('no session cookie')
  return `${cookie.split(';')[0]!}; lang=${lang}`
}

function upload(query: string, bytes: Uint8Array, cookie: string, headers: Record<string, string> = {}) {
  return app.request(`/api/attachments?${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream', 'content-length': String(bytes.byteLength), origin: ORIGIN, cookie, ...headers },
    body: bytes as Uint8Array<ArrayBuffer>,
  })
}

/** Every stored file under the folder (temporary ones included), by name. */
async function storedFiles(): Promise<string[]> {
  const found: string[] = []
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      if (entry.isDirectory()) await walk(path.join(dir, entry.name))
      else found.push(path.relative(folder, path.join(dir, entry.name)))
    }
  }
  await walk(folder)
  return found.sort()
}

type View = { id: string; filename: string; kind: string; contentType: string; size: number; stepId: string | null }
type Refusal = { error: { message: string; code: string } }

describe('attachments over HTTP', () => {
  let owner: string
  let viewer: string
  let tester: string
  let stranger: string
  let projectId: string
  let caseId: string
  let runId: string
  let resultId: number

  beforeAll(async () => {
    owner = await signUp('Olga Vlastníková', 'olga@attach.cz')
    viewer = await signUp('Věra Divačka', 'vera@attach.cz')
    tester = await signUp('Tomáš Tester', 'tomas@attach.cz')
    stranger = await signUp('Sam Stranger', 'sam@attach.cz')
    projectId = (await call<{ id: string }>('projects.create', { name: 'Přílohy', key: 'ATT' }, owner)).body.id
    await call('projects.members.add', { projectId, email: 'vera@attach.cz', role: 'viewer' }, owner)
    await call('projects.members.add', { projectId, email: 'tomas@attach.cz', role: 'tester' }, owner)
    caseId = (await call<{ id: string }>('testCases.create', { projectId, title: 'Katalog odpovídá', state: 'active', steps: [{ kind: 'step', id: 's1', action: 'Otevřít katalog' }] }, owner)).body.id
    runId = (await call<{ id: string }>('testRuns.create', { projectId, run: { name: 'Noční' }, source: { kind: 'selection', caseIds: [caseId] } }, owner)).body.id
    const runCaseId = (await call<{ cases: Array<{ id: string }> }>('testRuns.byId', { id: runId }, owner, 'query')).body.cases[0]!.id
    resultId = (await call<{ id: number }>('testRuns.record', { runCaseId, expectedLatestResultId: null, result: { status: 'failed', comment: 'Chyba 500' } }, tester)).body.id
  })

  it('stores an image on a case by its content, and serves it inline with nosniff and a sandbox', async () => {
    const res = await upload(`caseId=${caseId}&filename=${encodeURIComponent('snímek obrazovky.png')}`, PNG, owner)
    expect(res.status).toBe(201)
    const view = (await res.json()) as View
    expect(view).toMatchObject({ filename: 'snímek obrazovky.png', kind: 'image', contentType: 'image/png', size: PNG.byteLength, stepId: null })
    const files = await storedFiles()
    expect(files).toHaveLength(1)
    expect(files[0]).toMatch(/^[0-9a-f]{2}[/\\][0-9a-f]{64}$/)

    const back = await app.request(`/api/attachments/${view.id}`, { headers: { cookie: viewer } })
    expect(back.status).toBe(200)
    expect(new Uint8Array(await back.arrayBuffer())).toEqual(PNG)
    expect(back.headers.get('content-type')).toBe('image/png')
    expect(back.headers.get('content-disposition')).toBe(`inline; filename="sn_mek obrazovky.png"; filename*=UTF-8''sn%C3%ADmek%20obrazovky.png`)
    expect(back.headers.get('x-content-type-options')).toBe('nosniff')
    expect(back.headers.get('content-security-policy')).toContain('sandbox')
    const listed = await call<View[]>('attachments.list', { target: { kind: 'case', caseId } }, viewer, 'query')
    expect(listed.body.map((item) => item.id)).toEqual([view.id])
  })

  it('serves other files, SVG included, only as downloads', async () => {
    const csv = await upload(`caseId=${caseId}&stepId=s1&filename=data.csv`, new TextEncoder().encode('a;b\n1;2\n'), owner)
    expect(csv.status).toBe(201)
    const csvView = (await csv.json()) as View
    expect(csvView).toMatchObject({ kind: 'file', stepId: 's1' })
    const svg = await upload(`runId=${runId}&filename=chart.svg`, new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), tester)
    expect(svg.status).toBe(201)
    const svgView = (await svg.json()) as View
    expect(svgView.kind).toBe('file')
    const back = await app.request(`/api/attachments/${svgView.id}`, { headers: { cookie: owner } })
    expect(back.headers.get('content-disposition')).toMatch(/^attachment; /)
    expect(back.headers.get('x-content-type-options')).toBe('nosniff')
    const steps = await call<View[]>('attachments.list', { target: { kind: 'case', caseId, stepId: 's1' } }, owner, 'query')
    expect(steps.body.map((item) => item.filename)).toEqual(['data.csv'])
  })

  it('refuses a type not allowed and an image that is not one, in the person\'s language, and keeps nothing', async () => {
    const before = await storedFiles()
    const exe = await upload(`caseId=${caseId}&filename=setup.exe`, new Uint8Array([0x4d, 0x5a, 1, 2]), owner)
    expect(exe.status).toBe(415)
    expect(((await exe.json()) as Refusal).error.message).toContain('setup.exe is a type that cannot be attached')
    const fake = await upload(`caseId=${caseId}&filename=photo.png`, new TextEncoder().encode('<html><script>alert(1)</script></html>'), `${owner}; lang=cs`.replace('lang=en; ', ''))
    expect(fake.status).toBe(415)
    expect(await storedFiles()).toEqual(before)
  })

  it('leaves nothing half-written when the body stops short or the store fails', async () => {
    const before = await storedFiles()
    const short = await upload(`resultId=${resultId}&filename=log.txt`, new TextEncoder().encode('half a log'), tester, { 'content-length': '200' })
    expect(short.status).toBe(400)
    expect(await storedFiles()).toEqual(before)
    // The store cannot write (its temporary folder is a file): the person is told, no row and no file remain.
    await rm(path.join(folder, 'tmp'), { recursive: true, force: true })
    await writeFile(path.join(folder, 'tmp'), 'in the way')
    const failed = await upload(`resultId=${resultId}&filename=log.txt`, new TextEncoder().encode('a whole log'), tester)
    expect(failed.status).toBe(503)
    expect(((await failed.json()) as Refusal).error.message).toBe('log.txt could not be stored; nothing was kept. Try again later.')
    await rm(path.join(folder, 'tmp'), { force: true })
    await mkdir(path.join(folder, 'tmp'))
    const listed = await call<View[]>('attachments.list', { target: { kind: 'result', resultId } }, tester, 'query')
    expect(listed.body).toEqual([])
    const ok = await upload(`resultId=${resultId}&filename=log.txt`, new TextEncoder().encode('a whole log'), tester)
    expect(ok.status).toBe(201)
  })

  it('refuses a file past the size before reading it, and past the project quota', async () => {
    const big = new Uint8Array(31 * 1024)
    const tooLarge = await upload(`caseId=${caseId}&filename=big.log`, big, owner)
    expect(tooLarge.status).toBe(413)
    expect(((await tooLarge.json()) as Refusal).error.message).toContain('big.log is larger than')
    const quotaProject = (await call<{ id: string }>('projects.create', { name: 'Kvóta', key: 'QUOTA' }, owner)).body.id
    const quotaCase = (await call<{ id: string }>('testCases.create', { projectId: quotaProject, title: 'Plný projekt' }, owner)).body.id
    expect((await upload(`caseId=${quotaCase}&filename=a.log`, new Uint8Array(28 * 1024).fill(1), owner)).status).toBe(201)
    const full = await upload(`caseId=${quotaCase}&filename=b.log`, new Uint8Array(28 * 1024).fill(2), owner)
    expect(full.status).toBe(413)
    expect(((await full.json()) as Refusal).error.message).toContain('quota')
    expect(await call('projects.remove', { projectId: quotaProject }, owner)).toMatchObject({ status: 200 })
  })

  it('gives a stranger 404 and a viewer 403 for every write, and the viewer reads', async () => {
    const view = (await (await upload(`runId=${runId}&filename=run.log`, new TextEncoder().encode('run log'), tester)).json()) as View
    for (const query of [`caseId=${caseId}`, `caseId=${caseId}&stepId=s1`, `resultId=${resultId}`, `runId=${runId}`]) {
      expect((await upload(`${query}&filename=x.txt`, new TextEncoder().encode('x'), stranger)).status, query).toBe(404)
      expect((await upload(`${query}&filename=x.txt`, new TextEncoder().encode('x'), viewer)).status, query).toBe(403)
    }
    expect((await upload(`caseId=${caseId}&stepId=nope&filename=x.txt`, new TextEncoder().encode('x'), owner)).status).toBe(404)
    expect((await upload(`filename=x.txt`, new TextEncoder().encode('x'), owner)).status).toBe(400)
    expect((await upload(`caseId=${caseId}&filename=x.txt`, new TextEncoder().encode('x'), '')).status).toBe(401)
    // A tester does not change a case's files; an editor would.
    expect((await upload(`caseId=${caseId}&filename=x.txt`, new TextEncoder().encode('x'), tester)).status).toBe(403)
    expect((await app.request(`/api/attachments/${view.id}`, { headers: { cookie: stranger } })).status).toBe(404)
    expect((await app.request(`/api/attachments/${view.id}`)).status).toBe(401)
    expect((await app.request(`/api/attachments/${view.id}`, { headers: { cookie: viewer } })).status).toBe(200)
    expect((await call('attachments.list', { target: { kind: 'run', runId } }, stranger, 'query')).status).toBe(404)
    expect((await call('attachments.remove', { id: view.id }, stranger)).status).toBe(404)
    expect((await call('attachments.remove', { id: view.id }, viewer)).status).toBe(403)
    expect((await call('attachments.remove', { id: view.id }, tester)).status).toBe(200)
    expect((await app.request(`/api/attachments/${view.id}`, { headers: { cookie: owner } })).status).toBe(404)
  })

  it('keeps one stored file for the same content until its last row goes, lists files in the export, and removes them with the run and the project', async () => {
    const first = (await (await upload(`runId=${runId}&filename=same.png`, PNG, tester)).json()) as View
    const filesWithBoth = await storedFiles()
    await call('attachments.remove', { id: first.id }, tester)
    // The case's image has the same bytes: the file stays.
    expect(await storedFiles()).toEqual(filesWithBoth)

    const exported = await app.request(`/api/projects/${projectId}/export`, { headers: { cookie: owner } })
    const content = (await exported.json()) as { attachments: Array<{ filename: string; sha256: string; href: string }> }
    expect(content.attachments.map((file) => file.filename).sort()).toEqual(['chart.svg', 'data.csv', 'log.txt', 'snímek obrazovky.png'])
    expect(content.attachments[0]!.href).toMatch(/^\/api\/attachments\//)

    const runOnly = (await (await upload(`runId=${runId}&filename=only-here.log`, new TextEncoder().encode('only in this run'), tester)).json()) as View
    const withRunOnly = await storedFiles()
    expect((await call('testRuns.remove', { id: runId }, owner)).status).toBe(200)
    expect((await app.request(`/api/attachments/${runOnly.id}`, { headers: { cookie: owner } })).status).toBe(404)
    const afterRun = await storedFiles()
    // The run's log, its SVG and its result's log are gone; the case's image and CSV stay.
    expect(afterRun.length).toBe(withRunOnly.length - 3)
    expect(afterRun.filter((name) => !name.startsWith('tmp'))).toHaveLength(2)

    expect((await call('projects.remove', { projectId }, owner)).status).toBe(200)
    expect((await storedFiles()).filter((name) => !name.startsWith('tmp'))).toEqual([])
  })
})
