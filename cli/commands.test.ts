import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PassThrough } from 'node:stream'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { exportRun, importJunit, type Output } from './commands.ts'
import { describeFailure, EXIT } from './outcome.ts'
import { apiClient, call, RequestFailed } from './requests.ts'
import { madeBy } from '../lib/made-by.ts'

// The HTTP side of import-junit and export against a stand-in server on loopback: what is sent (path, query, token,
// the file's bytes) and what is made of the answer. The real routes are tested in the app's own tests and tests/e2e/cli.spec.ts.

type Seen = { method: string; url: string; authorization: string; contentType: string; body: string }
let server: Server
let baseUrl: string
let dir: string
let seen: Seen[] = []
let answer: (request: IncomingMessage, response: ServerResponse) => void = () => undefined

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'portalscope-cli-'))
  server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      seen.push({ method: request.method!, url: request.url!, authorization: request.headers.authorization ?? '', contentType: request.headers['content-type'] ?? '', body: Buffer.concat(chunks).toString() })
      answer(request, response)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`
})
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  await rm(dir, { recursive: true, force: true })
})
beforeEach(() => {
  seen = []
})

function capture(): Output & { lines: { out: string[]; err: string[] }; written: () => string } {
  const lines = { out: [] as string[], err: [] as string[] }
  const stdout = new PassThrough()
  const chunks: Buffer[] = []
  stdout.on('data', (chunk: Buffer) => chunks.push(chunk))
  return { out: (line) => lines.out.push(line), err: (line) => lines.err.push(line), stdout, lines, written: () => Buffer.concat(chunks).toString() }
}
const json = (status: number, body: unknown) => (_request: IncomingMessage, response: ServerResponse) => {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
}
const connection = () => ({ url: baseUrl, token: 'tok.secret' })

describe('portalscope import-junit', () => {
  it('streams the report with its name and the token, and summarises the answer', async () => {
    const file = path.join(dir, 'junit-report.xml')
    const xml = `<?xml version="1.0"?><testsuite name="e2e">${'<testcase name="Žluťoučký kůň"/>'.repeat(2000)}</testsuite>`
    await writeFile(file, xml)
    answer = json(200, { cases: 3, recorded: 3, created: 1, addedToRun: 1, unmatched: ['legacy › login'], counts: { passed: 2, failed: 1, skipped: 0 }, warnings: ['2 tests had no time'] })
    const io = capture()
    expect(await importJunit({ name: 'import-junit', runId: 'run 1', file, createUnknown: true, addCases: true }, connection(), io)).toBe(EXIT.ok)
    expect(seen).toEqual([
      { method: 'POST', url: '/api/test-runs/run%201/import-junit?filename=junit-report.xml&createUnknown=1&addCases=1&lang=en', authorization: 'Bearer tok.secret', contentType: 'application/xml', body: xml },
    ])
    expect(io.lines.out).toEqual([
      'Imported junit-report.xml into run run 1: 3 test cases, 3 results recorded (passed 2, failed 1, skipped 0), 1 case created, 1 added to the run.',
      'Not matched to a case (1):',
      '  legacy › login',
    ])
    expect(io.lines.err).toEqual(['Warning: 2 tests had no time'])
  })

  it('passes a refusal on with the server’s message, and refuses a missing file before sending anything', async () => {
    const file = path.join(dir, 'broken.xml')
    await writeFile(file, '<html>')
    answer = json(400, { error: { message: 'The file is not a JUnit XML report.', code: 'BAD_REQUEST' } })
    const refused = await importJunit({ name: 'import-junit', runId: 'r1', file, createUnknown: false }, connection(), capture()).catch((error: unknown) => error)
    expect(madeBy(refused, RequestFailed)).toBe(true)
    expect((refused as RequestFailed).failure).toEqual({ kind: 'http', status: 400, message: 'The file is not a JUnit XML report.' })
    // Without --add-cases the server is told not to add cases the run lacks (it answers how many instead).
    expect(seen[0]!.url).toBe('/api/test-runs/r1/import-junit?filename=broken.xml&addCases=0&lang=en')

    seen = []
    const io = capture()
    expect(await importJunit({ name: 'import-junit', runId: 'r1', file: path.join(dir, 'nope.xml'), createUnknown: false }, connection(), io)).toBe(EXIT.usage)
    expect(io.lines.err[0]).toMatch(/^Cannot read ".*nope\.xml": no such file\.$/)
    expect(seen).toEqual([])
  })
})

describe('portalscope export', () => {
  it('writes the answer to stdout or to a file, and leaves no file behind when refused', async () => {
    answer = (_request, response) => response.writeHead(200, { 'content-type': 'text/csv' }).end('\uFEFFkey,status\nPRG-1,passed\n')
    const io = capture()
    expect(await exportRun({ name: 'export', runId: 'r1', format: 'csv', output: null }, connection(), io)).toBe(EXIT.ok)
    expect(io.written()).toBe('\uFEFFkey,status\nPRG-1,passed\n')
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/api/test-runs/r1/export?format=csv&lang=en', authorization: 'Bearer tok.secret' })

    const file = path.join(dir, 'run.csv')
    expect(await exportRun({ name: 'export', runId: 'r1', format: 'csv', output: file }, connection(), capture())).toBe(EXIT.ok)
    expect(await readFile(file, 'utf8')).toBe('\uFEFFkey,status\nPRG-1,passed\n')

    answer = json(404, { error: { message: 'Test run not found.', code: 'NOT_FOUND' } })
    const missing = path.join(dir, 'missing.json')
    await expect(exportRun({ name: 'export', runId: 'gone', format: 'json', output: missing }, connection(), capture())).rejects.toMatchObject({ failure: { kind: 'http', status: 404, message: 'Test run not found.' } })
    await expect(stat(missing)).rejects.toThrow()
  })
})

describe('a hostile server answering the command', () => {
  const LURE = 'Title\n::error file=a.ts::pwned \u001b[2J\u001b[31mred'

  /** An answer of `megabytes` MB of JSON, streamed in pieces (a hostile or broken server). */
  const endless = (megabytes: number) => (_request: IncomingMessage, response: ServerResponse) => {
    response.writeHead(200, { 'content-type': 'application/json' })
    response.write('{"unmatched":["')
    const piece = 'x'.repeat(1024 * 1024)
    let sent = 0
    const more = () => {
      while (sent < megabytes) {
        sent++
        if (!response.write(piece)) return response.once('drain', more)
      }
      response.end('"]}')
    }
    more()
    response.on('error', () => undefined)
  }

  it('prints names, warnings and messages from the server on one line each, escaped', async () => {
    const file = path.join(dir, 'hostile.xml')
    await writeFile(file, '<testsuite/>')
    answer = json(200, { cases: 1, recorded: 0, unmatched: [LURE], counts: { passed: 0, failed: 0, skipped: 0 }, warnings: [`::warning ${LURE}`] })
    const io = capture()
    expect(await importJunit({ name: 'import-junit', runId: 'r1', file, createUnknown: false }, connection(), io)).toBe(EXIT.ok)
    const printed = [...io.lines.out, ...io.lines.err]
    for (const line of printed) {
      expect([...line].filter((character) => character.charCodeAt(0) < 0x20 || character.charCodeAt(0) === 0x7f)).toEqual([])
      expect(line.trimStart().startsWith('::')).toBe(false)
    }
    expect(io.lines.out).toContain('  Title\\u{A}::error file=a.ts::pwned \\u{1B}[2J\\u{1B}[31mred')
    // A refusal's message is the server's text too.
    answer = json(400, { error: { message: LURE, code: 'BAD_REQUEST' } })
    const refused = (await importJunit({ name: 'import-junit', runId: 'r1', file, createUnknown: false }, connection(), capture()).catch((error: unknown) => error)) as RequestFailed
    expect(describeFailure(refused.failure, baseUrl).message).toBe(`The server refused (400): Title\\u{A}::error file=a.ts::pwned \\u{1B}[2J\\u{1B}[31mred`)
  })

  it('stops reading an answer past its ceiling and says so, instead of holding it', async () => {
    const file = path.join(dir, 'small.xml')
    await writeFile(file, '<testsuite/>')
    answer = endless(40)
    const refused = await importJunit({ name: 'import-junit', runId: 'r1', file, createUnknown: false }, connection(), capture()).catch((error: unknown) => error)
    expect(madeBy(refused, RequestFailed)).toBe(true)
    expect((refused as RequestFailed).failure).toEqual({ kind: 'network', detail: "The server's answer is larger than 16 MB, more than this client reads" })
    // The tRPC calls of `run` have the same ceiling.
    const api = apiClient(connection())
    const failed = await call(api.testSuites.byId.query({ id: 's1' })).catch((error: unknown) => error)
    expect(madeBy(failed, RequestFailed)).toBe(true)
    expect((failed as RequestFailed).failure).toMatchObject({ kind: 'network', detail: expect.stringContaining('larger than 16 MB') })
  })

  it('reports the refusal of a server that answers before reading the upload, not the broken connection', async () => {
    const file = path.join(dir, 'large.xml')
    await writeFile(file, `<testsuite>${'<testcase classname="a" name="b"/>'.repeat(200_000)}</testsuite>`)
    const early = createServer((request, response) => {
      const probe = request.headers['content-length'] === '1'
      seen.push({ method: request.method!, url: request.url!, authorization: request.headers.authorization ?? '', contentType: request.headers['content-type'] ?? '', body: probe ? ' ' : '(streamed)' })
      if (probe) {
        response.writeHead(403, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'Creating cases needs the editor role.', code: 'FORBIDDEN' } }))
        return
      }
      // The upload itself: refused at once, the rest of it never read, the connection closed.
      response.writeHead(400, { connection: 'close' }).end()
      request.socket.destroy()
    })
    await new Promise<void>((resolve) => early.listen(0, '127.0.0.1', resolve))
    try {
      const url = `http://127.0.0.1:${(early.address() as { port: number }).port}`
      const refused = await importJunit({ name: 'import-junit', runId: 'r1', file, createUnknown: true }, { url, token: 'tok.secret' }, capture()).catch((error: unknown) => error)
      expect(madeBy(refused, RequestFailed)).toBe(true)
      expect((refused as RequestFailed).failure).toEqual({ kind: 'http', status: 403, message: 'Creating cases needs the editor role.' })
      expect(describeFailure((refused as RequestFailed).failure, url)).toEqual({ exitCode: EXIT.unreachable, message: 'The server refused the token (403): Creating cases needs the editor role.' })
      expect(seen.map((item) => [item.url, item.body])).toEqual([
        ['/api/test-runs/r1/import-junit?filename=large.xml&createUnknown=1&addCases=0&lang=en', '(streamed)'],
        ['/api/test-runs/r1/import-junit?filename=large.xml&createUnknown=1&addCases=0&lang=en', ' '],
      ])
    } finally {
      await new Promise((resolve) => early.close(resolve))
    }
  })

  it('keeps a refusal of the file itself, without asking again', async () => {
    const file = path.join(dir, 'refused.xml')
    await writeFile(file, '<html/>')
    answer = json(400, { error: { message: 'The file is XML, but not a JUnit report.', code: 'BAD_REQUEST' } })
    const refused = (await importJunit({ name: 'import-junit', runId: 'r1', file, createUnknown: false }, connection(), capture()).catch((error: unknown) => error)) as RequestFailed
    expect(refused.failure).toEqual({ kind: 'http', status: 400, message: 'The file is XML, but not a JUnit report.' })
    expect(seen).toHaveLength(1)
  })
})
