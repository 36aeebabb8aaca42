import { spawn, type ChildProcess } from 'node:child_process'
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { createClient } from '@libsql/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDb } from '../../db/client.server.ts'
import { decodeTile } from '../../lib/domain/map-tile.ts'
import { hashPassword, verifyPassword } from '../../server/auth/password.server.ts'
import { runJob } from '../../server/jobs/registry.server.ts'
import { startCkanFixture, type CkanFixture } from '../ckan-fixture/server.ts'

const ROOT = path.resolve(import.meta.dirname, '../..')
const PORT = Number(process.env.EDGE_PORT ?? 8799)
const BASE = `http://127.0.0.1:${PORT}`

/** The local D1 database is a SQLite file that Node can open beside workerd. */
function localD1File(): string {
  const dir = path.join(ROOT, '.wrangler/state/v3/d1/miniflare-D1DatabaseObject')
  return path.join(dir, readdirSync(dir).find((name) => name.endsWith('.sqlite'))!)
}

function localD1() {
  return createClient({ url: `file:${localD1File()}` })
}

async function waitForServer(child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 240_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm run dev:edge exited with ${child.exitCode}:\n${output()}`)
    try {
      const res = await fetch(`${BASE}/api/trpc/health`)
      if (res.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error(`wrangler dev did not answer in time:\n${output()}`)
}

// `npm run dev:edge` the way the README says, in workerd with the local D1 database.
describe('wrangler dev (workerd + D1 + R2)', () => {
  let child: ChildProcess
  let log = ''

  beforeAll(async () => {
    // The fixture portal the Cron Trigger harvests is on loopback: private addresses are allowed, as in the e2e run.
    child = spawn('npm', ['run', 'dev:edge', '--', '--port', String(PORT), '--ip', '127.0.0.1', '--var', 'PORTALSCOPE_ALLOW_PRIVATE_HOSTS:1'], {
      cwd: ROOT,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, CI: 'true' },
    })
    child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()))
    child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()))
    await waitForServer(child, () => log.slice(-4000))
  })

  afterAll(() => {
    if (child.pid) {
      try {
        process.kill(-child.pid, 'SIGTERM')
      } catch {
        // already gone
      }
    }
  })

  it('serves the overview page, server-rendered', async () => {
    const res = await fetch(`${BASE}/`)
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain('<h1 id="page-title"')
    expect(html).toContain('Portalscope')
    expect(res.headers.get('content-security-policy')).toMatch(/'nonce-[A-Za-z0-9_-]+'/)
  })

  it('serves guests a public data page from the Cache API, with an ETag and 304, and a CSP by hashes', async () => {
    const first = await fetch(`${BASE}/data-formats`)
    expect(first.status).toBe(200)
    expect(first.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
    const etag = first.headers.get('etag')!
    expect(etag).toMatch(/^W\/"/)
    await first.arrayBuffer()
    const second = await fetch(`${BASE}/data-formats`)
    expect(second.headers.get('x-page-cache')).toBe('hit')
    expect(second.headers.get('etag')).toBe(etag)
    expect(second.headers.get('content-security-policy')).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/)
    expect(await second.text()).toContain('<h1 id="page-title"')
    const revalidated = await fetch(`${BASE}/data-formats`, { headers: { 'if-none-match': etag } })
    expect(revalidated.status).toBe(304)
  })

  it('answers a tRPC call from workerd with the D1 database', async () => {
    const res = await fetch(`${BASE}/api/trpc/health`)
    const body = (await res.json()) as { result: { data: { json: { status: string; runtime: string; database: string } } } }
    expect(body.result.data.json).toMatchObject({ status: 'ok', runtime: 'workerd', database: 'ok' })
  })

  it('guards sign-in pages and answers unknown paths with the 404 view', async () => {
    const guarded = await fetch(`${BASE}/projects/1/debug`, { redirect: 'manual' })
    expect(guarded.status).toBe(302)
    expect(guarded.headers.get('location')).toBe(`/auth/login?redirect=${encodeURIComponent('/projects/1/debug')}`)
    const missing = await fetch(`${BASE}/no/such/page`, { headers: { cookie: 'lang=en' } })
    expect(missing.status).toBe(404)
    expect(await missing.text()).toContain('Page not found: /no/such/page')
  })

  it('signs up and in under workerd, and scrypt hashes verify across runtimes', async () => {
    const email = `edge-${Date.now()}@example.cz`
    const password = 'hrad na kopci nad řekou'
    const post = (procedure: string, input: unknown, cookie = '') =>
      fetch(`${BASE}/api/trpc/${procedure}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: BASE, ...(cookie ? { cookie } : {}) },
        body: JSON.stringify({ json: input }),
      })
    const signup = await post('auth.signup', { name: 'Edge', email, password })
    expect(signup.status).toBe(200)
    const cookie = signup.headers.getSetCookie().find((c) => c.startsWith('portalscope_session='))!.split(';')[0]!
    const me = await fetch(`${BASE}/api/trpc/auth.me`, { headers: { cookie } })
    expect(JSON.stringify(await me.json())).toContain(email)

    // Read the hash workerd made and verify it on Node.
    const d1 = localD1()
    try {
      const row = await d1.execute({ sql: 'select password_hash from user where email = ?', args: [email] })
      const workerdHash = String(row.rows[0]?.password_hash)
      expect(workerdHash).toMatch(/^scrypt\$16384\$8\$5\$/)
      expect(await verifyPassword(password, workerdHash)).toBe(true)

      // And the other way: a hash made on Node signs in under workerd.
      const nodePassword = 'jiné heslo z Node.js 2026'
      await d1.execute({ sql: 'update user set password_hash = ? where email = ?', args: [await hashPassword(nodePassword), email] })
    } finally {
      d1.close()
    }
    const login = await post('auth.login', { email, password: 'jiné heslo z Node.js 2026' })
    expect(login.status).toBe(200)
    expect(login.headers.getSetCookie().join()).toMatch(/portalscope_session=[a-z2-7]{32}\.[a-z2-7]{32}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax/)
    const wrong = await post('auth.login', { email, password })
    expect(wrong.status).toBe(401)
  })

  it('reads a chunked request body (no Content-Length) within its limit, and refuses one past it with 413', async () => {
    // A body as a stream: fetch sends it with Transfer-Encoding: chunked.
    const chunkedBody = (text: string, pieces: number) => {
      const bytes = new TextEncoder().encode(text)
      const size = Math.ceil(bytes.length / pieces)
      return new ReadableStream<Uint8Array>({
        start(controller) {
          for (let at = 0; at < bytes.length; at += size) controller.enqueue(bytes.subarray(at, at + size))
          controller.close()
        },
      })
    }
    const post = (procedure: string, text: string, pieces: number) =>
      fetch(`${BASE}/api/trpc/${procedure}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: BASE }, body: chunkedBody(text, pieces), duplex: 'half' } as RequestInit)
    const email = `edge-chunked-${Date.now()}@example.cz`
    const signup = await post('auth.signup', JSON.stringify({ json: { name: 'Chunked', email, password: 'po kouscích přes workerd' } }), 3)
    expect(signup.status).toBe(200)
    expect(JSON.stringify(await signup.json())).toContain(email)
    const large = await post('auth.login', `{"json":"${'x'.repeat(1024 * 1024 + 10)}"}`, 20)
    expect(large.status).toBe(413)
  })

  it('keeps projects, versioned cases, suites and run results in D1, each change with its audit event', async () => {
    const call = async <T,>(procedure: string, input: unknown, cookie: string, kind: 'query' | 'mutation' = 'mutation'): Promise<T> => {
      const response =
        kind === 'query'
          ? await fetch(`${BASE}/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`, { headers: { cookie } })
          : await fetch(`${BASE}/api/trpc/${procedure}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: BASE, cookie }, body: JSON.stringify({ json: input }) })
      const body = (await response.json()) as { result?: { data: { json: T } }; error?: unknown }
      expect(response.status, `${procedure}: ${JSON.stringify(body.error)}`).toBe(200)
      return body.result!.data.json
    }
    const signup = await fetch(`${BASE}/api/trpc/auth.signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: BASE },
      body: JSON.stringify({ json: { name: 'Edge QA', email: `edge-qa-${Date.now()}@example.cz`, password: 'testovací projekt na okraji' } }),
    })
    expect(signup.status).toBe(200)
    const cookie = signup.headers.getSetCookie().find((c) => c.startsWith('portalscope_session='))!.split(';')[0]!
    const key = `E${Date.now().toString(36).toUpperCase().slice(-6)}`.replace(/[^A-Z0-9]/g, 'X')
    const project = await call<{ id: string }>('projects.create', { name: 'Okrajový projekt', key }, cookie)
    const created = await call<{ id: string; version: number }>('testCases.create', { projectId: project.id, title: 'Datová sada má licenci', steps: [{ kind: 'step', id: 's1', action: 'Otevřít detail' }] }, cookie)
    const updated = await call<{ version: number }>('testCases.update', { id: created.id, expectedVersion: 1, title: 'Datová sada má otevřenou licenci', steps: [{ kind: 'step', id: 's1', action: 'Otevřít detail' }] }, cookie)
    expect(updated.version).toBe(2)
    // An update based on the old version changes nothing.
    const stale = await fetch(`${BASE}/api/trpc/testCases.update`, { method: 'POST', headers: { 'content-type': 'application/json', origin: BASE, cookie }, body: JSON.stringify({ json: { id: created.id, expectedVersion: 1, title: 'Přepsáno' } }) })
    expect(stale.status).toBe(409)
    const suite = await call<{ id: string }>('testSuites.create', { projectId: project.id, suite: { name: 'Regrese', kind: 'static' } }, cookie)
    await call('testSuites.addCases', { id: suite.id, caseIds: [created.id] }, cookie)
    const run = await call<{ id: string }>('testRuns.create', { projectId: project.id, run: { name: 'Noční běh' }, source: { kind: 'suite', suiteId: suite.id } }, cookie)
    const content = await call<{ cases: Array<{ id: string; caseVersion: number }> }>('testRuns.byId', { id: run.id }, cookie, 'query')
    expect(content.cases).toHaveLength(1)
    expect(content.cases[0]!.caseVersion).toBe(2)
    await call('testRuns.record', { runCaseId: content.cases[0]!.id, expectedLatestResultId: null, result: { status: 'passed' } }, cookie)
    const recorded = await call<{ counts: Record<string, number> }>('testRuns.byId', { id: run.id }, cookie, 'query')
    expect(recorded.counts).toMatchObject({ passed: 1, untested: 0 })

    const history = await call<Array<{ version: number }>>('testCases.history', { id: created.id }, cookie, 'query')
    expect(history.map((entry) => entry.version)).toEqual([2, 1])
    const d1 = localD1()
    try {
      const audit = await d1.execute({ sql: 'select entity, action from audit_event where project_id = ? order by id', args: [project.id] })
      expect(audit.rows.map((row) => `${row.entity} ${row.action}`)).toEqual(expect.arrayContaining(['project created', 'case created', 'case updated', 'suite created', 'run created', 'result recorded']))
      // The stale update wrote no audit event: the conditional insert saw no change.
      expect(audit.rows.filter((row) => row.entity === 'case' && row.action === 'updated')).toHaveLength(1)
    } finally {
      d1.close()
    }
  })

  it('invites to a project and joins through the link on sign-up, in D1; the link is shown to copy (no mail on Workers)', async () => {
    const call = async <T,>(procedure: string, input: unknown, cookie = '', kind: 'query' | 'mutation' = 'mutation'): Promise<T> => {
      const res =
        kind === 'query'
          ? await fetch(`${BASE}/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`, { headers: cookie ? { cookie } : {} })
          : await fetch(`${BASE}/api/trpc/${procedure}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: BASE, ...(cookie ? { cookie } : {}) }, body: JSON.stringify({ json: input }) })
      const body = (await res.json()) as { result?: { data: { json: T } }; error?: unknown }
      if (!res.ok) throw new Error(`${procedure}: ${res.status} ${JSON.stringify(body.error)}`)
      return body.result!.data.json
    }
    const sessionOf = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith('portalscope_session='))!.split(';')[0]!
    const stamp = Date.now()
    const ownerSignup = await fetch(`${BASE}/api/trpc/auth.signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: BASE },
      body: JSON.stringify({ json: { name: 'Vlastník', email: `edge-owner-${stamp}@example.cz`, password: 'pozvánky přes workerd a D1' } }),
    })
    expect(ownerSignup.status).toBe(200)
    const owner = sessionOf(ownerSignup)
    const project = await call<{ id: string }>('projects.create', { name: 'Pozvaný tým', key: `P${String(stamp).slice(-6)}` }, owner)
    const email = `edge-invitee-${stamp}@example.cz`
    const invited = await call<{ link: string; mail: string }>('invitations.create', { projectId: project.id, email, role: 'tester', locale: 'cs' }, owner)
    expect(invited.mail).toBe('off')
    expect((await call<{ mailConfigured: boolean }>('invitations.list', { projectId: project.id }, owner, 'query')).mailConfigured).toBe(false)
    const token = new URL(invited.link).searchParams.get('token')!
    const page = await fetch(`${BASE}/invitation?token=${token}`, { headers: { cookie: 'lang=cs' } })
    expect(page.status).toBe(200)
    expect(await page.text()).toContain(`zve ${email} do projektu Pozvaný tým`)

    const joined = await call<{ joinedProjectId: string | null }>('auth.signup', { name: 'Pozvaná', email, password: 'připojena přes pozvánku 7', invitation: token })
    expect(joined.joinedProjectId).toBe(project.id)
    const members = await call<Array<{ email: string; role: string }>>('projects.members.list', { projectId: project.id }, owner, 'query')
    expect(members.map((member) => `${member.email}:${member.role}`)).toContain(`${email}:tester`)
    expect(await call<{ usable: boolean }>('invitations.byToken', { token }, '', 'query')).toEqual({ usable: false })
    const d1 = localD1()
    try {
      const stored = await d1.execute({ sql: 'select secret_hash, accepted_at from project_invitation where project_id = ?', args: [project.id] })
      expect(stored.rows).toHaveLength(1)
      expect(String(stored.rows[0]!.secret_hash)).toMatch(/^[0-9a-f]{64}$/)
      expect(String(stored.rows[0]!.secret_hash)).not.toContain(token.split('.')[1]!)
      expect(stored.rows[0]!.accepted_at).not.toBeNull()
    } finally {
      d1.close()
    }
  })

  it('stores attachments in the R2 binding: streamed in, served back byte for byte with nosniff, removed with the row', async () => {
    const signup = await fetch(`${BASE}/api/trpc/auth.signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: BASE },
      body: JSON.stringify({ json: { name: 'Edge přílohy', email: `edge-attach-${Date.now()}@example.cz`, password: 'soubory v kbelíku R2' } }),
    })
    expect(signup.status).toBe(200)
    const cookie = signup.headers.getSetCookie().find((c) => c.startsWith('portalscope_session='))!.split(';')[0]!
    const mutate = async <T,>(procedure: string, input: unknown): Promise<T> => {
      const response = await fetch(`${BASE}/api/trpc/${procedure}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: BASE, cookie }, body: JSON.stringify({ json: input }) })
      expect(response.status, procedure).toBe(200)
      return ((await response.json()) as { result: { data: { json: T } } }).result.data.json
    }
    const key = `R${Date.now().toString(36).toUpperCase().slice(-6)}`.replace(/[^A-Z0-9]/g, 'X')
    const project = await mutate<{ id: string }>('projects.create', { name: 'Přílohy v R2', key })
    const testCase = await mutate<{ id: string }>('testCases.create', { projectId: project.id, title: 'Snímek obrazovky' })
    const upload = (filename: string, body: Uint8Array) =>
      fetch(`${BASE}/api/attachments?caseId=${testCase.id}&filename=${encodeURIComponent(filename)}`, { method: 'POST', headers: { 'content-type': 'application/octet-stream', origin: BASE, cookie }, body: body as Uint8Array<ArrayBuffer> })
    // A 3 MB image: many chunks through the hash and R2's fixed-length stream.
    const image = new Uint8Array(3 * 1024 * 1024)
    for (let i = 0; i < image.length; i += 1) image[i] = (i * 31) % 251
    image.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
    const stored = await upload('snímek.png', image)
    expect(stored.status).toBe(201)
    const view = (await stored.json()) as { id: string; kind: string; size: number }
    expect(view).toMatchObject({ kind: 'image', size: image.length })
    const back = await fetch(`${BASE}/api/attachments/${view.id}`, { headers: { cookie } })
    expect(back.status).toBe(200)
    expect(back.headers.get('content-type')).toBe('image/png')
    expect(back.headers.get('x-content-type-options')).toBe('nosniff')
    expect(back.headers.get('content-security-policy')).toContain('sandbox')
    expect(Buffer.from(await back.arrayBuffer()).equals(Buffer.from(image))).toBe(true)
    // An image in name only is refused, and nothing is listed.
    const fake = await upload('fake.png', new TextEncoder().encode('<svg onload="alert(1)"/>'))
    expect(fake.status).toBe(415)
    const listed = await fetch(`${BASE}/api/trpc/attachments.list?input=${encodeURIComponent(JSON.stringify({ json: { target: { kind: 'case', caseId: testCase.id } } }))}`, { headers: { cookie } })
    expect(((await listed.json()) as { result: { data: { json: Array<{ id: string }> } } }).result.data.json.map((item) => item.id)).toEqual([view.id])
    // Signed out: refused.
    expect((await fetch(`${BASE}/api/attachments/${view.id}`)).status).toBe(401)
    await mutate('attachments.remove', { id: view.id })
    expect((await fetch(`${BASE}/api/attachments/${view.id}`, { headers: { cookie } })).status).toBe(404)
  })

  it('answers a missing dataset with 404 from D1', async () => {
    expect((await fetch(`${BASE}/dataset/nowhere:nothing`)).status).toBe(404)
  })

  it('harvests a portal from the Cron Trigger into D1 and searches it with FTS5', async () => {
    // A new slug per run: the local D1 state outlives runs, and a portal harvested before would not be due yet.
    const slug = `edge-kraj-${Date.now()}`
    const fixture: CkanFixture = await startCkanFixture({ portals: [{ slug, datasets: 1_234 }] })
    const d1 = localD1()
    try {
      // Only the fixture portal is due: the featured real portals cannot be reached from here.
      await d1.execute('update portal set enabled = 0')
      await d1.execute({
        sql: 'insert into portal (id, name, base_url, api_base, created_at) values (?, ?, ?, ?, ?)',
        args: [slug, 'Edge kraj', fixture.portalUrl(slug), fixture.apiBase(slug), Date.now()],
      })
      const cron = await fetch(`${BASE}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent('*/10 * * * *')}`)
      expect(cron.status).toBe(200)
      const run = await d1.execute({ sql: 'select status, done, total, mode, trigger from harvest_run where portal_id = ?', args: [slug] })
      expect(run.rows[0]).toMatchObject({ status: 'succeeded', done: 1_234, total: 1_234, mode: 'full', trigger: 'schedule' })

      const status = await fetch(`${BASE}/api/trpc/harvest.status?input=${encodeURIComponent(JSON.stringify({ json: { instanceId: slug } }))}`)
      const progress = (await status.json()) as { result: { data: { json: { datasets: number; lastSucceeded: { done: number } } } } }
      expect(progress.result.data.json).toMatchObject({ datasets: 1_234, lastSucceeded: { done: 1_234 } })

      const [first] = (await d1.execute({ sql: 'select title from dataset where portal_id = ? limit 1', args: [slug] })).rows
      const word = String(first!.title).split(/\s+/)[0]!
      const input = { json: { q: word, instanceIds: [slug], source: 'snapshot' } }
      const search = await fetch(`${BASE}/api/trpc/datasets.search?input=${encodeURIComponent(JSON.stringify(input))}`)
      const found = (await search.json()) as { result: { data: { json: { total: number; items: Array<{ title: string }> } } } }
      expect(found.result.data.json.total).toBeGreaterThan(0)
      expect(found.result.data.json.items[0]!.title.toLowerCase()).toContain(word.toLowerCase().slice(0, 3))

      // The harvest ended with its rollups, aggregated inside D1: the analysis API reads them.
      const query = async (path: string, json: unknown) =>
        ((await (await fetch(`${BASE}/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json }))}`)).json()) as { result: { data: { json: Record<string, unknown> } } }).result.data.json
      const quality = await query('quality.summary', { instanceIds: [slug] })
      expect(quality).toMatchObject({ datasets: 1_234 })
      expect(quality.averageScore).toEqual(expect.any(Number))
      const resources = await d1.execute({ sql: 'select count(*) as n from resource r join dataset d on d.key = r.dataset_key where d.portal_id = ?', args: [slug] })
      expect((await query('formats.summary', { instanceIds: [slug] })).resources).toBe(Number(resources.rows[0]!.n))
      const kraje = await query('regions.summary', { level: 'cz-kraj', instanceIds: [slug] })
      expect((kraje.regions as Array<{ datasets: number }>).some((region) => region.datasets > 0)).toBe(true)
    } finally {
      d1.close()
      await fixture.close()
    }
  })
  it('serves the map that Node built into the D1 file: its meta, a tile and the first view, from D1 blobs', async () => {
    // Workers never build the map; an operator builds it into the database, here the local D1 file (after the harvest above).
    const summary = await runJob('map-build', await createDb({ url: `file:${localD1File()}` }, { role: 'background' }), { force: true })
    expect(summary!.points).toBeGreaterThan(0)
    const query = async <T,>(procedure: string, json?: unknown): Promise<T> => {
      const url = `${BASE}/api/trpc/${procedure}${json === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify({ json }))}`}`
      return ((await (await fetch(url)).json()) as { result: { data: { json: T } } }).result.data.json
    }
    const meta = await query<{ buildId: number; points: number; portals: Array<{ points: number }> }>('map.meta')
    expect(meta).toMatchObject({ buildId: summary!.buildId, points: summary!.points })
    expect(meta.portals.reduce((sum, portal) => sum + portal.points, 0)).toBe(summary!.points)
    const tile = await fetch(`${BASE}/api/map/tiles/${summary!.buildId}/0/0/0`)
    expect(tile.status).toBe(200)
    expect(tile.headers.get('cache-control')).toContain('immutable')
    const decoded = decodeTile(new Uint8Array(await tile.arrayBuffer()))
    expect(decoded.kind === 'clusters' && Array.from(decoded.counts).reduce((a, b) => a + b, 0)).toBe(summary!.points)
    const cached = await fetch(`${BASE}/api/map/tiles/${summary!.buildId}/0/0/0`, { headers: { 'if-none-match': tile.headers.get('etag')! } })
    expect(cached.status).toBe(304)
    const first = await query<{ buildId: number; tiles: Array<{ data: string }>; total: number }>('map.firstView', {})
    expect(first.buildId).toBe(summary!.buildId)
    expect(first.tiles.length).toBeGreaterThan(0)
    expect(first.total).toBeGreaterThan(0)
    expect((await fetch(`${BASE}/api/map/geo/kraje.json`)).status).toBe(200)
  })
})
