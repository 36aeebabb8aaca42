// Starts the app in a process of its own (tests/load/app-process.ts) on a throwaway database with every migration,
// background work off, on a port in 4200-4299, and resolves once it answers.
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { migrateLibsql } from '../../db/migrate.server.ts'

const ROOT = path.resolve(import.meta.dirname, '../..')

export type AppProcess = { server: ChildProcess; base: string; url: string; directory: string; stop: () => Promise<void> }

export async function startAppProcess(options: { port: number; env?: Record<string, string>; nodeArgs?: string[] }): Promise<AppProcess> {
  const directory = await mkdtemp(path.join(tmpdir(), 'portalscope-app-process-'))
  const url = `file:${path.join(directory, 'app.db')}`
  const base = `http://127.0.0.1:${options.port}`
  await migrateLibsql(url).catch(async (error: unknown) => {
    await rm(directory, { recursive: true, force: true })
    throw error
  })
  const server = spawn(process.execPath, [...(options.nodeArgs ?? []), path.join(ROOT, 'tests/load/app-process.ts')], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(options.port), DATABASE_URL: url, PORTALSCOPE_SCHEDULER: 'off', PORTALSCOPE_LINK_CHECK: 'off', PORTALSCOPE_DEMO: 'off', ...options.env },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = once(server, 'exit')
      server.kill('SIGTERM')
      await exited
    }
    await rm(directory, { recursive: true, force: true })
  }
  try {
    for (let tries = 0; !(await fetch(`${base}/api/trpc/health`).then((res) => res.ok).catch(() => false)); tries += 1) {
      if (tries > 600 || server.exitCode !== null) throw new Error(`the app process did not start on ${base}`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  } catch (error) {
    await stop()
    throw error
  }
  return { server, base, url, directory, stop }
}
