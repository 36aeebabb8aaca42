// Oversized request bodies (docs/decisions/013-outbound-requests.md, "Limits on what reaches the server"): ten clients
// each stream 50 MB at once into the API, with and without a Content-Length. Prints what they were answered and how
// far the server's resident memory rose while they sent (the server must refuse them without reading them in).
//
//   npx node bench/oversized-bodies.ts [clients=10] [megabytes=50]
import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startBuiltServer } from './built-server.ts'

const clients = Number(process.argv[2] ?? 10)
const megabytes = Number(process.argv[3] ?? 50)

function residentMegabytes(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return match ? Math.round(Number(match[1]) / 1024) : 0
}

/** Streams `megabytes` of JSON-looking bytes; resolves with the status (or the error that ended the upload). */
function upload(port: number, pathname: string, withLength: boolean): Promise<string> {
  const chunk = Buffer.alloc(64 * 1024, 'a')
  const total = megabytes * 1024 * 1024
  return new Promise((resolve) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: pathname,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: `http://127.0.0.1:${port}`,
          ...(withLength ? { 'content-length': String(total) } : { 'transfer-encoding': 'chunked' }),
        },
      },
      (response) => {
        response.resume()
        response.on('end', () => resolve(String(response.statusCode)))
      },
    )
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message))
    let sent = 0
    const write = () => {
      while (sent < total) {
        sent += chunk.length
        if (!req.write(chunk)) return void req.once('drain', write)
      }
      req.end()
    }
    write()
  })
}

const directory = await mkdtemp(path.join(tmpdir(), 'portalscope-bodies-'))
const { server, port } = await startBuiltServer(directory)
try {
  const idle = residentMegabytes(server.pid!)
  for (const [label, pathname, withLength] of [
    ['API call, Content-Length', '/api/trpc/projects.create', true],
    ['API call, chunked', '/api/trpc/projects.create', false],
    ['CSV import, chunked', '/api/trpc/testCases.importPreview', false],
  ] as const) {
    const before = residentMegabytes(server.pid!)
    let peak = before
    const sampler = setInterval(() => (peak = Math.max(peak, residentMegabytes(server.pid!))), 25)
    const started = Date.now()
    const answers = await Promise.all(Array.from({ length: clients }, () => upload(port, pathname, withLength)))
    clearInterval(sampler)
    const counts = new Map<string, number>()
    for (const answer of answers) counts.set(answer, (counts.get(answer) ?? 0) + 1)
    console.log(
      `oversized bodies: ${clients} x ${megabytes} MB, ${label}: answers ${[...counts].map(([k, v]) => `${k} x${v}`).join(', ')} in ${Date.now() - started} ms; server memory ${before} -> peak ${peak} MB (idle ${idle} MB)`,
    )
  }
} finally {
  server.kill('SIGTERM')
  await rm(directory, { recursive: true, force: true })
}
