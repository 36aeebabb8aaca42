import { connect, type Socket } from 'node:net'
import { expect, test, type Page } from '@playwright/test'
import { OFF_SITE_SPELLINGS } from '../helpers/off-site-redirects.ts'
import { E2E_PASSWORD, E2E_USERS, hydrated, signIn, trpc } from './users.ts'

// Requests an attacker (or a careless client) sends to the Node server as `npm start` runs it: redirect targets
// that leave the site, chunked bodies, bodies left unread on a kept-alive connection, made-up notices in an address.

const user = E2E_USERS.hostile

/** One kept-alive connection: requests written as raw bytes, each answer read whole (by Content-Length or chunks). */
class Connection {
  private received = Buffer.alloc(0)
  private waiting: (() => void) | null = null
  closed = false
  private readonly socket: Socket
  private constructor(socket: Socket) {
    this.socket = socket
    socket.on('data', (chunk: Buffer) => {
      this.received = Buffer.concat([this.received, chunk])
      this.waiting?.()
    })
    socket.on('close', () => {
      this.closed = true
      this.waiting?.()
    })
    socket.on('error', () => undefined)
  }

  static open(baseURL: string): Promise<Connection> {
    const { hostname, port } = new URL(baseURL)
    return new Promise((resolve, reject) => {
      const socket = connect({ host: hostname === 'localhost' ? '127.0.0.1' : hostname, port: Number(port) }, () => resolve(new Connection(socket)))
      socket.once('error', reject)
    })
  }

  write(bytes: string | Buffer): void {
    this.socket.write(bytes)
  }

  /** The next whole answer: status, headers (lower case) and body; null when the server closed the connection first. */
  async answer(): Promise<{ status: number; headers: Map<string, string>; body: string } | null> {
    for (;;) {
      const parsed = this.parse()
      if (parsed) return parsed
      if (this.closed) return null
      await new Promise<void>((resolve) => (this.waiting = resolve))
      this.waiting = null
    }
  }

  private parse() {
    const end = this.received.indexOf('\r\n\r\n')
    if (end === -1) return null
    const head = this.received.subarray(0, end).toString('latin1').split('\r\n')
    const status = Number(head[0]!.split(' ')[1])
    // Repeated headers (Set-Cookie) joined by line breaks.
    const headers = new Map<string, string>()
    for (const line of head.slice(1)) {
      const name = line.slice(0, line.indexOf(':')).toLowerCase()
      const value = line.slice(line.indexOf(':') + 1).trim()
      headers.set(name, headers.has(name) ? `${headers.get(name)}\n${value}` : value)
    }
    let rest = this.received.subarray(end + 4)
    let body: Buffer
    if (headers.get('transfer-encoding') === 'chunked') {
      const parts: Buffer[] = []
      for (;;) {
        const line = rest.indexOf('\r\n')
        if (line === -1) return null
        const size = parseInt(rest.subarray(0, line).toString('latin1'), 16)
        if (rest.length < line + 2 + size + 2) return null
        if (size === 0) {
          rest = rest.subarray(line + 4)
          break
        }
        parts.push(rest.subarray(line + 2, line + 2 + size))
        rest = rest.subarray(line + 2 + size + 2)
      }
      body = Buffer.concat(parts)
    } else {
      const length = Number(headers.get('content-length') ?? 0)
      if (rest.length < length) return null
      body = rest.subarray(0, length)
      rest = rest.subarray(length)
    }
    this.received = rest
    return { status, headers, body: body.toString('utf8') }
  }

  close(): void {
    this.socket.destroy()
  }
}

function host(baseURL: string): string {
  return new URL(baseURL).host
}

