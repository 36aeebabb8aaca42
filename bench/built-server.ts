// The built server as `npm start` runs it, for benchmarks that measure it from outside: a free port, a throwaway
// database in `directory`, background work off, resolved once it answers.
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import path from 'node:path'

const ROOT = path.resolve(import.meta.dirname, '..')

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

export async function startBuiltServer(
  directory: string,
  // `port`: a fixed one instead of a free one; `startTimeoutMs`: how long a first build plus start may take (5 min).
  options: { env?: Record<string, string>; nodeArgs?: string[]; port?: number; startTimeoutMs?: number } = {},
): Promise<{ server: ChildProcess; port: number }> {
  const port = options.port ?? (await freePort())
  const server = spawn(process.execPath, [...(options.nodeArgs ?? []), path.join(ROOT, 'scripts/start.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `file:${path.join(directory, 'bench.db')}`,
      PORTALSCOPE_DEMO: 'off',
      PORTALSCOPE_SCHEDULER: 'off',
      PORTALSCOPE_LINK_CHECK: 'off',
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const deadline = Date.now() + (options.startTimeoutMs ?? 300_000)
  while (!(await fetch(`http://127.0.0.1:${port}/api/trpc/health`).then((r) => r.ok).catch(() => false))) {
    if (server.exitCode !== null || Date.now() > deadline) {
      server.kill('SIGTERM')
      throw new Error('the server did not start')
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  return { server, port }
}
