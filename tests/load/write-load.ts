// User writes against a server whose helper process is busy writing: the demo catalogue on a fresh database, then a
// scheduled harvest of a large fixture portal. Many clients sign up, update their profiles, create API tokens, sign
// out and in again the whole time; afterwards the database is compared with what every answer promised.
//
// Used by tests/load/write-durability.test.ts (no write may fail, vanish or appear uninvited) and by
// bench/write-contention.ts (how much the harvest slows down, how fast reads stay).

import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createClient, type Client } from '@libsql/client'
import { migrateLibsql } from '../../db/migrate.server.ts'
import { madeBy } from '../../lib/made-by.ts'

const ROOT = path.resolve(import.meta.dirname, '../..')
const PORTAL = 'load-portal'
const PASSWORD = 'load-test passphrase 7'

export type LoadOptions = {
  /** Concurrent clients writing the whole time. */
  clients: number
  /** Size of the fixture portal the scheduler harvests after the demo catalogue. */
  datasets: number
  /** false: only the background work, for a baseline harvest time. */
  writers?: boolean
  log?: (line: string) => void
}

type Outcome = { kind: WriteKind; status: number; ok: boolean; ms: number; detail: string }
type WriteKind = 'signup' | 'login' | 'logout' | 'profile' | 'token'

/** What one client was told, to hold against the database afterwards. */
type ClientRecord = {
  email: string
  signedUp: boolean | null
  /** Sessions the server said it created (id from the cookie), and whether a later sign-out said it ended them. */
  sessions: Array<{ id: string; endedOk: boolean; endFailed: boolean }>
  /** Sessions whose creation answered with an error: their ids are unknown, so they are counted per user. */
  failedLogins: number
  tokensOk: string[]
  tokensFailed: number
  /** The last profile name an update confirmed; later failed ones must not show. */
  confirmedName: string | null
  failedNames: string[]
}

export type LoadReport = {
  writes: { total: number; byKind: Record<WriteKind, { ok: number; failed: number; p50: number; p95: number; max: number }> }
  failures: Outcome[]
  lost: string[]
  phantom: string[]
  reads: { count: number; failed: number; p50: number; p95: number; max: number }
  demo: { datasets: number; seconds: number | null }
  harvest: { datasets: number; seconds: number | null; perSecond: number | null; status: string }
  seconds: number
  serverLog: string
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0
  const sorted = [...values].sort((a, b) => a - b)
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!)
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`Timed out waiting for ${what}`)
}

function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
    setTimeout(() => child.kill('SIGKILL'), 10_000).unref()
  })
}

/**
 * A tRPC call as the browser's client makes it (superjson body, session cookie, same-origin header), from the client's
 * own address as a proxy in front of the server would report it (sign-ups are limited per address).
 */