/** A request with a chunked body (no Content-Length), sent in pieces. */
function chunked(method: string, path: string, baseURL: string, headers: Record<string, string>, body: string, pieces = 3): Buffer {
  const bytes = Buffer.from(body, 'utf8')
  const size = Math.ceil(bytes.length / pieces)
  let head = `${method} ${path} HTTP/1.1\r\nHost: ${host(baseURL)}\r\nTransfer-Encoding: chunked\r\n`
  for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`
  const parts = [Buffer.from(`${head}\r\n`)]
  for (let at = 0; at < bytes.length; at += size) {
    const piece = bytes.subarray(at, at + size)
    parts.push(Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n'))
  }
  parts.push(Buffer.from('0\r\n\r\n'))
  return Buffer.concat(parts)
}

async function sessionCookie(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((candidate) => candidate.name === 'portalscope_session')
  expect(cookie).toBeDefined()
  return `${cookie!.name}=${cookie!.value}`
}

test.describe('redirect targets after signing in stay on the site', () => {
  test('without JavaScript: every off-site spelling sends the browser to the default page', async ({ request, baseURL }) => {
    for (const target of OFF_SITE_SPELLINGS) {
      const response = await request.post(`/auth/login?lang=en&redirect=${encodeURIComponent(target)}`, {
        form: { _form: 'login', email: user.email, password: E2E_PASSWORD },
        headers: { origin: baseURL! },
        maxRedirects: 0,
      })
      expect(response.status(), target).toBe(303)
      expect(response.headers()['location'], target).toBe('/projects')
    }
    // A path of the site is kept.
    const kept = await request.post(`/auth/login?lang=en&redirect=${encodeURIComponent('/profile?tab=tokens')}`, {
      form: { _form: 'login', email: user.email, password: E2E_PASSWORD },
      headers: { origin: baseURL! },
      maxRedirects: 0,
    })
    expect(kept.headers()['location']).toBe('/profile?tab=tokens')
  })

  test('with JavaScript: the sign-in page goes to the default page, not to another host', async ({ page, baseURL }) => {
    for (const target of ['/.//evil.example/', '/%2e//evil.example/', '/a/..//evil.example/', '/./\\evil.example/']) {
      await page.context().clearCookies()
      await page.goto(`/auth/login?lang=en&redirect=${encodeURIComponent(target)}`)
      await hydrated(page)
      await page.getByLabel('E-mail').fill(user.email)
      await page.locator('input[name=password]').fill(E2E_PASSWORD)
      await page.getByRole('button', { name: 'Sign in' }).click()
      await page.waitForURL((url) => url.pathname === '/projects')
      expect(new URL(page.url()).origin, target).toBe(new URL(baseURL!).origin)
    }
  })
})

test.describe('request bodies on the real server', () => {
  test('a chunked body within the limit is read as any other; one past it is refused with 413', async ({ baseURL }) => {
    const connection = await Connection.open(baseURL!)
    // A sign-in through the API with a chunked body: answered as with a declared length, the session cookie set.
    connection.write(chunked('POST', '/api/trpc/auth.login', baseURL!, { 'Content-Type': 'application/json', Origin: baseURL! }, JSON.stringify({ json: { email: user.email, password: E2E_PASSWORD } })))
    const signedIn = await connection.answer()
    expect(signedIn?.status).toBe(200)
    expect(signedIn?.headers.get('set-cookie') ?? '').toContain('portalscope_session=')
    expect(JSON.parse(signedIn!.body).result.data.json.user.email).toBe(user.email)
    // A form posted chunked (30 bytes): the sign-out form's redirect.
    connection.write(chunked('POST', '/auth/logout', baseURL!, { 'Content-Type': 'application/x-www-form-urlencoded', Origin: baseURL! }, 'a=1&b=22222222222222222222222'))
    const signedOut = await connection.answer()
    expect(signedOut?.status).toBe(303)
    expect(signedOut?.headers.get('location')).toBe('/')
    // Past the API's 1 MB, counted as it arrives.
    connection.write(chunked('POST', '/api/trpc/auth.login', baseURL!, { 'Content-Type': 'application/json', Origin: baseURL! }, `{"json":"${'x'.repeat(1024 * 1024 + 10)}"}`, 20))
    const refused = await connection.answer()
    expect(refused?.status).toBe(413)
    expect(refused?.body).toContain('PAYLOAD_TOO_LARGE')
    connection.close()
  })

  test('a JUnit upload refused before its body is read leaves the kept-alive connection usable', async ({ page, baseURL }) => {
    await signIn(page, user)
    const cookie = await sessionCookie(page)
    const project = await trpc<{ id: string }>(page, 'projects.create', { name: 'Hostile uploads', key: `HU${Date.now().toString(36).slice(-4).toUpperCase()}` }, 'mutation')
    const created = await trpc<{ id: string }>(page, 'testCases.create', { projectId: project.data!.id, title: 'One case', state: 'active' }, 'mutation')
    const run = await trpc<{ id: string }>(page, 'testRuns.create', { projectId: project.data!.id, run: { name: 'Uploads' }, source: { kind: 'selection', caseIds: [created.data!.id] } }, 'mutation')
    const report = Buffer.from(`<testsuite name="s">${'<testcase name="n" classname="c"/>'.repeat(40_000)}</testsuite>`)
    const broken = Buffer.concat([Buffer.from('<testsuite><testcase name="a"></testsuite>\n'), Buffer.alloc(1_500_000, 0x20)])
    const upload = (runId: string, body: Buffer, headers: string) =>
      Buffer.concat([Buffer.from(`POST /api/test-runs/${runId}/import-junit HTTP/1.1\r\nHost: ${host(baseURL!)}\r\nContent-Type: application/xml\r\nContent-Length: ${body.length}\r\n${headers}\r\n`), body])
    const health = `GET /api/trpc/health HTTP/1.1\r\nHost: ${host(baseURL!)}\r\n\r\n`

    const cases: Array<{ what: string; runId: string; body: Buffer; headers: string; status: number }> = [
      { what: 'signed out', runId: run.data!.id, body: report, headers: '', status: 401 },
      { what: 'a run that does not exist', runId: 'nosuchrun00000000000000000000000', body: report, headers: `Cookie: ${cookie}\r\nOrigin: ${baseURL}\r\n`, status: 404 },
      { what: 'another site', runId: run.data!.id, body: report, headers: `Cookie: ${cookie}\r\nOrigin: https://evil.example\r\n`, status: 403 },
      { what: 'a file refused at its first line', runId: run.data!.id, body: broken, headers: `Cookie: ${cookie}\r\nOrigin: ${baseURL}\r\n`, status: 400 },
    ]
    for (const item of cases) {
      const connection = await Connection.open(baseURL!)
      connection.write(upload(item.runId, item.body, item.headers))
      const refused = await connection.answer()
      expect(refused?.status, item.what).toBe(item.status)
      // The next request on the same connection is read as a request, whether the server kept the connection (the body
      // drained) or said it would close it.
      if (refused!.headers.get('connection') === 'close') {
        expect(await connection.answer(), item.what).toBeNull()
      } else {
        connection.write(health)
        const next = await connection.answer()
        expect(next?.status, item.what).toBe(200)
      }
      connection.close()
    }
  })
})

