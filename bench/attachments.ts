// Attachments (docs/decisions/025-attachments.md): uploads a 25 MB file to a case through POST /api/attachments,
// streamed from disk as a browser sends a File (its length declared), then downloads it back. Prints MB/s each way
// and how far the server's heap and resident memory rose during each (bench/heap-probe.ts): an upload must not hold
// the file in memory, so the rise stays at a few MB whatever the file's size. The server is the built one
// (`npm start`), on a throwaway database with its attachments folder beside it.
//
//   npx node bench/attachments.ts [megabytes=25]
import type { ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startBuiltServer } from './built-server.ts'
import { readHeapProbe } from './heap-probe.ts'

const megabytes = Number(process.argv[2] ?? 25)
const ROOT = path.resolve(import.meta.dirname, '..')
const MB = 1024 * 1024

/** A log of `size` bytes written to disk in 1 MB pieces (never whole in this process either). */
async function writeLog(file: string, size: number): Promise<void> {
  const out = createWriteStream(file)
  const line = Buffer.from('2026-11-29T06:00:00Z INFO harvest page done: 100 datasets, 0 errors; checking licences\n')
  const piece = Buffer.alloc(MB)
  for (let at = 0; at < MB; at += line.length) line.copy(piece, at)
  for (let written = 0; written < size; written += MB) if (!out.write(piece.subarray(0, Math.min(MB, size - written)))) await once(out, 'drain')
  out.end()
  await once(out, 'finish')
}

function upload(port: number, pathname: string, cookie: string, file: string, size: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const headers = { 'content-type': 'application/octet-stream', 'content-length': String(size), origin: `http://127.0.0.1:${port}`, cookie }
    const req = request({ host: '127.0.0.1', port, path: pathname, method: 'POST', headers }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
    createReadStream(file, { highWaterMark: 256 * 1024 }).pipe(req)
  })
}

/** Reads the answer to the end, counting bytes, keeping none. */
function download(port: number, pathname: string, cookie: string): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path: pathname, headers: { cookie } }, (res) => {
      let bytes = 0
      res.on('data', (chunk: Buffer) => (bytes += chunk.length))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }))
    })
      .on('error', reject)
      .end()
  })
}

const directory = await mkdtemp(path.join(tmpdir(), 'portalscope-attachments-'))
const file = path.join(directory, 'bench.log')
const probeFile = path.join(directory, 'probe.json')
const size = Math.round(megabytes * MB)
let server: ChildProcess | null = null
try {
  await writeLog(file, size)
  const started = await startBuiltServer(directory, { nodeArgs: ['--import', path.join(ROOT, 'bench/heap-probe.ts')], env: { HEAP_PROBE_FILE: probeFile, PORTALSCOPE_ATTACHMENT_MAX_MB: String(Math.max(25, megabytes)) } })
  server = started.server
  const port = started.port
  const base = `http://127.0.0.1:${port}`
  const signup = await fetch(`${base}/api/trpc/auth.signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ json: { name: 'Bench', email: 'bench@attachments.example', password: 'dlouhé bezpečné heslo 42' } }),
  })
  const cookie = signup.headers.getSetCookie().find((c) => c.startsWith('portalscope_session='))!.split(';')[0]!
  const call = async <T>(procedure: string, input: unknown): Promise<T> => {
    const res = await fetch(`${base}/api/trpc/${procedure}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base, cookie }, body: JSON.stringify({ json: input }) })
    if (res.status !== 200) throw new Error(`${procedure}: ${res.status} ${await res.text()}`)
    return ((await res.json()) as { result: { data: { json: T } } }).result.data.json
  }
  const { id: projectId } = await call<{ id: string }>('projects.create', { name: 'Bench', key: 'BENCH' })
  const { id: caseId } = await call<{ id: string }>('testCases.create', { projectId, title: 'Harvest log' })

  const idle = await readHeapProbe(server, probeFile)
  const upStarted = performance.now()
  const up = await upload(port, `/api/attachments?caseId=${caseId}&filename=harvest.log`, cookie, file, size)
  const upSeconds = (performance.now() - upStarted) / 1000
  const duringUpload = await readHeapProbe(server, probeFile)
  if (up.status !== 201) throw new Error(`upload: ${up.status} ${up.body.slice(0, 300)}`)
  const { id } = JSON.parse(up.body) as { id: string }

  const downStarted = performance.now()
  const down = await download(port, `/api/attachments/${id}`, cookie)
  const downSeconds = (performance.now() - downStarted) / 1000
  const duringDownload = await readHeapProbe(server, probeFile)
  if (down.status !== 200 || down.bytes !== size) throw new Error(`download: ${down.status}, ${down.bytes} bytes`)

  const mb = (bytes: number) => (bytes / MB).toFixed(1)
  console.log(`attachments: ${mb(size)} MB upload ${upSeconds.toFixed(2)} s (${(size / MB / upSeconds).toFixed(1)} MB/s), download ${downSeconds.toFixed(2)} s (${(size / MB / downSeconds).toFixed(1)} MB/s)`)
  console.log(
    `attachments: server heap ${mb(idle.heap)} MB before; peak during upload ${mb(duringUpload.peakHeap)} MB (+${mb(duringUpload.peakHeap - idle.heap)}), during download ${mb(duringDownload.peakHeap)} MB (+${mb(duringDownload.peakHeap - idle.heap)})`,
  )
  console.log(`attachments: server RSS ${mb(idle.peakRss)} MB before; peak during upload ${mb(duringUpload.peakRss)} MB (+${mb(duringUpload.peakRss - idle.peakRss)}), during download ${mb(duringDownload.peakRss)} MB (+${mb(duringDownload.peakRss - idle.peakRss)})`)
} finally {
  server?.kill('SIGTERM')
  if (server) await once(server, 'exit').catch(() => undefined)
  await rm(directory, { recursive: true, force: true })
}
