import { createServer, type Server } from 'node:http'
import { connect } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { closeIdleConnections } from './idle-connections.server.ts'

let server: Server | null = null
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())))

function listen(handler: Parameters<typeof createServer>[1], idleMs: number): Promise<number> {
  server = createServer(handler)
  closeIdleConnections(server, idleMs)
  return new Promise((resolve) => server!.listen(0, '127.0.0.1', () => resolve((server!.address() as { port: number }).port)))
}

describe('closeIdleConnections', () => {
  it('lets the server take longer than the idle limit to answer', async () => {
    const port = await listen((request, response) => {
      request.resume()
      request.on('end', () => setTimeout(() => response.end('late but whole'), 900))
    }, 200)
    const response = await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', body: 'x' })
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('late but whole')
  })

  it('closes a connection that goes silent', async () => {
    const port = await listen((request, response) => response.end('ok'), 200)
    const started = Date.now()
    const closedAfter = await new Promise<number>((resolve) => {
      // Connected, then nothing at all.
      const socket = connect({ host: '127.0.0.1', port })
      socket.on('close', () => resolve(Date.now() - started))
      socket.on('error', () => undefined)
    })
    expect(closedAfter).toBeGreaterThanOrEqual(150)
  })

  it('closes a kept-alive connection once its answer was sent and it stays idle', async () => {
    const port = await listen((request, response) => response.end('ok'), 200)
    const received = await new Promise<string>((resolve) => {
      let text = ''
      const socket = connect({ host: '127.0.0.1', port }, () => socket.write('GET / HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n'))
      socket.on('data', (chunk) => (text += chunk.toString()))
      socket.on('close', () => resolve(text))
    })
    expect(received).toMatch(/^HTTP\/1\.1 200/)
    expect(received).toMatch(/ok$/)
  })

  it('closes an upload that goes silent part-way, while the server waits for its body', async () => {
    let bodyEnded = false
    const port = await listen((request, response) => {
      // A route reading the body as it streams in (a JUnit report), answering only once it is whole.
      request.on('data', () => undefined)
      request.on('end', () => {
        bodyEnded = true
        response.end('whole')
      })
    }, 200)
    const received = await new Promise<string>((resolve) => {
      let text = ''
      const socket = connect({ host: '127.0.0.1', port }, () => {
        // Headers and the start of a body of 100,000 bytes, then nothing.
        socket.write('POST /import HTTP/1.1\r\nHost: x\r\nContent-Type: application/xml\r\nContent-Length: 100000\r\n\r\n<testsuite>')
      })
      socket.on('data', (chunk) => (text += chunk.toString()))
      socket.on('error', () => undefined)
      socket.on('close', () => resolve(text))
    })
    expect(bodyEnded).toBe(false)
    // Closed without an answer: the request never became whole (Node may answer 408 first).
    expect(received === '' || received.startsWith('HTTP/1.1 408')).toBe(true)
  })

  it('leaves a connection alone while the server has not read the body that came', async () => {
    let release: () => void = () => undefined
    const port = await listen((request, response) => {
      // Busy elsewhere before it reads the body: the silence is the server's, not the client's.
      new Promise<void>((resolve) => (release = resolve)).then(() => {
        request.resume()
        request.on('end', () => response.end('read late'))
      })
    }, 200)
    // The idle limit passes on the connection before the server reads.
    const idled = new Promise((resolve) => server!.once('timeout', resolve))
    const answer = fetch(`http://127.0.0.1:${port}/`, { method: 'POST', body: 'x'.repeat(256 * 1024) })
    await idled
    release()
    const response = await answer
    expect(await response.text()).toBe('read late')
  })
})
