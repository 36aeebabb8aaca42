import { connect, type Socket } from 'node:net'
import { expect, test } from '@playwright/test'

// The Node server as `npm start` runs it: slow clients and oversized bodies are cut off by the server itself.

function open(baseURL: string): Promise<Socket> {
  const { hostname, port } = new URL(baseURL)
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname === 'localhost' ? '127.0.0.1' : hostname, port: Number(port) }, () => resolve(socket))
    socket.once('error', reject)
  })
}

/** Resolves with what the server sent once it closes the connection. */
function closed(socket: Socket): Promise<string> {
  let received = ''
  socket.on('data', (chunk) => (received += chunk.toString()))
  return new Promise((resolve) => socket.once('close', () => resolve(received)))
}

test('a client that never finishes its request headers is disconnected', async ({ baseURL }) => {
  test.setTimeout(45_000)
  const socket = await open(baseURL!)
  const ended = closed(socket)
  // A slow-headers client: the request line and one header, then nothing.
  socket.write('GET / HTTP/1.1\r\nHost: localhost\r\n')
  const answer = await ended
  // Node answers 408 or just closes; either way the connection is no longer held.
  expect(answer === '' || answer.startsWith('HTTP/1.1 408')).toBe(true)
})

test('a body declared larger than the API takes is refused with 413 before it is sent', async ({ baseURL }) => {
  const socket = await open(baseURL!)
  const ended = closed(socket)
  socket.write('POST /api/trpc/health HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 52428800\r\nConnection: close\r\n\r\n{"json":')
  const answer = await ended
  expect(answer).toMatch(/^HTTP\/1\.1 413/)
  expect(answer).toContain('PAYLOAD_TOO_LARGE')
})
