import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'

// Harvests and the demo catalogue write a lot, and libSQL writes on the calling thread: on Node they run in a helper
// process (`scripts/ckan.ts`, the operators' CLI) so that the server's event loop stays free for requests. Where the
// sources are not at hand (a bundle deployed on its own), the caller does the work in-process instead.

/** The CLI script, when the server runs from a checkout (`npm start`, `npm run dev`). */
export function helperScript(): string | null {
  if (typeof process === 'undefined' || typeof process.cwd !== 'function') return null
  const script = path.join(process.cwd(), 'scripts', 'ckan.ts')
  return existsSync(script) ? script : null
}

/**
 * Starts `scripts/ckan.ts <args>` with the given database. `tied`: the helper ends when this process does (an IPC
 * channel that closes with us); otherwise it finishes its work on its own.
 */
export function spawnHelper(script: string, args: string[], options: { databaseUrl: string; tied: boolean }): ChildProcess {
  const child = spawn(process.execPath, [script, ...args], {
    cwd: process.cwd(),
    env: { ...process.env, DATABASE_URL: options.databaseUrl },
    stdio: options.tied ? ['ignore', 'inherit', 'inherit', 'ipc'] : ['ignore', 'inherit', 'inherit'],
  })
  child.on('error', (error) => console.error(`The helper process (${args.join(' ')}) failed to start:`, error))
  if (!options.tied) child.unref()
  return child
}