async function call(base: string, procedure: string, input: unknown, cookie: string | null, client: string): Promise<{ status: number; body: unknown; setCookie: string[] }> {
  const headers: Record<string, string> = { 'content-type': 'application/json', origin: base, 'x-forwarded-for': client }
  if (cookie) headers.cookie = cookie
  const response = await fetch(`${base}/api/trpc/${procedure}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(input === undefined ? {} : { json: input }),
  })
  const text = await response.text()
  let body: unknown = text
  try {
    body = JSON.parse(text)
  } catch {
    // kept as text
  }
  return { status: response.status, body, setCookie: response.headers.getSetCookie() }
}

function sessionFrom(setCookie: string[]): { cookie: string; id: string } | null {
  for (const line of setCookie) {
    const match = /^portalscope_session=([^;]+)/.exec(line)
    if (match && match[1]) return { cookie: `portalscope_session=${match[1]}`, id: match[1].split('.')[0]! }
  }
  return null
}

export async function runWriteLoad(options: LoadOptions): Promise<LoadReport> {
  const log = options.log ?? (() => {})
  const dir = await mkdtemp(path.join(tmpdir(), 'portalscope-load-'))
  const file = path.join(dir, 'load.db')
  const url = `file:${file}`
  const [port, fixturePort] = await Promise.all([freePort(), freePort()])
  const base = `http://127.0.0.1:${port}`
  let fixture: ChildProcess | undefined
  let server: ChildProcess | undefined
  let db: Client | undefined
  let serverLog = ''
  const started = Date.now()
  try {
    fixture = spawn(process.execPath, [path.join(ROOT, 'tests/ckan-fixture/cli.ts'), '--port', String(fixturePort), '--portal', `${PORTAL}:${options.datasets}`], { cwd: ROOT, stdio: 'ignore' })
    await migrateLibsql(url)
    db = createClient({ url })
    // The fixture portal is the only real one: the scheduler harvests it once the demo catalogue is in.
    await db.execute({
      sql: `INSERT INTO portal (id, name, base_url, api_base, country, languages, enabled, featured, is_demo, created_at) VALUES (?, ?, ?, ?, 'CZ', '["cs"]', 1, 0, 0, ?)`,
      args: [PORTAL, 'Load portal', `http://127.0.0.1:${fixturePort}/${PORTAL}`, `http://127.0.0.1:${fixturePort}/${PORTAL}/api/3`, Date.now()],
    })
    await waitFor(async () => (await fetch(`http://127.0.0.1:${fixturePort}/${PORTAL}/api/3/action/status_show`)).ok, 60_000, 'the fixture portal')

    server = spawn(process.execPath, [path.join(ROOT, 'scripts/start.ts')], {
      cwd: ROOT,
      env: {
        ...process.env,
        // The test runner sets NODE_ENV=test; the server runs as `npm start` runs it.
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: url,
        PORTALSCOPE_DEMO: 'on',
        PORTALSCOPE_SCHEDULER: 'on',
        PORTALSCOPE_LINK_CHECK: 'off',
        PORTALSCOPE_ALLOW_PRIVATE_HOSTS: '1',
        // The clients stand for people at their own addresses, behind one proxy that reports them.
        TRUST_PROXY: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const keep = (chunk: Buffer) => {
      serverLog += chunk.toString()
      if (serverLog.length > 200_000) serverLog = serverLog.slice(-100_000)
    }
    server.stdout?.on('data', keep)
    server.stderr?.on('data', keep)
    await waitFor(async () => (await fetch(`${base}/api/trpc/health`)).ok, 300_000, 'the server')
    log(`server up after ${((Date.now() - started) / 1000).toFixed(1)} s`)

    const runs = async () =>
      (await db!.execute(`SELECT portal_id, mode, status, done, active_ms, started_at, finished_at FROM harvest_run ORDER BY id`)).rows as unknown as Array<{
        portal_id: string
        mode: string
        status: string
        done: number
        active_ms: number | null
        started_at: number
        finished_at: number | null
      }>
    const harvestEnded = async () => (await runs()).some((run) => run.portal_id === PORTAL && run.status !== 'running')
    let backgroundDone = false
    const background = waitFor(harvestEnded, 600_000, 'the harvest').finally(() => {
      backgroundDone = true
    })

    // Reads the whole time: an API query and a server-rendered page.
    const readTimes: number[] = []
    let readFailures = 0
    const reader = (async () => {
      let turn = 0
      while (!backgroundDone) {
        const target = turn++ % 2 === 0 ? `${base}/api/trpc/portals.list` : `${base}/`
        const t = performance.now()
        try {
          const response = await fetch(target, { headers: { 'accept-language': 'en' } })
          await response.arrayBuffer()
          if (!response.ok) readFailures++
        } catch {
          readFailures++
        }
        readTimes.push(performance.now() - t)
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    })()

    const outcomes: Outcome[] = []
    const records: ClientRecord[] = []
    const timed = async (kind: WriteKind, run: () => ReturnType<typeof call>, expect2xx = true) => {
      const t = performance.now()
      let status = 0
      let detail = ''
      let result: Awaited<ReturnType<typeof call>> | null = null
      try {
        result = await run()
        status = result.status
        if (status >= 300) detail = typeof result.body === 'string' ? result.body.slice(0, 300) : JSON.stringify(result.body).slice(0, 300)
      } catch (error) {
        detail = madeBy(error, Error) ? error.message : String(error)
      }
      const ok = expect2xx ? status >= 200 && status < 300 : false
      outcomes.push({ kind, status, ok, ms: performance.now() - t, detail })
      return { ok, result }
    }

    const client = async (index: number) => {
      const address = `10.${Math.floor(index / 250)}.${index % 250}.7`
      const record: ClientRecord = { email: `load-${index}@example.test`, signedUp: null, sessions: [], failedLogins: 0, tokensOk: [], tokensFailed: 0, confirmedName: null, failedNames: [] }
      records.push(record)
      // Spread the first sign-ups over the first seconds, as people arrive.
      await new Promise((resolve) => setTimeout(resolve, (index * 37) % 3000))
      const signup = await timed('signup', () => call(base, 'auth.signup', { name: `Load ${index}`, email: record.email, password: PASSWORD }, null, address))
      record.signedUp = signup.ok
      if (!signup.ok) return
      let session = sessionFrom(signup.result!.setCookie)
      if (session) record.sessions.push({ id: session.id, endedOk: false, endFailed: false })
      record.confirmedName = `Load ${index}`
      let round = 0
      while (!backgroundDone) {
        round++
        const name = `Load ${index} round ${round}`
        const profile = await timed('profile', () => call(base, 'profile.update', { name }, session?.cookie ?? null, address))
        if (profile.ok) record.confirmedName = name
        else record.failedNames.push(name)
        const token = await timed('token', () => call(base, 'auth.tokens.create', { name: `token ${round}`, expiresInDays: null }, session?.cookie ?? null, address))
        const tokenId = token.ok ? (token.result?.body as { result?: { data?: { json?: { id?: string } } } })?.result?.data?.json?.id : undefined
        if (tokenId) record.tokensOk.push(tokenId)
        else record.tokensFailed++
        const current = record.sessions.at(-1)
        const logout = await timed('logout', () => call(base, 'auth.logout', undefined, session?.cookie ?? null, address))
        if (current) {
          if (logout.ok) current.endedOk = true
          else current.endFailed = true
        }
        const login = await timed('login', () => call(base, 'auth.login', { email: record.email, password: PASSWORD }, null, address))
        session = login.ok ? sessionFrom(login.result!.setCookie) : null
        if (session) record.sessions.push({ id: session.id, endedOk: false, endFailed: false })
        else {
          record.failedLogins++
          // Signed out for good: a person would sign in again; this client stops here.
          return
        }
      }
    }
    if (options.writers !== false) await Promise.all(Array.from({ length: options.clients }, (_, index) => client(index)))
    await background
    await reader

    const allRuns = await runs()
    const demoRuns = allRuns.filter((run) => run.mode === 'demo')
    const harvestRun = allRuns.find((run) => run.portal_id === PORTAL)
    await stop(server)
    server = undefined

    // What every answer promised, against what the database holds.
    const lost: string[] = []
    const phantom: string[] = []
    for (const record of records) {
      const [user] = (await db.execute({ sql: 'SELECT id, name FROM user WHERE email = ?', args: [record.email] })).rows as unknown as Array<{ id: string; name: string }>
      if (record.signedUp === true && !user) lost.push(`sign-up of ${record.email} answered 2xx, no account`)
      if (record.signedUp === false && user) phantom.push(`sign-up of ${record.email} answered an error, yet the account exists`)
      if (!user) continue
      if (record.confirmedName && user.name !== record.confirmedName && !record.failedNames.includes(user.name)) lost.push(`${record.email}: name ${JSON.stringify(user.name)}, confirmed ${JSON.stringify(record.confirmedName)}`)
      if (record.failedNames.includes(user.name) && user.name !== record.confirmedName) phantom.push(`${record.email}: a failed update's name ${JSON.stringify(user.name)} is stored`)
      const sessionRows = (await db.execute({ sql: 'SELECT id FROM session WHERE user_id = ?', args: [user.id] })).rows as unknown as Array<{ id: string }>
      const held = new Set(sessionRows.map((row) => row.id))
      for (const session of record.sessions) {
        if (session.endedOk && held.has(session.id)) lost.push(`${record.email}: sign-out answered 2xx, session ${session.id} still valid`)
        if (session.endFailed && !held.has(session.id)) phantom.push(`${record.email}: sign-out answered an error, yet session ${session.id} ended`)
        if (!session.endedOk && !session.endFailed && !held.has(session.id)) lost.push(`${record.email}: session ${session.id} answered 2xx at sign-in, missing`)
      }
      const known = new Set(record.sessions.map((session) => session.id))
      const unknown = [...held].filter((id) => !known.has(id))
      if (unknown.length > 0) phantom.push(`${record.email}: ${unknown.length} session(s) that no successful answer announced`)
      const tokenRows = (await db.execute({ sql: 'SELECT id FROM api_token WHERE user_id = ?', args: [user.id] })).rows as unknown as Array<{ id: string }>
      const tokens = new Set(tokenRows.map((row) => row.id))
      for (const id of record.tokensOk) if (!tokens.has(id)) lost.push(`${record.email}: token ${id} answered 2xx, missing`)
      if (tokens.size > record.tokensOk.length) phantom.push(`${record.email}: ${tokens.size - record.tokensOk.length} token(s) that no successful answer announced`)
    }

    const byKind = {} as LoadReport['writes']['byKind']
    for (const kind of ['signup', 'login', 'logout', 'profile', 'token'] as const) {
      const mine = outcomes.filter((outcome) => outcome.kind === kind)
      const times = mine.map((outcome) => outcome.ms)
      byKind[kind] = { ok: mine.filter((o) => o.ok).length, failed: mine.filter((o) => !o.ok).length, p50: percentile(times, 50), p95: percentile(times, 95), max: percentile(times, 100) }
    }
    const demoDatasets = demoRuns.reduce((sum, run) => sum + (run.done ?? 0), 0)
    const demoSeconds = demoRuns.length && demoRuns.every((run) => run.finished_at) ? (Math.max(...demoRuns.map((run) => run.finished_at!)) - Math.min(...demoRuns.map((run) => run.started_at))) / 1000 : null
    const harvestSeconds = harvestRun?.active_ms ? harvestRun.active_ms / 1000 : null
    return {
      writes: { total: outcomes.length, byKind },
      failures: outcomes.filter((outcome) => !outcome.ok),
      lost,
      phantom,
      reads: { count: readTimes.length, failed: readFailures, p50: percentile(readTimes, 50), p95: percentile(readTimes, 95), max: percentile(readTimes, 100) },
      demo: { datasets: demoDatasets, seconds: demoSeconds },
      harvest: {
        datasets: harvestRun?.done ?? 0,
        seconds: harvestSeconds,
        perSecond: harvestSeconds ? Math.round((harvestRun!.done ?? 0) / harvestSeconds) : null,
        status: harvestRun?.status ?? 'not started',
      },
      seconds: (Date.now() - started) / 1000,
      serverLog,
    }
  } finally {
    await stop(server)
    await stop(fixture)
    db?.close()
    await rm(dir, { recursive: true, force: true })
  }
}