test('a run page shows a JUnit notice from its address in its own words only', async ({ page }) => {
  await signIn(page, user)
  const project = await trpc<{ id: string }>(page, 'projects.create', { name: 'Hostile notices', key: `HN${Date.now().toString(36).slice(-4).toUpperCase()}` }, 'mutation')
  const created = await trpc<{ id: string }>(page, 'testCases.create', { projectId: project.data!.id, title: 'One case', state: 'active' }, 'mutation')
  const run = await trpc<{ id: string }>(page, 'testRuns.create', { projectId: project.data!.id, run: { name: 'Notices' }, source: { kind: 'selection', caseIds: [created.data!.id] } }, 'mutation')
  const lure = 'Your account is locked: call +420 000 000'
  const crafted = [
    { ok: true, file: lure, recorded: 1, created: 0, addedToRun: 0, unmatchedCount: 1, unmatched: [lure], counts: { passed: 1, failed: 0, blocked: 0, skipped: 0 }, warnings: 0 },
    { ok: false, problem: 'notJunit', line: 1, params: { root: lure } },
  ]
  for (const notice of crafted) {
    await page.goto(`/test-runs/${run.data!.id}?lang=en&junit=${encodeURIComponent(JSON.stringify(notice))}`)
    await hydrated(page)
    await expect(page.getByTestId('junit-import')).toBeVisible()
    expect(await page.locator('body').innerText()).not.toContain('call +420')
  }
  // A notice of figures and codes is shown, in the app's words.
  await page.goto(`/test-runs/${run.data!.id}?lang=en&junit=${encodeURIComponent(JSON.stringify({ ok: false, problem: 'notJunit', line: 1, params: {} }))}`)
  await expect(page.getByRole('alert')).toContainText('its root element is not testsuites or testsuite')
})
